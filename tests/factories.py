"""The builders every part of the suite shares: a user, an online table, a browser signed in.
One of each, with keyword options where the tests need something else; a test file's own
scenario (Alice hosting Bob, a tournament's entrants) is built from these."""

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.engine import Rules
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
