"""The records' models (re-exported by games.models): each finished match's result per person
(:class:`MatchResult`) and the Glicko-2 ratings (:class:`Rating`), written only by
:mod:`games.records.results`."""

from django.conf import settings
from django.db import models
from django.utils.translation import pgettext_lazy

from games.records.families import FAMILY_LABELS
from games.records.glicko2 import PROVISIONAL_RD

FAMILY_CHOICES = [(family.value, label) for family, label in FAMILY_LABELS.items()]


class MatchResult(models.Model):
    """How a finished match went for one signed-in person's seat: the row statistics, history
    and ratings read. Written once per seat by :mod:`games.records.results` when the match ends."""

    class Outcome(models.TextChoices):
        WIN = "win", pgettext_lazy("outcome", "Won")
        LOSS = "loss", pgettext_lazy("outcome", "Lost")
        DRAW = "draw", pgettext_lazy("outcome", "Drawn")

    #: ``opponent`` of a match against people only; otherwise the computer's level (or MIXED).
    HUMAN = "human"
    MIXED = "mixed"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="match_results", on_delete=models.CASCADE
    )
    table = models.ForeignKey("games.Table", related_name="results", on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField()
    preset = models.CharField(max_length=16)
    family = models.CharField(max_length=8, choices=FAMILY_CHOICES)
    seats = models.PositiveSmallIntegerField()
    opponent = models.CharField(
        max_length=8, help_text='"human", a computer level, or "mixed" (people and computer).'
    )
    outcome = models.CharField(max_length=4, choices=Outcome.choices)
    forfeited = models.BooleanField(default=False, help_text="This seat's side forfeited.")
    take_backs = models.BooleanField(
        default=False,
        help_text="Moves were taken back in this match: counted apart from clean results, "
        "never rated.",
    )
    hands_played = models.PositiveSmallIntegerField()
    hands_won = models.PositiveSmallIntegerField()
    points_for = models.PositiveIntegerField()
    points_against = models.PositiveIntegerField()
    finished_at = models.DateTimeField()
    rated = models.BooleanField(default=False)
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["-finished_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="one_result_per_seat")
        ]
        indexes = [models.Index(fields=["user", "finished_at"], name="result_user_time")]

    def __str__(self) -> str:
        return f"{self.table.public_id} seat {self.seat}: {self.outcome}"

    @property
    def won(self) -> bool:
        return self.outcome == self.Outcome.WIN


class Rating(models.Model):
    """A person's Glicko-2 rating in one family of presets (:mod:`games.records.families`)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="ratings", on_delete=models.CASCADE
    )
    family = models.CharField(max_length=8, choices=FAMILY_CHOICES)
    rating = models.FloatField()
    rd = models.FloatField()
    volatility = models.FloatField()
    matches = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "family"], name="one_rating_per_family")
        ]
        indexes = [models.Index(fields=["family", "-rating"], name="rating_board")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.family}: {self.rating:.0f} ± {self.rd:.0f}"

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD
