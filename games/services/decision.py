"""What a change does to a table, decided once with no database work (:func:`decide`), for
both executors: the locked path (``_tables.advance``, from the row) and the one statement
(``moves``' snapshot path, from the snapshot), each reading its input through
:class:`DecisionInput`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Set
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, NamedTuple, Protocol

from django.conf import settings

from games.engine import Draw, Match, Move, Pass, history_to_record
from games.live import writes

if TYPE_CHECKING:
    from games.live.snapshots import TableSnapshot
    from games.models import Table

#: A computer's turn not played this long after its pause means its job was lost (a worker
#: killed, a restart): the sweep (every second, Procfile) then plays it, so no computer move
#: waits much more than its pause + 2 s. A worker that is merely late (a backlog) meets a
#: sweep that helps: whichever comes second finds the version moved on and does nothing.
COMPUTER_OVERDUE_SECONDS = 1.0


#: On a table with a clock, a hand that is over is followed by the next one after this long
#: even if nobody presses "Next round": a match (a tournament's above all) never stalls there.
BETWEEN_HANDS_SECONDS = 30


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
    #: The hand (0-based) the change left over, for the coach to review; None while in play.
    hand_over: int | None = None

    @property
    def starts_jobs(self) -> bool:
        """Whether the change has anything to start once committed (games.services.pipeline)."""
        return (
            self.computer_turn
            or self.seconds is not None
            or self.finished
            or self.hand_over is not None
        )


#: Which turn a match is at (:func:`turn_of`).
type Turn = tuple[int, int]


def turn_of(match: Match) -> Turn:
    """Which turn ``match`` is at: its hand, and the plays and passes made in it. Only those
    hand the turn on, so a seat's draws stay in its turn; a hand over is a turn of its own (the
    wait for the next deal)."""
    moves = history_to_record(match.histories[-1]) if match.histories else []
    return turn_in(len(match.deals), moves)


def turn_in(hands: int, moves: Iterable[dict[str, object]]) -> Turn:
    """:func:`turn_of` a match of ``hands`` hands, whose last has ``moves`` (as records)."""
    return hands, sum("draw" not in move for move in moves)


class Running(NamedTuple):
    """The deadline in force before a change, and the turn it was set for."""

    turn: Turn
    deadline: datetime


def decide(
    match: Match,
    *,
    version: int,
    computer: Set[int],
    auto_pass: bool,
    turn_seconds: int | None,
    grace_seconds: int,
    now: datetime,
    running: Running | None = None,
) -> Outcome:
    """What follows a change just applied to ``match`` at ``version``: the one decision both
    the locked path (:func:`advance`) and the one-statement path (:func:`_decide_on_snapshot`)
    take, so they differ only in how they read and write. No database work: the automatic
    draws and passes are applied to ``match`` (the caller's working copy) and returned as log
    entries, each making the next version. ``computer``: the seats the computer plays.

    A deadline is set when a turn begins and kept through it: ``running``, a person's deadline
    (or the wait between hands) in force before the change, stays the deadline if the change
    leaves the match at the turn it was set for (a draw, another seat leaving or coming back),
    however many tiles the turn draws."""
    entries = []
    for seat, forced in _automatic_moves(match, auto_pass=auto_pass, computer=computer):
        version += 1
        entries.append(writes.move_entry(match, seat, forced, version))
    seconds, computer_turn = _clock(
        match, computer=computer, turn_seconds=turn_seconds, grace_seconds=grace_seconds
    )
    deadline = None if seconds is None else now + timedelta(seconds=seconds)
    if deadline is not None and not computer_turn and running and running.turn == turn_of(match):
        deadline = running.deadline
        seconds = max(0.0, (deadline - now).total_seconds())
    return Outcome(
        entries=tuple(entries),
        version=version,
        seconds=seconds,
        deadline=deadline,
        finished=match.finished,
        computer_turn=computer_turn,
        hand_over=len(match.deals) - 1
        if match.deals and (match.finished or match.needs_deal)
        else None,
    )


def _automatic_moves(
    match: Match, *, auto_pass: bool, computer: Set[int]
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
    match: Match, *, computer: Set[int], turn_seconds: int | None, grace_seconds: int
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


class _Seat(Protocol):
    """A seat as a row and a snapshot both have it."""

    @property
    def index(self) -> int: ...

    @property
    def played_by_computer(self) -> bool: ...


class _TableSettings(Protocol):
    """What a row and a snapshot both hold of a table's settings for :func:`decide`."""

    @property
    def auto_pass(self) -> bool: ...

    @property
    def turn_seconds(self) -> int | None: ...

    @property
    def grace_seconds(self) -> int: ...


@dataclass(frozen=True, slots=True)
class DecisionInput:
    """Everything :func:`decide` reads of a table besides the match, as it was before the
    change: built by one core (:meth:`_of`) from either executor's view of the table, the
    snapshot (:meth:`from_snapshot`) or the locked row (:meth:`from_table`)."""

    computer: frozenset[int]  # the seats the computer plays
    auto_pass: bool
    turn_seconds: int | None
    grace_seconds: int
    running: Running | None

    @classmethod
    def from_snapshot(cls, snapshot: TableSnapshot) -> DecisionInput:
        """The one statement's input. The snapshot's deadline is a person's clock (the
        computer's cue is not kept there) and its match is the one before the change."""
        return cls._of(snapshot, snapshot.seats, snapshot.deadline, lambda: turn_of(snapshot.match))

    @classmethod
    def from_table(cls, table: Table, seats: Iterable[_Seat]) -> DecisionInput:
        """The locked path's input: the row's deadline, and its turn read from the record as
        saved before the change (the match the caller holds is already changed)."""

        def turn() -> Turn:
            hands = table.record.get("hands", [])
            return turn_in(len(hands), hands[-1]["moves"] if hands else [])

        return cls._of(table, seats, table.deadline, turn)

    @classmethod
    def _of(
        cls,
        table: _TableSettings,
        seats: Iterable[_Seat],
        deadline: datetime | None,
        turn: Callable[[], Turn],
    ) -> DecisionInput:
        # The turn is worked out only for a deadline in force (a clocked table): most moves
        # against the computer have none.
        return cls(
            computer=frozenset(seat.index for seat in seats if seat.played_by_computer),
            auto_pass=table.auto_pass,
            turn_seconds=table.turn_seconds,
            grace_seconds=table.grace_seconds,
            running=None if deadline is None else Running(turn(), deadline),
        )

    def decide(self, match: Match, *, version: int, now: datetime) -> Outcome:
        """:func:`decide` on ``match`` (the change just applied, at ``version``) with this
        input."""
        return decide(
            match,
            version=version,
            computer=self.computer,
            auto_pass=self.auto_pass,
            turn_seconds=self.turn_seconds,
            grace_seconds=self.grace_seconds,
            now=now,
            running=self.running,
        )
