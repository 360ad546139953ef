"""Tournaments, their entrants and their matches. Only :mod:`tournaments.services` writes these.

A match's table is an ordinary online table of :mod:`games` (the tournament clock); the result
comes back through ``games.signals.match_finished``. ``Tournament.version`` numbers every
change, so the page's poll can tell when there is something new.
"""

import secrets
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from accounts.selectors import display_name
from games.engine import TARGET_RANGE, Preset
from games.words import PRESET_NAMES


def new_public_id() -> str:
    return secrets.token_urlsafe(9)


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Tournament(models.Model):
    class Format(models.TextChoices):
        ELIMINATION = "elimination", gettext_lazy("Winner advances")
        ROUND_ROBIN = "round_robin", gettext_lazy("Round robin")
        SWISS = "swiss", pgettext_lazy("tournament format", "Swiss")

    class Scoring(models.TextChoices):
        TARGET = "target", gettext_lazy("Points target")
        BEST_OF = "best_of", gettext_lazy("Best of hands")

    class Seeding(models.TextChoices):
        SHUFFLE = "shuffle", gettext_lazy("Shuffled by the server's seed")
        RATING = "rating", gettext_lazy("By rating")
        MANUAL = "manual", gettext_lazy("In the host's order")

    class Status(models.TextChoices):
        DRAFT = "draft", gettext_lazy("Taking entrants")
        RUNNING = "running", pgettext_lazy("tournament", "Running")
        FINISHED = "finished", pgettext_lazy("tournament", "Finished")
        CANCELLED = "cancelled", pgettext_lazy("tournament", "Cancelled")

    public_id = models.CharField(max_length=16, unique=True, default=new_public_id)
    name = models.CharField(max_length=80)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="hosted_tournaments", on_delete=models.CASCADE
    )
    # No choices: the games are the engine's (a new preset needs no migration here);
    # tournaments.services.hosting.match_rules checks that one can be played one on one.
    preset = models.CharField(
        max_length=24, default=Preset.CLASSIC.value, help_text="The game every match plays."
    )
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.ELIMINATION)
    scoring = models.CharField(max_length=8, choices=Scoring.choices, default=Scoring.TARGET)
    match_length = models.PositiveSmallIntegerField(
        default=100,
        help_text=f"The points target ({TARGET_RANGE.start}-{TARGET_RANGE[-1]}), "
        "or the hands of Best of (1-5).",
    )
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Swiss: how many rounds are played."
    )
    description = models.TextField(blank=True, help_text="What the tournament is, for players.")
    rules_text = models.TextField(blank=True, help_text="The host's own rules and conduct.")
    starts_at = models.DateTimeField(null=True, blank=True, help_text="When it starts (UTC).")
    time_zone = models.CharField(
        max_length=64, default="UTC", help_text="The host's time zone, as the start was entered."
    )
    auto_start = models.BooleanField(default=False, help_text="Start by itself at starts_at.")
    auto_start_refusal = models.CharField(
        max_length=300, blank=True, help_text="Why the automatic start did not happen."
    )
    check_in_minutes = models.PositiveSmallIntegerField(default=5)
    player_cap = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The most confirmed players, within the host's plan."
    )
    seeding = models.CharField(max_length=8, choices=Seeding.choices, default=Seeding.SHUFFLE)
    duplicate = models.BooleanField(
        default=False,
        help_text="Each match is played twice on the same deals, the seats swapped, so the "
        "luck of the deal cancels.",
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    seed = models.BigIntegerField(
        null=True, blank=True, help_text="Server-generated at the start; shuffles the entrants."
    )
    champion = models.ForeignKey(
        "Entrant", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    cancelled_reason = models.CharField(max_length=200, blank=True)
    rematch = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of"
    )
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "starts_at"], name="start_due")]
        permissions = [
            ("host_tournaments", "Can host tournaments"),
            ("manage_all_tournaments", "Can manage every host's tournaments"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def format_description(self) -> str:
        """The format as the page's heading says it, e.g. "Swiss, 3 rounds, duplicate"."""
        if self.format == self.Format.SWISS and self.rounds:
            words = ngettext("Swiss, %(rounds)s round", "Swiss, %(rounds)s rounds", self.rounds) % {
                "rounds": self.rounds
            }
        else:
            words = self.get_format_display()
        if self.duplicate:
            return pgettext("a tournament's format", "%(format)s, duplicate") % {"format": words}
        return words

    @property
    def start_in_host_zone(self) -> str:
        """The start time on the host's clock, its zone named: what a page says before the
        reader's browser puts it on theirs ("Saturday 5 December 2026, 19:00 (Europe/London)")."""
        if self.starts_at is None:
            return ""
        local = self.starts_at.astimezone(ZoneInfo(self.time_zone))
        return f"{local:%A} {local.day} {local:%B %Y, %H:%M} ({self.time_zone.replace('_', ' ')})"

    @property
    def game_name(self) -> str:
        return str(PRESET_NAMES.get(self.preset, self.preset))

    @property
    def game_description(self) -> str:
        """The game and its match, as pages and emails say what is played: "Block, to 100
        points", "Single round, best of 3 hands"."""
        if self.scoring == self.Scoring.BEST_OF:
            words = ngettext(
                "%(game)s, best of %(hands)s hand",
                "%(game)s, best of %(hands)s hands",
                self.match_length,
            )
            return words % {"game": self.game_name, "hands": self.match_length}
        words = ngettext(
            "%(game)s, to %(points)s point", "%(game)s, to %(points)s points", self.match_length
        )
        return words % {"game": self.game_name, "points": self.match_length}


class Entrant(models.Model):
    """A player of a tournament: invited by the host, or asking to join; only once both sides
    agree (``CONFIRMED``) do they play."""

    class Status(models.TextChoices):
        INVITED = "invited", gettext_lazy("Invited by the host")
        REQUESTED = "requested", gettext_lazy("Asked to join")
        CONFIRMED = "confirmed", pgettext_lazy("entrant", "Confirmed")

    tournament = models.ForeignKey(Tournament, related_name="entrants", on_delete=models.CASCADE)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="tournament_entries", on_delete=models.CASCADE
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.INVITED)
    seed_position = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Place in the seeded order (the last tie-break)."
    )
    host_order = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Place in the host's manual seeding, before the start."
    )
    wants_rematch = models.BooleanField(default=False)
    withdrawn_after = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Swiss: dropped by the host after this round; paired no more, results kept.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seed_position", "created_at"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player")
        ]

    def __str__(self) -> str:
        return display_name(self.user)


class TournamentMatch(models.Model):
    """One slot of one round: two entrants, or one with a bye (elimination, Swiss) or a rest
    (round robin)."""

    class Status(models.TextChoices):
        WAITING = "waiting", gettext_lazy("Waiting for the round")
        CHECK_IN = "check_in", gettext_lazy("Check-in")
        PLAYING = "playing", pgettext_lazy("match", "Playing")
        FINISHED = "finished", pgettext_lazy("match", "Finished")
        BYE = "bye", pgettext_lazy("a round without an opponent", "Bye")
        REST = "rest", pgettext_lazy("a round without a match", "Rest")
        CANCELLED = "cancelled", pgettext_lazy("match", "Cancelled")

    tournament = models.ForeignKey(Tournament, related_name="matches", on_delete=models.CASCADE)
    round = models.PositiveSmallIntegerField(help_text="1 for the first round.")
    slot = models.PositiveSmallIntegerField()
    first = models.ForeignKey(Entrant, related_name="+", on_delete=models.CASCADE)
    second = models.ForeignKey(
        Entrant, null=True, blank=True, related_name="+", on_delete=models.CASCADE
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    first_ready = models.BooleanField(default=False)
    second_ready = models.BooleanField(default=False)
    check_in_deadline = models.DateTimeField(null=True, blank=True)
    table = models.OneToOneField(
        "games.Table",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_match",
    )
    first_leg = models.OneToOneField(
        "games.Table",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Duplicate: the first leg's table, once played (``table`` is then the second).",
    )
    winner = models.ForeignKey(
        Entrant, null=True, blank=True, related_name="+", on_delete=models.CASCADE
    )
    by_forfeit = models.BooleanField(default=False, help_text="Decided by check-in or clock.")
    override_reason = models.CharField(
        max_length=200, blank=True, help_text="Why the host set this result (overridden)."
    )
    edge = models.IntegerField(
        null=True,
        blank=True,
        help_text="Duplicate across tables: the first entrant's edge on the same deals over the "
        "other tables, in the match's terms (None: the legs were compared with each other).",
    )
    first_hands = models.PositiveSmallIntegerField(default=0)
    second_hands = models.PositiveSmallIntegerField(default=0)
    first_points = models.PositiveIntegerField(default=0)
    second_points = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "slot"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "slot"], name="one_match_per_slot"
            )
        ]
        indexes = [models.Index(fields=["status", "check_in_deadline"], name="check_in_window")]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round} match {self.slot + 1}"

    def entrants(self) -> list[Entrant]:
        return [e for e in (self.first, self.second) if e is not None]


class Invitation(models.Model):
    """An invitation by email to someone with no account yet: the emailed link (its token)
    lets whoever signs up from it join, confirmed, once; or, sent by a replacement, take the
    place of ``replaces`` (before the start, or in ``match`` while it checks in)."""

    tournament = models.ForeignKey(Tournament, related_name="invitations", on_delete=models.CASCADE)
    email = models.EmailField()
    token = models.CharField(max_length=40, unique=True, default=new_token)
    replaces = models.ForeignKey(
        Entrant,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        help_text="A replacement: the entrant whose place the newcomer takes.",
    )
    match = models.ForeignKey(
        TournamentMatch,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        help_text="A no-show's replacement: the match checking in that the newcomer plays.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "email"], name="one_invitation_each")
        ]

    def __str__(self) -> str:
        return self.email
