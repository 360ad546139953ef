"""Writing a move in one statement: the table row at its new version and the move's log
entries, only if the row is still at the version the move was checked against.

PostgreSQL runs it as one data-modifying ``WITH``: no row read first, no lock held across round
trips, no transaction to open and commit (a single statement is atomic). Another change that
committed first (a job, another process, the locked path) leaves the row at another version:
the statement then writes nothing and says so. SQLite (the embedded default, one writer at a
time) has no data-modifying ``WITH``: its moves take the services' locked path.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, NamedTuple

from django.db import connection

from games.engine import Match, Move
from games.engine.moves import move_to_record
from games.models import LogEntry, Table


class Entry(NamedTuple):
    """A log entry to write (LogEntry's fields but the table)."""

    position: int
    kind: str
    seat: int | None
    payload: dict[str, Any]
    version: int


def last_position(match: Match) -> int:
    """The log position of the deal or move just applied: the log holds each deal and move."""
    return len(match.deals) + sum(len(history) for history in match.histories) - 1


def move_entry(match: Match, seat: int, move: Move, version: int) -> Entry:
    """The log entry of ``move``, just applied to ``match`` by ``seat``, making ``version``."""
    record = move_to_record(seat, move)
    return Entry(last_position(match), LogEntry.Kind.MOVE, seat, record, version)


def one_statement() -> bool:
    """Whether moves can be written in one statement on this database."""
    return connection.vendor == "postgresql"


_TABLE = Table._meta.db_table
_LOG = LogEntry._meta.db_table


def write_moves(
    *,
    table_id: int,
    from_version: int,
    to_version: int,
    finished: bool,
    deadline: datetime | None,
    entries: list[Entry],
    now: datetime,
) -> bool:
    """Move the table row from ``from_version`` to ``to_version`` (its finished flag and
    deadline, and ``entries``' moves appended to the record's last hand: moves never deal) and
    append ``entries`` to its log, in one statement; False, writing nothing, if the row is not
    at ``from_version`` (or is gone). The record grows in place: only the new moves are sent."""
    values = ", ".join(["(%s::integer, %s, %s::smallint, %s::jsonb, %s::integer)"] * len(entries))
    sql = f"""
        WITH moved AS (
            UPDATE {_TABLE}
            SET record = jsonb_set(
                    record, '{{hands,-1,moves}}', (record #> '{{hands,-1,moves}}') || %s::jsonb
                ),
                version = %s, finished = %s, deadline = %s, updated_at = %s
            WHERE id = %s AND version = %s
            RETURNING id
        )
        INSERT INTO {_LOG} (table_id, position, kind, seat, payload, version, created_at)
        SELECT moved.id, entry.position, entry.kind, entry.seat, entry.payload, entry.version, %s
        FROM moved, (VALUES {values}) AS entry (position, kind, seat, payload, version)
    """
    moves = json.dumps([entry.payload for entry in entries])
    params: list[Any] = [moves, to_version, finished, deadline, now]
    params += [table_id, from_version, now]
    for entry in entries:
        params += [entry.position, entry.kind, entry.seat, json.dumps(entry.payload), entry.version]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount == len(entries)
