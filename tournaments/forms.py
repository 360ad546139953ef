"""The tournament settings form, shared by the hosts' admin and pages.

The match length is asked in its own terms: a points target (25-500, 100 by default) or the
hands of Best of (1-5, 3 by default), each its own field, so choosing Best of never keeps the
target's 100. The settings are checked by :func:`tournaments.services.check_settings`, whose
refusal is the form's error.
"""

from django import forms
from django.core.exceptions import ValidationError

from tournaments import services
from tournaments.models import Tournament

DEFAULT_TARGET = 100
DEFAULT_HANDS = 3


class TournamentSettingsForm(forms.ModelForm):
    points_target = forms.IntegerField(
        label="Points target",
        initial=DEFAULT_TARGET,
        required=False,
        help_text="With a points target: the first to this many points (25 to 500) wins.",
    )
    best_of_hands = forms.TypedChoiceField(
        label="Best of",
        choices=[(n, f"{n} hand" if n == 1 else f"{n} hands") for n in services.BEST_OF_HANDS],
        coerce=int,
        initial=DEFAULT_HANDS,
        required=False,
        help_text="With Best of hands: the most hands won takes the match.",
    )

    class Meta:
        model = Tournament
        fields = ["name", "format", "rounds", "scoring", "duplicate"]
        labels = {"rounds": "Swiss rounds", "duplicate": "Duplicate deals"}
        help_texts = {
            "rounds": "With Swiss: how many rounds are played (at most half the players).",
            "duplicate": "Each match is played twice on the same deals with the seats "
            "swapped, so the luck of the deal cancels.",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
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
                format=cleaned["format"],
                scoring=cleaned["scoring"],
                length=length,
                rounds=cleaned.get("rounds"),
            )
        except services.TournamentError as error:
            raise ValidationError(str(error)) from None
        cleaned["match_length"] = settings["match_length"]
        cleaned["rounds"] = settings["rounds"]
        return cleaned

    def settings(self) -> dict:
        """The cleaned settings as the services take them."""
        return {
            field: self.cleaned_data[field]
            for field in ("name", "format", "scoring", "match_length", "rounds", "duplicate")
        }
