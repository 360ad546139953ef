"""Reads about players that other apps show."""

from django.contrib.auth.models import AbstractBaseUser

from accounts.models import Preferences


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
