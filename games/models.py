"""Tables, their seats and their log.

The log (:class:`LogEntry`: each hand's deal and every move) is the truth; ``Table.record`` is
a cache of the same match as a ``dominoes-record/1`` document, from which the engine rebuilds
its state. It is kept in two columns, ``Table.settled_record`` (the record as last written
whole) and ``Table.hand_moves`` (its last hand's moves since), in the format
:mod:`games.stored_record` owns for both writers (:meth:`Table.store` here, the one statement's
SQL in games.live.writes). ``Table.version`` numbers every change, and every event sent
to a client carries it. Only :mod:`games.services` writes these rows.
"""

import secrets
from typing import Any

from django.conf import settings
from django.db import models

from accounts.names import DISPLAY_NAME_MAX, validate_display_name
from games import stored_record
from games.preferences.models import Preferences as Preferences  # its own module
from games.records.models import MatchResult as MatchResult  # the records' own module
from games.records.models import Rating as Rating


def new_public_id() -> str:
    """An unguessable id for URLs: knowing a table's id is not a way into another table."""
    return secrets.token_urlsafe(9)


#: How long a person may be gone (every socket closed) before the computer takes their seat
#: (a casual table) or they lose the match (a rated one); a short interruption changes nothing.
#: And how long one who pressed Leave at a rated or tournament match has to come back.
REJOIN_GRACE_SECONDS = 120


class Table(models.Model):
    class Kind(models.TextChoices):
        COMPUTER = "computer", "Against the computer"
        ONLINE = "online", "Friends online"

    public_id = models.CharField(max_length=16, unique=True, default=new_public_id)
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.COMPUTER)
    rules = models.JSONField(
        help_text="The rules as a record spells them (docs/rules.md, Records)."
    )
    # The column keeps its first name (``record``) and its lz4 compression (migration 0010);
    # the field's name says what it holds since the moves of the hand got their own column.
    settled_record = models.JSONField(
        db_column=stored_record.RECORD_COLUMN,
        help_text="The match as last written whole, a cache of the log: without hand_moves, "
        "read it through Table.record. Never sent out.",
    )
    hand_moves = models.JSONField(
        default=list,
        help_text="The moves of settled_record's last hand played since it was written.",
    )
    hand_seed = models.CharField(
        max_length=128,
        blank=True,
        help_text="The current hand's shuffle seed, a cache of its deal in the log: secret until "
        "the hand is over (games.fairness).",
    )
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
    rated = models.BooleanField(
        default=False,
        help_text="Rated (games.services.is_rated), decided once, at the match's first deal: "
        "nothing that happens later (a guest signing in) changes it.",
    )
    rematch_votes = models.JSONField(default=list, help_text="Seats that asked for a rematch.")
    rematch = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of"
    )
    arrivals = models.JSONField(
        default=list,
        blank=True,
        help_text="Friends who came after the start, each to take a computer's seat at the next "
        'deal: {"seat", "user", "guest", "name"}, and "seated" once it is theirs.',
    )
    removed = models.JSONField(
        default=list,
        blank=True,
        help_text='People the host removed before the start ("user:<id>", "guest:<session>"): '
        "they may not join again.",
    )
    show_hints = models.BooleanField(default=True)
    take_backs = models.PositiveIntegerField(
        default=0,
        help_text="How many times moves were taken back (undo): the match's result then counts "
        "apart from clean ones, and its record says so.",
    )
    auto_pass = models.BooleanField(default=False)
    table_talk = models.BooleanField(
        default=False,
        help_text="The host of a friends table lets partners say phrases and reactions during "
        "the hands (games.services.remarks); such a match is never rated.",
    )
    deals_like = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Duplicate: each hand is dealt from the seed of the same hand of this "
        "(finished) table, while it has one; fresh seeds after.",
    )
    deals_private = models.BooleanField(default=False)  # games.services.create_seated_table says
    seated_by_site = models.BooleanField(
        default=False,
        help_text="Seated and dealt by the site (a quick match, a tournament's match): nobody "
        "hosted it, so no seat is the host's.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        # No index on a column that every move changes (``updated_at``, ``version``,
        # ``hand_moves``): PostgreSQL then updates the row in place (a HOT update, room left
        # on its pages by migration 0013's fillfactor) instead of adding an entry to each of
        # the table's indexes at every move. ``deadline`` changes only at clocked tables.
        indexes = [models.Index(fields=["deadline"], name="table_deadline")]
        # Staff status is for the admin (tournament hosts are staff): reading a match someone
        # else played, every hidden tile of it, needs this permission of its own.
        permissions = [("view_any_record", "Can replay any finished match and download its record")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} table {self.public_id}"

    @property
    def deals_withheld(self) -> bool:
        """Another table has this table's deals still to play (a duplicate's first leg, until
        the table replaying it has finished: games.services.publish_deals). The one check of
        everything that would show them: nobody watches the table, and its record, replay,
        seeds, reviews, play-on and history row's replay stay shut to everyone, its own
        players and staff included, who could otherwise play or pass on the leg to come
        knowing every tile. :meth:`deals_shown` is the same check for a query."""
        return self.deals_private

    @staticmethod
    def deals_shown(path: str = "") -> models.Q:
        """The rows whose table (at ``path``, e.g. ``"table__"``) shows its deals: the query's
        form of :attr:`deals_withheld`, for figures read across many tables at once."""
        return models.Q(**{f"{path}deals_private": False})

    @property
    def leaving_forfeits(self) -> bool:
        """A rated or a tournament's match: a person who leaves it and is not back within the
        rejoin grace loses it, and nothing plays for them meanwhile but the clock's stand-in
        (games.services.leave_table)."""
        return self.rated or self.forfeit_at_deadline

    def waiting_arrivals(self) -> list[dict[str, Any]]:
        """The friends of ``arrivals`` the next deal seats (the others already play)."""
        return [arrival for arrival in self.arrivals if not arrival.get("seated")]

    @property
    def record(self) -> dict[str, Any]:
        """The match so far, the whole ``dominoes-record/1`` document (games.stored_record:
        the settled record with ``hand_moves`` appended to its last hand's moves). To read,
        not to change in place."""
        return stored_record.whole_record(self.settled_record, self.hand_moves)

    @record.setter
    def record(self, record: dict[str, Any]) -> None:
        """Keep ``record`` as the whole match: no moves apart from it any more. (Also what
        ``Table(record=...)`` and ``Table.objects.create(record=...)`` do.)"""
        self.settled_record = record
        self.hand_moves = []

    def store(self, record: dict[str, Any]) -> list[str]:
        """Keep ``record``, the whole match, and name the fields to save: only ``hand_moves``
        when moves were added to the last hand, else the whole record
        (games.stored_record.stored)."""
        fields = stored_record.stored(self.settled_record, record)
        for name, value in fields.items():
            setattr(self, name, value)
        return list(fields)


class PlayedBy:
    """Who plays a seat, from its ``bot_level`` and ``away``: a Seat row or a snapshot's seat
    (games.live.snapshots)."""

    __slots__ = ()
    bot_level: str
    away: bool

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def played_by_computer(self) -> bool:
        return self.is_bot or self.away


class Seat(PlayedBy, models.Model):
    """A seat at a table: a person (a user, or a guest by browser session) or a computer."""

    table = models.ForeignKey(Table, related_name="seats", on_delete=models.CASCADE)
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    guest = models.CharField(max_length=64, blank=True, help_text="A guest's session key.")
    name = models.CharField(max_length=DISPLAY_NAME_MAX, validators=[validate_display_name])
    bot_level = models.CharField(max_length=8, blank=True, help_text="Blank for a person.")
    away = models.BooleanField(
        default=False, help_text="The person left: the computer plays the seat until they return."
    )
    seen_at = models.DateTimeField(
        null=True,
        blank=True,
        db_index=True,
        help_text="When a socket of the person was last known open (games.live.presence).",
    )
    left_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the person pressed Leave at a table where leaving forfeits "
        "(Table.leaving_forfeits): back within the rejoin grace, or the match is lost.",
    )

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_seat_per_index")
        ]
        # A guest's seats, found without reading every seat: at sign-in (claim_guest_seats)
        # and before each table a guest creates (the open tables limit). Guests only: an
        # account's seats have their user's index.
        indexes = [models.Index(fields=["guest"], name="seat_guest", condition=~models.Q(guest=""))]

    def __str__(self) -> str:
        return f"{self.table.public_id} seat {self.index}: {self.name}"


class LogEntry(models.Model):
    """One hand's deal or one move, in match order (``position``)."""

    class Kind(models.TextChoices):
        DEAL = "deal"
        MOVE = "move"

    # No index of its own: the unique (table, position) below starts with the table and serves
    # every lookup by table; one index fewer to write at every move. No foreign key constraint
    # in the database either: checking it cost every move a lock on the row it had just
    # updated, for a table that is there by construction (a move's statement inserts its
    # entries only for the row its UPDATE returns; the locked path holds the row). Deleting a
    # table deletes its log all the same (Django cascades:
    # tests/games/services/test_one_statement_moves.py);
    # only a move committed while a table is being deleted can leave its entry behind, which
    # nothing reads (no table id is given twice).
    table = models.ForeignKey(
        Table, related_name="log", on_delete=models.CASCADE, db_index=False, db_constraint=False
    )
    position = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    payload = models.JSONField(help_text="A deal (with its seed) or a move, as a record spells it.")
    version = models.PositiveIntegerField(help_text="The table's version this entry made.")
    # A database default too: a move written in one statement (games.live.writes) is a person's own
    # and never names this column.
    timed_out = models.BooleanField(
        default=False,
        db_default=False,
        help_text="A move the server played for a person whose time ran out.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_entry_per_position")
        ]

    def __str__(self) -> str:
        return f"{self.table.public_id} #{self.position} {self.kind}"


class Remark(models.Model):
    """A phrase or reaction said at a table (games.phrases; games.services.remarks): outside
    the match's log and version, so a remark never changes the game nor what anyone sees of it.
    ``seat`` None: said by a spectator, shown to spectators only."""

    table = models.ForeignKey(Table, related_name="remarks", on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    name = models.CharField(max_length=DISPLAY_NAME_MAX, help_text="The speaker's name then.")
    speaker = models.CharField(
        max_length=32, help_text="Who said it, as a token that is the same at every table (mute)."
    )
    phrase = models.CharField(max_length=32, help_text="An id of games.phrases.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["table", "-id"], name="remarks_latest")]

    def __str__(self) -> str:
        return f"{self.table.public_id} {self.name}: {self.phrase}"


class HandReview(models.Model):
    """The coach's review of one seat's decisions in one finished hand (games.coach): each
    decision graded from what the seat knew then. Shown only once the rules allow it
    (games.coach.selectors)."""

    table = models.ForeignKey(Table, related_name="reviews", on_delete=models.CASCADE)
    hand = models.PositiveSmallIntegerField(help_text="The hand's number in the match, from 0.")
    seat = models.PositiveSmallIntegerField()
    decisions = models.JSONField(help_text="Each graded decision (games.coach.grading.Graded).")
    critical = models.JSONField(default=list, help_text="The plies of the costliest moments.")
    forced = models.PositiveSmallIntegerField(default=0, help_text="Forced moves, not graded.")
    accuracy = models.FloatField(null=True, blank=True, help_text="0-100; None: nothing graded.")
    luck = models.FloatField(
        null=True, blank=True, help_text="What the deal was worth to master, in points."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "hand", "seat"], name="one_review_a_seat_hand")
        ]

    def __str__(self) -> str:
        return f"Review of seat {self.seat + 1}, hand {self.hand + 1} at {self.table_id}"
