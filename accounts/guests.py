"""Guests: people who play without an account, known by a token kept in their browser session.

The token lives in the session's data, not in its key: signing in rotates the key but keeps the
data, so the guest's seats can still be found and handed to the account
(games.services' ``claim_guest_seats``, on Django's ``user_logged_in``).

A guest gets a token, and so a session (a database row and a cookie), only when they act: set
up a table or join one. Looking (a spectator, a crawler) stores nothing.
"""

import secrets
from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.sessions.backends.base import SessionBase
from django.core import signing

from accounts.players import Player

GUEST_SESSION_KEY = "guest"

#: A token offered to a browser that has none (:func:`offered_token`), good for a day.
OFFER_SALT = "accounts.guests.offer"
OFFER_MAX_AGE = 24 * 60 * 60


def guest_token(session: SessionBase, *, create: bool = False, offered: str = "") -> str | None:
    """This browser's guest token, made (and stored in the session) when ``create`` is set:
    the one ``offered`` to it (:func:`offered_token`) if that is good, else a new one."""
    token = session.get(GUEST_SESSION_KEY)
    if token is None and create:
        token = _offered(offered) or secrets.token_urlsafe(24)
        session[GUEST_SESSION_KEY] = token
    return token


def offered_token(session: SessionBase, offered: str = "") -> tuple[str, str]:
    """The token this browser plays under as a guest, and what a form carries back to keep it:
    its own (nothing to carry), else one not stored yet (looking stores nothing), signed so
    that acting with it (``offered`` to :func:`acting_player`) makes it theirs. A page can so
    show a guest the name they will play under (accounts.selectors.guest_name) before they
    act. ``offered``: what the form carried back, kept if it is good."""
    token = guest_token(session)
    if token is not None:
        return token, ""
    token = _offered(offered)
    if token is None:
        token = secrets.token_urlsafe(24)
        offered = signing.dumps(token, salt=OFFER_SALT)
    return token, offered


def _offered(signed: str) -> str | None:
    if not signed:
        return None
    try:
        token = signing.loads(signed, salt=OFFER_SALT, max_age=OFFER_MAX_AGE)
    except signing.BadSignature:
        return None
    return token if isinstance(token, str) else None


def player_for(
    user: AbstractBaseUser | AnonymousUser | None,
    session: SessionBase | None,
    *,
    start_guest: bool = False,
    offered: str = "",
) -> Player:
    """Who is asking: the signed-in user, else this browser's guest (given a token now if
    ``start_guest``). Views and the table's WebSocket both identify players through this."""
    if user is not None and user.is_authenticated:
        return Player(user_id=user.pk, session_key=None)
    token = (
        guest_token(session, create=start_guest, offered=offered) if session is not None else None
    )
    return Player(user_id=None, session_key=token)


@contextmanager
def acting_player(
    user: AbstractBaseUser | AnonymousUser | None, session: SessionBase, *, offered: str = ""
) -> Iterator[Player]:
    """Who acts in the ``with`` block: the signed-in user, else this browser's guest, given a
    token now if it has none. The new token stays in the session only if the block succeeds:
    a refused action stores nothing (no session row for a bad name)."""
    had_token = session.get(GUEST_SESSION_KEY) is not None
    player = player_for(user, session, start_guest=True, offered=offered)
    try:
        yield player
    except BaseException:
        if not had_token:
            session.pop(GUEST_SESSION_KEY, None)
        raise
