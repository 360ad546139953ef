"""Bot turns run as jobs: on RQ workers with Redis, in a timer thread on the embedded default."""

import time

import django_rq
import pytest
from rq import SimpleWorker

from dominoes import jobs
from games import services
from games.engine import Rules, load
from games.models import Table

# serial: bounds how long a job waits.
pytestmark = [pytest.mark.serial, pytest.mark.django_db(transaction=True)]

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


@pytest.mark.integration
def test_on_rq_the_computer_s_move_is_queued_at_once_never_through_rq_s_scheduler(settings):
    """A scheduled job waits for a scheduler, whose lock a killed worker keeps for minutes."""
    queue = django_rq.get_queue("bots")
    queue.empty()
    scheduled = queue.scheduled_job_registry.get_job_ids()  # other tests' jobs
    table = table_waiting_for_the_computer(settings, "rq", 0.8)
    assert queue.count == 1
    assert queue.scheduled_job_registry.get_job_ids() == scheduled
    version = table.version

    started = time.monotonic()
    SimpleWorker([queue], connection=queue.connection).work(burst=True)

    assert time.monotonic() - started >= 0.7, "the job waited out the pause itself"
    assert not computer_to_move(table)
    table.refresh_from_db()
    assert table.version > version


class FakeClock:
    def __init__(self, now: float) -> None:
        self.now = now
        self.slept: list[float] = []

    def time(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@pytest.mark.parametrize(
    ("due", "slept"),
    [
        (1000.5, 0.5),  # queued 0.3 s ago with a pause of 0.8: waits out the rest
        (999.0, 0.0),  # due already (a backlog, a late worker): at once
        (5000.0, 0.8),  # the queuer's clock far ahead: never more than the pause
    ],
)
def test_a_job_queued_with_its_due_time_sleeps_only_until_then(monkeypatch, due, slept):
    clock = FakeClock(1000.0)
    monkeypatch.setattr(jobs, "time", clock)
    calls = []
    monkeypatch.setattr(services, "run_bot_turn", lambda **kwargs: calls.append(kwargs) or True)

    arguments = {"public_id": "abc", "expected_version": 3}
    assert jobs.run_when_due(
        job="games.services.run_bot_turn", due=due, longest=0.8, arguments=arguments
    )

    assert sum(clock.slept) == pytest.approx(slept)
    assert calls == [arguments]


def test_on_the_embedded_default_a_timer_thread_plays_for_the_computer(settings):
    table = table_waiting_for_the_computer(settings, "thread", 0.05)
    assert computer_to_move(table)
    deadline = time.monotonic() + 10
    while computer_to_move(table) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not computer_to_move(table)
