"""A real RQ worker process (``manage.py rqworker``) killed with ``kill -9`` while computer turns
and turn deadlines are queued or running: after a restart, and through the sweep, every turn is
played exactly once and every game goes on; with the Procfile's processes, no computer move
waits more than its pause + 3 s.

The games are Draw games: a hand cannot end within the few turns a test plays (a seat must lay
seven tiles, or the boneyard run dry), where a Block hand sometimes did (both seats passing)
and then waited for nobody's "Next round", which timed the test out about one run in twenty.
"""

import os
import shlex
import signal
import subprocess
import sys
import time
from datetime import datetime

import django_rq
import pytest
from browser_support import LOGS, ROOT, process_env
from deployment_support import computer_turns_played_once, fresh_deployment, wait_until
from rq import Worker

from games import services
from games.engine import Play, Rules, load
from games.models import LogEntry, Table
from games.services import Player

# serial: kills RQ workers and waits out turn clocks.
pytestmark = [pytest.mark.serial, pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PERSON = Player(user_id=None, session_key="person-session")
FRIEND = Player(user_id=None, session_key="friend-session")
QUEUES = ("bots", "deadlines")
#: What ``sweep_deadlines --every`` logs when it starts.
SWEEPING = "sweeping deadlines every"


class SiteProcess:
    """A process of the site (by default ``manage.py rqworker bots deadlines --with-scheduler``),
    to start, ``kill -9`` and restart."""

    def __init__(self, command: list[str] | None = None, pause: float = 0) -> None:
        self.command = command or (
            ["manage.py", "rqworker", *QUEUES, "--with-scheduler"]
            + ["--worker-class", "rq.worker.SimpleWorker"]
        )
        self.pause = pause
        self.process: subprocess.Popen | None = None
        self.log_path = LOGS / f"{self.command[1]}.log"

    def start(self) -> None:
        """Start it; a worker (the first queue it listens to) is waited for until registered."""
        before = {worker.name for worker in self._workers()}
        LOGS.mkdir(parents=True, exist_ok=True)
        sweeps = self.log_path.read_text().count(SWEEPING) if self.log_path.exists() else 0
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, *self.command],
                cwd=ROOT,
                env=process_env(TEST_JOBS_BACKEND="rq", TEST_BOT_PAUSE_SECONDS=str(self.pause)),
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: the scheduler is a child
            )
        if self.command[1] == "rqworker":
            wait_until(lambda: {w.name for w in self._workers()} - before, what="it starts")
        elif self.command[1] == "sweep_deadlines":
            # Starting Django can take seconds on a busy machine: the sweep is the bound.
            wait_until(lambda: self.log_path.read_text().count(SWEEPING) > sweeps, what="it sweeps")

    def kill(self) -> None:
        """kill -9 the worker and its scheduler process, as a crashed machine would (killed
        alone, the orphaned scheduler would live on, holding the scheduler lock)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def _workers(self) -> list[Worker]:
        if self.command[1] != "rqworker":
            return []
        return Worker.all(queue=django_rq.get_queue(self.command[2]))


@pytest.fixture
def worker(settings):
    """This process queues its jobs on RQ, run only by the worker process (none inline)."""
    settings.JOBS_BACKEND = "rq"
    settings.BOT_PAUSE_SECONDS = 0
    fresh_deployment()
    running = SiteProcess()
    running.start()
    yield running
    if running.process.poll() is None:
        running.kill()


def turn(table: Table) -> int | None:
    table.refresh_from_db()
    return load(table.record).turn


def versions(tables: list[Table]) -> list[int]:
    rows = Table.objects.filter(pk__in=[t.pk for t in tables]).order_by("pk")
    return list(rows.values_list("version", flat=True))


def play_every_table(tables: list[Table]) -> dict[int, float]:
    """The person's whole turn at each table (draws until a tile can be laid, then a tile): the
    computer is then to move. Returns when (``time.time()``) each turn's last move was sent, by
    table: the computer's pause starts after that move commits, so a move answered sooner than
    the pause after this time came too soon (a time taken after the call returned would add the
    call's own return and the reload to the pause, and shorten it on a loaded machine)."""
    ended = {}
    for table in tables:
        table.refresh_from_db()
        while (match := load(table.record)).turn == 0:
            moves = match.legal_moves()
            ended[table.pk] = time.time()
            services.play(
                public_id=table.public_id,
                player=PERSON,
                move=next((m for m in moves if isinstance(m, Play)), moves[0]),
                seen_version=table.version,
            )
            table.refresh_from_db()
    return ended


def computer_tables(count: int) -> list[Table]:
    return [
        services.create_computer_table(
            player=PERSON, name="Person", rules=Rules.for_preset("draw", seats=2), levels=["hard"]
        )
        for _ in range(count)
    ]


def test_killed_with_computer_turns_queued_every_turn_is_played_once(worker):
    # A lost job is found by the sweep once the computer's turn is overdue.
    tables = computer_tables(6)
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


#: The pause production uses (settings.BOT_PAUSE_SECONDS' default), and the issue's bound.
PAUSE = 0.8
LONGEST_WAIT = PAUSE + 3.0


def procfile_process(name: str) -> SiteProcess:
    """The Procfile's process ``name`` (``python manage.py ...``), on the test's database."""
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith(f"{name}:"):
            command = shlex.split(line.split(":", 1)[1])
            assert command[0] == "python"
            return SiteProcess(command[1:], pause=PAUSE)
    raise AssertionError(f"no {name} in the Procfile")


@pytest.fixture
def deployment(settings):
    """The Procfile's workers and sweep, with the production pause between computer moves."""
    settings.JOBS_BACKEND = "rq"
    settings.BOT_PAUSE_SECONDS = PAUSE
    fresh_deployment()
    processes = {name: procfile_process(name) for name in ("bots", "worker", "sweep")}
    for process in processes.values():
        process.start()
    yield processes
    for process in processes.values():
        if process.process.poll() is None:
            process.kill()


def computer_moved_at(tables: list[Table], *, after: dict[int, float]) -> dict[int, float]:
    """When the computer's move answered the person's at each table (the row's save time, set
    by whichever process played it), waiting at most ten times the bound for all of them."""

    def every_computer_moved() -> bool:
        return all(turn(t) == 0 for t in tables)

    wait_until(
        every_computer_moved, what="the computer moved everywhere", seconds=10 * LONGEST_WAIT
    )
    saved = dict(Table.objects.filter(pk__in=after).values_list("pk", "updated_at"))
    return {pk: datetime.timestamp(saved[pk]) for pk in after}


def test_after_kill_9_of_every_worker_no_computer_move_waits_past_its_pause_plus_3_s(deployment):
    tables = computer_tables(6)
    wait_until(lambda: all(turn(t) == 0 for t in tables), what="the computer opened every game")

    # Killed with the computer's moves waiting out their pause, or being played, and
    # restarted at once (the dead scheduler's lock is left behind, as after a crash).
    played = play_every_table(tables)
    time.sleep(PAUSE / 2)
    for name in ("bots", "worker"):
        deployment[name].kill()
    for name in ("bots", "worker"):
        deployment[name].start()
    answered = computer_moved_at(tables, after=played)
    waits = {pk: answered[pk] - played[pk] for pk in played}
    assert max(waits.values()) <= LONGEST_WAIT, waits

    # After the restart, every move is the new workers' (or the sweep's) within the bound.
    for _ in range(2):
        played = play_every_table(tables)
        answered = computer_moved_at(tables, after=played)
        waits = {pk: answered[pk] - played[pk] for pk in played}
        assert max(waits.values()) <= LONGEST_WAIT, waits
        assert min(waits.values()) >= PAUSE - 0.05, "the pause lets people follow"

    for table in tables:
        computer_turns_played_once(table)
