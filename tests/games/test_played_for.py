"""A move the server plays for a person whose time ran out is recorded as such in the log
(LogEntry.timed_out), and the table's state says which moves of the current hand those were
(``table.played_for``, indices into the view's history): the same after a reload, a process
restart (no snapshot held), a catch-up from the log and a move on either write path; a new
hand starts with none."""

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.db import connection
from django.utils import timezone

from games import selectors, services
from games.engine import Play, load
from games.live import snapshots
from games.models import LogEntry, Table
from tests.games.hidden_audit import audit
from tests.games.services.service_builders import ANN, BEN, CASUAL, dealt_as_clean, on_the_snapshot

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _timed_jobs(settings):
    if connection.vendor != "postgresql":
        pytest.skip("the catch-up and one-statement moves are PostgreSQL's")
    settings.JOBS_BACKEND = "thread"  # deadline jobs wait their time: the test expires turns


def time_runs_out(table: Table) -> None:
    Table.objects.filter(pk=table.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.expire_turn(public_id=table.public_id)
    table.refresh_from_db()


def played_for(table: Table, seat: int | None = 0) -> list[int]:
    """``table.played_for`` as the table page shows it, read whole from the row."""
    return selectors.table_state(selectors.table_for(table.public_id), seat)["table"]["played_for"]


def held(table: Table) -> snapshots.TableSnapshot:
    snapshot = snapshots.recall(table.public_id, at_least=table.version)
    assert snapshot is not None and snapshot.version == table.version
    return snapshot


def test_the_moves_played_for_a_person_out_of_time_are_in_the_state_and_survive_a_restart(
    monkeypatch,
):
    table = dealt_as_clean(monkeypatch, **CASUAL)  # Ann opens 6-6, Ben's only six is 6-5
    assert played_for(table) == []

    time_runs_out(table)  # Ann's opening: the server plays 6-6 for her
    history = load(table.record).histories[-1]
    assert len(history) == 1
    assert played_for(table) == played_for(table, 1) == played_for(table, None) == [0]
    assert held(table).played_for == (0,)
    assert list(table.log.filter(timed_out=True).values_list("position", flat=True)) == [1]

    on_the_snapshot(  # Ben's own move, written in one statement: played for nobody
        services.aplay,
        public_id=table.public_id,
        player=BEN,
        move=Play.parse("6-5", "right"),
        seen_version=table.version,
    )
    table.refresh_from_db()
    assert held(table).played_for == (0,)
    assert played_for(table) == [0]

    time_runs_out(table)  # Ann has nothing that fits: the server draws 6-4 and plays it
    moves = load(table.record).histories[-1]
    assert len(moves) == 4, "a draw and a play for Ann"
    assert played_for(table) == [0, 2, 3]
    snapshots.forget_all()  # a process restart: the database alone says it
    assert played_for(table) == [0, 2, 3]
    for seat in (0, 1, None):  # nothing hidden in it: which moves, never a drawn tile
        state = selectors.table_state(selectors.table_for(table.public_id), seat)
        audit(state, load(table.record), seat)


def test_a_process_catching_up_from_the_log_reads_the_moves_played_for_a_person(monkeypatch):
    table = dealt_as_clean(monkeypatch, **CASUAL)
    before = held(table)
    time_runs_out(table)
    # Another process made those changes: this one holds the table as it was before them.
    snapshots.forget_all()
    snapshots.remember(before)
    caught_up = async_to_sync(selectors.asnapshot_at)(table.public_id, table.version)
    assert caught_up.version == table.version and caught_up.played_for == (0,)
    assert selectors.state_of(caught_up, 1)["table"]["played_for"] == [0]


def test_a_new_hand_starts_with_no_move_played_for_anyone(monkeypatch):
    table = dealt_as_clean(monkeypatch, **CASUAL)
    while not load(table.record).needs_deal:
        time_runs_out(table)  # the server plays every turn, for Ann and for Ben
    assert len(played_for(table)) == len(load(table.record).histories[-1])
    assert table.log.filter(kind=LogEntry.Kind.MOVE, timed_out=False).count() == 0
    on_the_snapshot(
        services.anext_hand, public_id=table.public_id, player=ANN, seen_version=table.version
    )
    table.refresh_from_db()
    assert held(table).played_for == ()
    assert played_for(table) == []
