"""Reads about players that other apps show."""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from accounts.models import Preferences
from games.forms import LEVEL_FIELDS


def display_name(user: AbstractBaseUser) -> str:
    """The name a player shows at tables, on profiles and in standings: the display name they
    chose (``first_name``), else "Player <id>". Never anything from the email: these names
    are public (profiles, leaderboards, tournament pages)."""
    return user.first_name or f"Player {user.pk}"


def preferences_of(user: AbstractBaseUser) -> Preferences:
    """The player's preferences: the saved ones, else the defaults (unsaved)."""
    try:
        return user.preferences
    except Preferences.DoesNotExist:
        return Preferences(user=user)


def setup_initial(user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    """The setup form's starting values: a signed-in player's preferences and display name.
    A guest gets the form's own defaults (an empty dict)."""
    if not user.is_authenticated:
        return {}
    preferences = preferences_of(user)
    initial: dict[str, Any] = {
        "preset": preferences.preset,
        "show_hints": preferences.show_hints,
        "name": display_name(user),
        **dict.fromkeys(LEVEL_FIELDS, preferences.computer_level),
    }
    if preferences.target is not None:
        initial |= {"match_format": "target", "target": preferences.target}
    if preferences.single_draw:
        initial["stuck"] = "single_draw"
    if preferences.alternating_starters:
        initial["next_opener"] = "rotate"
    return initial
