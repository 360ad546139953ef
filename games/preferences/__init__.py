"""A player's preferences for new games (:class:`games.models.Preferences`): read and saved.
The settings page edits them with the display name (accounts), in one transaction."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction

from accounts import services as accounts
from accounts.names import clean_display_name
from games.preferences.models import Preferences


def preferences_of(user: User) -> Preferences:
    """The player's preferences: the saved ones, else the defaults (unsaved)."""
    try:
        return user.preferences
    except Preferences.DoesNotExist:
        return Preferences(user=user)


def save_settings(
    *,
    user: User,
    display_name: str,
    preset: str,
    target: int | None,
    single_draw: bool,
    show_hints: bool,
    computer_level: str,
    alternating_starters: bool,
    handle: str | None = None,
    avatar_colour: str = "",
    avatar_emoji: str = "",
) -> Preferences:
    """Save the settings page: the display name, the handle (None: kept), the avatar and the
    preferences for new games. Bad values (a handle taken meanwhile) raise ValidationError and
    change nothing. Existing tables keep their own rules."""
    name = clean_display_name(display_name)
    with transaction.atomic():
        locked = get_user_model().objects.select_for_update().get(pk=user.pk)
        preferences, _ = Preferences.objects.select_for_update().get_or_create(user=locked)
        preferences.preset = preset
        preferences.target = target
        preferences.single_draw = single_draw
        preferences.show_hints = show_hints
        preferences.computer_level = computer_level
        preferences.alternating_starters = alternating_starters
        preferences.last_setup = {}  # the settings just saved are now the newest choices
        preferences.full_clean()
        preferences.save()
        locked.first_name = name
        locked.save(update_fields=["first_name"])
        if handle is not None:
            user.username = accounts.change_handle(user=locked, handle=handle)
        accounts.set_avatar(user=locked, colour=avatar_colour, emoji=avatar_emoji)
    user.first_name = name
    user.preferences = preferences
    return preferences


def remember_setup(*, user: User, choices: dict[str, object]) -> None:
    """Keep the setup form's last choices for the player's next setup, on any device."""
    with transaction.atomic():
        preferences, _ = Preferences.objects.select_for_update().get_or_create(user_id=user.pk)
        preferences.last_setup = choices
        preferences.save(update_fields=["last_setup", "updated_at"])


def remember_language(*, user: User, language: str) -> None:
    """Keep the language the player picked (one of settings.LANGUAGES), for every device they
    sign in on. Anything else raises ValidationError and changes nothing."""
    with transaction.atomic():
        preferences, _ = Preferences.objects.select_for_update().get_or_create(user_id=user.pk)
        preferences.language = language
        preferences.full_clean(exclude=["user"])
        preferences.save(update_fields=["language", "updated_at"])
