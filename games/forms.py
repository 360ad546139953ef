"""The setup form of a table, against the computer or for friends (its words: games.words).

Every house-rule field starts at "As the preset": only the options the player changes reach the
rules, so a table's rules are its preset plus the house rules chosen (``Rules.to_record``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from accounts.forms import display_name_field
from accounts.names import DisplayNameField
from accounts.selectors import display_name
from games.engine import PRESET_SEATS, TARGET_RANGE, InvalidRules, Preset, Rules
from games.engine.bots import Level
from games.models import Preferences
from games.preferences import preferences_of
from games.words import HOUSE_RULES, LEVEL_NAMES, PRESET_NAMES, PRESET_SUMMARIES, TARGETS

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


def seats_field() -> forms.TypedChoiceField:
    """How many players: the setup's and the quick match's field."""
    return forms.TypedChoiceField(
        label="Players",
        choices=[(2, "2 players"), (3, "3 players"), (4, "4 players")],
        coerce=int,
        initial=2,
        widget=forms.RadioSelect,
    )


MODES = [
    ("computer", "Against the computer"),
    ("online", "Friends online"),
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
    seats = seats_field()
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
        label="Computer level",
        choices=list(LEVEL_NAMES.items()),
        initial=Level.MEDIUM.value,
    )
    level_2 = forms.ChoiceField(
        label="Second computer (your partner with partners)",
        choices=list(LEVEL_NAMES.items()),
        initial=Level.MEDIUM.value,
    )
    level_3 = forms.ChoiceField(
        label="Third computer",
        choices=list(LEVEL_NAMES.items()),
        initial=Level.MEDIUM.value,
    )
    match_format = forms.ChoiceField(
        label="Match format",
        choices=[
            ("", "As the preset"),
            ("target", "To a points target"),
            ("best_of", "Best of a number of hands (two sides only)"),
            ("single_round", "A single round"),
        ],
        required=False,
    )
    target = forms.IntegerField(
        label="Target points",
        min_value=TARGET_RANGE.start,
        max_value=TARGET_RANGE[-1],
        required=False,
        help_text=f"{TARGETS}; empty: the game's own",
        error_messages=dict.fromkeys(
            ("invalid", "min_value", "max_value"), f"A target is from {TARGETS} points."
        ),
    )
    best_of = forms.IntegerField(
        label="Best of how many hands",
        min_value=1,
        max_value=5,
        required=False,
        help_text="1 to 5",
        error_messages=dict.fromkeys(
            ("invalid", "min_value", "max_value"), "Best of 1 to 5 hands."
        ),
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
    listed = forms.BooleanField(
        label="List it in the lobby: anyone may find it there and join",
        required=False,
    )
    # No default: an account's display name comes as the initial value (setup_initial), a guest
    # writes the name their friends will see (views.setup fills in what is left empty).
    name = DisplayNameField(label="Your name at the table", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, label, choices in HOUSE_RULES:
            self.fields[name] = forms.ChoiceField(
                label=label, choices=[DEFAULT, *choices], required=False
            )

    @property
    def groups(self) -> list[dict[str, Any]]:
        """The short part of the page, in order: a legend, a line of help, the fields. The
        game itself comes first, as cards (:attr:`preset_cards`)."""
        return [
            {"legend": "Players", "help": "", "fields": [self["seats"]]},
            {
                "legend": "The computer",
                "help": "The computer never sees your tiles.",
                "mode": "computer",
                "fields": [self[name] for name in LEVEL_FIELDS],
            },
            {"legend": "Match", "help": "", "fields": [self["match_format"], self["target"]]},
            {"legend": "You", "help": "", "fields": [self["name"]]},
        ]

    @property
    def more_groups(self) -> list[dict[str, Any]]:
        """The fieldsets folded under "More options": house rules and table settings."""
        return [
            {
                "legend": "Match and partners",
                "help": "",
                "fields": [self["best_of"], self["teams"]],
            },
            {
                "legend": "House rules",
                "help": "\u201cAs the preset\u201d keeps the rule the chosen game uses.",
                "fields": [self[name] for name, _, _ in HOUSE_RULES],
            },
            {
                "legend": "Friends online",
                "help": "Seats still empty when you start are taken by the computer (medium). "
                "With the turn clock, when a player runs out of time the computer plays for them.",
                "fields": [self["clock"], self["listed"]],
                "mode": "online",
            },
            {
                "legend": "At the table",
                "help": "",
                "fields": [self["show_hints"], self["auto_pass"]],
            },
        ]

    @property
    def more_has_errors(self) -> bool:
        return any(field.errors for group in self.more_groups for field in group["fields"])

    @property
    def preset_cards(self) -> list[dict[str, Any]]:
        """One card a preset: its radio, name, players and line of rules (and the picture's
        key, templates/games/_preset_picture.html)."""
        radios = {str(radio.data["value"]): radio for radio in self["preset"]}
        return [
            {
                "radio": radios[preset.value],
                "preset": preset.value,
                "name": PRESET_NAMES[preset],
                "players": " or ".join(str(n) for n in PRESET_SEATS[preset]) + " players",
                "summary": PRESET_SUMMARIES[preset],
            }
            for preset in Preset
        ]

    def clean_mode(self) -> str:
        return self.cleaned_data.get("mode") or "computer"

    def clean_name(self) -> str:
        return self.cleaned_data.get("name") or ""

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
        match_format = data.get("match_format") or ""
        if data.get("target") is not None and match_format in ("", "target"):
            # A typed target is the match the person asked for, whatever the select says.
            match_format = "target"
        match match_format:
            case "target":
                if data.get("target") is None:
                    self.add_error("target", f"Enter a target from {TARGETS} points.")
                    return data
                options["match"] = {"target": data["target"]}
            case "best_of":
                if data.get("target") is not None:
                    self.add_error(
                        "target",
                        f"You typed a target of {data['target']} points but chose best of "
                        "hands: choose \u201cTo a points target\u201d, or clear the target.",
                    )
                    return data
                if data.get("best_of") is None:
                    self.add_error("best_of", "Enter how many hands: 1 to 5.")
                    return data
                options["match"] = {"best_of": data["best_of"]}
            case "single_round":
                if data.get("target") is not None:
                    self.add_error(
                        "target",
                        f"You typed a target of {data['target']} points but chose a single "
                        "round: choose \u201cTo a points target\u201d, or clear the target.",
                    )
                    return data
                options["match"] = {"single_round": True}
        problem = rules_problem(Preset(data["preset"]), data["seats"], options)
        if problem:
            raise forms.ValidationError(problem, code="invalid_rules")
        try:
            rules = Rules.for_preset(data["preset"], seats=data["seats"], **options)
        except InvalidRules:
            raise forms.ValidationError(
                "These rules do not fit together: change a house rule under More options.",
                code="invalid_rules",
            ) from None
        data["rules"] = rules
        data["levels"] = [data[name] for name in LEVEL_FIELDS[: rules.seats - 1]]
        if data.get("auto_pass"):
            data["auto_pass_on"] = data["auto_pass"] == "true"
        else:
            data["auto_pass_on"] = rules.preset in AUTO_PASS_PRESETS
        return data


TWO_SIDES = "two sides: 2 players, or 4 as partners"


def rules_problem(preset: Preset, seats: int, options: dict[str, object]) -> str:
    """Why these choices make no game, in a player's words ("" when they do). The engine's
    own checks (``Rules.validate``) speak its record's words; the setup page speaks these."""
    name = PRESET_NAMES[preset]
    allowed = PRESET_SEATS[preset]
    if seats not in allowed:
        counts = " or ".join(str(n) for n in allowed)
        return f"{name} is a game for {counts} players: choose {counts} players, or another game."
    base = Rules.for_preset(preset, seats=seats)
    teams = bool(options.get("teams", base.teams))
    tiles_each = int(str(options.get("tiles_each", base.tiles_each)))
    sides = 2 if teams else seats
    if teams and seats != 4:
        return "Partners need 4 players: choose 4 players, or everyone for themselves."
    if seats * tiles_each > 28:
        return (
            f"{seats} players with {tiles_each} tiles each would need more than the 28 tiles "
            "of the set: choose fewer tiles each under More options."
        )
    if options.get("out_counts_partner") and not teams:
        return "Scoring your partner's pips when going out needs partners (4 players)."
    match = options.get("match")
    if isinstance(match, dict) and "best_of" in match and sides != 2:
        return f"Best of a number of hands needs {TWO_SIDES}. Play to a points target instead."
    if options.get("tied_block") == "blocker_loses" and sides != 2:
        return f"\u201cThe blocker's side loses a tied block\u201d needs {TWO_SIDES}."
    return ""


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
        self.fields["target"].help_text = f"{TARGETS} points; leave empty for the game's own."
        self.fields["target"].widget.attrs.update(
            {"min": TARGET_RANGE.start, "max": TARGET_RANGE[-1]}
        )
