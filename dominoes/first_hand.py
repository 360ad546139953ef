"""The guided first hand (issue 35): one hand against the computer, the real table with a
layer of tips (static/js/table/tips.js), offered to a newcomer on the home and setup pages.

The offer stands until this browser answers it: taking it or saying no thanks leaves a cookie,
and it is never made again. The table it makes is guided (its page shows the tips) while this
session says so; skipping the tips, at any moment, forgets it. Looking stores nothing: only an
answer sets the cookie, and reading the session starts none.
"""

from django.conf import settings
from django.contrib.sessions.backends.base import SessionBase
from django.http import HttpRequest, HttpResponse

COOKIE = "first_hand"
COOKIE_AGE = 365 * 24 * 60 * 60
TAKEN, SKIPPED = "taken", "skipped"
#: The session's guided table: its public id.
SESSION_KEY = "first_hand_table"


def offered(request: HttpRequest) -> bool:
    """Whether this browser is still to be offered the first hand."""
    return COOKIE not in request.COOKIES


def answered(response: HttpResponse, answer: str) -> None:
    """Remember this browser's answer (:data:`TAKEN` or :data:`SKIPPED`): no more offers."""
    response.set_cookie(
        COOKIE,
        answer,
        max_age=COOKIE_AGE,
        samesite="Lax",
        httponly=True,
        secure=settings.SESSION_COOKIE_SECURE,
    )


def guide(session: SessionBase, public_id: str) -> None:
    session[SESSION_KEY] = public_id


def guided(session: SessionBase, public_id: str) -> bool:
    """Whether the table ``public_id`` shows this session the first hand's tips."""
    return session.get(SESSION_KEY) == public_id


def stop_guiding(session: SessionBase) -> None:
    session.pop(SESSION_KEY, None)
