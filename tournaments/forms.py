"""The tournament settings form, shared by the hosts' admin and pages.

The match length is asked in its own terms: a points target (25-500, 100 by default) or the
hands of Best of (1-5, 3 by default), each its own field, so choosing Best of never keeps the
target's 100. The settings are checked by :func:`tournaments.services.check_settings`, whose
refusal is the form's error.
"""

from zoneinfo import ZoneInfo, available_timezones

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy, ngettext

from games.engine import Preset
from games.preset_cards import preset_cards
from games.words import PRESET_NAMES, TARGETS
from tournaments import services
from tournaments.models import Tournament

LOCAL_MINUTE = "%Y-%m-%dT%H:%M"  # what <input type="datetime-local"> sends and shows
TIME_ZONES = sorted(available_timezones())
#: The settings form in parts, as a host thinks of them: (legend, field names).
GROUPS = [
    (gettext_lazy("The tournament"), ["name", "description", "rules_text"]),
    (gettext_lazy("Game"), ["preset"]),
    (
        gettext_lazy("Matches"),
        ["format", "rounds", "scoring", "points_target", "best_of_hands", "duplicate"],
    ),
    (gettext_lazy("When"), ["starts_at", "time_zone", "auto_start", "check_in_minutes"]),
    (gettext_lazy("Players"), ["player_cap", "seeding"]),
]

DEFAULT_TARGET = 100
DEFAULT_HANDS = 3


def hand_choices() -> list[tuple[int, str]]:
    """Best of's hands in the reader's words (a callable: the form asks for them each time)."""
    return [
        (n, ngettext("%(hands)s hand", "%(hands)s hands", n) % {"hands": n})
        for n in services.BEST_OF_HANDS
    ]


def game_choices() -> list[tuple[str, object]]:
    """The games a tournament may play (a callable: the engine's list, read each time)."""
    return [(preset.value, PRESET_NAMES[preset]) for preset in services.tournament_games()]


class TournamentSettingsForm(forms.ModelForm):
    preset = forms.ChoiceField(
        label=gettext_lazy("Game"),
        choices=game_choices,
        initial=Preset.CLASSIC.value,
        required=False,
        widget=forms.RadioSelect,
        help_text=gettext_lazy(
            "Every match is this game, one on one, to your points target or Best of."
        ),
    )
    points_target = forms.IntegerField(
        label=gettext_lazy("Points target"),
        initial=DEFAULT_TARGET,
        required=False,
        help_text=format_lazy(
            gettext_lazy("With a points target: the first to this many points ({targets}) wins."),
            targets=TARGETS,
        ),
    )
    best_of_hands = forms.TypedChoiceField(
        label=gettext_lazy("Best of"),
        choices=hand_choices,
        coerce=int,
        initial=DEFAULT_HANDS,
        required=False,
        help_text=gettext_lazy("With Best of hands: the most hands won takes the match."),
    )

    starts_at = forms.DateTimeField(
        label=gettext_lazy("Start time"),
        required=False,
        input_formats=[LOCAL_MINUTE, "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL_MINUTE),
        help_text=gettext_lazy("In your time zone, below; each player sees it in their own."),
    )
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Your time zone"), choices=[(z, z.replace("_", " ")) for z in TIME_ZONES]
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "description",
            "rules_text",
            "preset",
            "format",
            "rounds",
            "scoring",
            "time_zone",
            "auto_start",
            "check_in_minutes",
            "player_cap",
            "seeding",
            "duplicate",
        ]
        labels = {
            "name": gettext_lazy("Name"),
            "description": gettext_lazy("Description"),
            "format": gettext_lazy("Format"),
            "scoring": gettext_lazy("Scoring"),
            "rounds": gettext_lazy("Swiss rounds"),
            "rules_text": gettext_lazy("Rules"),
            "auto_start": gettext_lazy("Start automatically at the start time"),
            "check_in_minutes": gettext_lazy("Check-in window (minutes)"),
            "player_cap": gettext_lazy("Most players"),
            "seeding": gettext_lazy("Seeding"),
            "duplicate": gettext_lazy("Duplicate deals"),
        }
        help_texts = {
            "rounds": gettext_lazy(
                "With Swiss: how many rounds are played (at most half the players)."
            ),
            "duplicate": gettext_lazy(
                "Each match is played in two legs, the seats swapped; the second on another "
                "table's deals, compared with that table, so the luck of the deal cancels (a "
                "match alone in its round replays its own)."
            ),
            "description": gettext_lazy("What players read first on the tournament's page."),
            "rules_text": gettext_lazy(
                "Your house rules and conduct, shown under the description."
            ),
            "auto_start": gettext_lazy("Otherwise you press Start now on this page."),
            "check_in_minutes": gettext_lazy("How long players have to press I'm ready (1 to 30)."),
            "player_cap": gettext_lazy("Leave empty for as many as your plan allows."),
            "seeding": gettext_lazy(
                "By rating: the best-rated players are kept apart until the late rounds. In "
                "your order: set it under Entrants."
            ),
        }
        widgets = {
            "description": forms.Textarea(attrs={"rows": 3}),
            "rules_text": forms.Textarea(attrs={"rows": 3}),
            "check_in_minutes": forms.NumberInput(attrs={"min": 1, "max": 30}),
            "player_cap": forms.NumberInput(attrs={"min": 2}),
        }

    def __init__(self, *args, player_limit: int | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("time_zone", "check_in_minutes", "seeding"):  # each has its default
            if name in self.fields:
                self.fields[name].required = False
        if player_limit is not None and "player_cap" in self.fields:
            self.fields["player_cap"].widget.attrs["max"] = player_limit
            self.fields["player_cap"].help_text = gettext(
                "Up to %(limit)s, your plan's limit; empty for %(limit)s."
            ) % {"limit": player_limit}
        if self.instance.starts_at is not None:  # shown as the host entered it
            local = timezone.localtime(self.instance.starts_at, ZoneInfo(self.instance.time_zone))
            self.initial["starts_at"] = local.strftime(LOCAL_MINUTE)
        if self.instance.starts_at is None and "time_zone" in self.fields:
            # no start set yet: the browser's zone replaces UTC (tournament-settings.js)
            self.fields["time_zone"].widget.attrs["data-guess"] = "browser"
        if self.instance.pk is not None:  # the saved length shows in its own field
            if self.instance.scoring == Tournament.Scoring.BEST_OF:
                self.initial["best_of_hands"] = self.instance.match_length
            else:
                self.initial["points_target"] = self.instance.match_length

    def clean(self):
        cleaned = super().clean()
        if self.errors or not all(field in cleaned for field in ("name", "format", "scoring")):
            return cleaned  # a field's own error, or read-only once started
        if cleaned["scoring"] == Tournament.Scoring.BEST_OF:
            length = cleaned.get("best_of_hands") or DEFAULT_HANDS
        else:
            length = cleaned.get("points_target") or DEFAULT_TARGET
        try:
            settings = services.check_settings(
                name=cleaned["name"],
                preset=cleaned.get("preset") or self.instance.preset,
                format=cleaned["format"],
                scoring=cleaned["scoring"],
                length=length,
                rounds=cleaned.get("rounds"),
            )
        except services.TournamentError as error:
            raise ValidationError(str(error)) from None
        cleaned["match_length"] = settings["match_length"]
        cleaned["preset"] = settings["preset"]
        cleaned["rounds"] = settings["rounds"]
        if cleaned.get("starts_at") is not None and cleaned.get("time_zone"):
            # entered on the host's clock: the same wall time, in the host's zone
            wall = timezone.make_naive(cleaned["starts_at"], timezone.get_current_timezone())
            cleaned["starts_at"] = wall.replace(tzinfo=ZoneInfo(cleaned["time_zone"]))
        return cleaned

    def groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """The form's fields in :data:`GROUPS`, those it has."""
        return [
            (legend, [self[name] for name in names if name in self.fields])
            for legend, names in GROUPS
        ]

    def preset_cards(self) -> list[dict]:
        """The cards of the games offered (games.preset_cards, as the setup shows them), each
        with its radio."""
        radios = {str(radio.data["value"]): radio for radio in self["preset"]}
        return [
            card | {"radio": radios[card["preset"]]}
            for card in preset_cards()
            if card["preset"] in radios
        ]

    def settings(self) -> dict:
        """The cleaned settings as the services take them (a form without the schedule's
        fields, as the admin's, leaves the schedule as it is)."""
        data = self.cleaned_data
        settings = {
            field: data[field]
            for field in ("name", "format", "scoring", "match_length", "rounds", "duplicate")
        }
        if "preset" in self.fields:
            settings["preset"] = data["preset"]
        if "seeding" in self.fields:
            settings["schedule"] = services.Schedule(
                description=data.get("description", ""),
                rules_text=data.get("rules_text", ""),
                starts_at=data.get("starts_at"),
                time_zone=data.get("time_zone") or "UTC",
                auto_start=bool(data.get("auto_start")),
                check_in_minutes=data.get("check_in_minutes") or 5,
                player_cap=data.get("player_cap"),
                seeding=data.get("seeding") or Tournament.Seeding.SHUFFLE,
            )
        return settings
