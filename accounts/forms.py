"""The display name at sign-up (allauth's signup form adds these fields); the settings page
asks it with the same field (games.preferences.form.SettingsForm)."""

from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from accounts import services
from accounts.names import DisplayNameField


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
