"""The clock and its deadlines: a turn's time running out, the computer's turns (the jobs and
the sweep behind them), a person gone or left past the rejoin grace (a rated or tournament
match's loss, a casual table's computer)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.module_loading import import_string

from games.engine import Match
from games.engine.bots import Bot, Level
from games.errors import TableNotFound
from games.models import REJOIN_GRACE_SECONDS as REJOIN_GRACE_SECONDS
from games.models import Seat, Table
from games.services._tables import (
    advance,
    deal,
    locked_table,
    log_move,
    match_of,
    save_and_announce,
    seed_of,
)

#: The casual clock (seed 001): seconds a turn, after which the server plays for the seat.
CASUAL_TURN_SECONDS = 60


#: The tournament clock (seed 000): a playing allowance a turn plus a reconnection grace; the
#: deadline shown includes the grace, and at expiry the seat to move forfeits the match.
TOURNAMENT_TURN_SECONDS = 180


TOURNAMENT_GRACE_SECONDS = 120


#: Who plays for a person out of time or away.
STAND_IN_LEVEL = Level.MEDIUM


def run_bot_turn(*, public_id: str, expected_version: int) -> bool:
    """The computer's move at a table, if the table is still where the job expects it.

    Idempotent: a job that arrives late or twice finds another version and does nothing.
    """
    with transaction.atomic():
        try:
            table = locked_table(public_id)
        except TableNotFound:
            return False
        if table.version != expected_version or table.finished:
            return False
        match = match_of(table)
        seat = next((s for s in table.seats.all() if s.index == match.turn), None)
        if seat is None or not seat.played_by_computer:
            return False
        _computer_moves(table, match, seat)
    return True


def expire_turn(*, public_id: str, expected_version: int | None = None) -> bool:
    """When the seat to move has run out of time: the server draws as needed and plays for it.

    Called by the deadline's job (with the version it was set at), by the sweep and when a
    table is opened (without). The deadline is read from the database, never trusted from the
    caller: a job that runs early, late or twice does nothing. A computer's turn has a deadline
    too (its job was lost if it passes): the computer then moves.
    """
    with transaction.atomic():
        try:
            table = locked_table(public_id)
        except TableNotFound:
            return False
        if table.deadline is None or table.deadline > timezone.now():
            return False
        if expected_version is not None and expected_version != table.version:
            return False
        match = match_of(table)
        if match.needs_deal:  # nobody pressed "Next round" in time
            deal(table, match)
            advance(table, match)
            return True
        seat = next(s for s in table.seats.all() if s.index == match.turn)
        if table.forfeit_at_deadline and not seat.played_by_computer:
            _forfeit(table, seat.index)
        else:
            # A person out of time: their moves are logged as played for them (played_for).
            _computer_moves(table, match, seat, timed_out=not seat.played_by_computer)
    return True


def _computer_moves(table: Table, match: Match, seat: Seat, *, timed_out: bool = False) -> None:
    """The computer plays the seat's turn (draws as needed, then a tile or a pass): at its own
    level for a computer seat, at the stand-in's for a person's (``timed_out``: whose time ran
    out)."""
    bot = Bot(seat.bot_level or STAND_IN_LEVEL, seed=seed_of(table))
    while match.turn == seat.index:
        move = bot.choose(match.view_for(seat.index))
        match.apply(seat.index, move)
        log_move(table, match, seat.index, move, timed_out=timed_out)
    advance(table, match)


def _forfeit(table: Table, seat: int) -> None:
    table.forfeited_by = seat
    table.finished = True
    table.deadline = None
    save_and_announce(table, "forfeited_by", "finished", "deadline", finished=True)


def read_on_time(*, public_id: str, read: Callable[[], Table]) -> Table:
    """The table as ``read`` reads it, its deadline enforced: opening a table plays first a turn
    whose time ran out, then reads it again. The deadline comes with the row: one read while
    the clock has not run out (a page, a socket opening)."""
    table = read()
    if table.deadline is not None and table.deadline <= timezone.now():
        expire_turn(public_id=public_id)
        table = read()
    return table


def sweep_deadlines() -> int:
    """Resolve every deadline that passed without its job (a lost job, a restart), and hand
    over the seats of people gone past the grace; the safety net behind the scheduled jobs.
    Returns how many were resolved, check-in windows of ``settings.DEADLINE_SWEEPERS``
    included."""
    now = timezone.now()
    expired = Table.objects.filter(deadline__lte=now, finished=False)
    grace_ago = now - timedelta(seconds=REJOIN_GRACE_SECONDS)
    gone = Seat.objects.filter(
        # Every socket closed past the grace: at a casual table a seat not away yet (the
        # computer takes it), at a rated one away or not (lost); a tournament's clock decides
        # for its own. Or Leave pressed where leaving forfeits, and not back within the grace.
        Q(seen_at__lte=grace_ago, table__forfeit_at_deadline=False)
        & (Q(away=False) | Q(table__rated=True))
        | Q(left_at__lte=grace_ago),
        table__finished=False,
        table__started_at__isnull=False,
        table__kind=Table.Kind.ONLINE,
    ).order_by(F("left_at").asc(nulls_last=True))  # both left: the first to leave loses
    turns = sum(
        expire_turn(public_id=public_id)
        for public_id in expired.values_list("public_id", flat=True)
    )
    # Other apps' windows (tournament check-ins), named in settings so games imports none.
    others: int = sum(import_string(path)() for path in settings.DEADLINE_SWEEPERS)
    return (
        turns
        + others
        + sum(
            hand_over_if_gone(public_id=public_id, seat_index=index)
            for public_id, index in gone.values_list("table__public_id", "index")
        )
    )


def hand_over_if_gone(*, public_id: str, seat_index: int) -> bool:
    """After the grace: a person who pressed Leave where leaving forfeits (a rated or a
    tournament's match, ``Table.leaving_forfeits``) and is not back, or who is gone (every
    socket closed) from a rated table, loses the match (a forfeit: the others are told, the
    result recorded and ratings moved by the match's end); one gone from a casual table has
    the computer take their seat until they are back."""
    with transaction.atomic():
        try:
            table = locked_table(public_id)
        except TableNotFound:
            return False
        seat = next((s for s in table.seats.all() if s.index == seat_index), None)
        if seat is None or seat.is_bot or table.started_at is None or table.finished:
            return False
        grace_ago = timezone.now() - timedelta(seconds=REJOIN_GRACE_SECONDS)
        left = seat.left_at is not None and seat.left_at <= grace_ago
        gone = (
            not table.forfeit_at_deadline and seat.seen_at is not None and seat.seen_at <= grace_ago
        )
        if not (left or (gone and (table.rated or not seat.away))):
            return False
        seat.away = True  # gone: the page shows the seat left (a forfeit) or the computer's
        seat.save(update_fields=["away"])
        if left or table.rated:
            _forfeit(table, seat.index)
        else:
            advance(table, match_of(table), off_the_log=True)
    return True
