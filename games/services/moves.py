"""A player's moves: a play, the next hand's deal and undo. From the event loop (``aplay``,
``anext_hand``) a change is decided on this process's snapshot and written in one statement
(games.live.writes); otherwise, or when the snapshot cannot decide, on the locked path."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from django.db import transaction
from django.utils import timezone
from psycopg import OperationalError

from accounts.players import Player
from games.engine import Match, Move
from games.errors import SeatAway, StaleVersion
from games.live import async_db, snapshots, writes
from games.models import LogEntry, Table
from games.selectors import take_back_start
from games.services import pipeline
from games.services._tables import (
    advance,
    deal,
    locked_match,
    log_move,
    next_deal,
    replay_log,
    seat_of,
)
from games.services.decision import DecisionInput
from games.services.pipeline import Decided

logger = logging.getLogger(__name__)


def play(*, public_id: str, player: Player, move: Move, seen_version: int) -> int:
    """Play ``move`` for the player's seat on the locked path; illegal or stale moves change
    nothing. Returns the table's new version. The table's socket plays through :func:`aplay`,
    which takes this path when its snapshot cannot decide."""
    with transaction.atomic():
        table, match = locked_match(public_id, seen_version)
        seat = seat_of(table, player)
        if seat.away or seat.left_at is not None:
            raise SeatAway
        match.apply(seat.index, move)
        log_move(table, match, seat.index, move)
        advance(table, match)
    return table.version


async def aplay(*, public_id: str, player: Player, move: Move, seen_version: int) -> int:
    """:func:`play` from the server's event loop: on this process's snapshot, written from the
    loop, when the snapshot decides; else :func:`play` in a database thread."""
    act = partial(_act_move, move)
    locked = partial(play, public_id=public_id, player=player, move=move, seen_version=seen_version)
    return await _achange_on_snapshot(public_id, player, seen_version, act, locked)


def _act_move(move: Move, match: Match, seat: int, version: int) -> writes.Entry:
    match.apply(seat, move)
    return writes.move_entry(match, seat, move, version)


def next_hand(*, public_id: str, player: Player, seen_version: int) -> int:
    """Deal the next hand once the last one is over (the "Next round" button), on the locked
    path. Returns the table's new version. The socket deals through :func:`anext_hand`."""
    with transaction.atomic():
        table, match = locked_match(public_id, seen_version)
        seat_of(table, player)
        deal(table, match)
        advance(table, match)
    return table.version


async def anext_hand(*, public_id: str, player: Player, seen_version: int) -> int:
    """:func:`next_hand` from the server's event loop (as :func:`aplay`)."""
    locked = partial(next_hand, public_id=public_id, player=player, seen_version=seen_version)
    held = snapshots.recall(public_id, at_least=seen_version)
    if held is not None and held.deals_like_id is not None:
        # A duplicate's second leg deals from its first leg's log: the locked path reads it.
        return await async_db.in_database(locked)()
    return await _achange_on_snapshot(public_id, player, seen_version, _act_deal, locked)


def _act_deal(match: Match, seat: int, version: int) -> writes.Entry:
    """A player (at ``seat``) deals the next hand: see :func:`next_deal`."""
    return next_deal(match, version)


def _decide_on_snapshot(
    public_id: str,
    player: Player,
    seen_version: int,
    act: Callable[[Match, int, int], writes.Entry],
) -> tuple[writes.Change, Decided] | None:
    """A player's change (``act``: a move or a deal) checked against this process's snapshot
    of the version the player saw, to be written in one statement that applies only if the row
    is still at that version (no row read, no lock, no transaction to open and close): the
    statement, and the change as decided (:class:`Decided`, its snapshot the table after it).

    ``act(match, seat, version)`` applies the change to ``match`` for ``seat`` and returns its
    log entry, ``version``; it raises IllegalMove for a change that is illegal there (a table
    at a version is one state forever). None when the snapshot cannot decide (none held at that
    version, the player not found among its seats, the match not being played, SQLite): the
    caller then takes the locked path, which knows the row as it is.
    """
    snapshot = snapshots.recall(public_id, at_least=seen_version)
    if snapshot is None or snapshot.version != seen_version or not writes.one_statement():
        return None
    seat = player.seat_in(snapshot.seats)
    if seat is None or not snapshot.started or snapshot.forfeited_by is not None:
        return None
    if seat.away or seat.left:
        return None  # an away (or left) seat's move: the locked path refuses it
    if snapshot.arrivals:
        return None  # the next deal seats friends who came late: the locked path seats them
    inputs = DecisionInput.from_snapshot(snapshot)
    match = snapshot.match.copy()
    first = act(match, seat.index, snapshot.version + 1)
    now = timezone.now()
    outcome = inputs.decide(match, version=first.version, now=now)
    change = writes.Change(
        table_id=snapshot.id,
        from_version=snapshot.version,
        to_version=outcome.version,
        finished=outcome.finished,
        deadline=outcome.deadline,
        entries=[first, *outcome.entries],
        now=now,
    )
    dealt = first.kind == LogEntry.Kind.DEAL
    # A new hand has no move played for anyone yet; a person's own move adds none.
    after = replace(snapshot, hand_seed=first.payload["seed"], played_for=()) if dealt else snapshot
    moved = after.moved(
        match, version=outcome.version, deadline=outcome.deadline, finished=outcome.finished
    )
    # A forfeit finishes the row, not the match, and is never decided here: the match was not
    # over before the change (a move on a finished match is illegal).
    return change, Decided.of(moved, outcome, finished=outcome.finished)


async def _achange_on_snapshot(
    public_id: str,
    player: Player,
    seen_version: int,
    act: Callable[[Match, int, int], writes.Entry],
    locked: Callable[[], int],
) -> int:
    """The change decided on the snapshot (:func:`_decide_on_snapshot`), written on the loop's
    own connection, then what a committed change starts (:func:`pipeline.aafter_commit`, on
    the loop: the statement is its own commit). ``locked`` (the change on the locked path: its
    new version) runs in a database thread when the snapshot cannot decide or the row moved on
    meanwhile (another process's change, a job). Returns the new version."""
    decision = _decide_on_snapshot(public_id, player, seen_version, act)
    if decision is None:
        return await async_db.in_database(locked)()
    change, decided = decision
    try:
        written = await writes.awrite_change(change)
    except OperationalError:
        logger.warning("a change from the event loop lost its database", exc_info=True)
        return await _after_a_lost_write(public_id, locked)
    if not written:
        return await async_db.in_database(locked)()
    await pipeline.aafter_commit(decided)
    return decided.version


async def _after_a_lost_write(public_id: str, locked: Callable[[], int]) -> int:
    """The loop's connection was lost (a restarted database, say): the locked path, on
    Django's connections, decides. The statement may have committed before the connection
    went: a row that moved on may have moved by this very change, never announced, so its
    version is announced (every page ignores a version it has already shown); a lost deadline
    job is the sweep's."""
    try:
        return await async_db.in_database(locked)()
    except StaleVersion as stale:
        await pipeline.aafter_commit(Decided(public_id, stale.current))
        raise


def undo(*, public_id: str, player: Player, seen_version: int) -> Table:
    """Take back the player's last play of this hand and the computer's moves since (see
    :func:`take_back_start` for what may never be taken back). The match then counts as one
    with take-backs (``Table.take_backs``)."""
    with transaction.atomic():
        table, match = locked_match(public_id, seen_version)
        seat = seat_of(table, player)
        start = take_back_start(kind=table.kind, match=match, seat=seat.index)
        entries = list(table.log.all())
        last_deal = max(i for i, e in enumerate(entries) if e.kind == LogEntry.Kind.DEAL)
        cut = last_deal + 1 + start  # the log holds the hand's moves one entry each
        table.log.filter(position__gte=entries[cut].position).delete()
        match = replay_log(table, entries[:cut])
        table.take_backs += 1
        table.save(update_fields=["take_backs"])
        # advance, not a bare save: a computer's turn taken back leaves no deadline of its
        # own behind (the sweep would otherwise play the person's turn for them).
        advance(table, match, off_the_log=True)
    return table
