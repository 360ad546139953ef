"""A table's log entries (made from a move or a deal, and replayed on a match: :func:`replay`,
the one replay of the log), and writing a player's change in one statement: the table row at
its new version and the change's log entries, only if the row is still at the version the
change was checked against.

PostgreSQL runs it as one data-modifying ``WITH``: no row read first, no lock held across round
trips, no transaction to open and commit (a single statement is atomic). Another change that
committed first (a job, another process, the locked path) leaves the row at another version:
the statement then writes nothing and says so. It is sent from the server's event loop, on a
connection of the loop's own (:func:`awrite_change`). SQLite (the embedded default, one writer
at a time) has no data-modifying ``WITH``: its moves take the services' locked path.

The row's columns are written in the format games.stored_record owns: a move appends to the
moves apart, a deal folds them into the record with the new hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any, NamedTuple

from django.db import connection

from games import stored_record
from games.engine import Deal, Match, Move, move_from_record, move_to_record
from games.live import async_db
from games.models import LogEntry, Table


class Entry(NamedTuple):
    """A log entry to write (LogEntry's fields but the table)."""

    position: int
    kind: str
    seat: int | None
    payload: dict[str, Any]
    version: int
    timed_out: bool = False


def last_position(match: Match) -> int:
    """The log position of the deal or move just applied: the log holds each deal and move."""
    return len(match.deals) + sum(len(history) for history in match.histories) - 1


def move_entry(
    match: Match, seat: int, move: Move, version: int, *, timed_out: bool = False
) -> Entry:
    """The log entry of ``move``, just applied to ``match`` by ``seat``, making ``version``
    (``timed_out``: played by the server for a person out of time)."""
    record = move_to_record(seat, move)
    return Entry(last_position(match), LogEntry.Kind.MOVE, seat, record, version, timed_out)


def hand_index(match: Match, position: int) -> int:
    """The index in the current hand's history of the move at log ``position``."""
    return position - (last_position(match) - len(match.histories[-1])) - 1


def deal_entry(match: Match, deal: Deal, seed: str, version: int) -> Entry:
    """The log entry of ``deal``, just dealt in ``match`` from ``seed``, making ``version``."""
    payload = {"deal": deal.to_record(), "seed": seed}
    return Entry(last_position(match), LogEntry.Kind.DEAL, None, payload, version)


def apply_entry(match: Match, kind: str, payload: dict[str, Any]) -> None:
    """Replay one log entry (a deal or a move, as written above) on ``match``."""
    if kind == LogEntry.Kind.DEAL:
        match.start_hand(Deal.from_record(match.rules, payload["deal"]))
    else:
        match.apply(*move_from_record(payload))


class Logged(NamedTuple):
    """A log entry as read back: a row, or a raw row of the event loop's query."""

    position: int
    kind: str
    payload: dict[str, Any]
    timed_out: bool

    @classmethod
    def of(cls, entry: LogEntry) -> Logged:
        return cls(entry.position, entry.kind, entry.payload, entry.timed_out)


class Replayed(NamedTuple):
    """What the log says besides the match: the current hand's seed (its deal's) and the moves
    of it the server played for a person out of time, as indices into its history."""

    hand_seed: str
    played_for: tuple[int, ...]


def replay(
    match: Match,
    entries: Iterable[Logged],
    *,
    hand_seed: str = "",
    played_for: tuple[int, ...] = (),
) -> Replayed:
    """Bring ``match`` up to the log ``entries`` (in order), and say what they tell of the
    current hand, starting from ``hand_seed`` and ``played_for`` (what the match's own hand
    had). An entry past the match's last position is applied to it; one the match holds
    already is only read (a snapshot's timed-out moves, looked up in the log)."""
    for entry in entries:
        if entry.position > last_position(match):
            apply_entry(match, entry.kind, entry.payload)
        if entry.kind == LogEntry.Kind.DEAL:
            hand_seed, played_for = entry.payload["seed"], ()
        elif entry.timed_out:
            played_for += (hand_index(match, entry.position),)
    return Replayed(hand_seed, played_for)


def one_statement() -> bool:
    """Whether moves can be written in one statement on this database."""
    return connection.vendor == "postgresql"


_TABLE = Table._meta.db_table
_LOG = LogEntry._meta.db_table


class Change(NamedTuple):
    """A player's change to write: the table row from ``from_version`` to ``to_version``, with
    its finished flag and deadline, and ``entries`` appended to its log. Entries that start
    with a deal are a new hand with its first moves (the hand's seed kept), else moves of the
    record's last hand."""

    table_id: int
    from_version: int
    to_version: int
    finished: bool
    deadline: datetime | None
    entries: list[Entry]
    now: datetime


async def awrite_change(change: Change) -> bool:
    """Write ``change`` in one statement, on the running loop's own connection; False, writing
    nothing, if the row is not at its ``from_version`` (or is gone)."""
    sql, params = _statement(change)
    async with async_db.loop_connection() as conn:
        cursor = await conn.execute(sql, params)
        return cursor.rowcount == len(change.entries)


def _statement(change: Change) -> tuple[str, list[Any]]:
    """The statement of ``change`` and its parameters: only the new moves, or the new hand,
    are sent, as games.stored_record stores them."""
    entries = change.entries
    moves = [entry.payload for entry in entries if entry.kind == LogEntry.Kind.MOVE]
    if entries[0].kind == LogEntry.Kind.DEAL:
        deal = entries[0].payload
        assignments, assignment_params = stored_record.hand_added(deal["deal"], deal["seed"], moves)
    else:
        assignments, assignment_params = stored_record.moves_added(moves)
    values = ", ".join(["(%s::integer, %s, %s::smallint, %s::jsonb, %s::integer)"] * len(entries))
    sql = f"""
        WITH changed AS (
            UPDATE {_TABLE}
            SET {assignments},
                version = %s, finished = %s, deadline = %s, updated_at = %s
            WHERE id = %s AND version = %s
            RETURNING id
        )
        INSERT INTO {_LOG} (table_id, position, kind, seat, payload, version, created_at)
        SELECT changed.id, entry.position, entry.kind, entry.seat, entry.payload, entry.version, %s
        FROM changed, (VALUES {values}) AS entry (position, kind, seat, payload, version)
    """
    params = [
        *assignment_params,
        change.to_version,
        change.finished,
        change.deadline,
        change.now,
        change.table_id,
        change.from_version,
        change.now,
    ]
    for entry in entries:
        params += [
            entry.position,
            entry.kind,
            entry.seat,
            stored_record.encode(entry.payload),
            entry.version,
        ]
    return sql, params
