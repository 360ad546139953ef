"""Load benchmark of online 2-seat tables over WebSockets: prints numbers, one JSON a line.

``--tables`` 2-seat online tables (preset ``block``, no clock), two guests each, every guest a
real Django session and one WebSocket (``/ws/tables/<id>/``) from this process (asyncio, the
minimal client of ``bench/table.py``) on loopback, against ``daphne`` in production settings on
PostgreSQL (a database of the bench's own, created, migrated and dropped) and the Redis channel
layer (``--redis``, flushed at start and end), with ``JOBS_BACKEND=thread`` (two people: no
computer moves to run). With ``--processes 2`` two daphne processes share the database and
Redis. ``--placement table`` (the default) puts both seats of a table on one process, the
tables spread evenly over the processes: what the deployment's proxy, routing
``/ws/tables/<id>/`` by a hash of the path (README, deployment), gives, and what the echo's
connections are (each one served by one process). ``--placement split`` (the worst case: a
proxy that spreads a table's players) puts seat 0 on the first and seat 1 on the second: every
move crosses channels-redis and the other process reads it from the log.

Per process count (``--processes``, default ``1,2``) and mode:

- ``load.human``: every player moves 2-5 s (``--pace``) after it becomes its turn, for
  ``--human-seconds``.
- ``load.flat``: every player moves as soon as it is its turn (within the consumer's rate
  limit, waiting off the clock), for ``--flat-seconds``; a finished match is replaced by a new
  table: a spare made before the window (as many as the window needs, ``TABLE_SECONDS_PER_SPARE``),
  else one made through the services in a thread (tables are not what is measured).

``moves`` counts the moves whose update reached the opponent inside the window; latency is from
sending a move to the opponent receiving the state with a newer version (p50, p99 in ms).
``errors`` counts error replies, updates not arrived within 10 s (then the player asks for the
state again), closed sockets and failed handshakes; ``error_samples`` shows a few.

``load.echo``: the stack's own ceiling: ``bench/echo_app.py`` (on as many daphne processes as
the site, the same settings) inserts a row per message into PostgreSQL, group-sends it through
channels-redis and replies; ``2 * --tables`` connections, spread over the processes, send flat
out (closed loop) for ``--flat-seconds``. The last line, ``{"bench": "load", ...}``, gives the
ratio of flat-out moves per second to echo messages per second at each process count. Goals: at
``--tables 1000`` human pace, p99 < 100 ms and no errors; flat out at least 70% of the echo.

Everything shares the machine's cores: the servers, PostgreSQL, Redis and this client. Each
window's line gives the CPU each part spent per operation (``cpu_ms_per_op``, from ``/proc``;
``server_side`` is the servers' processes, PostgreSQL and Redis together), and the last line
``server_cpu_ratio``: the echo's server-side CPU per message over the site's per move, the
ratio of throughputs the servers would reach with their clients on other machines.

Run from the repo root: ``.venv/bin/python bench/load.py`` (about 5 minutes); the goal's size:
``.venv/bin/python bench/load.py --tables 1000 --human-seconds 60``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter
from typing import Any, Protocol

import orjson
import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent))

from table import (  # noqa: E402
    HOST,
    ROOT,
    Closed,
    RateBudget,
    Server,
    WebSocket,
    add_service_arguments,
    bench_services,
    migrate,
    percentiles_ms,
    site_env,
)

#: Seconds to wait for the opponent's update before counting an error and asking for the state.
UPDATE_TIMEOUT = 10.0
#: Concurrent WebSocket handshakes, and tries each: daphne drops a socket the application has
#: not accepted within 5 s, and a connect does a few queries (a storm of them is refused).
HANDSHAKES = 10
CONNECT_TRIES = 3
#: Seconds after a window for the updates of moves sent inside it.
DRAIN_SECONDS = 3.0
#: Flat out, every match starts with the window and none ends in its first ten seconds; over
#: forty seconds 11-43 of 200 tables ended (measured): a spare for every 160 tables and second
#: of the window covers that, and makes a dozen for the default window, not fifty.
TABLE_SECONDS_PER_SPARE = 160
P99_GOAL_MS = 100
ECHO_RATIO_GOAL = 0.7


def raise_open_files(needed: int) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


# --- tables, made through the services in this process ---------------------------------------
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


# --- the players ------------------------------------------------------------------------------
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
    run: Run, port: int, path: str, headers: dict[str, str], gate: asyncio.Semaphore
) -> WebSocket:
    """A WebSocket, tried ``CONNECT_TRIES`` times (each failure counted in ``connect_errors``)."""
    for attempt in range(CONNECT_TRIES):
        try:
            async with gate:
                return await asyncio.wait_for(WebSocket.connect(port, path, headers), 30)
        except (ConnectionError, OSError, TimeoutError):
            run.connect_errors += 1
            if attempt == CONNECT_TRIES - 1:
                raise
            await asyncio.sleep(1 + attempt)
    raise AssertionError("unreachable")


class TablePlay:
    """A table's two players (:class:`SeatPlayer`) and its move in flight. ``done`` gets True
    once both have seen the match end, or the error that ended a socket."""

    def __init__(self, run: Run, sockets: list[WebSocket], states: list[dict]) -> None:
        self.run = run
        self.done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.pending = Pending()
        self.heard = perf_counter()  # when the last update arrived
        self.players = [SeatPlayer(self, s, st) for s, st in zip(sockets, states, strict=True)]
        self.over: set[int] = set()

    def start(self) -> None:
        for player in self.players:
            player.start()

    def sent(self, version: int, seat: int) -> None:
        self.pending.version, self.pending.seat = version, seat
        self.pending.sent, self.pending.open = perf_counter(), True

    def arrived(self, message: dict, now: float) -> None:
        """A newer state reached a player: the move in flight is answered when it reaches the
        other seat."""
        self.heard = now
        pending, run = self.pending, self.run
        opponent = message["view"]["seat"] != pending.seat
        if pending.open and message["version"] > pending.version and opponent:
            pending.open = False
            if pending.sent < run.window[1]:
                run.latencies.append(now - pending.sent)
            if now - pending.sent > UPDATE_TIMEOUT:
                run.error(f"the opponent's update took over {UPDATE_TIMEOUT:g} s")

    def finished(self, seat: int) -> None:
        self.over.add(seat)
        if len(self.over) == len(self.players) and not self.done.done():
            self.done.set_result(True)

    def fail(self, error: BaseException) -> None:
        if not self.done.done():
            self.done.set_exception(error)

    def check(self, now: float) -> None:
        """Nothing for ``UPDATE_TIMEOUT`` + 5 s: an error, and both players ask for the state."""
        if self.run.stop or self.done.done() or now - self.heard <= UPDATE_TIMEOUT + 5:
            return
        self.run.error(f"no update within {UPDATE_TIMEOUT + 5:g} s")
        self.heard = now
        for player in self.players:
            player.send_text(json.dumps({"type": "sync"}))


class SeatPlayer:
    """One player: answers each state as its socket hands it over, from the event loop's
    callback (no task, no timer per message: the client shares the machine with the servers
    it measures, and a browser parses each state once too)."""

    def __init__(self, table: TablePlay, socket: WebSocket, state: dict) -> None:
        self.table, self.run, self.socket, self.state = table, table.run, socket, state
        self.budget = RateBudget()
        self.moved = -1  # the last version this player acted on

    def start(self) -> None:
        self.socket.listen(self.receive, self.table.fail)
        self.act()

    def receive(self, text: str) -> None:
        if self.run.stop:
            return
        now = perf_counter()
        try:
            message = orjson.loads(text)  # what a browser's parser costs, not Python's json
            if message.get("type") == "error":
                self.run.error(f"server: {message.get('message')}")
                return
            if message.get("type") != "state" or message["version"] <= self.state["version"]:
                return
            self.table.arrived(message, now)
            self.state = message
            self.act()
        except (KeyError, TypeError, ValueError) as error:  # not the payload it should be
            self.table.fail(RuntimeError(f"{type(error).__name__}: {error}"))

    def act(self) -> None:
        """On its turn a move (at the run's pace), after a hand the next one (seat 0), at the
        match's end nothing more."""
        view, version = self.state["view"], self.state["version"]
        if view["match"]["finished"]:
            self.table.finished(view["seat"])
        elif version <= self.moved:
            return
        elif view["result"] is not None:
            if view["seat"] == 0:
                self.moved = version
                self.send({"type": "next_hand", "version": version})
        elif view["turn"] == view["seat"]:
            self.moved = version
            if self.run.pace is None:
                self.move()
            else:
                pause = self.run.rng.uniform(*self.run.pace)
                asyncio.get_running_loop().call_later(pause, self.move)

    def move(self) -> None:
        legal = self.state["view"]["legal"]
        move = self.run.rng.choice([m for m in legal if "play" in m] or legal)
        self.send({"type": "move", "version": self.state["version"], "move": move})

    def send(self, act: dict) -> None:
        """``act`` now, or as soon as the rate budget has room (waiting off the clock)."""
        if self.run.stop:
            return
        if (seconds := self.budget.wait()) > 0:
            asyncio.get_running_loop().call_later(seconds, self.send, act)
            return
        if act["type"] == "move":
            self.table.sent(act["version"], self.state["view"]["seat"])
        else:
            self.run.next_hands += 1
        self.send_text(json.dumps(act))

    def send_text(self, text: str) -> None:
        try:
            self.socket.send_now(text)
        except ConnectionError as error:
            self.table.fail(error)


async def play_table(
    run: Run, ports: tuple[int, int], seats: TableSeats, gate: asyncio.Semaphore, go: asyncio.Event
) -> None:
    """One table slot: its two players; in flat out a finished match gets a new table."""
    first = True
    while not run.stop:
        sockets: list[WebSocket] = []
        finished = False
        try:
            for seat, port in enumerate(ports):
                origin = {"Origin": f"http://{HOST}:{port}"}
                cookie = {"Cookie": f"sessionid={seats.sessions[seat]}"}
                path = f"/ws/tables/{seats.public_id}/"
                sockets.append(await connect(run, port, path, origin | cookie, gate))
            states = []
            for socket in sockets:
                message = orjson.loads(await asyncio.wait_for(socket.receive(), UPDATE_TIMEOUT))
                if message.get("type") != "state":
                    raise RuntimeError(f"the server said: {message}")
                states.append(message)
            if first:
                first = False
                run.ready += 1
                await go.wait()
            finished = await play_out(run, TablePlay(run, sockets, states))
        except (Closed, ConnectionError, OSError, RuntimeError, TimeoutError) as error:
            if first:
                first = False
                run.ready += 1
            if not run.stop:
                run.error(f"{type(error).__name__}: {error}")
                await go.wait()
                await asyncio.sleep(1)
        finally:
            for socket in sockets:
                await socket.close()
        if run.stop:
            return
        if finished:  # the match is over: a new table (else the same one, reconnected)
            seats = run.spares.pop() if run.spares else await asyncio.to_thread(make_table)
            run.tables_made += 1


async def drive(
    ports: list[int],
    placement: str,
    tables: list[TableSeats],
    pace: tuple[float, float] | None,
    seconds: float,
    seed: int,
    meter: CpuMeter,
    spares: list[TableSeats],
) -> Run:
    run = Run(pace, random.Random(seed), spares=spares)
    gate, go = asyncio.Semaphore(HANDSHAKES), asyncio.Event()
    tasks = [
        asyncio.create_task(play_table(run, seat_ports(ports, placement, i), t, gate, go))
        for i, t in enumerate(tables)
    ]
    tasks.append(asyncio.create_task(watch(run)))
    deadline = time.monotonic() + 180
    while run.ready < len(tables) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)  # every table connected (or failed) before the window opens
    start, spent = perf_counter(), meter.read()
    run.window = (start, start + seconds)
    go.set()
    try:
        await asyncio.sleep(seconds)
        run.cpu = CpuMeter.since(spent, meter.read())
        await asyncio.sleep(DRAIN_SECONDS)  # then the updates of the last moves
    finally:
        run.stop = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return run


def seat_ports(ports: list[int], placement: str, index: int) -> tuple[int, int]:
    """The servers of the two seats of the ``index``-th table (see ``--placement``)."""
    if placement == "split":
        return ports[0], ports[-1]
    port = ports[index % len(ports)]
    return port, port


# --- the bare echo ----------------------------------------------------------------------------
class EchoClient:
    """Flat out: the next message as soon as the reply to the last one arrives, sent from the
    reply's callback (as the site's players answer their states). ``done`` once a reply comes
    after the window."""

    def __init__(self, run: Run, socket: WebSocket) -> None:
        self.run, self.socket = run, socket
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sent = 0.0

    def start(self) -> None:
        self.socket.listen(self.receive, self.fail)
        self.send()

    def send(self) -> None:
        if self.run.stop:
            if not self.done.done():
                self.done.set_result(None)
            return
        self.sent = perf_counter()
        try:
            self.socket.send_now(json.dumps({"n": len(self.run.latencies)}))
        except ConnectionError as error:
            self.fail(error)

    def receive(self, text: str) -> None:
        if self.sent < self.run.window[1]:
            self.run.latencies.append(perf_counter() - self.sent)
        self.send()

    def fail(self, error: BaseException) -> None:
        if not self.done.done():
            self.done.set_exception(error)

    def check(self, now: float) -> None:
        """A reply lost (or later than 10 s): counted, then the next message."""
        if now - self.sent > UPDATE_TIMEOUT and not self.done.done():
            if not self.run.stop:
                self.run.error(f"no reply within {UPDATE_TIMEOUT:g} s")
            self.send()


async def echo_client(port: int, gate: asyncio.Semaphore, go: asyncio.Event, run: Run) -> None:
    socket = await connect(run, port, "/ws/echo/", {"Origin": f"http://{HOST}:{port}"}, gate)
    try:
        run.ready += 1
        await go.wait()
        await play_out(run, EchoClient(run, socket))
    except (Closed, ConnectionError, OSError, TimeoutError) as error:
        if not run.stop:
            run.error(f"{type(error).__name__}: {error}")
    finally:
        await socket.close()


async def echo_table(
    ports: tuple[int, int], gate: asyncio.Semaphore, go: asyncio.Event, run: Run
) -> None:
    """The echo at a table's human pace: two sockets taking turns, each message sent 2-5 s
    (``run.pace``) after the other socket's reply, as the two players of a table move."""
    sockets = []
    try:
        for port in ports:
            sockets.append(
                await connect(run, port, "/ws/echo/", {"Origin": f"http://{HOST}:{port}"}, gate)
            )
        run.ready += 1
        await go.wait()
        turn = 0
        while not run.stop:
            await asyncio.sleep(run.rng.uniform(*run.pace))
            if run.stop:
                break
            start = perf_counter()
            await sockets[turn].send(json.dumps({"n": len(run.latencies)}))
            try:
                await asyncio.wait_for(sockets[turn].receive(), UPDATE_TIMEOUT)
            except TimeoutError:
                if not run.stop:
                    run.error(f"no reply within {UPDATE_TIMEOUT:g} s")
                continue
            if start < run.window[1]:
                run.latencies.append(perf_counter() - start)
            turn = 1 - turn
    except (Closed, ConnectionError, OSError, TimeoutError) as error:
        if not run.stop:
            run.error(f"{type(error).__name__}: {error}")
    finally:
        for socket in sockets:
            await socket.close()


async def drive_echo(
    ports: list[int],
    tables: int,
    seconds: float,
    pace: tuple[float, float] | None,
    seed: int,
    meter: CpuMeter,
) -> Run:
    """Flat out (``pace`` None): ``2 * tables`` closed-loop echo clients, spread over the
    servers' ``ports`` in turn. At a pace: ``tables`` pairs of sockets taking turns, seat 0's
    socket on the first server and seat 1's on the last, as the site's players connect."""
    run = Run(pace, random.Random(seed))
    gate, go = asyncio.Semaphore(HANDSHAKES), asyncio.Event()
    if pace is None:
        clients = [echo_client(ports[i % len(ports)], gate, go, run) for i in range(2 * tables)]
    else:
        clients = [echo_table((ports[0], ports[-1]), gate, go, run) for _ in range(tables)]
    tasks = [asyncio.create_task(client) for client in clients]
    watcher = asyncio.create_task(watch(run))
    deadline = time.monotonic() + 180
    while run.ready + sum(t.done() for t in tasks) < len(tasks) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    start, spent = perf_counter(), meter.read()
    run.window = (start, start + seconds)
    go.set()
    try:
        await asyncio.sleep(seconds)
        run.cpu = CpuMeter.since(spent, meter.read())
        if pace is not None:
            await asyncio.sleep(DRAIN_SECONDS)
    finally:
        run.stop = True
        if pace is not None:  # pacing clients are asleep: no reply is lost by waking them
            for task in tasks:
                task.cancel()
        done = await asyncio.gather(*tasks, return_exceptions=True)
        watcher.cancel()
    for result in done:
        if isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
            run.error(f"{type(result).__name__}: {result}")
    return run


# --- main -------------------------------------------------------------------------------------
def start_servers(
    count: int, env: dict[str, str], logs: Path, application: str | None = None
) -> list[Server]:
    servers = []
    try:
        for index in range(count):
            name = f"echo{index + 1}" if application else f"site{index + 1}"
            server = Server(name, env, logs)
            if application:
                server.application = application
            servers.append(server)
            server.start()
    except BaseException:
        for server in servers:
            server.close()
        raise
    return servers


def load_line(bench: str, processes: int, tables: int, seconds: float, run: Run) -> dict:
    moves = len(run.latencies)
    line = {"bench": bench, "tables": tables, "processes": processes, "seconds": seconds}
    line |= {"moves": moves, "moves_per_s": round(moves / seconds, 1)}
    line |= percentiles_ms(run.latencies) | {"errors": run.errors}
    line |= {"connect_errors": run.connect_errors}
    line |= {"next_hands": run.next_hands, "tables_made": run.tables_made}
    line |= cpu_ms_per_op(run.cpu, moves)
    if run.error_samples:
        line["error_samples"] = run.error_samples
    return line


def server_side(line: dict[str, Any]) -> float | None:
    """A window's server-side CPU milliseconds per operation (None without a reading)."""
    return line.get("cpu_ms_per_op", {}).get("server_side")


def bench(args: argparse.Namespace, logs: Path, database_url: str) -> None:
    env = site_env("thread", database_url, args.redis, 0.0)
    migrate(env)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))  # the project's dominoes/ before the PyPI package of that name
    import django

    django.setup()
    rng = random.Random(args.seed)
    flat: dict[int, list[float]] = {p: [] for p in args.processes}
    echo: dict[int, list[float]] = {p: [] for p in args.processes}
    flat_cpu: dict[int, list[float | None]] = {p: [] for p in args.processes}
    echo_cpu: dict[int, list[float | None]] = {p: [] for p in args.processes}
    human_p99: dict[int, float | None] = {}
    human_errors: dict[int, int] = {}
    echo_human_p99: dict[int, float | None] = {}
    if "echo" in args.modes:
        with psycopg.connect(database_url, autocommit=True) as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS bench_echo (id bigserial PRIMARY KEY, body text)"
            )
    echo_env = env | {"PYTHONPATH": os.pathsep.join([str(ROOT / "bench"), str(ROOT)])}
    for processes in args.processes:
        # Flat out and the echo alternate, round after round, so that both meet the same
        # machine (it is shared and noisy): the ratio is of their medians.
        for round_ in range(args.rounds):
            modes = [m for m in args.modes if m == "flat" or (m == "human" and round_ == 0)]
            servers = start_servers(processes, env, logs)
            try:
                for mode in modes:
                    line = run_site(args, servers, processes, mode, rng)
                    if mode == "human":
                        human_p99[processes] = line["p99_ms"]
                        human_errors[processes] = line["errors"]
                    else:
                        flat[processes].append(line["moves_per_s"])
                        flat_cpu[processes].append(server_side(line))
            finally:
                for server in servers:
                    server.close()
            if "echo" in args.modes and "human" in modes:
                # The stack's own latency at the same offered rate: what p99 the bare echo gets.
                line = run_echo(args, logs, database_url, echo_env, processes, human=True)
                echo_human_p99[processes] = line["p99_ms"]
            if "echo" in args.modes and "flat" in modes:
                line = run_echo(args, logs, database_url, echo_env, processes, human=False)
                echo[processes].append(line["messages_per_s"])
                echo_cpu[processes].append(server_side(line))
    flat_median = {p: statistics.median(rates) for p, rates in flat.items() if rates}
    echo_median = {p: statistics.median(rates) for p, rates in echo.items() if rates}
    summary: dict[str, Any] = {"bench": "load", "tables": args.tables}
    summary["placement"] = args.placement
    summary |= {"human_p99_ms": human_p99, "human_errors": human_errors}
    summary |= {"echo_human_p99_ms": echo_human_p99}
    summary |= {"rounds": args.rounds}
    summary |= {"flat_moves_per_s": flat_median, "echo_messages_per_s": echo_median}
    ratio = {p: round(r / echo_median[p], 2) for p, r in flat_median.items() if echo_median.get(p)}
    summary["ratio_to_echo"] = ratio
    # As if the clients ran on other machines: the servers' side CPU per echo message over
    # theirs per move (medians over the rounds).
    summary["server_cpu_ratio"] = {
        p: round(statistics.median(echo_cpu[p]) / statistics.median(flat_cpu[p]), 2)
        for p in flat_cpu
        if flat_cpu[p] and echo_cpu[p] and None not in flat_cpu[p] + echo_cpu[p]
    }
    summary["goals"] = {
        "human_p99_ms": P99_GOAL_MS,
        "human_met": {
            p: v is not None and v < P99_GOAL_MS and not human_errors[p]
            for p, v in human_p99.items()
        },
        "ratio": ECHO_RATIO_GOAL,
        "ratio_met": {p: r >= ECHO_RATIO_GOAL for p, r in ratio.items()},
    }
    print(json.dumps(summary), flush=True)


def run_site(
    args: argparse.Namespace,
    servers: list[Server],
    processes: int,
    mode: str,
    rng: random.Random,
) -> dict:
    """One window of ``mode`` (human or flat) on fresh tables; prints its line and returns it."""
    human = mode == "human"
    seconds = args.human_seconds if human else args.flat_seconds
    tables = [make_table() for _ in range(args.tables)]
    # Flat out, finished matches are replaced by these first: making a table is not what is
    # measured, and its CPU (the services run in this process) would count as the client's.
    spare_count = 0 if human else round(args.tables * seconds / TABLE_SECONDS_PER_SPARE)
    spares = [make_table() for _ in range(spare_count)]
    pace = args.pace if human else None
    ports = [server.port for server in servers]
    seed = rng.randrange(1 << 30)
    meter = CpuMeter(servers)
    run = asyncio.run(drive(ports, args.placement, tables, pace, seconds, seed, meter, spares))
    line = load_line(f"load.{mode}", processes, args.tables, seconds, run)
    line["placement"] = args.placement
    errors = [s.last_error() for s in servers if s.last_error()]
    if errors:
        line["server_error"] = errors[-1]
    print(json.dumps(line), flush=True)
    return line


def run_echo(
    args: argparse.Namespace,
    logs: Path,
    database_url: str,
    env: dict[str, str],
    processes: int,
    *,
    human: bool,
) -> dict:
    """The bare echo on ``processes`` daphne processes, flat out or at the tables' human pace
    (``load.echo_human``: one message at a time per pair of sockets, as at a table); prints its
    line and returns it."""
    servers = start_servers(processes, env, logs, "echo_app:application")
    seconds = args.human_seconds if human else args.flat_seconds
    try:
        ports = [server.port for server in servers]
        pace = args.pace if human else None
        meter = CpuMeter(servers)
        run = asyncio.run(drive_echo(ports, args.tables, seconds, pace, args.seed, meter))
    finally:
        for server in servers:
            server.close()
    with psycopg.connect(database_url) as db:
        rows = db.execute("SELECT count(*) FROM bench_echo").fetchone()[0]
    count = len(run.latencies)
    line = {"bench": "load.echo_human" if human else "load.echo", "tables": args.tables}
    line |= {"processes": processes, "seconds": seconds, "messages": count}
    line |= {"messages_per_s": round(count / seconds, 1)}
    line |= percentiles_ms(run.latencies) | {"errors": run.errors, "rows": rows}
    line |= {"connect_errors": run.connect_errors} | cpu_ms_per_op(run.cpu, count)
    if run.error_samples:
        line["error_samples"] = run.error_samples
    print(json.dumps(line), flush=True)
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="2-seat tables (default 200)")
    parser.add_argument(
        "--processes", default="1,2", help="daphne process counts to run, comma-separated (1,2)"
    )
    parser.add_argument(
        "--modes", default="human,flat,echo", help="what to run, comma-separated (human,flat,echo)"
    )
    parser.add_argument("--human-seconds", type=float, default=40, help="window at human pace")
    parser.add_argument("--flat-seconds", type=float, default=10, help="flat-out and echo window")
    parser.add_argument(
        "--rounds", type=int, default=3, help="flat-out and echo windows, alternating (3)"
    )
    parser.add_argument(
        "--pace", default="2,5", help="human pace: seconds before a move, min,max (2,5)"
    )
    add_service_arguments(parser)
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' moves")
    parser.add_argument(
        "--placement",
        choices=("table", "split"),
        default="table",
        help="a table's two seats on different processes (split) or on one (table)",
    )
    args = parser.parse_args()
    args.processes = [int(p) for p in args.processes.split(",") if p.strip()]
    args.modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    args.pace = tuple(float(x) for x in args.pace.split(","))
    if set(args.processes) - {1, 2} or set(args.modes) - {"human", "flat", "echo"}:
        parser.error("--processes among 1,2; --modes among human,flat,echo")
    if args.tables < 1 or args.rounds < 1 or len(args.pace) != 2:
        parser.error("--tables and --rounds at least 1; --pace is min,max")
    limit = raise_open_files(2 * args.tables * 2 + 256)
    if limit < 2 * args.tables + 256:
        parser.error(f"the open-file limit ({limit}) is too low for {args.tables} tables")

    with bench_services(args, "load") as (logs, database_url):
        bench(args, logs, database_url)


if __name__ == "__main__":
    main()
