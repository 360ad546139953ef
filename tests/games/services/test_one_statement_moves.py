"""Moves checked against the process's snapshot and written in one statement (games.live.writes):
the same table as the locked path writes, the big record column left as it was (the moves kept
apart until the next deal), nothing when the row moved on, no query for an illegal move."""

import asyncio
import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from deal_support import CLEAN, dealt_computer_table
from django.db import connection
from psycopg import OperationalError

from games import services
from games.engine import IllegalMove, Play, export, load
from games.live import async_db, events, snapshots, writes
from games.models import LogEntry, Table
from games.services import Player, StaleVersion
from tests.games.services.service_builders import (
    ANN,
    BEN,
    assert_same_as_a_full_read,
    never_in_a_thread,
    on_the_snapshot,
    replayed_from_log,
    started_table,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgresql_and_timed_jobs(settings):
    if connection.vendor != "postgresql":
        pytest.skip("one-statement moves are PostgreSQL's (SQLite takes the locked path)")
    # Deadline jobs wait their minute on a timer thread instead of running inline: the
    # queries counted are the move's own.
    settings.JOBS_BACKEND = "thread"


def mover(table: Table) -> Player:
    return (ANN, BEN)[load(table.record).turn]


def a_move(table: Table):
    moves = load(table.record).legal_moves()
    return next((m for m in moves if isinstance(m, Play)), moves[0])


def test_a_move_on_the_snapshot_is_one_statement_and_writes_what_the_locked_path_does():
    table = started_table()
    for _ in range(12):
        table.refresh_from_db()
        if table.finished or load(table.record).turn is None:
            break
        before = table.version
        assert snapshots.recall(table.public_id, at_least=before).version == before
        version = on_the_snapshot(
            services.aplay,
            public_id=table.public_id,
            player=mover(table),
            move=a_move(table),
            seen_version=before,
        )
        table.refresh_from_db()
        assert table.version == version > before
        assert table.record == replayed_from_log(table)
        versions = list(table.log.values_list("version", flat=True))
        assert versions == list(range(1, table.version + 1))[-len(versions) :]
        assert (table.deadline is not None) == (load(table.record).turn is not None)
        # The snapshot kept after the commit is the row as the locked path would read it.
        assert_same_as_a_full_read(snapshots.recall(table.public_id, at_least=version), table)


def test_an_illegal_move_is_refused_from_the_snapshot_without_a_query(
    django_assert_num_queries,
):
    table = started_table()
    match = load(table.record)
    other = (BEN, ANN)[match.turn]  # not their turn
    with django_assert_num_queries(0), pytest.raises(IllegalMove):
        on_the_snapshot(
            services.aplay,
            public_id=table.public_id,
            player=other,
            move=match.legal_moves()[0],
            seen_version=table.version,
        )
    assert table.log.filter(kind=LogEntry.Kind.MOVE).count() == 0


def test_the_next_hand_is_dealt_in_one_statement_with_its_seed():
    table = started_table()
    first_seed = table.hand_seed
    while not load(table.record).needs_deal:
        on_the_snapshot(
            services.aplay,
            public_id=table.public_id,
            player=mover(table),
            move=a_move(table),
            seen_version=table.version,
        )
        table.refresh_from_db()
    assert not table.finished, "a 100-point match lasts more than one hand"
    version = on_the_snapshot(
        services.anext_hand, public_id=table.public_id, player=BEN, seen_version=table.version
    )
    table.refresh_from_db()
    assert table.version == version
    assert table.hand_seed not in ("", first_seed)
    assert table.record == replayed_from_log(table)
    assert len(table.record["hands"]) == 2
    assert_same_as_a_full_read(snapshots.recall(table.public_id, at_least=version), table)
    with pytest.raises(IllegalMove, match="still being played"):
        on_the_snapshot(
            services.anext_hand, public_id=table.public_id, player=ANN, seen_version=version
        )


# --- the record's two columns: a move leaves the big one as it was -------------------------
def stored_columns(table: Table) -> tuple[str, list[dict[str, Any]]]:
    """The row's record column as PostgreSQL keeps it (its text, never parsed) and its
    ``hand_moves``."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT record::text, hand_moves::text FROM games_table WHERE id = %s", [table.pk]
        )
        record, hand_moves = cursor.fetchone()
    return record, json.loads(hand_moves)


def moves_logged_since(table: Table, version: int) -> list[dict[str, Any]]:
    entries = table.log.filter(version__gt=version, kind=LogEntry.Kind.MOVE)
    return list(entries.values_list("payload", flat=True))


def assert_the_whole_match(table: Table) -> None:
    """``table.record`` (its two columns put together) is the match as the engine holds it in
    the snapshot, and as the log replays."""
    held = snapshots.recall(table.public_id, at_least=table.version)
    assert held.version == table.version
    assert table.record == export(held.match) == replayed_from_log(table)


def play_on_the_snapshot(table: Table) -> list[dict[str, Any]]:
    """A move of the player to move, decided on this process's snapshot and written in one
    statement: the moves it logged (forced draws and passes included)."""
    before = table.version
    on_the_snapshot(
        services.aplay,
        public_id=table.public_id,
        player=mover(table),
        move=a_move(table),
        seen_version=before,
    )
    table.refresh_from_db()
    assert table.version > before
    return moves_logged_since(table, before)


def test_a_move_appends_to_hand_moves_and_leaves_the_record_column_as_it_was():
    table = started_table()
    record_column, hand_moves = stored_columns(table)
    assert hand_moves == [], "the first deal was saved whole"
    for _ in range(6):
        if load(table.record).turn is None:
            break
        before = table.version
        on_the_snapshot(
            services.aplay,
            public_id=table.public_id,
            player=mover(table),
            move=a_move(table),
            seen_version=before,
        )
        table.refresh_from_db()
        hand_moves += moves_logged_since(table, before)
        assert stored_columns(table) == (record_column, hand_moves)
        assert_the_whole_match(table)
    assert len(hand_moves) > 1


def test_the_next_deal_folds_the_moves_apart_into_the_record_column():
    table = started_table()
    while not load(table.record).needs_deal:
        play_on_the_snapshot(table)
    played = table.record
    assert stored_columns(table)[1], "the hand's moves were kept apart"
    before = table.version
    on_the_snapshot(services.anext_hand, public_id=table.public_id, player=ANN, seen_version=before)
    table.refresh_from_db()
    record_column, hand_moves = stored_columns(table)
    deal = table.log.get(version=before + 1, kind=LogEntry.Kind.DEAL).payload["deal"]
    new_hand = {"deal": deal, "moves": []}
    assert json.loads(record_column) == {**played, "hands": [*played["hands"], new_hand]}
    assert hand_moves == moves_logged_since(table, before), "the moves dealt with it, if any"
    assert_the_whole_match(table)
    # The new hand's moves are kept apart in their turn.
    hand_moves += play_on_the_snapshot(table)
    assert stored_columns(table) == (record_column, hand_moves)
    assert_the_whole_match(table)


def row_updates() -> tuple[int, int]:
    """The table rows updated so far, and how many of those updates were in place (HOT),
    with this connection's own counts flushed first (PostgreSQL gathers them per backend)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_force_next_flush()")  # flushed as the backend idles
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relid = %s::regclass",
            [Table._meta.db_table],
        )
        return cursor.fetchone()


def test_a_move_updates_the_table_row_in_place_without_touching_its_indexes():
    """No index covers a column a move changes (the clock's ``deadline`` aside), and the
    table's pages keep room: PostgreSQL makes every move's update of the row a HOT one
    (migration 0013). An index on, say, ``updated_at`` would make none of them HOT."""
    table = started_table(turn_seconds=None)
    updated, in_place = row_updates()
    moves = 0
    while moves < 5 and load(table.record).turn is not None:
        # On the locked path, on this connection: its statistics are the ones flushed above
        # (the loop's own connection flushes its own at some idle moment).
        services.play(
            public_id=table.public_id,
            player=mover(table),
            move=a_move(table),
            seen_version=table.version,
        )
        table.refresh_from_db()
        moves += 1
    assert moves == 5
    # The counts are the table's, from every connection: another one (an earlier test's,
    # flushing its counts once idle) may add updates of its own meanwhile. None of the moves'
    # may be missing from the in-place ones: an index on a column a move changes makes it 0.
    now_updated, now_in_place = row_updates()
    assert now_updated - updated >= moves and now_in_place - in_place >= moves


def test_the_table_leaves_room_on_its_pages_for_the_next_versions_of_its_rows():
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE oid = %s::regclass", ["games_table"])
        assert cursor.fetchone()[0] == ["fillfactor=80"]


def test_a_move_on_the_locked_path_also_leaves_the_record_column_as_it_was():
    table = started_table()
    hand_moves = play_on_the_snapshot(table)
    record_column = stored_columns(table)[0]
    snapshots.forget_all()  # this process cannot decide the next move: the locked path does
    before = table.version
    version = services.play(
        public_id=table.public_id, player=mover(table), move=a_move(table), seen_version=before
    )
    table.refresh_from_db()
    assert table.version == version > before
    hand_moves += moves_logged_since(table, before)
    assert stored_columns(table) == (record_column, hand_moves)
    assert_the_whole_match(table)


def test_the_computers_moves_and_an_undo_leave_the_record_column_as_it_was(settings, monkeypatch):
    """At a table against the computer, its moves and a move taken back are saved on the
    locked path: only the moves since the record column was written (a new hand rewrites it:
    tests/games/test_table_record.py). Dealt so that the computer answers without drawing (a
    draw is never taken back)."""
    settings.JOBS_BACKEND = "inline"  # the computer answers within the move's call
    table = dealt_computer_table(monkeypatch, "draw", CLEAN, player=ANN)
    table.refresh_from_db()
    assert load(table.record).turn == 0  # the computer's opening, if it had one, is played
    record_column, hand_moves = stored_columns(table)
    for _ in range(20):  # Ann draws until a tile fits, then plays it and the computer answers
        before = table.version
        services.play(
            public_id=table.public_id, player=ANN, move=a_move(table), seen_version=before
        )
        table.refresh_from_db()
        hand_moves += moves_logged_since(table, before)
        assert stored_columns(table) == (record_column, hand_moves)
        assert_the_whole_match(table)
        if table.version > before + 1:
            break
    else:
        raise AssertionError("the computer never answered")
    services.undo(public_id=table.public_id, player=ANN, seen_version=table.version)
    table.refresh_from_db()
    kept_column, kept_moves = stored_columns(table)
    assert kept_column == record_column and len(kept_moves) < len(hand_moves)
    assert_the_whole_match(table)


@pytest.mark.asyncio
async def test_moves_from_the_event_loop_are_written_there_as_the_locked_path_writes(
    monkeypatch,
):
    table = await sync_to_async(started_table)(turn_seconds=None)  # no deadline jobs to start
    monkeypatch.setattr(async_db, "in_database", never_in_a_thread)
    for _ in range(12):
        if table.finished or load(table.record).turn is None:
            break
        before = table.version
        version = await services.aplay(
            public_id=table.public_id,
            player=mover(table),
            move=a_move(table),
            seen_version=before,
        )
        await sync_to_async(table.refresh_from_db)()
        assert table.version == version > before
        assert table.record == await sync_to_async(replayed_from_log)(table)
        kept = snapshots.recall(table.public_id, at_least=version)
        await sync_to_async(assert_same_as_a_full_read)(kept, table)
    assert table.version > 3


@pytest.mark.asyncio
async def test_the_next_hand_from_the_event_loop_is_dealt_there(monkeypatch):
    table = await sync_to_async(started_table)(turn_seconds=None)
    while not load(table.record).needs_deal:
        await services.aplay(
            public_id=table.public_id,
            player=mover(table),
            move=a_move(table),
            seen_version=table.version,
        )
        await sync_to_async(table.refresh_from_db)()
    monkeypatch.setattr(async_db, "in_database", never_in_a_thread)
    version = await services.anext_hand(
        public_id=table.public_id, player=ANN, seen_version=table.version
    )
    await sync_to_async(table.refresh_from_db)()
    assert table.version == version and len(table.record["hands"]) == 2
    assert table.record == await sync_to_async(replayed_from_log)(table)
    kept = snapshots.recall(table.public_id, at_least=version)
    await sync_to_async(assert_same_as_a_full_read)(kept, table)


@pytest.mark.asyncio
async def test_a_move_from_the_event_loop_leaves_the_record_column_as_it_was(monkeypatch):
    table = await sync_to_async(started_table)(turn_seconds=None)
    record_column, hand_moves = await sync_to_async(stored_columns)(table)
    monkeypatch.setattr(async_db, "in_database", never_in_a_thread)
    before = table.version
    await services.aplay(
        public_id=table.public_id, player=mover(table), move=a_move(table), seen_version=before
    )
    await sync_to_async(table.refresh_from_db)()
    hand_moves += await sync_to_async(moves_logged_since)(table, before)
    assert await sync_to_async(stored_columns)(table) == (record_column, hand_moves)
    await sync_to_async(assert_the_whole_match)(table)


@pytest.mark.asyncio
async def test_a_row_moved_on_writes_nothing_from_the_event_loop_and_says_stale():
    table = await sync_to_async(started_table)()
    seen = snapshots.recall(table.public_id, at_least=table.version)
    first = mover(table)
    await services.aplay(
        public_id=table.public_id, player=first, move=a_move(table), seen_version=table.version
    )
    snapshots.forget_all()  # this process still holds the old snapshot, as above
    snapshots.remember(seen)
    await sync_to_async(table.refresh_from_db)()
    before = (await table.log.acount(), table.version)
    with pytest.raises(StaleVersion):
        await services.aplay(
            public_id=table.public_id,
            player=first,
            move=seen.match.legal_moves()[0],
            seen_version=seen.version,
        )
    await sync_to_async(table.refresh_from_db)()
    assert (await table.log.acount(), table.version) == before


@pytest.mark.asyncio
async def test_the_loop_keeps_one_connection_and_a_lost_one_costs_no_move():
    table = await sync_to_async(started_table)(turn_seconds=None)
    backends = set()
    for _ in range(3):
        async with async_db.loop_connection() as conn:
            backends.add(conn.info.backend_pid)
    assert len(backends) == 1, "one connection, kept open between uses"
    await sync_to_async(terminate_backend)(backends.pop())  # a database restart, for it
    before = table.version
    version = await services.aplay(
        public_id=table.public_id, player=mover(table), move=a_move(table), seen_version=before
    )
    await sync_to_async(table.refresh_from_db)()
    assert table.version == version > before
    assert table.record == await sync_to_async(replayed_from_log)(table)
    async with async_db.loop_connection() as conn:
        assert conn.info.backend_pid not in backends, "the lost connection was dropped"


def terminate_backend(pid: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])


def test_the_record_and_the_moves_apart_rewritten_at_moves_and_deals_are_compressed_with_lz4():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attname, attcompression FROM pg_attribute"
            " WHERE attrelid = 'games_table'::regclass AND attname IN ('record', 'hand_moves')"
        )
        assert dict(cursor.fetchall()) == {"record": "l", "hand_moves": "l"}


@pytest.mark.asyncio
async def test_racing_moves_from_two_tabs_on_the_event_loop_apply_once():
    table = await sync_to_async(started_table)(turn_seconds=None)
    before = table.version
    match = load(table.record)
    plays = [m for m in match.legal_moves() if isinstance(m, Play)] or match.legal_moves()
    tabs = [
        services.aplay(
            public_id=table.public_id, player=mover(table), move=move, seen_version=before
        )
        for move in (plays[0], plays[-1])  # each tab its own move, sent at once
    ]
    outcomes = await asyncio.gather(*tabs, return_exceptions=True)
    applied = [o for o in outcomes if isinstance(o, int)]
    assert len(applied) == 1, outcomes
    assert [type(o) for o in outcomes if not isinstance(o, int)] == [StaleVersion]
    await sync_to_async(table.refresh_from_db)()
    assert table.version == applied[0]
    moves = await table.log.filter(version__gt=before, kind=LogEntry.Kind.MOVE).acount()
    assert moves == applied[0] - before  # one player's move (and any forced moves after it)


def test_a_move_writes_no_log_index_that_the_unique_one_covers():
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = 'games_logentry'")
        definitions = sorted(row[0].split(" USING ")[1] for row in cursor.fetchall())
    assert definitions == ["btree (id)", 'btree (table_id, "position")']


def test_a_move_leaves_no_lock_on_the_row_it_updated():
    """The log's table is no foreign key constraint in the database (migration 0014): checking
    one locked the row the move's statement had just updated (a second write to its page)."""
    table = started_table(turn_seconds=None)
    play_on_the_snapshot(table)
    with connection.cursor() as cursor:
        cursor.execute("SELECT xmax::text FROM games_table WHERE id = %s", [table.pk])
        assert cursor.fetchone()[0] == "0"


def test_deleting_a_table_deletes_its_log():
    table = started_table(turn_seconds=None)
    play_on_the_snapshot(table)
    other = started_table(turn_seconds=None)
    kept = LogEntry.objects.filter(table=other).count()
    assert LogEntry.objects.filter(table=table).count() > 1
    table.delete()
    assert not LogEntry.objects.filter(table_id=table.pk).exists()
    assert LogEntry.objects.filter(table=other).count() == kept


@pytest.mark.asyncio
async def test_a_move_committed_as_the_loops_connection_dies_is_still_announced(monkeypatch):
    table = await sync_to_async(started_table)(turn_seconds=None)
    written = writes.awrite_change

    async def committed_then_lost(change):
        assert await written(change)
        raise OperationalError("server closed the connection unexpectedly")

    announced = []

    async def announce(public_id, version):
        announced.append((public_id, version))

    monkeypatch.setattr(writes, "awrite_change", committed_then_lost)
    monkeypatch.setattr(events, "apublish", announce)
    before = table.version
    with pytest.raises(StaleVersion):  # the player is shown the table, their move in it
        await services.aplay(
            public_id=table.public_id, player=mover(table), move=a_move(table), seen_version=before
        )
    await sync_to_async(table.refresh_from_db)()
    assert table.version > before
    assert announced == [(table.public_id, table.version)], "the opponent is told"
