"""What a window of bench/load.py shares: its counters (:class:`Run`), the tables made
through the services, the sockets' connections and watch, and the CPU each part spends."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any, Protocol

from harness import (
    Server,
)
from ws_client import WebSocket

#: Seconds to wait for the opponent's update before counting an error and asking for the state.
UPDATE_TIMEOUT = 10.0


#: Concurrent WebSocket handshakes, and tries each: daphne drops a socket the application has
#: not accepted within 5 s, and a connect does a few queries (a storm of them is refused).
HANDSHAKES = 10


CONNECT_TRIES = 3
#: Seconds after a window for the updates of moves sent inside it.
DRAIN_SECONDS = 3.0


def raise_open_files(needed: int) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


@dataclass
class TableSeats:
    public_id: str
    sessions: tuple[str, str]


def make_table() -> TableSeats:
    """A started 2-seat online table with two guests (sync: call from a thread in asyncio)."""
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.guests import guest_token
    from games import services
    from games.engine import Rules
    from games.services import Player

    keys, tokens = [], []
    for _ in range(2):
        store = SessionStore()
        tokens.append(guest_token(store, create=True))  # a guest is known by this token
        store.create()
        keys.append(store.session_key)
    host, guest = Player(user_id=None, session_key=tokens[0]), Player(None, tokens[1])
    table = services.create_online_table(
        player=host, name="A", rules=Rules.for_preset("block", seats=2), turn_seconds=None
    )
    services.join_table(public_id=table.public_id, player=guest, name="B")
    services.start_table(public_id=table.public_id, player=host)
    return TableSeats(table.public_id, (keys[0], keys[1]))


@dataclass
class Run:
    """One window's shared counters."""

    pace: tuple[float, float] | None  # None: flat out
    rng: random.Random
    stop: bool = False
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    next_hands: int = 0
    tables_made: int = 0
    spares: list[TableSeats] = field(default_factory=list)  # made before the window
    ready: int = 0
    connect_errors: int = 0
    window: tuple[float, float] = (0.0, 0.0)
    cpu: dict[str, float] | None = None  # CPU seconds by part over the window (CpuMeter.since)
    playing: set[Watched] = field(default_factory=set)  # what watch() looks after

    def error(self, text: str) -> None:
        self.errors += 1
        if len(self.error_samples) < 5:
            self.error_samples.append(text[:200])


class Watched(Protocol):
    """A table's players or an echo client: driven by its sockets' callbacks until ``done``."""

    done: asyncio.Future

    def start(self) -> None: ...

    def check(self, now: float) -> None:
        """What to do if nothing arrived for too long (``now``: perf_counter())."""


async def play_out(run: Run, watched: Watched) -> Any:
    """Start ``watched`` and wait until it is done (its result, or its error), looked after by
    :func:`watch` meanwhile."""
    run.playing.add(watched)
    try:
        watched.start()
        return await watched.done
    finally:
        run.playing.discard(watched)


async def watch(run: Run) -> None:
    """Once a second, every table and echo client checks that its updates still arrive: one
    timer for the run, not one per message awaited."""
    while True:
        await asyncio.sleep(1)
        now = perf_counter()
        for watched in list(run.playing):
            watched.check(now)


class CpuMeter:
    """CPU seconds spent so far by each part of the load on this machine (Linux's ``/proc``):
    the servers under test (their daphne processes), PostgreSQL (all its processes), Redis and
    this client. Every part shares the machine's cores, so per operation they say where a
    window's CPU went, and what the servers alone spend (as if the clients ran elsewhere)."""

    PARTS = ("servers", "postgres", "redis", "client")

    def __init__(self, servers: list[Server]) -> None:
        self.server_pids = {p.pid for server in servers for p in server.processes.values()}

    def read(self) -> dict[tuple[str, int], float] | None:
        """CPU seconds so far of each watched process, keyed by (part, pid)."""
        if not os.path.isdir("/proc"):
            return None
        spent: dict[tuple[str, int], float] = {}
        tick = os.sysconf("SC_CLK_TCK")
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    line = stat.read()
            except OSError:  # gone meanwhile
                continue
            name, fields = line[line.index("(") + 1 : line.rindex(")")], line.rsplit(")", 1)[1]
            utime, stime = fields.split()[11:13]
            if int(entry) in self.server_pids:
                part = "servers"
            elif name.startswith("postgres"):
                part = "postgres"
            elif name.startswith("redis-server"):
                part = "redis"
            else:
                continue
            spent[part, int(entry)] = (int(utime) + int(stime)) / tick
        spent["client", os.getpid()] = time.process_time()
        return spent

    @staticmethod
    def since(
        start: dict[tuple[str, int], float] | None, end: dict[tuple[str, int], float] | None
    ) -> dict | None:
        """Each part's CPU seconds between two readings, by process: one that started meanwhile
        counts whole, one that ended meanwhile (a PostgreSQL backend of other work) is left
        out, so that its CPU so far is never subtracted from the window's."""
        if start is None or end is None:
            return None
        parts = dict.fromkeys(CpuMeter.PARTS, 0.0)
        for (part, pid), seconds in end.items():
            parts[part] += seconds - start.get((part, pid), 0.0)
        return parts


def cpu_ms_per_op(cpu: dict[str, float] | None, operations: int) -> dict[str, float]:
    """``cpu`` (seconds by part) as milliseconds per operation, and the servers' side (their
    processes, PostgreSQL and Redis) in all; empty without a reading."""
    if cpu is None or not operations:
        return {}
    per_op = {part: round(1000 * seconds / operations, 3) for part, seconds in cpu.items()}
    per_op["server_side"] = round(per_op["servers"] + per_op["postgres"] + per_op["redis"], 3)
    return {"cpu_ms_per_op": per_op}


@dataclass
class Pending:
    """The move in flight at one table: its version and when it was sent."""

    version: int = -1
    seat: int = -1
    sent: float = 0.0
    open: bool = False


async def connect(
    run: Run,
    port: int,
    path: str,
    headers: dict[str, str],
    gate: asyncio.Semaphore,
    source: str | None = None,
) -> WebSocket:
    """A WebSocket, tried ``CONNECT_TRIES`` times (each failure counted in ``connect_errors``),
    from the loopback address ``source`` if given."""
    for attempt in range(CONNECT_TRIES):
        try:
            async with gate:
                return await asyncio.wait_for(WebSocket.connect(port, path, headers, source), 30)
        except (ConnectionError, OSError, TimeoutError):
            run.connect_errors += 1
            if attempt == CONNECT_TRIES - 1:
                raise
            await asyncio.sleep(1 + attempt)
    raise AssertionError("unreachable")


async def wait_ready(ready: Callable[[], bool]) -> None:
    """Until ``ready()`` (every table or client connected, or failed), three minutes at most:
    the window opens on what is there."""
    deadline = time.monotonic() + 180
    while not ready() and time.monotonic() < deadline:
        await asyncio.sleep(0.1)


async def hold_window(
    run: Run, meter: CpuMeter, go: asyncio.Event, seconds: float, *, drain: bool
) -> None:
    """Open the window (``go``), hold it ``seconds`` and read the CPU it cost; with ``drain``,
    then wait for the updates of the moves sent inside it."""
    start, spent = perf_counter(), meter.read()
    run.window = (start, start + seconds)
    go.set()
    await asyncio.sleep(seconds)
    run.cpu = CpuMeter.since(spent, meter.read())
    if drain:
        await asyncio.sleep(DRAIN_SECONDS)
