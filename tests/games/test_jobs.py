"""Bot turns run as jobs: on RQ workers with Redis, in a timer thread on the embedded default."""

import time

import django_rq
import pytest
from rq import SimpleWorker

from games import services
from games.engine import Rules, load
from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

ALICE = services.Player(user_id=None, session_key="alice-session")


def table_waiting_for_the_computer(settings, backend: str, pause: float) -> Table:
    """A table where Alice has just moved and the computer is to play, on ``backend``."""
    table = services.create_computer_table(
        player=ALICE, name="Alice", rules=Rules.for_preset("block", seats=2), levels=["easy"]
    )
    settings.JOBS_BACKEND, settings.BOT_PAUSE_SECONDS = backend, pause
    table.refresh_from_db()
    move = load(table.record).legal_moves()[0]
    services.play(public_id=table.public_id, player=ALICE, move=move, seen_version=table.version)
    table.refresh_from_db()
    return table


def computer_to_move(table: Table) -> bool:
    table.refresh_from_db()
    return load(table.record).turn == 1


@pytest.mark.integration
def test_a_bot_turn_is_a_job_on_the_bots_queue_run_by_an_rq_worker(settings):
    queue = django_rq.get_queue("bots")
    queue.empty()
    table = table_waiting_for_the_computer(settings, "rq", 0)
    assert computer_to_move(table)
    assert queue.count == 1
    version = table.version

    SimpleWorker([queue], connection=queue.connection).work(burst=True)

    assert not computer_to_move(table)
    table.refresh_from_db()
    assert table.version > version


def test_on_the_embedded_default_a_timer_thread_plays_for_the_computer(settings):
    table = table_waiting_for_the_computer(settings, "thread", 0.05)
    assert computer_to_move(table)
    deadline = time.monotonic() + 10
    while computer_to_move(table) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not computer_to_move(table)
