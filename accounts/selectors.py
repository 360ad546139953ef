"""Reads about players that other apps show."""

import hashlib
import re

from django.contrib.auth.models import AbstractBaseUser


def display_name(user: AbstractBaseUser) -> str:
    """The name a player shows at tables, on profiles and in standings: the display name they
    chose (``first_name``), else "Player <id>". Never anything from the email: these names
    are public (profiles, leaderboards, tournament pages)."""
    return user.first_name or f"Player {user.pk}"


#: The name :func:`guest_name` gives, kept in English like every stored name; the pages say it
#: in the reader's words (games.names, static/js/table/words.js).
GUEST_NAME = re.compile(r"Guest (\d{4})")


def guest_name(token: str) -> str:
    """The name of a guest who gave none, as "Player <id>" is an account's: "Guest 4821",
    the same at every table for the same browser (it follows from the guest token, of which
    it tells nothing: 13 bits of its hash), so friends can tell two guests apart."""
    number = int.from_bytes(hashlib.sha256(token.encode()).digest()[:4]) % 9000 + 1000
    return f"Guest {number}"
