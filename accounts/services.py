"""Changes to a player's account: the display name, and the page a newly confirmed address
leads to. Each acts on the given user only (the signed-in one: views never pass anyone else).
The preferences for new games are the games' (games.preferences)."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

from accounts.handles import unused_handle
from accounts.names import clean_display_name


def set_display_name(*, user: AbstractBaseUser, name: str) -> None:
    """Save the name the player shows (``first_name``: see :func:`selectors.display_name`)."""
    user.first_name = clean_display_name(name)
    user.save(update_fields=["first_name"])


#: The session's page to open once the address is confirmed (AccountAdapter reads it).
AFTER_CONFIRMATION = "accounts.after_confirmation"


def lead_after_confirmation(request: HttpRequest, *, path: str) -> None:
    """Open ``path`` (a path on this site) after the email confirmation under way, instead of
    the home page: what another app did on the confirmation (a tournament joined) is there."""
    request.session[AFTER_CONFIRMATION] = path


def page_after_confirmation(request: HttpRequest) -> str | None:
    """The page :func:`lead_after_confirmation` set, once (a path on this site only)."""
    path = request.session.pop(AFTER_CONFIRMATION, None)
    if path and url_has_allowed_host_and_scheme(path, allowed_hosts=None):
        return path
    return None


def give_handle(*, user: AbstractBaseUser) -> str:
    """Give ``user`` the handle their display name asks for (accounts.handles): their public
    profile's address from now on."""
    users = get_user_model().objects.exclude(pk=user.pk)
    user.username = unused_handle(
        user.first_name, taken=lambda handle: users.filter(username__iexact=handle).exists()
    )
    user.save(update_fields=["username"])
    return user.username
