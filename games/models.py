"""Tables, their seats and their log.

The log (:class:`LogEntry`: each hand's deal and every move) is the truth; ``Table.record`` is
a cache of the same match as a ``dominoes-record/1`` document, from which the engine rebuilds
its state. ``Table.version`` numbers every change, and every event sent to a client carries it.
Only :mod:`games.services` writes these rows.
"""

import secrets

from django.conf import settings
from django.db import models


def new_public_id() -> str:
    """An unguessable id for URLs: knowing a table's id is not a way into another table."""
    return secrets.token_urlsafe(9)


class Table(models.Model):
    class Kind(models.TextChoices):
        COMPUTER = "computer", "Against the computer"
        ONLINE = "online", "Friends online"

    public_id = models.CharField(max_length=16, unique=True, default=new_public_id)
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.COMPUTER)
    rules = models.JSONField(help_text="The rules as a record spells them (RULES.md).")
    record = models.JSONField(help_text="The match so far: a cache of the log. Never sent out.")
    version = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True, help_text="Dealt; None in the lobby.")
    finished = models.BooleanField(default=False)
    turn_seconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="The casual clock's seconds a turn; None: no clock."
    )
    grace_seconds = models.PositiveIntegerField(
        default=0, help_text="Reconnection grace added to every turn (tournament clock)."
    )
    forfeit_at_deadline = models.BooleanField(
        default=False, help_text="Tournament clock: the seat out of time forfeits the match."
    )
    deadline = models.DateTimeField(
        null=True, blank=True, help_text="When the seat to move runs out of time, grace included."
    )
    forfeited_by = models.PositiveSmallIntegerField(null=True, blank=True)
    rematch_votes = models.JSONField(default=list, help_text="Seats that asked for a rematch.")
    rematch = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of"
    )
    show_hints = models.BooleanField(default=True)
    auto_pass = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=["finished", "updated_at"]),
            models.Index(fields=["deadline"], name="table_deadline"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} table {self.public_id}"


class Seat(models.Model):
    """A seat at a table: a person (a user, or a guest by browser session) or a computer."""

    table = models.ForeignKey(Table, related_name="seats", on_delete=models.CASCADE)
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    guest = models.CharField(max_length=64, blank=True, help_text="A guest's session key.")
    name = models.CharField(max_length=40)
    bot_level = models.CharField(max_length=8, blank=True, help_text="Blank for a person.")
    away = models.BooleanField(
        default=False, help_text="The person left: the computer plays the seat until they return."
    )
    seen_at = models.DateTimeField(
        null=True,
        blank=True,
        db_index=True,
        help_text="When a socket of the person was last known open (games.presence).",
    )

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_seat_per_index")
        ]

    def __str__(self) -> str:
        return f"{self.table.public_id} seat {self.index}: {self.name}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def played_by_computer(self) -> bool:
        return self.is_bot or self.away


class LogEntry(models.Model):
    """One hand's deal or one move, in match order (``position``)."""

    class Kind(models.TextChoices):
        DEAL = "deal"
        MOVE = "move"

    table = models.ForeignKey(Table, related_name="log", on_delete=models.CASCADE)
    position = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    payload = models.JSONField(help_text="A deal (with its seed) or a move, as a record spells it.")
    version = models.PositiveIntegerField(help_text="The table's version this entry made.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_entry_per_position")
        ]

    def __str__(self) -> str:
        return f"{self.table.public_id} #{self.position} {self.kind}"
