"""A real RQ worker process (``manage.py rqworker``) killed with ``kill -9`` while computer turns
and turn deadlines are queued or running: after a restart, and through the sweep, every turn is
played exactly once and every game goes on."""

import os
import signal
import subprocess
import sys
import time

import django_rq
import pytest
from browser_support import LOGS, ROOT, process_env
from rq import Worker
from rq.scheduler import RQScheduler

from games import services
from games.engine import Rules, load
from games.models import LogEntry, Table
from games.services import Player

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PERSON = Player(user_id=None, session_key="person-session")
FRIEND = Player(user_id=None, session_key="friend-session")
QUEUES = ("bots", "deadlines")


class RQWorker:
    """``manage.py rqworker bots deadlines --with-scheduler`` as production runs it."""

    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        before = {worker.name for worker in self._workers()}
        LOGS.mkdir(parents=True, exist_ok=True)
        with open(LOGS / "rqworker.log", "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", "rqworker", *QUEUES, "--with-scheduler"]
                + ["--worker-class", "rq.worker.SimpleWorker"],
                cwd=ROOT,
                env=process_env(TEST_JOBS_BACKEND="rq", TEST_BOT_PAUSE_SECONDS="0"),
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: the scheduler is a child
            )
        wait_until(lambda: {w.name for w in self._workers()} - before, what="the worker starts")

    def kill(self) -> None:
        """kill -9 the worker and its scheduler process, as a crashed machine would (killed
        alone, the orphaned scheduler would live on, holding the scheduler lock)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def _workers(self) -> list[Worker]:
        return Worker.all(queue=django_rq.get_queue("bots"))


def wait_until(condition, *, what: str, seconds: float = 30.0):
    deadline = time.monotonic() + seconds
    while not (result := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting until {what}")
        time.sleep(0.05)
    return result


@pytest.fixture
def worker(settings):
    """This process queues its jobs on RQ, run only by the worker process (none inline)."""
    settings.JOBS_BACKEND = "rq"
    settings.BOT_PAUSE_SECONDS = 0
    for name in QUEUES:
        queue = django_rq.get_queue(name)
        queue.empty()
        # A worker killed by an earlier test leaves its scheduler lock for a minute (RQ's
        # timeout; production has the sweep meanwhile): each test starts as a fresh deployment.
        queue.connection.delete(RQScheduler.get_locking_key(name))
    running = RQWorker()
    running.start()
    yield running
    if running.process.poll() is None:
        running.kill()


def turn(table: Table) -> int | None:
    table.refresh_from_db()
    return load(table.record).turn


def computer_turns_played_once(table: Table) -> None:
    """The log replays to the record, and the computer never moved twice in one turn: after
    each of its turns (draws, then one tile or a pass) the turn is the person's."""
    table.refresh_from_db()
    entries = list(table.log.order_by("position"))
    assert [entry.version for entry in entries] == list(range(1, len(entries) + 1))
    computer_moves = [e for e in entries if e.kind == LogEntry.Kind.MOVE and e.seat == 1]
    finishing = [e for e in computer_moves if "draw" not in e.payload]
    people = [e for e in entries if e.kind == LogEntry.Kind.MOVE and e.seat == 0]
    assert len(finishing) in (len(people), len(people) + 1)


def versions(tables: list[Table]) -> list[int]:
    rows = Table.objects.filter(pk__in=[t.pk for t in tables]).order_by("pk")
    return list(rows.values_list("version", flat=True))


def play_every_table(tables: list[Table]) -> None:
    for table in tables:
        table.refresh_from_db()
        services.play(
            public_id=table.public_id,
            player=PERSON,
            move=load(table.record).legal_moves()[0],
            seen_version=table.version,
        )


def test_killed_with_computer_turns_queued_every_turn_is_played_once(worker, monkeypatch):
    # A lost job is found by the sweep once the computer's turn is overdue: 2 s here.
    monkeypatch.setattr(services, "COMPUTER_OVERDUE_SECONDS", 2)
    tables = [
        services.create_computer_table(
            player=PERSON, name="Person", rules=Rules.for_preset("block", seats=2), levels=["hard"]
        )
        for _ in range(6)
    ]
    wait_until(lambda: all(turn(t) == 0 for t in tables), what="the computer opened every game")

    def every_game_goes_on() -> bool:
        services.sweep_deadlines()  # as `manage.py sweep_deadlines --every 5` does
        return all(turn(t) == 0 for t in tables)

    # Killed while the computer's turns are being played (some done, some running or queued).
    play_every_table(tables)
    worker.kill()
    worker.start()
    wait_until(every_game_goes_on, what="every computer turn is played")

    # Killed before: the computer's turns wait in the queue, then the new worker plays them.
    worker.kill()
    play_every_table(tables)
    after_the_person = versions(tables)
    time.sleep(0.5)
    assert versions(tables) == after_the_person, "nothing moves without a worker"
    worker.start()
    wait_until(every_game_goes_on, what="every computer turn is played")

    for table in tables:
        computer_turns_played_once(table)


def test_killed_with_a_turn_deadline_queued_the_sweep_plays_it_once(worker):
    table = services.create_online_table(
        player=PERSON,
        name="Person",
        rules=Rules.for_preset("draw", seats=2),
        turn_seconds=1,
    )
    services.join_table(public_id=table.public_id, player=FRIEND, name="Friend")
    services.start_table(public_id=table.public_id, player=PERSON)
    table.refresh_from_db()
    started = table.version

    # The worker alive: at the deadline its job plays for the seat, once.
    wait_until(lambda: Table.objects.get(pk=table.pk).version > started, what="the job plays")

    worker.kill()  # the next turn's deadline job is queued, and nobody runs it
    table.refresh_from_db()
    played = table.version
    time.sleep(1.5)
    table.refresh_from_db()
    assert table.version == played, "nothing moves without a worker"
    assert services.sweep_deadlines() == 1
    assert services.sweep_deadlines() == 0
    table.refresh_from_db()
    moves = table.log.filter(version__gt=played, kind=LogEntry.Kind.MOVE)
    assert len([e for e in moves if "draw" not in e.payload]) == 1, "played for the seat once"
