"""Reads: what a player may see of a table. Nothing here changes a row."""

import dataclasses
import logging
from typing import Any

import orjson
from django.db import connection
from django.utils.translation import gettext
from psycopg import OperationalError

from games.engine import OWN_KEYS, Match, history_to_record, own_json
from games.engine.bots import bot_name
from games.errors import TableError, TableNotFound
from games.live import async_db, snapshots, writes
from games.models import REJOIN_GRACE_SECONDS, LogEntry, Table
from games.names import seat_avatar, seats_with_avatars

logger = logging.getLogger(__name__)


def table_for(public_id: str) -> Table:
    try:
        return (
            # A tournament's table links back to it (the reverse one-to-one, by name only:
            # games imports nothing of tournaments); joined here, so it costs no query.
            Table.objects.select_related("rematch", "tournament_match__tournament")
            .prefetch_related(seats_with_avatars())
            .get(public_id=public_id)
        )
    except Table.DoesNotExist:
        raise TableNotFound from None


def table_versions(*, public_ids: list[str]) -> dict[str, int]:
    """The current version of each of these tables (those that exist), in one query."""
    if not public_ids:
        return {}
    if connection.vendor == "postgresql":
        # One array parameter: the catch-up sweep asks for every table a process serves (1,000
        # and more) every two seconds, and Django compiling an IN of that many placeholders
        # was most of the query's cost.
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT public_id, version FROM {Table._meta.db_table} WHERE public_id = ANY(%s)",
                [public_ids],
            )
            return dict(cursor.fetchall())
    return dict(Table.objects.filter(public_id__in=public_ids).values_list("public_id", "version"))


def table_state(table: Table, seat: int | None) -> dict[str, Any]:
    """The payload a client renders for ``seat`` (None: a spectator) of a table row."""
    return state_of(snapshot_of(table), seat)


def snapshot_of(table: Table) -> snapshots.TableSnapshot:
    """The snapshot of a table row just read (kept for the next caller)."""
    snapshot = snapshots.TableSnapshot.of(table, list(table.seats.all()))
    snapshots.remember(snapshot)
    return snapshot


async def asnapshot_at(public_id: str, version: int) -> snapshots.TableSnapshot:
    """The table at ``version`` or newer: this process's snapshot, else the one it holds caught
    up from the log (read on the loop's own connection), else the row read whole in a database
    thread (each kept for the next caller)."""
    held = snapshots.recall(public_id, at_least=0)
    if held is not None and held.version >= version:
        return held
    if held is not None and held.started and writes.one_statement():  # PostgreSQL
        try:
            async with async_db.loop_connection() as conn:
                cursor = await conn.execute(_LOG_SINCE, [held.version, held.id])
                caught_up = _caught_up(held, await cursor.fetchall())
        except OperationalError:
            logger.warning("catching up from the event loop found no database", exc_info=True)
            caught_up = None
        if caught_up is not None:
            snapshots.remember(caught_up)
            return caught_up
    return await async_db.in_database(_read_whole)(public_id)


def _read_whole(public_id: str) -> snapshots.TableSnapshot:
    return snapshot_of(table_for(public_id))


_LOG_SINCE = f"""
    SELECT t.version, t.deadline, t.finished, e.version, e.position, e.kind, e.payload, e.timed_out
    FROM {Table._meta.db_table} t
    LEFT JOIN {LogEntry._meta.db_table} e ON e.table_id = t.id AND e.version > %s
    WHERE t.id = %s
    ORDER BY e.position
"""


def _caught_up(
    held: snapshots.TableSnapshot, rows: list[tuple[Any, ...]]
) -> snapshots.TableSnapshot | None:
    """``held`` brought to the row's version by the log entries written since (``rows`` of
    ``_LOG_SINCE``: the moves another process committed, replayed by ``writes.replay``), or
    None when something else changed the table meanwhile (its versions are then not all log
    entries: a seat left, a vote, a forfeit, an undo) or may have: the start of a table, whose
    deal is in the log, also seats the computer (``held`` must be started)."""
    if not rows:
        return None  # the table is gone
    version, deadline, finished = rows[0][:3]
    entries = [row[3:] for row in rows if row[3] is not None]
    if [entry[0] for entry in entries] != list(range(held.version + 1, version + 1)):
        return None
    if held.arrivals and any(entry[2] == LogEntry.Kind.DEAL for entry in entries):
        return None  # the deal seated the friends who came late: the seats changed
    match = held.match.copy()
    replayed = writes.replay(
        match,
        # Raw rows hand JSON back as text (as Django's loader does).
        (
            writes.Logged(position, kind, orjson.loads(text), timed_out)
            for _, position, kind, text, timed_out in entries
        ),
        hand_seed=held.hand_seed,
        played_for=held.played_for,
    )
    fresh = dataclasses.replace(held, hand_seed=replayed.hand_seed, played_for=replayed.played_for)
    return fresh.moved(match, version=version, deadline=deadline, finished=finished)


def state_of(snapshot: snapshots.TableSnapshot, seat: int | None) -> dict[str, Any]:
    """The payload a client renders: the engine's view of ``seat`` and the table around it.

    The view is made by the engine for that seat alone (never filtered afterwards), so it holds
    no other hand and nothing of the boneyard's order. No database work: the event loop may
    call it.
    """
    return {
        "type": "state",
        "version": snapshot.version,
        "table": {
            "id": snapshot.public_id,
            "kind": snapshot.kind,
            "started": snapshot.started,
            "seat_count": snapshot.rules.seats,
            "deadline": snapshot.deadline.isoformat() if snapshot.deadline else None,
            "turn_seconds": snapshot.turn_seconds,
            "grace_seconds": snapshot.grace_seconds,
            "forfeited_by": snapshot.forfeited_by,
            "forfeit_reason": snapshot.forfeit_reason,
            "rematch": {
                "votes": list(snapshot.rematch_votes),
                "table": snapshot.rematch_public_id,
            },
            "fair_deal": dict(snapshot.fair_deal) if snapshot.fair_deal else None,
            # The current hand's moves the server played for a person whose time ran out
            # (indices into the view's history): the page says so instead of "you played".
            "played_for": list(snapshot.played_for),
            # Where leaving loses the match: the seconds a person who left has to come back
            # (the page says so on its Leave button); None where the computer plays for them.
            "leaving_forfeits_after": REJOIN_GRACE_SECONDS if snapshot.leaving_forfeits else None,
            # Who takes which computer's seat at the next deal (games.services.lobby).
            "arrivals": [{"seat": a.index, "name": a.name} for a in snapshot.arrivals],
            "show_hints": snapshot.show_hints,
            "auto_pass": snapshot.auto_pass,
            # The host lets partners talk during the hands (games.services.remarks).
            "table_talk": snapshot.table_talk,
            # Seat 0 is a host's (a friends table); nobody hosts a quick match's or a
            # tournament's table.
            "hosted": snapshot.hosted,
            "can_undo": snapshot.kind == Table.Kind.COMPUTER,
            "undo_refused": undo_refused(snapshot),
            "take_backs": snapshot.take_backs,
            "can_hint": snapshot.kind == Table.Kind.COMPUTER,
            "seats": [
                {
                    "index": seat_row.index,
                    # Every page and the wire call a computer by its level and seat ("Rosa").
                    "name": bot_name(seat_row.bot_level, seat_row.index)
                    if seat_row.bot_level
                    else seat_row.name,
                    "bot": seat_row.bot_level or None,
                    "avatar": _seat_avatar(seat_row),
                    "away": seat_row.away,
                    # Pressed Leave where leaving forfeits: the match is lost unless back soon.
                    "left": seat_row.left,
                }
                for seat_row in snapshot.seats
            ],
        },
        "view": snapshot.match.view_for(seat).to_json(),
    }


def _seat_avatar(seat: snapshots.SeatSnapshot) -> dict[str, str]:
    return seat_avatar(
        name=seat.name,
        bot_level=seat.bot_level,
        user_id=seat.user_id,
        colour=seat.avatar_colour,
        emoji=seat.avatar_emoji,
    )


def undo_refused(snapshot: snapshots.TableSnapshot) -> str | None:
    """Why the person may not undo now, in the words the service would refuse with; None when
    they may. Only a table against the computer has undo, and its one person: the payload
    shared by every seat (a computer table has no spectators) can say it for them."""
    person = next((seat.index for seat in snapshot.seats if not seat.is_bot), 0)
    try:
        take_back_start(kind=snapshot.kind, match=snapshot.match, seat=person)
    except TableError as refusal:
        return str(refusal)
    return None


def state_text(snapshot: snapshots.TableSnapshot, seat: int | None) -> str:
    """:func:`state_of` as the JSON text a connection sends. Every connection of a table sends
    the same version, and all of a payload but the view's own keys (the seat, its tiles, its
    legal moves: ``games.engine.own_json``) is the same for every seat: that part is built and
    encoded once per snapshot."""
    head, tail = snapshot.memo.get("state_text") or _shared_state_text(snapshot)
    own = _compact(own_json(snapshot.match, seat))
    return f"{head}{own[1:-1]},{tail}"


def _shared_state_text(snapshot: snapshots.TableSnapshot) -> tuple[str, str]:
    """The text of the payload around the view's own keys: ``head`` ends inside the view's
    object, where the own keys go; ``tail`` holds the view's other keys and closes both."""
    state = state_of(snapshot, None)
    view = state.pop("view")
    for key in OWN_KEYS:
        del view[key]
    outer, inner = _compact(state), _compact(view)
    pieces = (outer[:-1] + ',"view":{', inner[1:] + "}")
    snapshot.memo["state_text"] = pieces
    return pieces


def _compact(data: dict[str, Any]) -> str:
    # orjson: the text every seat shares, made in a fraction of the standard encoder's time
    # (bench/RESULTS.md, `load.py`), UTF-8 as sent rather than \u escapes.
    return orjson.dumps(data).decode()


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
        raise TableError(gettext("Undo is only for games against the computer."))
    if match.finished:
        # A finished match is counted (statistics, ratings): it stays as it ended.
        raise TableError(gettext("The match is over: its moves can no longer be taken back."))
    if match.needs_deal:
        raise TableError(
            gettext("The hand is over and every tile was shown: it can no longer be undone.")
        )
    moves = history_to_record(match.histories[-1])
    plays = [i for i, move in enumerate(moves) if move["seat"] == seat and "play" in move]
    if not plays:
        raise TableError(gettext("You have no play to take back in this hand."))
    if any("draw" in move for move in moves[plays[-1] :]):
        raise TableError(
            gettext("A tile was drawn since your last play: a draw cannot be taken back.")
        )
    return plays[-1]
