"""The only code that changes tables. Views, consumers and jobs call these functions.

Every change checks the version the caller last saw (so a double click, two tabs or a replayed
message applies once), applies the move with the engine, appends it to the log, saves the
record and bumps the version: in one transaction with the table row locked, or, for a player's
move or deal that this process's snapshot of that version decides, in one statement that
applies only if the row is still at that version (games.writes). ``aplay`` and ``anext_hand``
are the same from the server's event loop (the table consumer), which sends that statement
itself (games.async_db). Bot turns are scheduled and the change is announced only once
committed.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone
from django.utils.module_loading import import_string
from psycopg import OperationalError

from accounts.names import clean_display_name
from games import async_db, events, jobs, results, signals, snapshots, writes
from games.engine import (
    Deal,
    Draw,
    IllegalMove,
    Match,
    Move,
    Pass,
    Rules,
    export,
    history_to_record,
    load,
    move_from_record,
    move_to_record,
)
from games.engine.bots import Bot, Hint, Level, hint
from games.models import LogEntry, Seat, Table

logger = logging.getLogger(__name__)

#: The casual clock (seed 001): seconds a turn, after which the server plays for the seat.
CASUAL_TURN_SECONDS = 60
#: The tournament clock (seed 000): a playing allowance a turn plus a reconnection grace; the
#: deadline shown includes the grace, and at expiry the seat to move forfeits the match.
TOURNAMENT_TURN_SECONDS = 180
TOURNAMENT_GRACE_SECONDS = 120
#: How long a person of a casual table may be gone (every socket closed) before the computer
#: takes their seat; a short interruption changes nothing.
REJOIN_GRACE_SECONDS = 120
#: Who plays for a person out of time or away.
STAND_IN_LEVEL = Level.MEDIUM
#: A computer's turn not played this long after its pause means its job was lost (a worker
#: killed, a restart): the sweep (every second, Procfile) then plays it, so no computer move
#: waits much more than its pause + 2 s. A worker that is merely late (a backlog) meets a
#: sweep that helps: whichever comes second finds the version moved on and does nothing.
COMPUTER_OVERDUE_SECONDS = 1.0
#: On a table with a clock, a hand that is over is followed by the next one after this long
#: even if nobody presses "Next round": a match (a tournament's above all) never stalls there.
BETWEEN_HANDS_SECONDS = 30
#: Unfinished tables a person may have started (created, at seat 0) and played or joined in
#: the last OPEN_TABLES_WITHIN: far more than anyone plays at once, and a table left alone
#: for a day stops counting, so abandoned games never lock a player out.
OPEN_TABLES = 20
OPEN_TABLES_WITHIN = timedelta(days=1)
#: How long a hint stays in the cache: long enough for a player to ask again during a turn;
#: a hint is never stale (it is kept per version), so this only bounds the cache's memory.
HINT_CACHE_SECONDS = 600


class TableError(Exception):
    """A request about a table that cannot be honoured; the message is for the player."""


class TableNotFound(TableError):
    def __init__(self) -> None:
        super().__init__("There is no such table.")


class NotYourSeat(TableError, PermissionError):
    def __init__(self) -> None:
        super().__init__("You have no seat at this table.")


class TooManyOpenTables(TableError):
    def __init__(self) -> None:
        super().__init__(
            f"You already have {OPEN_TABLES} unfinished tables from the last day: "
            "finish one before starting another."
        )


class StaleVersion(TableError):
    def __init__(self, current: int) -> None:
        super().__init__("The table has changed since you last saw it: here it is now.")
        self.current = current


@dataclass(frozen=True, slots=True)
class Player:
    """Who is acting: a signed-in user, or a guest known by the guest token of their browser
    session (``session_key``: see :mod:`accounts.guests`)."""

    user_id: int | None
    session_key: str | None

    def owns(self, seat: Seat | snapshots.SeatSnapshot) -> bool:
        if seat.is_bot:
            return False
        if self.user_id is not None and seat.user_id == self.user_id:
            return True
        return bool(self.session_key) and seat.guest == self.session_key

    def seat_in[S: (Seat, snapshots.SeatSnapshot)](self, seats: Iterable[S]) -> S | None:
        """The player's seat among ``seats`` (a table's rows or its snapshot's), or None for
        a spectator: the one way a person's seat is found."""
        return next((seat for seat in seats if self.owns(seat)), None)


# --- creating -------------------------------------------------------------------------------
def create_computer_table(
    *,
    player: Player,
    name: str,
    rules: Rules,
    levels: Sequence[Level | str],
    show_hints: bool = True,
    auto_pass: bool = False,
) -> Table:
    """A match against the computer: the player at seat 0, ``levels[i]`` at seat ``i + 1``."""
    if len(levels) != rules.seats - 1:
        raise TableError(f"Choose a computer level for each of the {rules.seats - 1} other seats.")
    with transaction.atomic():
        _refuse_past_open_tables(player)
        table = _new_table(
            Table.Kind.COMPUTER, player, rules, show_hints, auto_pass, started_at=timezone.now()
        )
        _seat_person(table, 0, player, name)
        for index, level in enumerate(levels, start=1):
            _seat_computer(table, index, Level(level))
        match = Match(rules)
        _deal(table, match)
        _advance(table, match)
    return table


def create_online_table(
    *,
    player: Player,
    name: str,
    rules: Rules,
    show_hints: bool = True,
    auto_pass: bool = False,
    turn_seconds: int | None = CASUAL_TURN_SECONDS,
    grace_seconds: int = 0,
    forfeit_at_deadline: bool = False,
) -> Table:
    """A table for friends: the host sits at seat 0 and shares the link; nothing is dealt
    until the host starts (:func:`start_table`). The casual clock by default; tournaments pass
    ``TOURNAMENT_TURN_SECONDS``, ``TOURNAMENT_GRACE_SECONDS`` and ``forfeit_at_deadline``."""
    with transaction.atomic():
        _refuse_past_open_tables(player)
        table = _new_table(
            Table.Kind.ONLINE,
            player,
            rules,
            show_hints,
            auto_pass,
            turn_seconds=turn_seconds,
            grace_seconds=grace_seconds,
            forfeit_at_deadline=forfeit_at_deadline,
        )
        _seat_person(table, 0, player, name)
        _announce(table.public_id, table.version)
    return table


def join_table(*, public_id: str, player: Player, name: str) -> Table:
    """Take the first free seat of a table that has not started."""
    if player.user_id is None and not player.session_key:
        # Nobody could be known as this seat's player again (a guest socket without a session).
        raise TableError("Reload the page to join: your browser has no session here yet.")
    with transaction.atomic():
        table = _locked_table(public_id)
        if table.started_at is not None:
            raise TableError("This table has started: you can watch it.")
        taken = {seat.index for seat in table.seats.all()}
        if player.seat_in(table.seats.all()) is not None:
            raise TableError("You already have a seat at this table.")
        free = [i for i in range(Rules.from_record(table.rules).seats) if i not in taken]
        if not free:
            raise TableError("Every seat at this table is taken.")
        _seat_person(table, free[0], player, name)
        _save_and_announce(table)
    return table


def display_name(name: str) -> str:
    """``name`` made a seat's name by the site's one rule (:mod:`accounts.names`), or
    TableError saying why it cannot be one."""
    try:
        return clean_display_name(name)
    except ValidationError as error:
        raise TableError(error.messages[0]) from None


def start_table(*, public_id: str, player: Player, level: Level | str = Level.MEDIUM) -> Table:
    """The host deals: the computer (``level``) takes every seat still empty."""
    with transaction.atomic():
        table = _locked_table(public_id)
        if _seat_of(table, player).index != 0:
            raise TableError("Only the host starts the table.")
        if table.started_at is not None:
            raise TableError("The table has already started.")
        rules = Rules.from_record(table.rules)
        taken = {seat.index for seat in table.seats.all()}
        for index in range(rules.seats):
            if index not in taken:
                _seat_computer(table, index, Level(level))
        table = _locked_table(public_id)  # with the seats just added
        table.started_at = timezone.now()
        table.save(update_fields=["started_at"])
        match = Match(rules)
        _deal(table, match)
        _advance(table, match)
    return table


# --- acting ---------------------------------------------------------------------------------
def play(*, public_id: str, player: Player, move: Move, seen_version: int) -> int:
    """Play ``move`` for the player's seat on the locked path; illegal or stale moves change
    nothing. Returns the table's new version. The table's socket plays through :func:`aplay`,
    which takes this path when its snapshot cannot decide."""
    with transaction.atomic():
        table, match = _locked(public_id, seen_version)
        seat = _seat_of(table, player)
        match.apply(seat.index, move)
        _log_move(table, match, seat.index, move)
        _advance(table, match)
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
        table, match = _locked(public_id, seen_version)
        _seat_of(table, player)
        _deal(table, match)
        _advance(table, match)
    return table.version


async def anext_hand(*, public_id: str, player: Player, seen_version: int) -> int:
    """:func:`next_hand` from the server's event loop (as :func:`aplay`)."""
    locked = partial(next_hand, public_id=public_id, player=player, seen_version=seen_version)
    return await _achange_on_snapshot(public_id, player, seen_version, _act_deal, locked)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a change does to a table, decided by :func:`decide`: the log entries of the
    automatic moves that follow it, the version it ends at, the next deadline (``seconds`` from
    ``now``), whether the match is finished and whether the computer is to move."""

    entries: tuple[writes.Entry, ...]
    version: int
    seconds: float | None
    deadline: datetime | None
    finished: bool
    computer_turn: bool

    @property
    def starts_jobs(self) -> bool:
        """Whether :func:`_follow_up` has anything to start."""
        return self.computer_turn or self.seconds is not None or self.finished


def decide(
    match: Match,
    *,
    version: int,
    computer: set[int],
    auto_pass: bool,
    turn_seconds: int | None,
    grace_seconds: int,
    now: datetime,
) -> Outcome:
    """What follows a change just applied to ``match`` at ``version``: the one decision both
    the locked path (:func:`_advance`) and the one-statement path (:func:`_decide_on_snapshot`)
    take, so they differ only in how they read and write. No database work: the automatic
    draws and passes are applied to ``match`` (the caller's working copy) and returned as log
    entries, each making the next version. ``computer``: the seats the computer plays."""
    entries = []
    for seat, forced in _automatic_moves(match, auto_pass=auto_pass, computer=computer):
        version += 1
        entries.append(writes.move_entry(match, seat, forced, version))
    seconds, computer_turn = _clock(
        match, computer=computer, turn_seconds=turn_seconds, grace_seconds=grace_seconds
    )
    return Outcome(
        entries=tuple(entries),
        version=version,
        seconds=seconds,
        deadline=None if seconds is None else now + timedelta(seconds=seconds),
        finished=match.finished,
        computer_turn=computer_turn,
    )


@dataclass(frozen=True, slots=True)
class _Decided:
    """A player's change decided on this process's snapshot: what to write, the table once it
    is written, and what the change does (:func:`decide`)."""

    change: writes.Change
    after: snapshots.TableSnapshot
    outcome: Outcome


def _decide_on_snapshot(
    public_id: str,
    player: Player,
    seen_version: int,
    act: Callable[[Match, int, int], writes.Entry],
) -> _Decided | None:
    """A player's change (``act``: a move or a deal) checked against this process's snapshot
    of the version the player saw, to be written in one statement that applies only if the row
    is still at that version (no row read, no lock, no transaction to open and close).

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
    match = snapshot.match.copy()
    first = act(match, seat.index, snapshot.version + 1)
    now = timezone.now()
    outcome = decide(
        match,
        version=first.version,
        computer={s.index for s in snapshot.seats if s.played_by_computer},
        auto_pass=snapshot.auto_pass,
        turn_seconds=snapshot.turn_seconds,
        grace_seconds=snapshot.grace_seconds,
        now=now,
    )
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
    after = replace(snapshot, hand_seed=first.payload["seed"]) if dealt else snapshot
    moved = after.moved(
        match, version=outcome.version, deadline=outcome.deadline, finished=outcome.finished
    )
    return _Decided(change, moved, outcome)


async def _achange_on_snapshot(
    public_id: str,
    player: Player,
    seen_version: int,
    act: Callable[[Match, int, int], writes.Entry],
    locked: Callable[[], int],
) -> int:
    """The change decided on the snapshot (:func:`_decide_on_snapshot`), written on the loop's
    own connection and announced from the loop; only the jobs it starts (a computer's move, a
    deadline, a finished match's listeners) go to a database thread, and so does ``locked``
    (the change on the locked path: its new version) when the snapshot cannot decide or the
    row moved on meanwhile (another process's change, a job). Returns the new version."""
    decided = _decide_on_snapshot(public_id, player, seen_version, act)
    if decided is None:
        return await async_db.in_database(locked)()
    try:
        written = await writes.awrite_change(decided.change)
    except OperationalError:
        logger.warning("a change from the event loop lost its database", exc_info=True)
        return await _after_a_lost_write(public_id, locked)
    if not written:
        return await async_db.in_database(locked)()
    snapshots.remember(decided.after)
    await events.apublish(public_id, decided.after.version)
    if decided.outcome.starts_jobs:  # else no thread at all for this move
        await async_db.in_database(_follow_up)(decided)
    return decided.after.version


async def _after_a_lost_write(public_id: str, locked: Callable[[], int]) -> int:
    """The loop's connection was lost (a restarted database, say): the locked path, on
    Django's connections, decides. The statement may have committed before the connection
    went: a row that moved on may have moved by this very change, never announced, so its
    version is announced (every page ignores a version it has already shown); a lost deadline
    job is the sweep's."""
    try:
        return await async_db.in_database(locked)()
    except StaleVersion as stale:
        await events.apublish(public_id, stale.current)
        raise


def _follow_up(decided: _Decided) -> None:
    """What a change written on the snapshot starts once committed: the computer's move or the
    deadline's job, and a finished match's listeners."""
    _schedule(decided.after.public_id, decided.after.version, decided.outcome)
    if decided.outcome.finished:
        _announce_finish(decided.after.public_id)


def undo(*, public_id: str, player: Player, seen_version: int) -> Table:
    """Take back the player's last play of this hand and the computer's moves since (see
    :func:`take_back_start` for what may never be taken back). The match then counts as one
    with take-backs (``Table.take_backs``)."""
    with transaction.atomic():
        table, match = _locked(public_id, seen_version)
        seat = _seat_of(table, player)
        start = take_back_start(kind=table.kind, match=match, seat=seat.index)
        entries = list(table.log.all())
        last_deal = max(i for i, e in enumerate(entries) if e.kind == LogEntry.Kind.DEAL)
        cut = last_deal + 1 + start  # the log holds the hand's moves one entry each
        table.log.filter(position__gte=entries[cut].position).delete()
        match = _replay_log(table, entries[:cut])
        table.take_backs += 1
        table.save(update_fields=["take_backs"])
        # _advance, not a bare save: a computer's turn taken back leaves no deadline of its
        # own behind (the sweep would otherwise play the person's turn for them).
        _advance(table, match, off_the_log=True)
    return table


def take_back_start(*, kind: str, match: Match, seat: int) -> int:
    """Where an undo by ``seat`` starts among the moves of the hand in play: at the seat's
    last play, taking back it and every move since. TableError, in a player's words, when
    nothing may be taken back; an undo must never show what the player could not know:

    - The hand is over: its end laid every hand open (and its seed), so replaying any of it
      would be played knowing the whole deal. A new hand's deal starts afresh: nothing before
      it is ever taken back.
    - A draw among the moves taken back, the player's own or the computer's. The boneyard's
      order is fixed by the deal, so the same tiles come back in the same order: the player
      would draw again knowing the tile they saw. A computer's draw is no safer, although
      its tiles were never shown: its play after drawing tells which tiles lay at the top
      of the boneyard (a 5-3 played after three draws, from a hand that had no 5 or 3, is
      among the first three), and a different play would hand those very tiles to whoever
      draws next, the player included. The player's own draws before their last play stay:
      the tiles are in their hand, known either way.
    """
    if kind != Table.Kind.COMPUTER:
        raise TableError("Undo is only for games against the computer.")
    if match.finished:
        # A finished match is counted (statistics, ratings): it stays as it ended.
        raise TableError("The match is over: its moves can no longer be taken back.")
    if match.needs_deal:
        raise TableError("The hand is over and every tile was shown: it can no longer be undone.")
    moves = history_to_record(match.histories[-1])
    plays = [i for i, move in enumerate(moves) if move["seat"] == seat and "play" in move]
    if not plays:
        raise TableError("You have no play to take back in this hand.")
    if any("draw" in move for move in moves[plays[-1] :]):
        raise TableError("A tile was drawn since your last play: a draw cannot be taken back.")
    return plays[-1]


def leave_table(*, public_id: str, player: Player) -> Table:
    """The player leaves: the computer plays their seat until they come back."""
    return _set_away(public_id, player, away=True)


def come_back(*, public_id: str, player: Player) -> Table:
    """The player is back: their seat is theirs again (from their next turn)."""
    return _set_away(public_id, player, away=False)


def vote_rematch(*, public_id: str, player: Player) -> Table:
    """Ask for a rematch of a finished match; once every person has asked, the same seats and
    rules are dealt again at a new table (``table.rematch``)."""
    with transaction.atomic():
        table = _locked_table(public_id)
        seat = _seat_of(table, player)
        if not table.finished:
            raise TableError("A rematch is for a finished match.")
        if table.rematch_id is not None:
            return table
        votes = sorted({*table.rematch_votes, seat.index})
        people = sorted(s.index for s in table.seats.all() if not s.is_bot)
        table.rematch_votes = votes
        if votes == people:
            table.rematch = _deal_again(table)
        _save_and_announce(table, "rematch_votes", "rematch")
    return table


def _deal_again(table: Table) -> Table:
    """A new, started table with the same seats, rules and clock."""
    twin = Table.objects.create(
        kind=table.kind,
        rules=table.rules,
        record={},
        show_hints=table.show_hints,
        auto_pass=table.auto_pass,
        created_by_id=table.created_by_id,
        turn_seconds=table.turn_seconds,
        grace_seconds=table.grace_seconds,
        forfeit_at_deadline=table.forfeit_at_deadline,
        started_at=timezone.now(),
    )
    for seat in table.seats.all():
        Seat.objects.create(
            table=twin,
            index=seat.index,
            user_id=seat.user_id,
            guest=seat.guest,
            name=seat.name,
            bot_level=seat.bot_level,
        )
    match = Match(Rules.from_record(twin.rules))
    _deal(twin, match)
    _advance(twin, match)
    return twin


@dataclass(frozen=True, slots=True)
class Opened:
    """A table as a socket of the player opened it: their seat (None: a spectator) and, at an
    online table, the row of that seat, whose presence the socket counts for
    (games.presence)."""

    seat: int | None
    presence_seat_id: int | None


def open_table(*, public_id: str, player: Player) -> Opened:
    """A socket of the player opened the table, or they just took a seat over it: its deadline
    enforced first (a turn whose time ran out is played), their seat found, NotYourSeat for
    anyone else at a table against the computer (it has no spectators), and at an online
    table the person is here, and back if they had gone."""
    enforce_deadline(public_id=public_id)
    try:
        table = Table.objects.prefetch_related("seats").get(public_id=public_id)
    except Table.DoesNotExist:
        raise TableNotFound from None
    seat = player.seat_in(table.seats.all())
    if seat is None and table.kind == Table.Kind.COMPUTER:
        raise NotYourSeat
    if seat is None or table.kind != Table.Kind.ONLINE:
        return Opened(seat.index if seat else None, None)
    # Opening the table again is coming back: the seat is the player's again.
    row = seat_connected(public_id=public_id, player=player)
    return Opened(seat.index, row.pk if row is not None else None)


def seat_connected(*, public_id: str, player: Player) -> Seat | None:
    """A socket of the player opened: they are here, and back if they had gone. Returns their
    seat (None for a spectator)."""
    with transaction.atomic():
        table = _locked_table(public_id)
        seat = player.seat_in(table.seats.all())
        if seat is None:
            return None
        seat.seen_at = timezone.now()
        seat.save(update_fields=["seen_at"])
    if seat.away:
        come_back(public_id=public_id, player=player)
    return seat


def seats_seen(*, seat_ids: list[int]) -> None:
    """The people of these seats still have a socket open (games.presence's heartbeat)."""
    if seat_ids:
        Seat.objects.filter(pk__in=seat_ids).update(seen_at=timezone.now())


def seat_disconnected(*, public_id: str, player: Player) -> None:
    """The player's last socket in a server process closed: unless another process still
    serves them (its heartbeat keeps them seen), the grace of casual tables begins."""
    with transaction.atomic():
        table = _locked_table(public_id)
        seat = player.seat_in(table.seats.all())
        if seat is None:
            return
        seat.seen_at = timezone.now()
        seat.save(update_fields=["seen_at"])
        if table.kind == Table.Kind.ONLINE and not table.forfeit_at_deadline:
            transaction.on_commit(
                partial(
                    jobs.schedule_gone_check,
                    public_id=public_id,
                    seat_index=seat.index,
                    seconds=REJOIN_GRACE_SECONDS,
                )
            )


def hand_over_if_gone(*, public_id: str, seat_index: int) -> bool:
    """After the grace: a person still gone is replaced by the computer (casual tables)."""
    with transaction.atomic():
        try:
            table = _locked_table(public_id)
        except TableNotFound:
            return False
        seat = next((s for s in table.seats.all() if s.index == seat_index), None)
        if (
            seat is None
            or seat.away
            or seat.is_bot
            or seat.seen_at is None
            or seat.seen_at > timezone.now() - timedelta(seconds=REJOIN_GRACE_SECONDS)
            or table.started_at is None
            or table.finished
            or table.forfeit_at_deadline
        ):
            return False
        seat.away = True
        seat.save(update_fields=["away"])
        _advance(table, _match_of(table), off_the_log=True)
    return True


def _set_away(public_id: str, player: Player, *, away: bool) -> Table:
    with transaction.atomic():
        table = _locked_table(public_id)
        seat = _seat_of(table, player)
        if table.kind != Table.Kind.ONLINE:
            raise TableError("Leaving and coming back are for tables with friends.")
        if seat.away == away:
            return table
        seat.away = away
        seat.save(update_fields=["away"])
        if table.started_at is None:
            _save_and_announce(table)
        else:
            _advance(table, _match_of(table), off_the_log=True)
    return table


def run_bot_turn(*, public_id: str, expected_version: int) -> bool:
    """The computer's move at a table, if the table is still where the job expects it.

    Idempotent: a job that arrives late or twice finds another version and does nothing.
    """
    with transaction.atomic():
        try:
            table = _locked_table(public_id)
        except TableNotFound:
            return False
        if table.version != expected_version or table.finished:
            return False
        match = _match_of(table)
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
            table = _locked_table(public_id)
        except TableNotFound:
            return False
        if table.deadline is None or table.deadline > timezone.now():
            return False
        if expected_version is not None and expected_version != table.version:
            return False
        match = _match_of(table)
        if match.needs_deal:  # nobody pressed "Next round" in time
            _deal(table, match)
            _advance(table, match)
            return True
        seat = next(s for s in table.seats.all() if s.index == match.turn)
        if table.forfeit_at_deadline and not seat.played_by_computer:
            _forfeit(table, seat.index)
        else:
            _computer_moves(table, match, seat)
    return True


def _computer_moves(table: Table, match: Match, seat: Seat) -> None:
    """The computer plays the seat's turn (draws as needed, then a tile or a pass): at its own
    level for a computer seat, at the stand-in's for a person's."""
    bot = Bot(seat.bot_level or STAND_IN_LEVEL, seed=_seed(table))
    while match.turn == seat.index:
        move = bot.choose(match.view_for(seat.index))
        match.apply(seat.index, move)
        _log_move(table, match, seat.index, move)
    _advance(table, match)


def _forfeit(table: Table, seat: int) -> None:
    table.forfeited_by = seat
    table.finished = True
    table.deadline = None
    _save_and_announce(table, "forfeited_by", "finished", "deadline")
    _announce_finish(table.public_id)


def enforce_deadline(*, public_id: str) -> None:
    """Opening a table enforces its deadline: a turn whose time ran out is played first."""
    deadline = Table.objects.filter(public_id=public_id).values_list("deadline", flat=True)
    if any(d is not None and d <= timezone.now() for d in deadline):
        expire_turn(public_id=public_id)


def sweep_deadlines() -> int:
    """Resolve every deadline that passed without its job (a lost job, a restart), and hand
    over the seats of people gone past the grace; the safety net behind the scheduled jobs.
    Returns how many were resolved, check-in windows of ``settings.DEADLINE_SWEEPERS``
    included."""
    now = timezone.now()
    expired = Table.objects.filter(deadline__lte=now, finished=False)
    gone = Seat.objects.filter(
        seen_at__lte=now - timedelta(seconds=REJOIN_GRACE_SECONDS),
        away=False,
        table__finished=False,
        table__started_at__isnull=False,
        table__forfeit_at_deadline=False,
        table__kind=Table.Kind.ONLINE,
    )
    turns = sum(
        expire_turn(public_id=public_id)
        for public_id in expired.values_list("public_id", flat=True)
    )
    # Other apps' windows (tournament check-ins), named in settings so games imports none.
    others = sum(import_string(path)() for path in settings.DEADLINE_SWEEPERS)
    return (
        turns
        + others
        + sum(
            hand_over_if_gone(public_id=public_id, seat_index=index)
            for public_id, index in gone.values_list("table__public_id", "index")
        )
    )


def hint_for(*, public_id: str, player: Player) -> Hint:
    """The suggested move for the player, on their turn, with its reason: only against the
    computer (at a table of people it would be the master level playing for one of them).

    A table at a version is one state forever and the bot's seed follows from it, so the hint
    for a (table, version, seat) is always the same: worked out once and kept in the cache,
    so that asking again costs no search."""
    table = _table(public_id)
    seat = _seat_of(table, player)
    if table.kind != Table.Kind.COMPUTER:
        raise TableError("Hints are only for games against the computer.")
    key = f"hint:{table.public_id}:{table.version}:{seat.index}"
    kept = cache.get(key)
    if kept is not None:
        return Hint(move_from_record(kept["move"])[1], kept["reason"])
    match = _match_of(table)
    if match.turn != seat.index:
        raise TableError("A hint is for your turn.")
    suggestion = hint(match.view_for(seat.index), seed=_seed(table))
    kept = {"move": move_to_record(seat.index, suggestion.move), "reason": suggestion.reason}
    cache.set(key, kept, HINT_CACHE_SECONDS)
    return suggestion


# --- accounts -------------------------------------------------------------------------------
def claim_guest_seats(*, guest: str, user_id: int) -> int:
    """A guest signed in: their seats (``Seat.guest == guest``) become the account's, and the
    tables they created too. A seat that already has a user is never taken over, and at a table
    where the user already sits the guest's seat stays the guest's (one person, one seat).
    A moved seat keeps the token, so a socket opened before signing in still acts for it (and
    its closing is counted) until it reconnects as the account. Finished matches among them get
    their results for the account's new seats, after the commit (the guest's seats had none).
    Returns the seats moved; a second call moves none."""
    if not guest:
        return 0
    claimed = 0
    with transaction.atomic():
        # Every table involved, locked in one order, so two sign-ins never deadlock.
        tables = (
            Table.objects.select_for_update()
            .filter(id__in=Seat.objects.filter(guest=guest, user__isnull=True).values("table_id"))
            .order_by("id")
            .prefetch_related("seats")
        )
        for table in tables:
            seats = list(table.seats.all())
            if any(seat.user_id == user_id for seat in seats):
                continue
            for seat in seats:
                if seat.guest == guest and seat.user_id is None:
                    seat.user_id = user_id
                    seat.save(update_fields=["user"])
                    claimed += 1
                    if seat.index == 0 and table.created_by_id is None:
                        table.created_by_id = user_id  # seat 0 is the guest who made it
                        table.save(update_fields=["created_by"])
            if table.finished:
                transaction.on_commit(
                    partial(results.record_results_logged, public_id=table.public_id)
                )
    return claimed


# --- tournaments ----------------------------------------------------------------------------
def create_seated_table(
    *,
    players: Sequence[tuple[Player, str]],
    rules: Rules,
    turn_seconds: int | None = TOURNAMENT_TURN_SECONDS,
    grace_seconds: int = TOURNAMENT_GRACE_SECONDS,
    forfeit_at_deadline: bool = True,
) -> Table:
    """A started online table with every seat taken by the given people (``players[i]`` at
    seat ``i``, with its name), dealt at once: a tournament match, on the tournament clock
    unless told otherwise."""
    if len(players) != rules.seats:
        raise TableError(f"This table needs {rules.seats} players, not {len(players)}.")
    with transaction.atomic():
        table = _new_table(
            Table.Kind.ONLINE,
            players[0][0],
            rules,
            show_hints=True,
            auto_pass=False,
            turn_seconds=turn_seconds,
            grace_seconds=grace_seconds,
            forfeit_at_deadline=forfeit_at_deadline,
            started_at=timezone.now(),
        )
        for index, (player, name) in enumerate(players):
            _seat_person(table, index, player, name)
        match = Match(rules)
        _deal(table, match)
        _advance(table, match)
    return table


# --- inside ---------------------------------------------------------------------------------
def _refuse_past_open_tables(player: Player) -> None:
    """TooManyOpenTables if the player has OPEN_TABLES open already. Inside the creating
    transaction, holding a lock on the person until it ends: two tabs creating at once are
    counted one after the other, never both below the limit."""
    if player.user_id is not None:
        mine = Seat.objects.filter(user_id=player.user_id)
        person = f"user:{player.user_id}"
    elif player.session_key:
        mine = Seat.objects.filter(guest=player.session_key, user__isnull=True)
        person = f"guest:{player.session_key}"
    else:
        return  # no one to count (a service caller without a session); tables need a seat
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [f"open-tables:{person}"]
            )
    since = timezone.now() - OPEN_TABLES_WITHIN
    open_tables = mine.filter(index=0, table__finished=False, table__updated_at__gte=since)
    if open_tables.count() >= OPEN_TABLES:
        raise TooManyOpenTables


def _new_table(
    kind: Table.Kind,
    player: Player,
    rules: Rules,
    show_hints: bool,
    auto_pass: bool,
    **fields: object,
) -> Table:
    return Table.objects.create(
        kind=kind,
        rules=rules.to_record(),
        record={},
        show_hints=show_hints,
        auto_pass=auto_pass,
        created_by_id=player.user_id,
        **fields,
    )


def _seat_computer(table: Table, index: int, level: Level) -> Seat:
    return Seat.objects.create(
        table=table, index=index, bot_level=level, name=f"Computer ({level})"
    )


def _seat_person(table: Table, index: int, player: Player, name: str) -> Seat:
    """Seat a person under ``name`` (:func:`display_name`: a refused one raises TableError,
    which rolls back the caller's transaction)."""
    return Seat.objects.create(
        table=table,
        index=index,
        user_id=player.user_id,
        guest="" if player.user_id else (player.session_key or ""),
        name=display_name(name),
    )


def _locked_table(public_id: str) -> Table:
    try:
        return Table.objects.select_for_update().prefetch_related("seats").get(public_id=public_id)
    except Table.DoesNotExist:
        raise TableNotFound from None


def _table(public_id: str) -> Table:
    try:
        return Table.objects.get(public_id=public_id)
    except Table.DoesNotExist:
        raise TableNotFound from None


def _locked(public_id: str, seen_version: int) -> tuple[Table, Match]:
    table = _locked_table(public_id)
    if table.started_at is None:
        raise TableError("The table has not started yet.")
    if table.forfeited_by is not None:
        raise TableError(f"The match is over: seat {table.forfeited_by + 1} ran out of time.")
    if seen_version != table.version:
        raise StaleVersion(table.version)
    return table, _match_of(table)


def _match_of(table: Table) -> Match:
    """The table row's match: a copy of this process's snapshot at the same version (one
    state forever), else rebuilt from the record."""
    snapshot = snapshots.recall(table.public_id, at_least=table.version)
    if snapshot is not None and snapshot.version == table.version:
        return snapshot.match.copy()
    if table.started_at is None:  # nothing dealt yet: the record is still empty
        return Match(Rules.from_record(table.rules))
    return load(table.record)


def _seat_of(table: Table, player: Player) -> Seat:
    seat = player.seat_in(table.seats.all())
    if seat is None:
        raise NotYourSeat
    return seat


def _seed(table: Table) -> int:
    return random.Random(f"{table.public_id}:{table.version}").getrandbits(64)


def _act_deal(match: Match, seat: int, version: int) -> writes.Entry:
    """A player (at ``seat``) deals the next hand: see :func:`_next_deal`."""
    return _next_deal(match, version)


def _next_deal(match: Match, version: int) -> writes.Entry:
    """Deal the next hand, if the last one is over: its log entry, making ``version``."""
    if not match.needs_deal:
        over = "the match is over" if match.finished else "the hand is still being played"
        raise IllegalMove(over)
    deal, seed = Deal.secure(match.rules)
    match.start_hand(deal)
    return writes.deal_entry(match, deal, seed, version)


def _deal(table: Table, match: Match) -> None:
    entry = _next_deal(match, table.version + 1)
    table.hand_seed = entry.payload["seed"]
    _log(table, entry)


def _log_move(table: Table, match: Match, seat: int, move: Move) -> None:
    _log(table, writes.move_entry(match, seat, move, table.version + 1))


def _log(table: Table, entry: writes.Entry) -> None:
    """Append ``entry`` to the table's log: the table is at the entry's version from now on."""
    LogEntry.objects.create(table=table, **entry._asdict())
    table.version = entry.version


def _replay_log(table: Table, entries: list[LogEntry]) -> Match:
    match = Match(Rules.from_record(table.rules))
    for entry in entries:
        writes.apply_entry(match, entry.kind, entry.payload)
    return match


def _advance(table: Table, match: Match, *, off_the_log: bool = False) -> None:
    """After a change (its log entries written): what it does (:func:`decide`), written and
    saved, then the computer's turn or the deadline's job. ``off_the_log``: a change the log
    does not hold (a seat away or back, a take-back), which makes a version of its own."""
    if off_the_log:
        table.version += 1
    seats = list(table.seats.all())
    outcome = decide(
        match,
        version=table.version,
        computer={seat.index for seat in seats if seat.played_by_computer},
        auto_pass=table.auto_pass,
        turn_seconds=table.turn_seconds,
        grace_seconds=table.grace_seconds,
        now=timezone.now(),
    )
    for entry in outcome.entries:
        _log(table, entry)
    _save(table, match, seats, outcome)
    _schedule(table.public_id, table.version, outcome)


def _automatic_moves(
    match: Match, *, auto_pass: bool, computer: set[int]
) -> Iterator[tuple[int, Move]]:
    """With auto-pass on, the draws and passes a person has no choice about, applied to
    ``match`` one by one (each yielded just after it is applied, to be logged). ``computer``:
    the seats the computer plays, which move by themselves."""
    while match.turn is not None and auto_pass and match.turn not in computer:
        moves = match.legal_moves()
        if len(moves) != 1 or not isinstance(moves[0], Draw | Pass):
            return
        seat = match.turn
        match.apply(seat, moves[0])
        yield seat, moves[0]


def _clock(
    match: Match, *, computer: set[int], turn_seconds: int | None, grace_seconds: int
) -> tuple[float | None, bool]:
    """Seconds from now to the table's next deadline (None: no deadline), and whether the
    computer is to move. ``computer``: the seats the computer plays."""
    computer_turn = match.turn is not None and match.turn in computer
    if computer_turn:
        # Not a clock anyone sees: the sweep's cue that the computer's job was lost.
        return settings.BOT_PAUSE_SECONDS + COMPUTER_OVERDUE_SECONDS, True
    if turn_seconds is None:
        return None, False
    if match.needs_deal:
        return BETWEEN_HANDS_SECONDS, False
    if match.turn is not None:
        return turn_seconds + grace_seconds, False
    return None, False


def _schedule(public_id: str, version: int, outcome: Outcome) -> None:
    """Once committed: the computer's move, or the job of the deadline the change set."""
    if outcome.computer_turn:
        transaction.on_commit(partial(jobs.schedule_bot_turn, public_id=public_id, version=version))
    elif outcome.seconds is not None:
        transaction.on_commit(
            partial(
                jobs.schedule_deadline,
                public_id=public_id,
                version=version,
                seconds=outcome.seconds,
            )
        )


def _save(table: Table, match: Match, seats: list[Seat], outcome: Outcome) -> None:
    """Save the table's new state, as ``outcome`` decided it; once committed, keep its snapshot
    (the match is then the snapshot's: nothing changes it after this) and announce the
    version."""
    just_finished = outcome.finished and not table.finished
    stored = table.store(export(match))  # a move's save writes only the moves since
    table.deadline, table.finished = outcome.deadline, outcome.finished
    table.save(
        update_fields=[*stored, "hand_seed", "version", "finished", "deadline", "updated_at"]
    )
    snapshot = snapshots.TableSnapshot.of(table, seats, match)
    transaction.on_commit(partial(_committed, snapshot))
    if just_finished:
        _announce_finish(table.public_id)


def _committed(snapshot: snapshots.TableSnapshot) -> None:
    snapshots.remember(snapshot)
    events.publish(snapshot.public_id, snapshot.version)


def _save_and_announce(table: Table, *fields: str) -> None:
    """A change the log does not hold (a seat taken, a vote, a forfeit): the table at its next
    version, saved with ``fields``, announced once committed."""
    table.version += 1
    table.save(update_fields=[*fields, "version", "updated_at"])
    _announce(table.public_id, table.version)


def _announce(public_id: str, version: int) -> None:
    transaction.on_commit(partial(events.publish, public_id, version))


def _announce_finish(public_id: str) -> None:
    transaction.on_commit(partial(_finished, public_id))


def _finished(public_id: str) -> None:
    # Robust: the match is committed whatever a listener does; each one's failure is logged
    # and caught up later by its own safety net (record_results, the tournaments' sweep).
    for receiver, outcome in signals.match_finished.send_robust(sender=Table, public_id=public_id):
        if isinstance(outcome, Exception):
            logger.error(
                "match_finished listener %r failed for %s",
                receiver,
                public_id,
                exc_info=(type(outcome), outcome, outcome.__traceback__),
            )
