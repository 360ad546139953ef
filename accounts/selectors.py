"""Reads about players that other apps show."""

from django.contrib.auth.models import AbstractBaseUser


def display_name(user: AbstractBaseUser) -> str:
    """The name a player shows at tables, on profiles and in standings: the display name they
    chose (``first_name``), else the part of their email before the @."""
    return user.first_name or user.email.partition("@")[0]
