"""A process that holds an older snapshot of a table (another process made the moves) catches it
up from the log in one query, and reads the row whole when something else changed the table:
either way it ends with exactly the state a full read gives."""

import pytest
from asgiref.sync import async_to_sync

from games import selectors, services
from games.engine import Play, Rules, load
from games.live import async_db, snapshots, writes
from games.models import Table
from tests.games.services.service_builders import (
    ANN,
    BEN,
    assert_same_as_a_full_read,
    never_in_a_thread,
    started_table,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _settings(settings):
    # Jobs wait on a timer thread, long enough that none runs during a test: the queries
    # counted are the read's, and no computer move lands in the middle.
    settings.JOBS_BACKEND = "thread"
    settings.BOT_PAUSE_SECONDS = 600


def catch_up(public_id: str, version: int) -> snapshots.TableSnapshot:
    """Catching up as the table consumer does, from an event loop (selectors.asnapshot_at)."""
    return async_to_sync(selectors.asnapshot_at)(public_id, version)


def play_one(table: Table) -> None:
    """The player to move plays (a tile if they can); after a hand, the next is dealt."""
    table.refresh_from_db()
    match = load(table.record)
    if match.needs_deal:
        services.next_hand(public_id=table.public_id, player=ANN, seen_version=table.version)
        return
    moves = match.legal_moves()
    services.play(
        public_id=table.public_id,
        player=(ANN, BEN)[match.turn],
        move=next((m for m in moves if isinstance(m, Play)), moves[0]),
        seen_version=table.version,
    )


def as_another_process_left_it(snapshot: snapshots.TableSnapshot) -> None:
    """This process holds ``snapshot`` only: what came after was another process's."""
    snapshots.forget_all()
    snapshots.remember(snapshot)


def three_moves_behind() -> tuple[Table, snapshots.TableSnapshot]:
    """A started table, three moves on from the snapshot this process holds."""
    table = started_table()
    held = snapshots.recall(table.public_id, at_least=table.version)
    for _ in range(3):
        play_one(table)
    table.refresh_from_db()
    as_another_process_left_it(held)
    return table, held


def assert_caught_up(caught: snapshots.TableSnapshot, held, table: Table) -> None:
    assert caught.version == table.version > held.version
    assert_same_as_a_full_read(caught, table)
    assert snapshots.recall(table.public_id, at_least=table.version) == caught


def test_the_event_loop_catches_up_from_the_log_without_a_thread(
    django_assert_num_queries, monkeypatch
):
    table, held = three_moves_behind()
    monkeypatch.setattr(async_db, "in_database", never_in_a_thread)
    with django_assert_num_queries(0):  # one, on the loop's own connection
        caught = async_to_sync(selectors.asnapshot_at)(table.public_id, table.version)
    assert_caught_up(caught, held, table)


def test_a_new_hand_is_caught_up_with_its_deal_and_fair_deal_seed():
    table = started_table()
    first_seed = table.hand_seed
    held = snapshots.recall(table.public_id, at_least=table.version)
    while table.hand_seed == first_seed and not table.finished:
        play_one(table)
        table.refresh_from_db()
    assert table.hand_seed != first_seed, "a second hand was dealt"
    as_another_process_left_it(held)
    caught = catch_up(table.public_id, table.version)
    assert caught.hand_seed == table.hand_seed
    assert_same_as_a_full_read(caught, table)


def test_a_change_that_is_not_in_the_log_makes_a_full_read():
    table = started_table()
    held = snapshots.recall(table.public_id, at_least=table.version)
    play_one(table)
    services.leave_table(public_id=table.public_id, player=BEN)  # a seat away: no log entry
    table.refresh_from_db()
    as_another_process_left_it(held)
    caught = catch_up(table.public_id, table.version)
    assert any(seat.away for seat in caught.seats)
    assert_same_as_a_full_read(caught, table)


def test_a_table_started_by_another_process_is_read_whole():
    table = services.create_online_table(
        player=ANN, name="Ann", rules=Rules.for_preset("draw", seats=3)
    )
    services.join_table(public_id=table.public_id, player=BEN, name="Ben")
    table.refresh_from_db()
    lobby = catch_up(table.public_id, table.version)
    assert not lobby.started
    # The start's version is a deal in the log, but the start also seats the computer.
    services.start_table(public_id=table.public_id, player=ANN)
    table.refresh_from_db()
    as_another_process_left_it(lobby)
    caught = catch_up(table.public_id, table.version)
    assert caught.started and len(caught.seats) == 3
    assert_same_as_a_full_read(caught, table)


def no_loop_connection():
    raise AssertionError("the event loop's own PostgreSQL connection was used")


def test_on_sqlite_the_event_loop_reads_the_row_in_a_thread(monkeypatch):
    # The loop's own connections are PostgreSQL's (psycopg): the embedded default's SQLite
    # reads in its database thread.
    table, _ = three_moves_behind()
    monkeypatch.setattr(writes, "one_statement", lambda: False)
    monkeypatch.setattr(async_db, "loop_connection", no_loop_connection)
    caught = async_to_sync(selectors.asnapshot_at)(table.public_id, table.version)
    assert_same_as_a_full_read(caught, table)
