"""The display name at sign-up (allauth's signup form adds these fields); the settings page
asks it with the same field, with the handle and the avatar
(games.preferences.form.SettingsForm)."""

from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from accounts import services
from accounts.avatars import COLOURS, EMOJIS, person_avatar
from accounts.handles import HANDLE_MAX, clean_handle
from accounts.names import DisplayNameField
from accounts.selectors import chosen_avatar, display_name, handle_taken, handle_taken_words


def display_name_field() -> DisplayNameField:
    return DisplayNameField(
        label=gettext_lazy("Display name"),
        help_text=gettext_lazy("What other players see at tables and in standings."),
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )


class SignupForm(forms.Form):
    """The site's part of allauth's signup form (ACCOUNT_SIGNUP_FORM_CLASS)."""

    display_name = display_name_field()
    field_order = ["display_name", "email", "password1", "password2"]

    def signup(self, request: HttpRequest, user: AbstractBaseUser) -> None:
        """Called by allauth once the user exists: the display name, and the profile's address
        made from it (allauth's username came from the email address)."""
        services.set_display_name(user=user, name=self.cleaned_data["display_name"])
        services.give_handle(user=user)


class HandleField(forms.CharField):
    """The handle a player chooses (accounts.handles.clean_handle); whether another player
    holds it is asked by the form, which knows who asks."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", HANDLE_MAX)
        super().__init__(**kwargs)

    def to_python(self, value: object) -> str | None:
        value = super().to_python(value)
        return clean_handle(value) if value else value


def handle_field() -> HandleField:
    """The handle, left empty to keep the one held (a form posted without it changes none)."""
    return HandleField(
        required=False,
        label=gettext_lazy("Handle"),
        help_text=gettext_lazy(
            "Your profile's address: /players/your-handle/. 3 to 30 letters a to z, digits, "
            "hyphens and underscores. Links to your old handle keep leading to you."
        ),
        widget=forms.TextInput(
            attrs={"autocomplete": "username", "autocapitalize": "none", "spellcheck": "false"}
        ),
    )


def check_handle_free(handle: str | None, *, user: AbstractBaseUser) -> str | None:
    """``handle``, unless another player holds it: the field's error then. Empty: None (the
    handle held is kept)."""
    if not handle:
        return None
    if handle != user.get_username() and handle_taken(handle, user=user):
        raise ValidationError(handle_taken_words(handle), code="taken")
    return handle


#: The colours' names, as the settings page offers them (accounts.avatars.COLOURS).
COLOUR_NAMES = {
    "coral": pgettext_lazy("avatar colour", "Coral"),
    "amber": pgettext_lazy("avatar colour", "Amber"),
    "olive": pgettext_lazy("avatar colour", "Olive"),
    "green": pgettext_lazy("avatar colour", "Green"),
    "teal": pgettext_lazy("avatar colour", "Teal"),
    "sky": pgettext_lazy("avatar colour", "Sky blue"),
    "indigo": pgettext_lazy("avatar colour", "Indigo"),
    "plum": pgettext_lazy("avatar colour", "Plum"),
    "rose": pgettext_lazy("avatar colour", "Rose"),
    "slate": pgettext_lazy("avatar colour", "Slate"),
}

#: The emoji's names, as the settings page offers them (accounts.avatars.EMOJIS).
EMOJI_NAMES = {
    "fox": pgettext_lazy("avatar emoji", "Fox"),
    "owl": pgettext_lazy("avatar emoji", "Owl"),
    "cat": pgettext_lazy("avatar emoji", "Cat"),
    "turtle": pgettext_lazy("avatar emoji", "Turtle"),
    "octopus": pgettext_lazy("avatar emoji", "Octopus"),
    "bee": pgettext_lazy("avatar emoji", "Bee"),
    "lion": pgettext_lazy("avatar emoji", "Lion"),
    "penguin": pgettext_lazy("avatar emoji", "Penguin"),
    "cactus": pgettext_lazy("avatar emoji", "Cactus"),
    "clover": pgettext_lazy("avatar emoji", "Clover"),
    "star": pgettext_lazy("avatar emoji", "Star"),
    "moon": pgettext_lazy("avatar emoji", "Moon"),
    "die": pgettext_lazy("avatar emoji", "Die"),
    "guitar": pgettext_lazy("avatar emoji", "Guitar"),
}


def _preview(avatar: dict[str, str], words: object) -> str:
    """A choice's label: the avatar it gives (decoration), then its name."""
    face = avatar.get("emoji") or avatar.get("initials", "")
    return format_html(
        '<span class="avatar" data-colour="{}" aria-hidden="true">{}</span> {}',
        avatar["colour"],
        face,
        words,
    )


def avatar_fields(user: AbstractBaseUser) -> dict[str, forms.ChoiceField]:
    """The avatar's two choices, each option shown as the avatar it gives ``user`` with the
    other choice as it is now (a colour with their emoji, an emoji on their colour)."""
    name = display_name(user)  # type: ignore[arg-type]
    colour_now, emoji_now = chosen_avatar(user)

    def shown(colour: str, emoji: str) -> dict[str, str]:
        return person_avatar(name=name, user_id=user.pk, colour=colour, emoji=emoji)

    colours = [("", _preview(shown("", emoji_now), gettext("Your own colour")))]
    colours += [(key, _preview(shown(key, emoji_now), COLOUR_NAMES[key])) for key in COLOURS]
    emojis = [("", _preview(shown(colour_now, ""), gettext("Your initials")))]
    emojis += [(key, _preview(shown(colour_now, key), EMOJI_NAMES[key])) for key in EMOJIS]
    return {
        "avatar_colour": forms.ChoiceField(
            label=gettext("Avatar colour"),
            choices=colours,
            required=False,
            widget=forms.RadioSelect,
        ),
        "avatar_emoji": forms.ChoiceField(
            label=gettext("Avatar: initials or an emoji"),
            choices=emojis,
            required=False,
            widget=forms.RadioSelect,
        ),
    }
