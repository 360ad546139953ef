"""The settings page's form of a player's preferences for new games, edited with their display
name, handle and avatar (accounts.forms)."""

from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext, gettext_lazy

from accounts.forms import avatar_fields, check_handle_free, display_name_field, handle_field
from accounts.selectors import chosen_avatar
from games.engine import TARGET_RANGE
from games.preferences.models import Preferences
from games.words import TARGETS


class SettingsForm(forms.ModelForm):
    """The display name, the handle, the avatar and the preferences for new games, edited
    together. A staff account's handle is its username, kept (not in the form)."""

    display_name = display_name_field()
    handle = handle_field()

    class Meta:
        model = Preferences
        fields = [
            "preset",
            "target",
            "single_draw",
            "show_hints",
            "computer_level",
            "alternating_starters",
        ]
        labels = {
            "preset": gettext_lazy("Game"),
            "target": gettext_lazy("Target score"),
            "single_draw": gettext_lazy("Single Draw"),
            "show_hints": gettext_lazy("Show tile hints"),
            "computer_level": gettext_lazy("Computer level"),
            "alternating_starters": gettext_lazy("Alternating starters"),
        }
        widgets = {"preset": forms.RadioSelect}

    field_order = ["display_name", "handle", "avatar_colour", "avatar_emoji", *Meta.fields]

    def __init__(self, *args: Any, user: AbstractBaseUser, **kwargs: Any) -> None:
        self.user = user
        colour, emoji = chosen_avatar(user)
        kwargs["initial"] = {
            "display_name": user.first_name,  # type: ignore[attr-defined]
            "handle": user.get_username(),
            "avatar_colour": colour,
            "avatar_emoji": emoji,
            **kwargs.get("initial", {}),
        }
        super().__init__(*args, **kwargs)
        self.fields.update(avatar_fields(user))
        self.order_fields(self.field_order)
        if user.is_staff:
            del self.fields["handle"]
        self.fields["target"].help_text = gettext(
            "%(range)s points; leave empty for the game's own."
        ) % {"range": TARGETS}
        self.fields["target"].widget.attrs.update(
            {"min": TARGET_RANGE.start, "max": TARGET_RANGE[-1]}
        )

    def clean_handle(self) -> str | None:
        return check_handle_free(self.cleaned_data["handle"], user=self.user)
