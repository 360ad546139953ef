"""The quick match form: which game, how many players, and a guest's name."""

from typing import Any

from django import forms

from accounts.names import DisplayNameField
from games.engine import PRESET_SEATS, Preset
from games.forms import PRESET_NAMES


class QuickMatchForm(forms.Form):
    preset = forms.ChoiceField(
        label="Game", choices=[(p.value, PRESET_NAMES[p]) for p in Preset], initial="draw"
    )
    seats = forms.TypedChoiceField(
        label="Players",
        choices=[(2, "2 players"), (3, "3 players"), (4, "4 players")],
        coerce=int,
        initial=2,
        widget=forms.RadioSelect,
    )
    name = DisplayNameField(label="Your name at the table", required=False)

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
        if preset and seats and seats not in PRESET_SEATS[Preset(preset)]:
            counts = " or ".join(str(n) for n in PRESET_SEATS[Preset(preset)])
            raise forms.ValidationError(
                f"{PRESET_NAMES[Preset(preset)]} is a game for {counts} players: "
                f"choose {counts} players, or another game."
            )
        return data
