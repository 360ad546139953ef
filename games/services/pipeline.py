"""What follows a committed change of a table, for both executors of a decision: the locked
path (a transaction with the row locked, games.services._tables) and the one statement (the
event loop's write of a move or a deal, games.services.moves, whose one statement is its own
commit).

Each executor ends with a :class:`Decided`, and :func:`after_commit` (or :func:`aafter_commit`,
its twin on the event loop) does everything a committed version starts: the process keeps the
table's snapshot, the version is announced on the table's group (games.live.events: "table T
is at version V", never a hand), a match just finished tells its listeners
(games.signals.match_finished), the coach reviews a hand just over, and the computer's turn or
the deadline's job is queued (games.services.schedule). It is the only road that announces a
version.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial

from django.db import transaction

from games import signals
from games.coach import service as coach
from games.live import async_db, events, snapshots
from games.models import Table
from games.services.decision import Outcome
from games.services.schedule import schedule_bot_turn, schedule_deadline

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Decided:
    """A change decided and written (committed, or about to be): the table at its new
    version, what the change starts, and the snapshot to keep (None: the next reader reads the
    row). A change the log does not hold (a seat taken, a vote) starts nothing but the
    announcement."""

    public_id: str
    version: int
    snapshot: snapshots.TableSnapshot | None = None
    #: The computer is to move: its job, after the pause.
    computer_turn: bool = False
    #: A person's (or the wait between hands') deadline, seconds from the decision: its job.
    seconds: float | None = None
    #: The hand (0-based) the change left over: the coach reviews it.
    hand_over: int | None = None
    #: The change finished the match: its listeners are told (records, tournaments).
    finished: bool = False

    @classmethod
    def of(cls, snapshot: snapshots.TableSnapshot, outcome: Outcome, *, finished: bool) -> Decided:
        """The change that made ``snapshot``, as :func:`decide` decided it (``outcome``);
        ``finished``: it is the one that ended the match."""
        return cls(
            public_id=snapshot.public_id,
            version=snapshot.version,
            snapshot=snapshot,
            computer_turn=outcome.computer_turn,
            seconds=outcome.seconds,
            hand_over=outcome.hand_over,
            finished=finished,
        )

    @property
    def starts_jobs(self) -> bool:
        """Whether anything but the announcement follows (:func:`_follow_up`)."""
        return (
            self.computer_turn
            or self.seconds is not None
            or self.hand_over is not None
            or self.finished
        )


def on_commit(decided: Decided) -> None:
    """The locked path: :func:`after_commit` once the caller's transaction commits (nothing,
    if it rolls back)."""
    transaction.on_commit(partial(after_commit, decided))


def after_commit(decided: Decided) -> None:
    """Everything a committed change starts, from a thread (a request's, a job's, a database
    thread of the server)."""
    _remember(decided)
    events.publish(decided.public_id, decided.version)
    _follow_up(decided)


async def aafter_commit(decided: Decided) -> None:
    """:func:`after_commit` from the server's event loop (the one statement): the same steps,
    never blocking the loop: the announcement is sent by the loop itself, and only what
    queues jobs (Redis, the database) goes to a database thread, when there is any."""
    _remember(decided)
    await events.apublish(decided.public_id, decided.version)
    if decided.starts_jobs:  # else no thread at all for this change
        await async_db.in_database(_follow_up)(decided)


def _remember(decided: Decided) -> None:
    # The snapshot's match is the snapshot's from now on: nothing changes it after this.
    if decided.snapshot is not None:
        snapshots.remember(decided.snapshot)


def _follow_up(decided: Decided) -> None:
    """A finished match's listeners, the coach's review of a hand just over, and the
    computer's move or the deadline's job (in this order: a job run at once, as the tests'
    inline jobs are, comes after what the change itself tells)."""
    if decided.finished:
        _finished(decided.public_id)
    if decided.hand_over is not None:
        coach.queue_review(public_id=decided.public_id, hand=decided.hand_over)
    if decided.computer_turn:
        schedule_bot_turn(public_id=decided.public_id, version=decided.version)
    elif decided.seconds is not None:
        schedule_deadline(
            public_id=decided.public_id, version=decided.version, seconds=decided.seconds
        )


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
