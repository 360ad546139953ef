"""The setup form of a table, against the computer or for friends (its words: games.words).

Every house-rule field starts at "As the preset": only the options the player changes reach the
rules, so a table's rules are its preset plus the house rules chosen (``Rules.to_record``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from accounts.names import DisplayNameField
from accounts.selectors import display_name, preferences_of
from games.engine import PRESET_SEATS, InvalidRules, Preset, Rules
from games.engine.bots import Level
from games.words import HOUSE_RULES, LEVEL_NAMES, PRESET_NAMES, PRESET_SUMMARIES

DEFAULT = ("", "As the preset")

BOOL_OPTIONS = {"count_fives", "out_counts_partner"}
INT_OPTIONS = {"reserve", "tiles_each"}
AUTO_PASS_PRESETS = {Preset.BLOCK, Preset.BRAZILIAN}
LEVEL_FIELDS = ("level_1", "level_2", "level_3")


def _option_value(name: str, value: str) -> object:
    if name in BOOL_OPTIONS:
        return value == "true"
    if name in INT_OPTIONS:
        return int(value)
    return value


def _preset_label(preset: Preset) -> str:
    seats = " or ".join(str(n) for n in PRESET_SEATS[preset])
    return f"{PRESET_NAMES[preset]} ({seats} players): {PRESET_SUMMARIES[preset]}"


MODES = [
    ("computer", "Against the computer"),
    ("online", "Friends online: share a link; the computer takes any seat still empty"),
]


class SetupForm(forms.Form):
    mode = forms.ChoiceField(
        label="Who plays",
        choices=MODES,
        initial="computer",
        widget=forms.RadioSelect,
        required=False,
    )
    preset = forms.ChoiceField(
        label="Game",
        choices=[(p.value, _preset_label(p)) for p in Preset],
        initial=Preset.DRAW.value,
        widget=forms.RadioSelect,
    )
    seats = forms.TypedChoiceField(
        label="Players",
        choices=[(2, "2 players"), (3, "3 players"), (4, "4 players")],
        coerce=int,
        initial=2,
        widget=forms.RadioSelect,
    )
    teams = forms.ChoiceField(
        label="Partners (4 players only)",
        choices=[
            ("", "As the preset (partners in Team draw and Brazilian)"),
            ("true", "Partners: you and the player opposite against the other two"),
            ("false", "Everyone for themselves"),
        ],
        required=False,
    )
    level_1 = forms.ChoiceField(
        label="Computer after you",
        choices=list(LEVEL_NAMES.items()),
        initial=Level.MEDIUM.value,
    )
    level_2 = forms.ChoiceField(
        label="Second computer (3 or 4 players; your partner with partners)",
        choices=list(LEVEL_NAMES.items()),
        initial=Level.MEDIUM.value,
    )
    level_3 = forms.ChoiceField(
        label="Third computer (4 players)",
        choices=list(LEVEL_NAMES.items()),
        initial=Level.MEDIUM.value,
    )
    match_format = forms.ChoiceField(
        label="Match",
        choices=[
            ("", "As the preset"),
            ("target", "To a points target"),
            ("best_of", "Best of a number of hands (two sides only)"),
            ("single_round", "A single round"),
        ],
        required=False,
    )
    target = forms.IntegerField(
        label="Target points", min_value=25, max_value=500, required=False, help_text="25 to 500"
    )
    best_of = forms.IntegerField(
        label="Best of how many hands", min_value=1, max_value=5, required=False, help_text="1 to 5"
    )
    show_hints = forms.BooleanField(
        label="Show tile hints (light the tiles you can play)", required=False, initial=True
    )
    auto_pass = forms.ChoiceField(
        label="Pass automatically",
        choices=[
            ("", "As the preset (on in Block and Brazilian)"),
            ("true", "On: draw and pass for me when I have no move"),
            ("false", "Off: I press Draw or Pass myself"),
        ],
        required=False,
    )
    clock = forms.BooleanField(
        label="Turn clock (60 seconds)",
        required=False,
        initial=True,
    )
    name = DisplayNameField(label="Your name at the table", initial="You", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, label, choices in HOUSE_RULES:
            self.fields[name] = forms.ChoiceField(
                label=label, choices=[DEFAULT, *choices], required=False
            )

    @property
    def groups(self) -> list[dict[str, Any]]:
        """The fieldsets of the page, in order: a legend, a line of help, the fields."""
        return [
            {"legend": "Who plays", "help": "", "fields": [self["mode"]], "mode": ""},
            {"legend": "Game", "help": "", "fields": [self["preset"]]},
            {"legend": "Players", "help": "", "fields": [self["seats"], self["teams"]]},
            {
                "legend": "The computer",
                "help": "The computer never sees your tiles. With two players only the first "
                "level is used, with three the first two.",
                "mode": "computer",
                "fields": [self[name] for name in LEVEL_FIELDS],
            },
            {
                "legend": "Match",
                "help": "",
                "fields": [self["match_format"], self["target"], self["best_of"]],
            },
            {
                "legend": "House rules",
                "help": "\u201cAs the preset\u201d keeps the rule the chosen game uses.",
                "fields": [self[name] for name, _, _ in HOUSE_RULES],
            },
            {
                "legend": "Friends online",
                "help": "You get a link to send to your friends. Seats still empty when you "
                "start are taken by the computer (medium). With the turn clock, when a player "
                "runs out of time the computer plays for them.",
                "fields": [self["clock"]],
                "mode": "online",
            },
            {
                "legend": "At the table",
                "help": "",
                "fields": [self["show_hints"], self["auto_pass"], self["name"]],
            },
        ]

    def clean_mode(self) -> str:
        return self.cleaned_data.get("mode") or "computer"

    def clean_name(self) -> str:
        return self.cleaned_data.get("name") or "You"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        options: dict[str, object] = {}
        if data.get("teams"):
            options["teams"] = data["teams"] == "true"
        for name, _, _ in HOUSE_RULES:
            if data.get(name):
                options[name] = _option_value(name, data[name])
        match data.get("match_format"):
            case "target":
                if data.get("target") is None:
                    self.add_error("target", "Enter a target from 25 to 500 points.")
                    return data
                options["match"] = {"target": data["target"]}
            case "best_of":
                if data.get("best_of") is None:
                    self.add_error("best_of", "Enter how many hands: 1 to 5.")
                    return data
                options["match"] = {"best_of": data["best_of"]}
            case "single_round":
                options["match"] = {"single_round": True}
        try:
            rules = Rules.for_preset(data["preset"], seats=data["seats"], **options)
        except InvalidRules as error:
            raise forms.ValidationError(
                f"These rules do not fit together: {error}.", code="invalid_rules"
            ) from None
        data["rules"] = rules
        data["levels"] = [data[name] for name in LEVEL_FIELDS[: rules.seats - 1]]
        if data.get("auto_pass"):
            data["auto_pass_on"] = data["auto_pass"] == "true"
        else:
            data["auto_pass_on"] = rules.preset in AUTO_PASS_PRESETS
        return data


def setup_initial(user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    """The setup form's starting values: a signed-in player's preferences and display name.
    A guest gets the form's own defaults (an empty dict)."""
    if not user.is_authenticated:
        return {}
    preferences = preferences_of(user)
    initial: dict[str, Any] = {
        "preset": preferences.preset,
        "show_hints": preferences.show_hints,
        "name": display_name(user),
        **dict.fromkeys(LEVEL_FIELDS, preferences.computer_level),
    }
    if preferences.target is not None:
        initial |= {"match_format": "target", "target": preferences.target}
    if preferences.single_draw:
        initial["stuck"] = "single_draw"
    if preferences.alternating_starters:
        initial["next_opener"] = "rotate"
    return initial
