"""The setup form of a table, against the computer or for friends (its words: games.words).

Every house-rule field starts at "As the preset": only the options the player changes reach the
rules, so a table's rules are its preset plus the house rules chosen (``Rules.to_record``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy

from accounts.names import DisplayNameField
from accounts.selectors import display_name
from games.engine import PRESET_SEATS, TARGET_RANGE, InvalidRules, Preset, Rules
from games.engine.bots import Level
from games.preferences import preferences_of
from games.preset_cards import preset_cards
from games.words import (
    HOUSE_RULES,
    LEVEL_NAMES,
    PRESET_NAMES,
    PRESET_SUMMARIES,
    TARGETS,
    players_words,
    rules_problem,
)

DEFAULT = ("", gettext_lazy("As the preset"))

BOOL_OPTIONS = {"count_fives", "out_counts_partner"}
INT_OPTIONS = {"reserve", "tiles_each"}
LEVEL_FIELDS = ("level_1", "level_2", "level_3")


def _option_value(name: str, value: str) -> object:
    if name in BOOL_OPTIONS:
        return value == "true"
    if name in INT_OPTIONS:
        return int(value)
    return value


def _preset_label(preset: Preset) -> str:
    return gettext("%(name)s (%(players)s): %(summary)s") % {
        "name": PRESET_NAMES[preset],
        "players": players_words(preset),
        "summary": PRESET_SUMMARIES[preset],
    }


def seats_field() -> forms.TypedChoiceField:
    """How many players: the setup's and the quick match's field."""
    return forms.TypedChoiceField(
        label=gettext_lazy("Players"),
        # Never one player: the plural form is right in every language.
        choices=[(n, format_lazy(gettext_lazy("{n} players"), n=n)) for n in (2, 3, 4)],
        coerce=int,
        initial=2,
        widget=forms.RadioSelect,
    )


#: A number typed as text: a number input hands the server "" for "2e" (the browser drops what
#: it cannot read), so a mistyped target silently became the game's own. Typed as text, the
#: server reads what was typed and refuses it in words; phones still show digits.
NUMBER_AS_TEXT = forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"})

MODES = [
    ("computer", gettext_lazy("Against the computer")),
    ("online", gettext_lazy("Friends online")),
]


class SetupForm(forms.Form):
    mode = forms.ChoiceField(
        label=gettext_lazy("Who plays"),
        choices=MODES,
        initial="computer",
        widget=forms.RadioSelect,
        required=False,
    )
    preset = forms.ChoiceField(
        label=gettext_lazy("Game"),
        choices=[(p.value, _preset_label(p)) for p in Preset],
        initial=Preset.DRAW.value,
        widget=forms.RadioSelect,
    )
    seats = seats_field()
    teams = forms.ChoiceField(
        label=gettext_lazy("Partners (4 players only)"),
        choices=[
            ("", gettext_lazy("As the game (partners where the game has them)")),
            ("true", gettext_lazy("Partners: you and the player opposite against the other two")),
            ("false", gettext_lazy("Everyone for themselves")),
        ],
        required=False,
    )
    level_1 = forms.ChoiceField(
        label=gettext_lazy("Computer level"),
        choices=list(LEVEL_NAMES.items()),
        initial=Level.MEDIUM.value,
    )
    level_2 = forms.ChoiceField(
        label=gettext_lazy("Second computer"),
        choices=list(LEVEL_NAMES.items()),
        initial=Level.MEDIUM.value,
        # Shown with 4 players only (static/js/setup.js): with 3 there are no partners.
        help_text=gettext_lazy("With 4 players as partners: your partner, sitting opposite."),
    )
    level_3 = forms.ChoiceField(
        label=gettext_lazy("Third computer"),
        choices=list(LEVEL_NAMES.items()),
        initial=Level.MEDIUM.value,
    )
    match_format = forms.ChoiceField(
        label=gettext_lazy("Match format"),
        choices=[
            ("", gettext_lazy("As the preset")),
            ("target", gettext_lazy("To a points target")),
            ("best_of", gettext_lazy("Best of a number of hands (two sides only)")),
            ("single_round", gettext_lazy("A single round")),
        ],
        required=False,
    )
    target = forms.IntegerField(
        label=gettext_lazy("Target points"),
        min_value=TARGET_RANGE.start,
        max_value=TARGET_RANGE[-1],
        required=False,
        widget=NUMBER_AS_TEXT,
        help_text=format_lazy(gettext_lazy("{range}; empty: the game's own"), range=TARGETS),
        error_messages={
            "invalid": format_lazy(
                gettext_lazy("Write the target as a whole number of points, from {range}."),
                range=TARGETS,
            ),
            **dict.fromkeys(
                ("min_value", "max_value"),
                format_lazy(gettext_lazy("A target is from {range} points."), range=TARGETS),
            ),
        },
    )
    best_of = forms.IntegerField(
        label=gettext_lazy("Best of how many hands"),
        min_value=1,
        max_value=5,
        required=False,
        widget=NUMBER_AS_TEXT,
        help_text=gettext_lazy("1 to 5"),
        error_messages={
            "invalid": gettext_lazy("Write how many hands as a whole number, 1 to 5."),
            **dict.fromkeys(("min_value", "max_value"), gettext_lazy("Best of 1 to 5 hands.")),
        },
    )
    show_hints = forms.BooleanField(
        label=gettext_lazy("Show tile hints (light the tiles you can play)"),
        required=False,
        initial=True,
    )
    auto_pass = forms.ChoiceField(
        label=gettext_lazy("Pass automatically"),
        choices=[
            ("", gettext_lazy("As the game (on where a player who cannot play passes)")),
            ("true", gettext_lazy("On: draw and pass for me when I have no move")),
            ("false", gettext_lazy("Off: I press Draw or Pass myself")),
        ],
        required=False,
    )
    clock = forms.BooleanField(
        label=gettext_lazy("Turn clock (60 seconds)"),
        required=False,
        initial=True,
    )
    listed = forms.BooleanField(
        label=gettext_lazy("List it in the lobby: anyone may find it there and join"),
        required=False,
    )
    # No default: an account's display name comes as the initial value (setup_initial), a guest
    # writes the name their friends will see (views.setup fills in what is left empty).
    name = DisplayNameField(label=gettext_lazy("Your name at the table"), required=False)

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
            {"legend": gettext("Players"), "help": "", "fields": [self["seats"]]},
            {
                "legend": gettext("The computer"),
                "help": gettext("The computer never sees your tiles."),
                "mode": "computer",
                "fields": [self[name] for name in LEVEL_FIELDS],
            },
            {
                "legend": gettext("Match"),
                "help": "",
                "fields": [self["match_format"], self["target"]],
            },
            {"legend": gettext("You"), "help": "", "fields": [self["name"]]},
        ]

    @property
    def more_groups(self) -> list[dict[str, Any]]:
        """The fieldsets folded under "More options": house rules and table settings."""
        return [
            {
                "legend": gettext("Match and partners"),
                "help": "",
                "fields": [self["best_of"], self["teams"]],
            },
            {
                "legend": gettext("House rules"),
                "help": gettext("“As the preset” keeps the rule the chosen game uses."),
                "fields": [self[name] for name, _, _ in HOUSE_RULES],
            },
            {
                "legend": gettext("Friends online"),
                "help": gettext(
                    "Seats still empty when you start are taken by the computer (medium). "
                    "With the turn clock, when a player runs out of time the computer plays "
                    "for them."
                ),
                "fields": [self["clock"], self["listed"]],
                "mode": "online",
            },
            {
                "legend": gettext("At the table"),
                "help": "",
                "fields": [self["show_hints"], self["auto_pass"]],
            },
        ]

    @property
    def more_has_errors(self) -> bool:
        return any(field.errors for group in self.more_groups for field in group["fields"])

    @property
    def preset_cards(self) -> list[dict[str, Any]]:
        """One card a game (games.preset_cards), each with its radio."""
        radios = {str(radio.data["value"]): radio for radio in self["preset"]}
        return [card | {"radio": radios[card["preset"]]} for card in preset_cards()]

    @property
    def seat_counts(self) -> dict[str, list[int]]:
        """The seat counts each preset allows, as the engine says (``PRESET_SEATS``): the page
        offers only those (static/js/setup.js)."""
        return {preset.value: list(PRESET_SEATS[preset]) for preset in Preset}

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
                    self.add_error(
                        "target",
                        gettext("Enter a target from %(range)s points.") % {"range": TARGETS},
                    )
                    return data
                options["match"] = {"target": data["target"]}
            case "best_of":
                if data.get("target") is not None:
                    self.add_error(
                        "target",
                        gettext(
                            "You typed a target of %(target)s points but chose best of hands: "
                            "choose “To a points target”, or clear the target."
                        )
                        % {"target": data["target"]},
                    )
                    return data
                if data.get("best_of") is None:
                    self.add_error("best_of", gettext_lazy("Enter how many hands: 1 to 5."))
                    return data
                options["match"] = {"best_of": data["best_of"]}
            case "single_round":
                if data.get("target") is not None:
                    self.add_error(
                        "target",
                        gettext(
                            "You typed a target of %(target)s points but chose a single round: "
                            "choose “To a points target”, or clear the target."
                        )
                        % {"target": data["target"]},
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
                gettext("These rules do not fit together: change a house rule under More options."),
                code="invalid_rules",
            ) from None
        data["rules"] = rules
        data["levels"] = [data[name] for name in LEVEL_FIELDS[: rules.seats - 1]]
        if data.get("auto_pass"):
            data["auto_pass_on"] = data["auto_pass"] == "true"
        else:
            data["auto_pass_on"] = not rules.can_draw
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
    seats = PRESET_SEATS[Preset(preferences.preset)]
    if 2 not in seats:  # the form's two players cannot play it (cuban is for four)
        initial["seats"] = seats[0]
    if preferences.target is not None:
        initial |= {"match_format": "target", "target": preferences.target}
    if preferences.single_draw:
        initial["stuck"] = "single_draw"
    if preferences.alternating_starters:
        initial["next_opener"] = "rotate"
    return initial
