"""The setup form's last choices, remembered: the next setup starts from them and the home
page's Play the computer plays them again in one tap.

A guest's live in their session (one browser); an account's in its preferences
(``Preferences.last_setup``: every device; saving the settings page clears them).
"""

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext

from accounts.selectors import display_name
from games import preferences
from games.forms import SetupForm, setup_initial
from games.words import LEVEL_WORDS, PRESET_NAMES, joined, match_format_words

SESSION_KEY = "last_setup"

#: The form's own defaults as a POST: a first game against the computer.
DEFAULTS = {
    "mode": "computer",
    "preset": "draw",
    "seats": "2",
    "level_1": "medium",
    "level_2": "medium",
    "level_3": "medium",
    "show_hints": "on",
}


def remember(request: HttpRequest, form: SetupForm) -> None:
    """Keep the choices of a form that made a table."""
    choices = {
        name: form.cleaned_data[name]
        for name in form.fields
        if form.cleaned_data.get(name) not in (None, "")
    }
    if request.user.is_authenticated:
        preferences.remember_setup(user=request.user, choices=choices)
    else:
        request.session[SESSION_KEY] = choices


def remembered(request: HttpRequest) -> dict[str, Any]:
    """The person's last choices (empty when they never set up a table)."""
    if request.user.is_authenticated:  # the account's, newer than any session's
        return dict(preferences.preferences_of(request.user).last_setup)
    return dict(request.session.get(SESSION_KEY) or {})


def initial(request: HttpRequest) -> dict[str, Any]:
    """The setup form's starting values: an account's preferences and name, overlaid by the
    last choices (which are newer: saving the settings forgets them)."""
    values = setup_initial(request.user) | remembered(request)
    if request.user.is_authenticated and not values.get("name"):
        values["name"] = display_name(request.user)
    return values


def as_post(values: dict[str, Any]) -> dict[str, str]:
    """Remembered values as the form's POST would carry them (a checkbox left out: off)."""
    post: dict[str, str] = {}
    for name, value in values.items():
        if value is True:
            post[name] = "on"
        elif value is not False and value is not None:
            post[name] = str(value)
    return post


def computer_game(request: HttpRequest) -> SetupForm:
    """The form of the person's last game against the computer (the defaults the first time):
    what Play the computer starts in one tap. Validated; invalid only if the rules changed
    under remembered choices."""
    form = SetupForm(DEFAULTS | as_post(initial(request)) | {"mode": "computer"})
    if not form.is_valid():
        form = SetupForm(DEFAULTS)
        form.is_valid()
    return form


def summary(form: SetupForm) -> str:
    """A valid setup in a few words: "Draw, 2 players, computer medium, to 100 points"."""
    rules = form.cleaned_data["rules"]
    levels = sorted(set(form.cleaned_data["levels"]))
    return gettext("%(game)s, %(seats)s players, computer %(levels)s, %(format)s") % {
        "game": PRESET_NAMES[rules.preset],
        "seats": rules.seats,
        "levels": joined([str(LEVEL_WORDS.get(level, level)) for level in levels]),
        "format": match_format_words(rules).lower(),
    }
