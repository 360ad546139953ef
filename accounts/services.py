"""Changes to a player's account: the display name, the handle (their profile's address), the
avatar, and the page a newly confirmed address leads to. Each acts on the given user only (the
signed-in one: views never pass anyone else). The preferences for new games are the games'
(games.preferences)."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext

from accounts.avatars import COLOURS, EMOJIS
from accounts.handles import clean_handle, unused_handle
from accounts.models import Avatar, FormerHandle
from accounts.names import clean_display_name
from accounts.selectors import handle_taken, handle_taken_words


def set_display_name(*, user: User, name: str) -> None:
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
        return str(path)
    return None


def give_handle(*, user: User) -> str:
    """Give ``user`` the handle their display name asks for (accounts.handles): their public
    profile's address from now on."""
    user.username = unused_handle(
        user.first_name, taken=lambda handle: handle_taken(handle, user=user)
    )
    user.save(update_fields=["username"])
    return str(user.username)


def change_handle(*, user: User, handle: str) -> str:
    """Give ``user`` the handle they chose (:func:`accounts.handles.clean_handle`), unless
    another player holds it (now, or as a handle they gave up): ValidationError in the
    player's words, and nothing changes. The handle left behind keeps sending its links on
    (``FormerHandle``); a staff account keeps the username an operator gave it (its sign-in to
    the admin)."""
    if user.is_staff:
        raise ValidationError(
            gettext("A staff account keeps its username: an operator changes it."), code="staff"
        )
    handle = clean_handle(handle)
    with transaction.atomic():
        locked = get_user_model().objects.select_for_update().get(pk=user.pk)
        old = locked.username
        if handle == old:
            return handle
        if handle_taken(handle, user=locked):
            raise ValidationError(handle_taken_words(handle), code="taken")
        # Back to a handle of their own from before: it is theirs again, not a former one.
        FormerHandle.objects.filter(user=locked, handle__iexact=handle).delete()
        if not FormerHandle.objects.filter(handle__iexact=old).exists():
            FormerHandle.objects.create(user=locked, handle=old)
        locked.username = handle
        locked.save(update_fields=["username"])
    user.username = handle
    return handle


def set_avatar(*, user: User, colour: str, emoji: str) -> None:
    """Keep the avatar ``user`` chose: a colour of ``COLOURS`` and an emoji of ``EMOJIS``,
    each blank for the default (their own colour, their initials). Anything else raises
    ValidationError and changes nothing."""
    if colour and colour not in COLOURS or emoji and emoji not in EMOJIS:
        raise ValidationError(gettext("Choose an avatar from the list."), code="invalid_choice")
    Avatar.objects.update_or_create(user=user, defaults={"colour": colour, "emoji": emoji})
