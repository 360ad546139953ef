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


def _name(tile: tuple[int, int]) -> str:
    return f"{tile[0]}-{tile[1]}"


def line_of(tiles: int, *, top: int = 9, left: int | None = None) -> dict[str, Any]:
    """The line part of a view (``table``, ``ends``, ``spinner``) holding ``tiles`` tiles of the
    double-``top`` set laid as a line game lays them, ``left`` of them left of the opening (half
    by default), for the pages' drawing to be checked without a game of that set. The tiles
    follow a longest trail of the set (every pair of numbers once, a double where the trail
    stays on a number); a line longer than a real one can be (a double-nine line holds at most
    51 tiles: each of the set's ten numbers ends an odd count of halves) ends in the set's tiles
    no trail reached, joined as if they matched."""
    # Each number ends top + 2 tiles' halves (its double twice). Where that is odd, leave out
    # one tile between each pair of numbers (1-0, 3-2, ...) but the last: only the two highest
    # numbers then end an odd count, and a trail runs from one to the other.
    spare = [(n + 1, n) for n in range(0, top - 1, 2)] if top % 2 else []
    edges = {(a, b) for a in range(top + 1) for b in range(a + 1)} - set(spare)
    links: dict[int, list[tuple[int, int]]] = {n: [] for n in range(top + 1)}
    for a, b in sorted(edges):
        links[a].append((a, b))
        if a != b:
            links[b].append((a, b))
    # Hierholzer's walk from the highest number: a trail through every tile left.
    used: set[tuple[int, int]] = set()
    stack, trail = [(top, None)], []
    while stack:
        number, tile = stack[-1]
        while links[number] and links[number][-1] in used:
            links[number].pop()
        if links[number]:
            edge = links[number].pop()
            used.add(edge)
            stack.append((edge[0] if edge[1] == number else edge[1], edge))
        else:
            stack.pop()
            if tile is not None:
                trail.append((tile, number))  # the tile and the number it leaves open
    trail.reverse()
    trail += [(tile, tile[1]) for tile in spare]
    assert tiles <= len(trail), f"the double-{top} set has {len(trail)} tiles"
    middle = tiles // 2 if left is None else left
    # The right arm grows from the opening's low half (games.engine: the left end is the high
    # one): the first stretch of the trail, either way along it, whose opening leaves its low
    # half open toward the right.
    back = [(tile, tile[0] + tile[1] - open_) for tile, open_ in reversed(trail)]
    starts = range(len(trail) - tiles + 1)
    stretches = [way[at : at + tiles] for way in (trail, back) for at in starts]
    laid = next((s for s in stretches if s[middle][1] == s[middle][0][1]), stretches[0])
    opening = laid[middle][0]
    right = [{"tile": _name(tile), "outer": outer} for tile, outer in laid[middle + 1 :]]
    # The left arm, from the opening outward: each tile's open number is where the trail came in.
    left_arm = []
    for tile, came_to in reversed(laid[:middle]):
        left_arm.append({"tile": _name(tile), "outer": tile[0] + tile[1] - came_to})
    ends = {"left": left_arm[-1]["outer"] if left_arm else opening[0]}
    ends["right"] = right[-1]["outer"] if right else opening[1]
    return {
        "table": {"opening": _name(opening), "left": left_arm, "right": right},
        "ends": ends,
        "spinner": None,
    }
