"""The builders every part of the suite shares: a user, an online table, a browser signed in.
One of each, with keyword options where the tests need something else; a test file's own
scenario (Alice hosting Bob, a tournament's entrants) is built from these."""

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.engine import Draw, Pass, Rules, load
from games.models import Table


def make_user(name: str, *, email: str | None = None, password: str | None = None, first_name=""):
    """A user whose username is ``name``; the address is ``email``, else ``name`` itself when it
    is one, else ``name@example.com``; the password ``password``, else ``pw-<name>``."""
    if email is None:
        email = name if "@" in name else f"{name}@example.com"
    return get_user_model().objects.create_user(
        username=name, email=email, password=password or f"pw-{name}", first_name=first_name
    )


def online_table(
    people: Sequence[services.Player],
    *,
    preset: str = "draw",
    seats: int = 2,
    names: Sequence[str] = (),
    turn_seconds: int | None = services.CASUAL_TURN_SECONDS,
    start: str | None = None,
    **options: Any,
) -> Table:
    """An online table hosted by ``people[0]``, the others joined in order, seated as ``names``
    (else "Host", "Player 2", ...). With ``start`` (a computer level) the host deals and the
    computer takes the seats left; else the table waits in its lobby."""
    names = list(names) or ["Host", *(f"Player {n}" for n in range(2, len(people) + 1))]
    host = people[0]
    table = services.create_online_table(
        player=host,
        name=names[0],
        rules=Rules.for_preset(preset, seats=seats, **options),
        turn_seconds=turn_seconds,
    )
    for person, name in zip(people[1:], names[1:], strict=True):
        services.join_table(public_id=table.public_id, player=person, name=name)
    if start is not None:
        services.start_table(public_id=table.public_id, player=host, level=start)
    table.refresh_from_db()
    return table


def sign_in(page, server: str, user) -> None:
    """Give the page's browser context a session of ``user`` at ``server`` (signing in through
    the form is allauth's and the account tests' business)."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": server}]
    )


def post_sign_in(client: Client, login: str, password: str, **request: Any):
    """Post the sign-in form from the test ``client`` (``request``: extra request values, as
    ``REMOTE_ADDR``); the response."""
    return client.post("/accounts/login/", {"login": login, "password": password}, **request)


def chain_length(view: dict[str, Any]) -> int:
    """How many tiles lie on the line of ``view`` (a seat's view as JSON)."""
    line = view["table"]
    ends = ("left", "right", "up", "down")
    return (1 if line["opening"] else 0) + sum(len(line.get(end) or ()) for end in ends)


def table_with_chain(
    player: services.Player, *, preset: str, seats: int, tiles: int, **options: Any
) -> Table:
    """A table of ``player`` (seat 0) against the easy computer whose line holds at least
    ``tiles`` tiles: the player's first legal move each turn, a new hand dealt if one ends
    first."""
    options.setdefault("match", {"target": 500 if preset != "brazilian" else 200})
    table = services.create_computer_table(
        player=player,
        name="Me",
        rules=Rules.for_preset(preset, seats=seats, **options),
        levels=["easy"] * (seats - 1),
    )
    for _ in range(500):
        table.refresh_from_db()
        match = load(table.record)
        if match.needs_deal:
            services.next_hand(public_id=table.public_id, player=player, seen_version=table.version)
        elif chain_length(match.view_for(0).to_json()) >= tiles and match.turn == 0:
            return table
        else:
            move = match.legal_moves()[0]
            services.play(
                public_id=table.public_id, player=player, move=move, seen_version=table.version
            )
    raise AssertionError(f"no line of {tiles} tiles in {preset} for {seats}")


def draw_hand_of(size: int, people: Sequence[services.Player]) -> Table:
    """A two-seat Draw table of ``people`` (an online table, both seats people, played here)
    where the first holds ``size`` tiles on her turn: each seat plays the move that leaves the
    first the fewest tiles that fit, so she draws; hands are dealt again until one gets there."""
    first, second = people
    table = online_table(people, preset="draw", names=["Alice", "Bob"], match={"target": 500})
    services.start_table(public_id=table.public_id, player=first, level="easy")

    def fits(match) -> int:  # how many of the first seat's tiles the line's ends take
        view = match.view_for(0)
        ends = set(view.ends.values())
        return sum(1 for tile in view.hand if not ends or ends & {tile.high, tile.low})

    for _ in range(2000):
        table.refresh_from_db()
        match = load(table.record)
        if match.needs_deal:
            services.next_hand(public_id=table.public_id, player=first, seen_version=table.version)
            continue
        if match.turn == 0 and len(match.view_for(0).hand) == size:
            return table

        def after(move, match=match):
            trial = match.copy()
            trial.apply(trial.turn, move)
            return fits(trial)

        moves = [m for m in match.legal_moves() if not isinstance(m, Draw | Pass)]
        move = min(moves, key=after) if moves else match.legal_moves()[0]
        player = first if match.turn == 0 else second
        services.play(
            public_id=table.public_id, player=player, move=move, seen_version=table.version
        )
    raise AssertionError(f"no hand of {size} tiles")
