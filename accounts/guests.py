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

from accounts.players import Player

GUEST_SESSION_KEY = "guest"


def guest_token(session: SessionBase, *, create: bool = False) -> str | None:
    """This browser's guest token, made (and stored in the session) when ``create`` is set."""
    token = session.get(GUEST_SESSION_KEY)
    if token is None and create:
        token = secrets.token_urlsafe(24)
        session[GUEST_SESSION_KEY] = token
    return token


def player_for(
    user: AbstractBaseUser | AnonymousUser | None,
    session: SessionBase | None,
    *,
    start_guest: bool = False,
) -> Player:
    """Who is asking: the signed-in user, else this browser's guest (given a token now if
    ``start_guest``). Views and the table's WebSocket both identify players through this."""
    if user is not None and user.is_authenticated:
        return Player(user_id=user.pk, session_key=None)
    token = guest_token(session, create=start_guest) if session is not None else None
    return Player(user_id=None, session_key=token)


@contextmanager
def acting_player(
    user: AbstractBaseUser | AnonymousUser | None, session: SessionBase
) -> Iterator[Player]:
    """Who acts in the ``with`` block: the signed-in user, else this browser's guest, given a
    token now if it has none. The new token stays in the session only if the block succeeds:
    a refused action stores nothing (no session row for a bad name)."""
    had_token = session.get(GUEST_SESSION_KEY) is not None
    player = player_for(user, session, start_guest=True)
    try:
        yield player
    except BaseException:
        if not had_token:
            session.pop(GUEST_SESSION_KEY, None)
        raise
