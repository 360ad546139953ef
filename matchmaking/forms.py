"""The quick match form: which game, how many players, and a guest's name."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from accounts.names import DisplayNameField
from games.engine import Preset
from games.forms import rules_problem, seats_field
from games.words import PRESET_NAMES


class QuickMatchForm(forms.Form):
    preset = forms.ChoiceField(
        label=gettext_lazy("Game"),
        choices=[(p.value, PRESET_NAMES[p]) for p in Preset],
        initial="draw",
    )
    seats = seats_field()
    name = DisplayNameField(label=gettext_lazy("Your name at the table"), required=False)

    def __init__(self, *args: Any, signed_in: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if signed_in:  # an account plays under its display name
            del self.fields["name"]
        else:
            self.fields["name"].required = True
            self.fields["name"].error_messages["required"] = (
                "Write the name the other players will see."
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        preset, seats = data.get("preset"), data.get("seats")
        if preset and seats:
            problem = rules_problem(Preset(preset), seats, {})
            if problem:
                raise forms.ValidationError(problem)
        return data
