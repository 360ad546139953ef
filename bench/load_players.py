"""The players of bench/load.py: two guests a table, each answering its states over its
socket, flat out or at a person's pace."""

from __future__ import annotations

import asyncio
import json
import random
from time import perf_counter

import orjson
from harness import (
    RateBudget,
)
from load_run import (
    HANDSHAKES,
    UPDATE_TIMEOUT,
    CpuMeter,
    Pending,
    Run,
    TableSeats,
    connect,
    hold_window,
    make_table,
    play_out,
    wait_ready,
    watch,
)
from ws_client import HOST, Closed, WebSocket


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
    run: Run,
    ports: tuple[int, int],
    seats: TableSeats,
    gate: asyncio.Semaphore,
    go: asyncio.Event,
    source: str,
) -> None:
    """One table slot: its two players, from the loopback address ``source``; in flat out a
    finished match gets a new table."""
    first = True
    while not run.stop:
        sockets: list[WebSocket] = []
        finished = False
        try:
            for seat, port in enumerate(ports):
                origin = {"Origin": f"http://{HOST}:{port}"}
                cookie = {"Cookie": f"sessionid={seats.sessions[seat]}"}
                path = f"/ws/tables/{seats.public_id}/"
                sockets.append(await connect(run, port, path, origin | cookie, gate, source))
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
        asyncio.create_task(
            play_table(run, seat_ports(ports, placement, i), t, gate, go, table_address(i))
        )
        for i, t in enumerate(tables)
    ]
    tasks.append(asyncio.create_task(watch(run)))
    await wait_ready(lambda: run.ready >= len(tables))
    try:
        await hold_window(run, meter, go, seconds, drain=True)
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


def table_address(index: int) -> str:
    """The loopback address the players of the ``index``-th table connect from (all of
    127.0.0.0/8 is loopback): players come from many addresses, and the site's per-address
    limit on open sockets (dominoes.socket_limits.OPEN_SOCKETS: 100) must not count them as one."""
    return f"127.1.{index // 250}.{index % 250 + 2}"
