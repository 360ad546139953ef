"""A player's handle: the last part of their public profile's address, ``/players/<handle>/``
(stored as the account's ``username``, which nothing else shows: people sign in by email).

Made from the display name they chose ("Ada Lovelace" is ``ada-lovelace``), unique ignoring
case (``ada-lovelace-2`` for the next), never from the email address (allauth made usernames
from it: "newbie1796520092" told the world the start of an inbox) and never a bare number (a
count of accounts). A name with no Latin letters gets ``player-`` and a random part. Kept when
the display name changes, so links given out keep working.

A player may choose another in settings (:func:`clean_handle`: the characters of an address,
3 to 30 of them, not a bare number, no word the site keeps for itself); the handle they leave
keeps sending its links on to them (accounts.models.FormerHandle).
"""

import re
import secrets
from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext

HANDLE_MIN = 3
HANDLE_MAX = 30

#: A chosen handle: Latin letters, digits, hyphens and underscores, starting and ending with a
#: letter or a digit (it is the last part of an address, read aloud and typed).
_HANDLE = re.compile(r"[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?")

#: Words the site keeps: its own pages' and roles' names, which a player's profile would pass
#: for the site's own ("/players/admin/", "/players/support/").
RESERVED_HANDLES = frozenset(
    {
        "about", "account", "accounts", "admin", "administrator", "anonymous", "api", "bot",
        "computer", "dominoes", "everyone", "guest", "help", "leaderboard", "login", "logout",
        "me", "mod", "moderator", "null", "official", "player", "players", "robot", "root",
        "settings", "signup", "staff", "static", "support", "system", "tables", "team",
        "tournaments", "undefined", "you",
    }
)  # fmt: skip


def clean_handle(handle: str) -> str:
    """``handle`` as it is saved (trimmed, lower case: an address reads the same in any case),
    or a ValidationError whose message says, in a player's words, what to change. Whether
    another player holds it is the service's question (accounts.services.change_handle)."""
    handle = handle.strip().lower()
    if not handle:
        raise ValidationError(gettext("Choose a handle."), code="required")
    if not HANDLE_MIN <= len(handle) <= HANDLE_MAX:
        raise ValidationError(
            gettext("A handle has %(min)s to %(max)s characters.")
            % {"min": HANDLE_MIN, "max": HANDLE_MAX},
            code="length",
        )
    if not _HANDLE.fullmatch(handle):
        raise ValidationError(
            gettext(
                "A handle uses only letters a to z, digits, hyphens (-) and underscores (_), "
                "and starts and ends with a letter or a digit."
            ),
            code="invalid_character",
        )
    if handle.isdigit():
        raise ValidationError(
            gettext("A handle needs at least one letter: a number alone looks like a count."),
            code="number",
        )
    if handle in RESERVED_HANDLES:
        raise ValidationError(
            gettext("“%(handle)s” is a word the site keeps for itself: choose another handle.")
            % {"handle": handle},
            code="reserved",
        )
    return handle


def handle_base(name: str) -> str:
    """The handle ``name`` asks for, before it is made unique."""
    base = slugify(name)[:HANDLE_MAX].strip("-")
    if not base or base.isdigit():
        return f"player-{secrets.token_hex(3)}"
    return base


def unused_handle(name: str, *, taken: Callable[[str], bool]) -> str:
    """The handle for ``name`` that ``taken`` (case-insensitive) does not refuse."""
    base = handle_base(name)
    for number in range(1, 100):
        suffix = "" if number == 1 else f"-{number}"
        candidate = base[: HANDLE_MAX - len(suffix)] + suffix
        if candidate not in RESERVED_HANDLES and not taken(candidate):
            return candidate
    return unused_handle("", taken=taken)
