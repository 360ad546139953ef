"""The display name at sign-up (allauth's signup form adds these fields) and the settings page."""

from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest

from accounts import services
from accounts.models import Preferences
from accounts.names import DisplayNameField


def display_name_field() -> DisplayNameField:
    return DisplayNameField(
        label="Display name",
        help_text="What other players see at tables and in standings.",
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )


class SignupForm(forms.Form):
    """The site's part of allauth's signup form (ACCOUNT_SIGNUP_FORM_CLASS)."""

    display_name = display_name_field()
    field_order = ["display_name", "email", "password1", "password2"]

    def signup(self, request: HttpRequest, user: AbstractBaseUser) -> None:
        """Called by allauth once the user exists."""
        services.set_display_name(user=user, name=self.cleaned_data["display_name"])


class SettingsForm(forms.ModelForm):
    """The display name and the preferences for new games, edited together."""

    display_name = display_name_field()

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
            "preset": "Game",
            "target": "Target score",
            "single_draw": "Single Draw",
            "show_hints": "Show tile hints",
            "computer_level": "Computer level",
            "alternating_starters": "Alternating starters",
        }
        widgets = {"preset": forms.RadioSelect}

    field_order = ["display_name", *Meta.fields]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["target"].help_text = "25 to 500 points; leave empty for the game's own."
        self.fields["target"].widget.attrs.update({"min": 25, "max": 500})
