"""The settings page's form of a player's preferences for new games, edited with their display
name (accounts.forms.display_name_field)."""

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from accounts.forms import display_name_field
from games.engine import TARGET_RANGE
from games.preferences.models import Preferences
from games.words import TARGETS


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
            "preset": gettext_lazy("Game"),
            "target": gettext_lazy("Target score"),
            "single_draw": gettext_lazy("Single Draw"),
            "show_hints": gettext_lazy("Show tile hints"),
            "computer_level": gettext_lazy("Computer level"),
            "alternating_starters": gettext_lazy("Alternating starters"),
        }
        widgets = {"preset": forms.RadioSelect}

    field_order = ["display_name", *Meta.fields]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["target"].help_text = gettext(
            "%(range)s points; leave empty for the game's own."
        ) % {"range": TARGETS}
        self.fields["target"].widget.attrs.update(
            {"min": TARGET_RANGE.start, "max": TARGET_RANGE[-1]}
        )
