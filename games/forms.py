"""The setup form for a match against the computer, and the rules of a table in words.

Every house-rule field starts at "As the preset": only the options the player changes reach the
rules, so a table's rules are its preset plus the house rules chosen (``Rules.to_record``).
"""

from __future__ import annotations

from typing import Any

from django import forms

from accounts.names import DisplayNameField
from games.engine import PRESET_SEATS, BestOf, InvalidRules, Preset, Rules, SingleRound, Target
from games.engine.bots import Level

PRESET_NAMES: dict[str, str] = {
    Preset.CLASSIC: "Classic",
    Preset.SINGLE_ROUND: "Single round",
    Preset.TEAM_DRAW: "Team draw",
    Preset.DRAW: "Draw",
    Preset.BLOCK: "Block",
    Preset.ALL_FIVES: "All Fives",
    Preset.BRAZILIAN: "Brazilian partnership",
}

PRESET_SUMMARIES: dict[str, str] = {
    Preset.CLASSIC: "Draw from the boneyard when stuck; to 100 points or best of 1 to 5 hands.",
    Preset.SINGLE_ROUND: "One hand decides; the lowest double from double one opens; "
    "tied blocked hands share the win.",
    Preset.TEAM_DRAW: "Draw when stuck; four players play as partners with all 28 tiles dealt; "
    "to 100 points.",
    Preset.DRAW: "Draw from the boneyard until a tile fits; to 100 points.",
    Preset.BLOCK: "No drawing: pass when you cannot play; to 100 points.",
    Preset.ALL_FIVES: "Draw when stuck, and score whenever the open ends add up to a multiple "
    "of five; the first double is the spinner.",
    Preset.BRAZILIAN: "Partners or one on one, pass when stuck, the blocker's side loses a tied "
    "block; to 50 points.",
}

LEVEL_NAMES = {
    Level.EASY: "Easy: plays any tile that fits",
    Level.MEDIUM: "Medium: sheds its heaviest tile",
    Level.HARD: "Hard: counts tiles and reads passes",
    Level.MASTER: "Master: also simulates the deals it cannot see",
}

DEFAULT = ("", "As the preset")

# The house rules of the options table (docs/rules.md#options): (field, label, [(value, words)]).
# The words are also how a table states its rules (``describe_rules``).
HOUSE_RULES: list[tuple[str, str, list[tuple[str, str]]]] = [
    (
        "stuck",
        "When you cannot play",
        [
            ("draw", "Draw from the boneyard until a tile fits"),
            ("single_draw", "Single Draw: draw one tile, play it if it fits, otherwise pass"),
            ("pass", "Pass: no drawing"),
        ],
    ),
    (
        "reserve",
        "Boneyard reserve",
        [
            ("0", "Every boneyard tile may be drawn"),
            ("2", "The last two boneyard tiles are never drawn"),
        ],
    ),
    (
        "score",
        "Scoring a hand",
        [
            ("others", "The winner scores the pips left in the other hands"),
            ("difference", "A blocked hand scores the others' pips minus the winner's own"),
            ("none", "No points: the hand decides the game"),
        ],
    ),
    (
        "count_fives",
        "All Fives counting",
        [
            ("true", "All Fives counting: multiples of five on the open ends score at once"),
            ("false", "No All Fives counting"),
        ],
    ),
    (
        "out_counts_partner",
        "Going out (partners only)",
        [
            ("true", "Going out also scores your partner's pips"),
            ("false", "Going out does not score your partner's pips"),
        ],
    ),
    (
        "tied_block",
        "Tied blocked hand",
        [
            ("no_score", "A tied blocked hand scores nothing"),
            ("shared", "Tied lowest hands share the win"),
            ("blocker_loses", "On a tied block the blocker's side loses (two sides only)"),
        ],
    ),
    (
        "first_opener",
        "Who opens the first hand",
        [
            ("highest_double", "The highest double opens the first hand"),
            (
                "lowest_double_from_one",
                "The lowest double, from double one up (double blank last), opens the first hand",
            ),
        ],
    ),
    (
        "next_opener",
        "Who opens later hands",
        [
            ("winner", "The winner of a hand opens the next with any tile"),
            ("rotate", "The next player in turn opens each new hand"),
        ],
    ),
    (
        "tiles_each",
        "Tiles each",
        [(str(n), f"{n} tiles each") for n in range(5, 10)],
    ),
]

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


def match_format_words(rules: Rules) -> str:
    match rules.match:
        case Target(points):
            return f"To {points} points"
        case BestOf(hands):
            return f"Best of {hands} hand" + ("" if hands == 1 else "s")
        case SingleRound():
            return "Single round"
    return ""  # pragma: no cover


def describe_rules(rules: Rules) -> dict[str, Any]:
    """A table's rules in words: the preset, its players, the match, and each house rule."""
    record = rules.to_record()
    words = {name: dict(choices) for name, _, choices in HOUSE_RULES}
    house: list[str] = []
    for key, value in record.items():
        if key in ("preset", "seats"):
            continue
        if key == "teams":
            house.append(
                "Partners: seats facing each other play together" if value else "No partners"
            )
        elif key == "match":
            house.append(match_format_words(rules))
        else:
            spelled = str(value).lower() if isinstance(value, bool) else str(value)
            house.append(words[key].get(spelled, f"{key}: {value}"))
    players = f"{rules.seats} players" + (" as partners" if rules.teams else "")
    return {
        "preset": PRESET_NAMES[rules.preset],
        "summary": PRESET_SUMMARIES[rules.preset],
        "players": players,
        "format": match_format_words(rules),
        "house_rules": house,
    }


def table_info(rules: Rules) -> dict[str, Any]:
    """What the page script needs to know about the rules beyond the seat's view."""
    return {
        "format": match_format_words(rules),
        "can_draw": rules.can_draw,
        "fives": rules.count_fives,
        "teams": rules.teams,
        "sides": rules.sides,
        # How a hand's end scores, for the end panel's reasons ("blocked: 12 against 19").
        "score": rules.score.value,
        "out_counts_partner": rules.out_counts_partner,
    }
