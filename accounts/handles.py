"""A player's handle: the last part of their public profile's address, ``/players/<handle>/``
(stored as the account's ``username``, which nothing else shows: people sign in by email).

Made from the display name they chose ("Ada Lovelace" is ``ada-lovelace``), unique ignoring
case (``ada-lovelace-2`` for the next), never from the email address (allauth made usernames
from it: "newbie1796520092" told the world the start of an inbox) and never a bare number (a
count of accounts). A name with no Latin letters gets ``player-`` and a random part. Kept when
the display name changes, so links given out keep working.
"""

import secrets
from collections.abc import Callable

from django.utils.text import slugify

HANDLE_MAX = 30


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
        if not taken(candidate):
            return candidate
    return unused_handle("", taken=taken)
