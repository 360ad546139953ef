"""A deploy drains: SIGTERM to every process of the Procfile, during play and right after a
finished hand (the coach then reviewing it), ends each of them within its grace, and the game
goes on on the restarted processes with every committed move.

The grace is :data:`GRACE_SECONDS`: what a deploy waits after SIGTERM before it kills (honcho's
and systemd's default are 10 s or more). Two deployments: the Procfile's (PostgreSQL, Redis,
the jobs on RQ workers, the coach's on its own) and a daphne running its jobs itself (the
thread backend, the in-memory channel layer: the report's, where the coach's job thread waited
for ever on the stopped event loop to announce the review it had stored, and the process,
whose exit joins that thread, never exited). And a job that cannot end (a computer's move
waiting for a row lock) in daphne's thread holds its exit only within the grace.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import signal
import subprocess
import sys
import time

import django_rq
import pytest
from browser_support import LOGS, ROOT, free_port, process_env
from deployment_support import (
    RowLock,
    computer_turns_played_once,
    fresh_deployment,
    wait_until,
    waiting_for_a_row_lock,
)
from fault_support import (
    Player,
    check_log,
    new_guest,
    started_pair_table,
    table_players,
    wait_for_port,
)
from rq import Worker
from seeded_deals import name_file

from games import services
from games.engine import Rules, load
from games.models import Table
from games.services import sweep_deadlines

# serial: stops and restarts every process of the site under players.
pytestmark = [pytest.mark.serial, pytest.mark.integration, pytest.mark.django_db(transaction=True)]

#: How long a deploy waits after SIGTERM before it kills a process.
GRACE_SECONDS = 10.0
#: The coach's review of a hand stores its first seat's review about 0.75 s after the hand ends
#: (two seats: 1.5 s): stopped this long after the end, the process stops while it reviews.
INTO_THE_REVIEW_SECONDS = 0.2
#: Moves every table plays after a restart.
MOVES_AFTER = 6


class ProcfileProcess:
    """The Procfile's process ``name`` on the test's database and Redis (``env``), in a process
    group of its own (an RQ worker's scheduler is its child): started, and stopped as a deploy
    does."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str], test: str) -> None:
        self.name, self.env, self.test = name, env, test
        program, *arguments = argv
        module = [] if program == "python" else ["-m", program]
        self.command = [sys.executable, *module, *arguments]
        self.process: subprocess.Popen | None = None
        self.log = LOGS / f"procfile-{name}.log"
        self.launches = 0

    def start(self) -> None:
        queues = self._queues()
        before = {worker.name for worker in self._workers(queues)}
        LOGS.mkdir(parents=True, exist_ok=True)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                self.command,
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.launches += 1
        # The deals of the hands it deals follow from the test's name (tests/seeded_deals.py).
        name = f"{self.name}, launch {self.launches}, of {self.test}"
        name_file(LOGS, self.process.pid).write_text(name)
        if self.command[1:3] == ["-m", "daphne"]:
            wait_for_port(int(self.command[self.command.index("-p") + 1]), seconds=30)
        elif queues:
            wait_until(lambda: {w.name for w in self._workers(queues)} - before, what="it starts")

    def terminate(self) -> None:
        """SIGTERM, as a deploy sends it: to the process, not its group."""
        self.process.send_signal(signal.SIGTERM)

    def wait_gone(self, by: float) -> int:
        """Its return code, once it and every process of its group have exited (by the time
        ``by``, of ``time.monotonic()``); killed, and the test failed, if one is left then."""
        try:
            code = self.process.wait(timeout=max(0.0, by - time.monotonic()))
            wait_until(
                lambda: not self._group_alive(),
                what="its group exits",
                seconds=max(0.0, by - time.monotonic()),
            )
        except (subprocess.TimeoutExpired, AssertionError):
            self.kill()
            raise AssertionError(f"{self.name} still ran {GRACE_SECONDS} s after SIGTERM") from None
        finally:
            name_file(LOGS, self.process.pid).unlink(missing_ok=True)
        return code

    def kill(self) -> None:
        if self._group_alive():
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def _group_alive(self) -> bool:
        try:
            os.killpg(self.process.pid, 0)
        except ProcessLookupError:
            return False
        return True

    def _queues(self) -> list[str]:
        if "rqworker" not in self.command:
            return []
        start = self.command.index("rqworker") + 1
        return [word for word in self.command[start:] if not word.startswith("-")][:1]

    def _workers(self, queues: list[str]) -> list[Worker]:
        return Worker.all(queue=django_rq.get_queue(queues[0])) if queues else []


def procfile(port: int) -> dict[str, list[str]]:
    """Every process of the Procfile, by name: its command, the web's on ``port``."""
    processes = {}
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line and not line.startswith("#"):
            name, command = line.split(":", 1)
            processes[name] = shlex.split(command.replace("${PORT:-8000}", str(port)))
    assert {"web", "coach", "bots", "worker", "sweep"} <= processes.keys(), processes
    return processes


@pytest.fixture
def deployment(request, settings):
    """The processes of one deployment (:data:`DEPLOYMENTS`), stopped at the end."""
    port = free_port()
    commands = procfile(port)
    kind = request.param
    if kind == "procfile":
        settings.JOBS_BACKEND = "rq"
        fresh_deployment()
        env = process_env(TEST_JOBS_BACKEND="rq", TEST_COACH_REVIEWS="1")
        names = list(commands)
    else:  # the jobs in daphne's own threads, the channel layer in its memory
        env = process_env(TEST_JOBS_BACKEND="thread", TEST_COACH_REVIEWS="1", REDIS_URL="")
        names = ["web"]
    processes = [ProcfileProcess(name, commands[name], env, request.node.nodeid) for name in names]
    for process in processes:
        process.start()
    yield port, processes
    for process in processes:
        if process.process.poll() is None or process._group_alive():
            process.kill()


def stop_all(processes: list[ProcfileProcess]) -> None:
    """SIGTERM to every process at once; each must be gone within the grace."""
    by = time.monotonic() + GRACE_SECONDS
    for process in processes:
        process.terminate()
    codes = {process.name: process.wait_gone(by) for process in processes}
    # daphne stops gracefully on SIGTERM (the others may die of it: no work of theirs is lost).
    assert codes["web"] == 0, codes


def hand_over(players: list[Player]) -> bool:
    return any(p.state and p.state["view"]["result"] is not None for p in players)


async def play_across_deploys(players: list[Player], processes: list[ProcfileProcess]) -> int:
    """Everyone plays; the site is stopped and restarted twice: just after a move is sent in
    the middle of the first hand, and just after that hand ended (its review running). Play
    goes on until the table has ``MOVES_AFTER`` more versions. Returns the version at the
    second stop."""
    stopped: list[int] = []
    deadline = time.monotonic() + 120

    def version() -> int:
        return max(p.version for p in players)

    def keep_going() -> bool:
        return time.monotonic() < deadline and not (
            len(stopped) == 2 and version() >= stopped[-1] + MOVES_AFTER
        )

    async def redeploy() -> None:
        stopped.append(version())
        await asyncio.to_thread(stop_all, processes)
        for process in processes:
            await asyncio.to_thread(process.start)

    in_flight = asyncio.Event()

    def strike(sender: Player) -> None:
        if version() >= 4 and not in_flight.is_set():
            in_flight.set()
            for player in players:
                player.after_send = None

    for player in players:
        player.after_send = strike
    playing = [asyncio.create_task(player.play(keep_going)) for player in players]
    await in_flight.wait()
    await redeploy()  # mid-hand, a move just sent
    while not hand_over(players):
        assert time.monotonic() < deadline, "the first hand did not end"
        await asyncio.sleep(0.02)
    await asyncio.sleep(INTO_THE_REVIEW_SECONDS)
    await redeploy()  # the coach reviewing the hand just ended
    await asyncio.gather(*playing)
    return stopped[-1]


DEPLOYMENTS = ["procfile", "daphne-jobs"]


@pytest.mark.parametrize("deployment", DEPLOYMENTS, indirect=True)
def test_sigterm_during_play_every_process_exits_in_its_grace_and_the_game_goes_on(deployment):
    port, processes = deployment
    public_id, cookies = started_pair_table()
    players = table_players(public_id, cookies, [[port], [port]])

    at_stop = asyncio.run(play_across_deploys(players, processes))

    entries = check_log(public_id, players)
    finished = any(player.finished for player in players)
    assert finished or entries[-1].version >= at_stop + MOVES_AFTER, "the game stalled"
    for player in players:
        assert len(player.connections) >= 3, "each seat played on every launch"


#: The computer's pause in the next test: time for it to lock the table's row after the
#: person's move, before the computer's job looks for it.
LONG_PAUSE = 2.0


def test_a_stopping_daphne_waits_for_a_job_thread_that_cannot_end_only_within_its_grace(
    request, settings
):
    """A computer's move running in daphne's thread (the thread backend) held up by a row
    lock when SIGTERM comes: the process exits within its grace without it, and the computer's
    turn is played after the restart. (The process's exit joined the thread for as long as it
    ran: with the lock held 30 s, 30 s.)"""
    port = free_port()
    env = process_env(TEST_JOBS_BACKEND="thread", TEST_BOT_PAUSE_SECONDS=str(LONG_PAUSE))
    web = ProcfileProcess("web", procfile(port)["web"], env, request.node.nodeid)
    web.start()
    cookie, person = new_guest()
    table = services.create_computer_table(
        player=person, name="Person", rules=Rules.for_preset("block", seats=2), levels=["easy"]
    )  # block: no draws, so after the person's one move the computer is to move
    player = Player(table.public_id, 0, cookie, [port])
    lock: RowLock | None = None

    async def move_then_stop() -> None:
        nonlocal lock
        sent: list[int] = []
        player.after_send = lambda sender: sent.append(sender.version)
        playing = asyncio.create_task(player.play(lambda: web.process.poll() is None))
        while not sent or Table.objects.get(pk=table.pk).version <= sent[0]:
            await asyncio.sleep(0.02)  # until the person's move is committed
        lock = await asyncio.to_thread(RowLock, table.public_id)
        while not await asyncio.to_thread(waiting_for_a_row_lock):
            await asyncio.sleep(0.05)  # the computer's job, in its thread, waits for the row
        await asyncio.to_thread(stop_all, [web])
        await playing

    try:
        asyncio.run(move_then_stop())
    finally:
        if lock is not None:
            lock.release()
        if web.process.poll() is None:
            web.kill()

    web.start()

    def computer_moved() -> bool:
        sweep_deadlines()  # as the Procfile's sweep does: the computer's job was lost
        return load(Table.objects.get(pk=table.pk).record).turn == 0

    wait_until(computer_moved, what="the computer moves after the restart")
    computer_turns_played_once(table)
    (seen, move), *_ = player.sent
    assert table.log.get(version=seen + 1).payload == {**move, "seat": 0}, "the move is kept"
    web.terminate()
    web.wait_gone(time.monotonic() + GRACE_SECONDS)
