"""Changes to a player's account: the display name. Each acts on the given user only (the
signed-in one: views never pass anyone else). The preferences for new games are the games'
(games.preferences)."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from accounts.handles import unused_handle
from accounts.names import clean_display_name


def set_display_name(*, user: AbstractBaseUser, name: str) -> None:
    """Save the name the player shows (``first_name``: see :func:`selectors.display_name`)."""
    user.first_name = clean_display_name(name)
    user.save(update_fields=["first_name"])


def give_handle(*, user: AbstractBaseUser) -> str:
    """Give ``user`` the handle their display name asks for (accounts.handles): their public
    profile's address from now on."""
    users = get_user_model().objects.exclude(pk=user.pk)
    user.username = unused_handle(
        user.first_name, taken=lambda handle: users.filter(username__iexact=handle).exists()
    )
    user.save(update_fields=["username"])
    return user.username
