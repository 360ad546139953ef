"""Changes to a player's account: the display name. Each acts on the given user only (the
signed-in one: views never pass anyone else). The preferences for new games are the games'
(games.preferences)."""

from django.contrib.auth.models import AbstractBaseUser

from accounts.names import clean_display_name


def set_display_name(*, user: AbstractBaseUser, name: str) -> None:
    """Save the name the player shows (``first_name``: see :func:`selectors.display_name`)."""
    user.first_name = clean_display_name(name)
    user.save(update_fields=["first_name"])
