"""Benchmark of the table page and a move's WebSocket round trip: prints numbers, one JSON a line.

What is measured, against real servers this script starts: each mode is one ``daphne`` process
on a free loopback port, in production settings (``DEBUG=false``, persistent database
connections) but on plain HTTP (the HTTPS redirect, secure cookies, HSTS and the proxy header
switched off), with ``BOT_PAUSE_SECONDS=0`` (``--bot-pause``): the pause that lets people follow
the computer's moves is off, so a round trip is the site's own work. The modes (``--modes``):

- ``rq``, the production layout: PostgreSQL (a database of the bench's own, created, migrated and
  dropped here), the Redis channel layer, and the computer's moves as RQ jobs run by one
  ``manage.py rqworker bots --with-scheduler`` process: RQ's default worker, which forks a work
  horse per job (``--rq-worker-class rq.worker.SimpleWorker`` runs them in the worker itself).
- ``thread``: the same PostgreSQL and Redis, the computer's moves run by the server itself
  (``JOBS_BACKEND=thread``).
- ``sqlite``: the embedded default's backends: SQLite (a temporary file named by
  ``DATABASE_URL``, so the developer's ``db.sqlite3`` is never touched), the in-memory channel
  layer and in-process jobs.

Every table is a match against the computer (``--preset``, ``--seats``, ``--level``) made the
way a guest makes one, by posting the setup form; the guest is its session cookie. Then:

- ``table.page``: ``GET /tables/<id>/`` with that cookie, over one keep-alive connection, on the
  tables played below (so that their boards hold moves). The time is the client's, from sending
  the request to the page's last byte, on loopback: the site sends no ``Server-Timing``, so this
  is the server's time plus a fraction of a millisecond. The goal is a p50 of at most 30 ms.
- ``table.move``: the round trip of a move the computer answers, over the table's WebSocket
  (``/ws/tables/<id>/``; the venv has no WebSocket client library, so this file holds a minimal
  RFC 6455 client): from sending ``{"type": "move", ...}`` until the state in which it is the
  player's turn again or the hand is over. In between the server sends a state per change: the
  player's move, then the computer's (one job per computer move, each draw included).
  ``computer_moves_p50`` and ``_max`` count the changes after the player's own in one round
  trip: the computer's moves (and, at tables that pass automatically, the player's automatic
  draws and passes). With a pause, ``net_p50_ms`` and ``net_p99_ms`` are the round trips less
  one pause per computer move.
- ``table.own_move``: the moves nobody answers (a draw after which the player is still to move,
  or a play that ends the hand): the same round trip without a job, the floor under the above.
  Fewer of them, so p50 and max.

The player plays a random legal tile and draws only when it must. Each table plays
``--moves-per-table`` answered moves on one connection (the next hand dealt when one ends, a new
table when the match is over or the share is played). The consumer allows a burst of 20
messages, then 5 a second: the player keeps to that, waiting off the clock. Before timing, each
server gets a few untimed page loads and moves.

The measurements run in ``--rounds`` rounds, each round every mode's share of moves then of page
loads, so that noise on a shared machine hits all modes alike; p50 and p99 (linear between the
closest ranks) are over all rounds, in milliseconds. If a server stops answering (no message for
10 s) or refuses a move, the mode's moves stop there and its move line carries ``error`` and the
last exception in the server's logs (``server_error``); its pages are still measured. The last
line is ``{"bench": "table", "page_p50_ms": ..., "page_p99_ms": ..., "move_round_trip_p50_ms":
..., "move_round_trip_p99_ms": ..., "mode": ..., "by_mode": {...}}``: the headline numbers are
the first mode's (``rq`` by default, the production layout).

Needs PostgreSQL (``--postgres``: a server whose role may create databases) and Redis
(``--redis``: a database of the bench's own, flushed at the start and at the end) for the ``rq``
and ``thread`` modes. Every process and database it makes is removed on the way out, errors
included.

Run from the repo root: ``.venv/bin/python bench/table.py`` (about 80 s).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import collections
import contextlib
import hashlib
import http.client
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from time import perf_counter
from typing import Any

import psycopg
import redis
from rq import Worker

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
MODES = ("rq", "thread", "sqlite")
PAGE_GOAL_MS = 30
#: The consumer's message budget (games.consumers.RATE_BURST and RATE_PER_SECOND).
RATE_BURST = 20
RATE_PER_SECOND = 5.0
#: Tokens the player keeps in hand, for the clocks of client and server not starting together.
RATE_MARGIN = 0.5
#: Untimed page loads and answered moves per server before the timed rounds.
WARMUP_PAGES = 10
WARMUP_MOVES = 4
#: Seconds to wait for a server or worker to start, and for any one WebSocket message.
START_TIMEOUT = 30.0
MESSAGE_TIMEOUT = 10.0
WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


# --- the servers ----------------------------------------------------------------------------
def free_port() -> int:
    """A loopback port nobody listens on (daphne only logs "Listen failure" on a busy one)."""
    while True:
        with socket.socket() as probe:
            probe.bind((HOST, 0))
            port = probe.getsockname()[1]
        with socket.socket() as probe:
            if probe.connect_ex((HOST, port)) != 0:
                return port


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex((HOST, port)) == 0


def site_env(mode: str, database_url: str, redis_url: str, pause: float) -> dict[str, str]:
    """The environment of a server and its worker: production settings on plain HTTP."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "JOBS_BACKEND", "DJANGO_SETTINGS_MODULE"}
    }
    env |= {
        "DJANGO_SETTINGS_MODULE": "dominoes.settings",
        "DJANGO_ENV": "production",
        "DEBUG": "false",
        "SECRET_KEY": "bench",
        "ALLOWED_HOSTS": HOST,
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "SECURE_HSTS_SECONDS": "0",
        "SECURE_PROXY_SSL_HEADER": "false",
        "BOT_PAUSE_SECONDS": str(pause),
        "DATABASE_URL": database_url,
        "JOBS_BACKEND": "rq" if mode == "rq" else "thread",
    }
    if mode != "sqlite":
        env["REDIS_URL"] = redis_url
    return env


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass
class Server:
    """One mode's daphne (and RQ worker): started, then stopped by ``close``."""

    mode: str
    env: dict[str, str]
    logs: Path
    worker_class: str | None = None
    application: str = "dominoes.asgi:application"
    port: int = 0
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)

    def start(self) -> None:
        self.port = free_port()
        self._spawn(
            "daphne",
            [sys.executable, "-m", "daphne", "-b", HOST, "-p", str(self.port), self.application],
        )
        if self.mode == "rq":
            command = [sys.executable, "manage.py", "rqworker", "bots", "--with-scheduler"]
            if self.worker_class:
                command += ["--worker-class", self.worker_class]
            self._spawn("rqworker", command)
        deadline = time.monotonic() + START_TIMEOUT
        while not (listening(self.port) and self._worker_ready()):
            for name, process in self.processes.items():
                if process.poll() is not None:
                    raise RuntimeError(f"{self.mode}: {name} exited: {self._tail()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.mode}: the server did not start: {self._tail()}")
            time.sleep(0.1)

    def _spawn(self, name: str, command: list[str]) -> None:
        with (self.logs / f"{self.mode}-{name}.log").open("wb") as log:
            self.processes[name] = subprocess.Popen(
                command, cwd=ROOT, env=self.env, stdout=log, stderr=log
            )

    def _worker_ready(self) -> bool:
        if self.mode != "rq":
            return True
        with redis.Redis.from_url(self.env["REDIS_URL"]) as connection:
            return any("bots" in w.queue_names() for w in Worker.all(connection=connection))

    def _tail(self) -> str:
        return " | ".join(
            path.read_text(errors="replace")[-1500:]
            for path in sorted(self.logs.glob(f"{self.mode}-*.log"))
        )

    def last_error(self) -> str | None:
        """The last exception any of its processes logged, if one did: a traceback's last
        line, or an error of the site's JSON log (its message and exception's last line)."""
        found = None
        for path in sorted(self.logs.glob(f"{self.mode}-*.log")):
            for line in path.read_text(errors="replace").splitlines():
                if re.match(r"[\w.]+(Error|Exception): ", line):
                    found = f"{path.stem}: {line.strip()}"
                elif line.startswith("{") and '"level": "ERROR"' in line:
                    with contextlib.suppress(ValueError):
                        entry = json.loads(line)
                        last = (entry.get("exception") or "").strip().splitlines()[-1:]
                        found = f"{path.stem}: {entry.get('message')} {' '.join(last)}".strip()
        return found

    def close(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.terminate()
        for process in self.processes.values():
            stop(process)


def migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "--verbosity", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


# --- a minimal WebSocket client (RFC 6455: handshake, masked frames out, frames in) ----------
class Closed(Exception):
    pass


class WebSocket(asyncio.Protocol):
    """Reads all the time, as a browser does: pings are answered at once, even while its user
    is busy elsewhere or waiting (daphne drops a socket whose ping goes unanswered for 30 s,
    and 2,000 sockets can take longer than that to connect before a window opens).

    A protocol, not streams: frames are cut from the bytes as the event loop hands them over,
    and a message wakes only the task waiting for it. The client shares the machine with the
    servers it measures, so what it spends per message is taken from them (streams cost a
    reader task, a queue and several awaits per frame).
    """

    def __init__(self, key: str) -> None:
        self.key = key
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.parts: list[bytes] = []
        self.messages: collections.deque[str] = collections.deque()
        self.waiter: asyncio.Future[str] | None = None
        self.ended: BaseException | None = None
        self.on_message: Callable[[str], None] | None = None
        self.on_end: Callable[[BaseException], None] | None = None

    @classmethod
    async def connect(
        cls, port: int, path: str, headers: dict[str, str], source: str | None = None
    ) -> WebSocket:
        """A WebSocket to ``path``, from the loopback address ``source`` if given (the site
        counts some limits per address: bench/abuse.py)."""
        key = base64.b64encode(os.urandom(16)).decode()
        loop = asyncio.get_running_loop()
        local = (source, 0) if source else None
        _, socket = await loop.create_connection(lambda: cls(key), HOST, port, local_addr=local)
        request = [
            f"GET {path} HTTP/1.1",
            f"Host: {HOST}:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
            *(f"{name}: {value}" for name, value in headers.items()),
        ]
        socket.transport.write(("\r\n".join(request) + "\r\n\r\n").encode())
        try:
            await asyncio.wait_for(socket.opened, MESSAGE_TIMEOUT)
        except BaseException:
            socket.transport.close()
            raise
        return socket

    async def send(self, text: str) -> None:
        self.send_now(text)

    def send_now(self, text: str) -> None:
        self._write(0x1, text.encode())

    def listen(
        self, on_message: Callable[[str], None], on_end: Callable[[BaseException], None]
    ) -> None:
        """From now on, each message goes to ``on_message`` as it arrives, from the event loop's
        callback (no task wakes up for it), and the socket's end to ``on_end``; the messages
        received before go first. For players that answer each message at once."""
        self.on_message, self.on_end = on_message, on_end
        while self.messages:
            on_message(self.messages.popleft())
        if self.ended is not None:
            on_end(self.ended)

    async def receive(self) -> str:
        """The next text message (fragments joined); Closed or the connection's error once
        the socket has ended."""
        if self.messages:
            return self.messages.popleft()
        if self.ended is not None:
            raise self.ended
        self.waiter = asyncio.get_running_loop().create_future()
        try:
            return await self.waiter
        finally:
            self.waiter = None

    async def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self._write(0x8, (1000).to_bytes(2, "big"))
            self.transport.close()

    # --- asyncio.Protocol ---------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.opened.done() and not self._handshake():
            return
        try:
            while (frame := self._frame()) is not None:
                self._take(*frame)
        except Closed as closed:
            self._end(closed)
            self.transport.close()

    def connection_lost(self, error: Exception | None) -> None:
        if not self.opened.done():  # connect() says so as any refused connection does
            error = error or ConnectionResetError("the connection ended during the handshake")
        self._end(error or Closed("the connection ended"))

    # --- inside -------------------------------------------------------------------------------
    def _handshake(self) -> bool:
        """Whether the server's answer to the upgrade is in (and accepted: else the socket
        ends with ConnectionError)."""
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = bytes(self.buffer[:end]).decode("latin-1")
        del self.buffer[: end + 4]
        status, *lines = head.split("\r\n")
        fields = {
            name.strip().lower(): value.strip()
            for name, _, value in (line.partition(":") for line in lines)
        }
        accept = base64.b64encode(hashlib.sha1((self.key + WS_GUID).encode()).digest()).decode()
        if status.split()[1] != "101" or fields.get("sec-websocket-accept") != accept:
            refused = ConnectionError(f"WebSocket handshake refused: {status}")
            self.opened.set_exception(refused)
            self._end(refused)
            self.transport.close()
            return False
        self.opened.set_result(None)
        return True

    def _frame(self) -> tuple[bool, int, bytes] | None:
        """The next whole frame cut from the buffer, or None until it has all arrived."""
        buffer = self.buffer
        if len(buffer) < 2:
            return None
        first, second = buffer[0], buffer[1]
        size, at = second & 0x7F, 2
        if size == 126:
            if len(buffer) < 4:
                return None
            size, at = int.from_bytes(buffer[2:4], "big"), 4
        elif size == 127:
            if len(buffer) < 10:
                return None
            size, at = int.from_bytes(buffer[2:10], "big"), 10
        mask = b""
        if second & 0x80:
            mask, at = bytes(buffer[at : at + 4]), at + 4
        if len(buffer) < at + size:
            return None
        payload = bytes(buffer[at : at + size])
        del buffer[: at + size]
        if mask:
            key = (mask * (size // 4 + 1))[:size]
            payload = bytes(byte ^ k for byte, k in zip(payload, key, strict=True))
        return bool(first & 0x80), first & 0x0F, payload

    def _take(self, final: bool, opcode: int, payload: bytes) -> None:
        if opcode == 0x8:
            code = int.from_bytes(payload[:2], "big") if payload else None
            raise Closed(f"the server closed the WebSocket (code {code})")
        if opcode == 0x9:
            self._write(0xA, payload)
        elif opcode in (0x0, 0x1):
            self.parts.append(payload)
            if final:
                message, self.parts = b"".join(self.parts).decode(), []
                if self.on_message is not None:
                    self.on_message(message)
                elif self.waiter is not None and not self.waiter.done():
                    self.waiter.set_result(message)
                else:
                    self.messages.append(message)

    def _end(self, error: BaseException) -> None:
        if self.ended is None:
            self.ended = error
            if self.on_end is not None:
                self.on_end(error)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(self.ended)
        if not self.opened.done():
            self.opened.set_exception(self.ended)

    def _write(self, opcode: int, payload: bytes) -> None:
        size = len(payload)
        if size < 126:
            head = bytes([0x80 | opcode, 0x80 | size])
        elif size < 1 << 16:
            head = bytes([0x80 | opcode, 0x80 | 126]) + size.to_bytes(2, "big")
        else:
            head = bytes([0x80 | opcode, 0x80 | 127]) + size.to_bytes(8, "big")
        mask = os.urandom(4)
        key = (mask * (size // 4 + 1))[:size]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(size, "big")
        if self.transport is None or self.transport.is_closing():
            raise ConnectionResetError("the WebSocket is closed")
        self.transport.write(head + mask + masked)


# --- a guest at the site --------------------------------------------------------------------
class RateBudget:
    """The player's copy of the consumer's token bucket: waits (off the clock) before a message
    the server would refuse."""

    def __init__(self) -> None:
        self.tokens, self.stamp = float(RATE_BURST), time.monotonic()

    def wait(self) -> float:
        """Seconds until a message may go; 0: it may go now, and its token is taken."""
        now = time.monotonic()
        self.tokens = min(RATE_BURST, self.tokens + (now - self.stamp) * RATE_PER_SECOND)
        self.stamp = now
        if self.tokens >= 1 + RATE_MARGIN:
            self.tokens -= 1
            return 0.0
        return (1 + RATE_MARGIN - self.tokens) / RATE_PER_SECOND

    async def take(self) -> None:
        while (seconds := self.wait()) > 0:
            await asyncio.sleep(seconds)


@dataclass
class Guest:
    """A guest (one browser session) playing the computer at one server: makes tables by the
    setup form, loads their page, plays them over their WebSocket."""

    port: int
    form: dict[str, str]
    rng: random.Random
    moves_per_table: int
    cookies: dict[str, str] = field(default_factory=dict)
    tables: list[str] = field(default_factory=list)
    page_seconds: list[float] = field(default_factory=list)
    page_bytes: list[int] = field(default_factory=list)
    reply_seconds: list[float] = field(default_factory=list)
    computer_moves: list[int] = field(default_factory=list)
    own_seconds: list[float] = field(default_factory=list)
    reconnects: int = 0
    pages_done: int = 0
    requests_made: int = 0
    failure: str | None = None

    def __post_init__(self) -> None:
        self.http = http.client.HTTPConnection(HOST, self.port, timeout=MESSAGE_TIMEOUT)
        self.socket: WebSocket | None = None
        self.state: dict[str, Any] = {}
        self.table_moves = 0

    # --- HTTP -------------------------------------------------------------------------------
    def _request(self, method: str, path: str, body: str | None = None, **headers: str) -> tuple:
        if self.http.sock is None and self.requests_made:
            self.reconnects += 1  # the server closed the keep-alive connection
        self.requests_made += 1
        return exchange(self.http, self.cookies, method, path, body, headers)

    def new_table(self) -> str:
        if "csrftoken" not in self.cookies:
            response, _ = self._request("GET", "/play/")
            if response.status != 200 or "csrftoken" not in self.cookies:
                raise RuntimeError(f"GET /play/: {response.status}, no CSRF cookie")
        response, content = self._request(
            "POST",
            "/play/",
            urllib.parse.urlencode(self.form),
            **{
                "Content-Type": "application/x-www-form-urlencoded",
                "X-CSRFToken": self.cookies["csrftoken"],
            },
        )
        found = re.fullmatch(r"/tables/([\w-]+)/", response.getheader("Location") or "")
        if response.status != 302 or not found or "sessionid" not in self.cookies:
            raise RuntimeError(f"POST /play/: {response.status}: {content[:300]!r}")
        self.tables.append(found[1])
        return found[1]

    def load_pages(self, count: int, timed: bool = True) -> None:
        for _ in range(count):
            public_id = self.tables[self.pages_done % len(self.tables)]
            start = perf_counter()
            response, content = self._request("GET", f"/tables/{public_id}/")
            elapsed = perf_counter() - start
            if response.status != 200 or public_id.encode() not in content:
                raise RuntimeError(f"GET /tables/{public_id}/: {response.status}")
            self.pages_done += 1
            if timed:
                self.page_seconds.append(elapsed)
                self.page_bytes.append(len(content))

    # --- WebSocket --------------------------------------------------------------------------
    async def _open(self) -> None:
        public_id = self.new_table()
        self.socket = await WebSocket.connect(
            self.port,
            f"/ws/tables/{public_id}/",
            {
                "Origin": f"http://{HOST}:{self.port}",
                "Cookie": f"sessionid={self.cookies['sessionid']}",
            },
        )
        self.budget = RateBudget()
        self.table_moves = 0
        self.state = await self._next_state()
        await self._settle()

    async def _close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
            self.socket = None

    async def _next_state(self) -> dict[str, Any]:
        """The next state the server sends; any error stops the bench."""
        message = json.loads(await asyncio.wait_for(self.socket.receive(), MESSAGE_TIMEOUT))
        if message.get("type") != "state":
            raise RuntimeError(f"the server said: {message}")
        return message

    async def _send(self, message: dict[str, Any]) -> None:
        await self.budget.take()
        await self.socket.send(json.dumps(message))

    async def _settle(self) -> None:
        """Reads states until the player is to move or the hand is over."""
        view = self.state["view"]
        while view["turn"] != view["seat"] and view["result"] is None:
            self.state = await self._next_state()
            view = self.state["view"]

    async def _ready(self) -> None:
        """Until the player is to move at a table with moves to spare: the next hand dealt when
        one is over, a new table when the match is over or this one has played its share."""
        while True:
            if self.socket is None:
                await self._open()
            view = self.state["view"]
            if view["match"]["finished"] or self.table_moves >= self.moves_per_table:
                await self._close()
            elif view["result"] is not None:
                await self._send({"type": "next_hand", "version": self.state["version"]})
                version = self.state["version"]
                while self.state["version"] <= version:
                    self.state = await self._next_state()
                await self._settle()
            else:
                return

    async def play(self, answered: int, timed: bool = True) -> None:
        """Plays until ``answered`` moves have had the computer's reply."""
        done = 0
        while done < answered:
            await self._ready()
            legal = self.state["view"]["legal"]
            move = self.rng.choice([m for m in legal if "play" in m] or legal)
            version = self.state["version"]
            await self.budget.take()
            message = json.dumps({"type": "move", "version": version, "move": move})
            start = perf_counter()
            await self.socket.send(message)
            while True:
                text = await asyncio.wait_for(self.socket.receive(), MESSAGE_TIMEOUT)
                elapsed = perf_counter() - start
                state = json.loads(text)
                if state.get("type") != "state":
                    raise RuntimeError(f"the server said: {state}")
                view = state["view"]
                if state["version"] > version and (
                    view["turn"] == view["seat"] or view["result"] is not None
                ):
                    break
            self.state = state
            computer = state["version"] - version - 1
            if computer == 0:
                if timed:
                    self.own_seconds.append(elapsed)
                continue
            done += 1
            self.table_moves += 1
            if timed:
                self.reply_seconds.append(elapsed)
                self.computer_moves.append(computer)

    def net_seconds(self, pause: float) -> list[float]:
        """The round trips less the computer's pauses (one per computer move)."""
        return [
            seconds - pause * moves
            for seconds, moves in zip(self.reply_seconds, self.computer_moves, strict=True)
        ]

    async def try_play(self, answered: int, timed: bool = True) -> None:
        """``play``, unless the site has failed this guest already: a message that never comes
        or a refusal stops the moves at this server (its pages are still measured)."""
        if self.failure is not None:
            return
        try:
            await self.play(answered, timed)
        except TimeoutError:
            self.failure = f"no message from the server within {MESSAGE_TIMEOUT:g} s"
        except (Closed, ConnectionError, RuntimeError) as error:
            self.failure = f"{type(error).__name__}: {error}"
        if self.failure is not None:
            with contextlib.suppress(OSError):
                await self._close()
            self.socket = None

    async def finish(self) -> None:
        await self._close()
        self.http.close()


# --- numbers --------------------------------------------------------------------------------
def percentiles_ms(seconds: list[float]) -> dict[str, float | None]:
    """p50 and p99 (linear between the closest ranks), in milliseconds; None without two."""
    if len(seconds) < 2:
        return {"p50_ms": None, "p99_ms": None}
    p99 = statistics.quantiles(seconds, n=100, method="inclusive")[98]
    return {
        "p50_ms": round(statistics.median(seconds) * 1000, 1),
        "p99_ms": round(p99 * 1000, 1),
    }


def median_or_none(values: list[int]) -> float | None:
    return statistics.median(values) if values else None


def share(total: int, rounds: int, index: int) -> int:
    """Round ``index``'s part of ``total``, the parts differing by one at most."""
    return total // rounds + (index < total % rounds)


# --- main -----------------------------------------------------------------------------------
async def bench(args: argparse.Namespace, logs: Path, database_url: str) -> None:
    sqlite_url = f"sqlite:///{logs / 'bench.sqlite3'}"
    servers: dict[str, Server] = {}
    guests: dict[str, Guest] = {}
    form = {
        "preset": args.preset,
        "seats": str(args.seats),
        **{f"level_{i}": args.level for i in (1, 2, 3)},
        "name": "Bench",
        "show_hints": "on",
    }
    try:
        migrated: set[str] = set()
        for mode in args.modes:
            url = sqlite_url if mode == "sqlite" else database_url
            env = site_env(mode, url, args.redis, args.bot_pause)
            if url not in migrated:
                migrate(env)
                migrated.add(url)
            servers[mode] = Server(mode, env, logs, args.rq_worker_class)
            servers[mode].start()
        for index, mode in enumerate(args.modes):
            guest = Guest(
                servers[mode].port, form, random.Random(args.seed + index), args.moves_per_table
            )
            guests[mode] = guest
            await guest.try_play(WARMUP_MOVES, timed=False)
            if not guest.tables:
                raise SystemExit(f"{mode}: no table could be made: {guest.failure}")
            guest.load_pages(WARMUP_PAGES, timed=False)
        for index in range(args.rounds):
            for guest in guests.values():
                await guest.try_play(share(args.moves, args.rounds, index))
                guest.load_pages(share(args.requests, args.rounds, index))
    finally:
        for guest in guests.values():
            with contextlib.suppress(Exception):
                await guest.finish()
        for server in servers.values():
            server.close()
    errors = {mode: server.last_error() for mode, server in servers.items()}

    summary: dict[str, dict[str, float | None]] = {}
    for mode, guest in guests.items():
        setting = {
            "mode": mode,
            "database": "sqlite" if mode == "sqlite" else "postgresql",
            "channel_layer": "in-memory" if mode == "sqlite" else "redis",
            "jobs": "rq" if mode == "rq" else "thread",
        }
        if mode == "rq" and args.rq_worker_class:
            setting["rq_worker_class"] = args.rq_worker_class
        page = percentiles_ms(guest.page_seconds)
        move = percentiles_ms(guest.reply_seconds)
        page_line = {"bench": "table.page", **setting, "requests": len(guest.page_seconds)}
        page_line |= page | {
            "bytes": round(statistics.median(guest.page_bytes)),
            "tables": len(guest.tables),
            "reconnects": guest.reconnects,
            "goal_p50_ms": PAGE_GOAL_MS,
        }
        print(json.dumps(page_line))
        move_line = {"bench": "table.move", **setting, "moves": len(guest.reply_seconds)}
        move_line |= move | {
            "computer_moves_p50": median_or_none(guest.computer_moves),
            "computer_moves_max": max(guest.computer_moves, default=None),
            "bot_pause_s": args.bot_pause,
            "preset": args.preset,
            "seats": args.seats,
            "level": args.level,
        }
        if args.bot_pause:
            net = percentiles_ms(guest.net_seconds(args.bot_pause))
            move_line |= {"net_p50_ms": net["p50_ms"], "net_p99_ms": net["p99_ms"]}
        if guest.failure is not None:
            move_line |= {"error": guest.failure, "server_error": errors[mode]}
        print(json.dumps(move_line))
        if guest.own_seconds:
            own_line = {"bench": "table.own_move", **setting, "moves": len(guest.own_seconds)}
            own_line |= {
                "p50_ms": round(statistics.median(guest.own_seconds) * 1000, 1),
                "max_ms": round(max(guest.own_seconds) * 1000, 1),
            }
            print(json.dumps(own_line))
        summary[mode] = {
            "page_p50_ms": page["p50_ms"],
            "page_p99_ms": page["p99_ms"],
            "move_round_trip_p50_ms": move["p50_ms"],
            "move_round_trip_p99_ms": move["p99_ms"],
        }
        if guest.failure is not None:
            summary[mode]["move_error"] = guest.failure
    first = args.modes[0]
    page_p50 = summary[first]["page_p50_ms"]
    last = {"bench": "table", **summary[first], "mode": first}
    last |= {
        "page_goal_p50_ms": PAGE_GOAL_MS,
        "page_goal_met": page_p50 is not None and page_p50 <= PAGE_GOAL_MS,
        "bot_pause_s": args.bot_pause,
        "by_mode": summary,
    }
    print(json.dumps(last))


def add_service_arguments(parser: argparse.ArgumentParser) -> None:
    """--postgres and --redis (shared with bench/load.py)."""
    parser.add_argument(
        "--postgres",
        default="postgres://postgres@127.0.0.1:5432",
        help="PostgreSQL server; the bench creates and drops its own database on it",
    )
    parser.add_argument(
        "--redis",
        default="redis://127.0.0.1:6379/3",
        help="Redis database of the bench's own, flushed at start and end (default db 3)",
    )


def exchange(
    connection: http.client.HTTPConnection,
    cookies: dict[str, str],
    method: str,
    path: str,
    body: str | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[http.client.HTTPResponse, bytes]:
    """One request on a keep-alive connection, sent with ``cookies`` and keeping what the
    response sets in them, as a browser does; the response and its body."""
    headers = dict(headers or {})
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    content = response.read()
    for line in response.headers.get_all("Set-Cookie") or []:
        for name, morsel in SimpleCookie(line).items():
            cookies[name] = morsel.value
    return response, content


@contextlib.contextmanager
def bench_services(
    args: argparse.Namespace, name: str, *, services: bool = True
) -> Iterator[tuple[Path, str]]:
    """A folder for the servers' logs and the URL of a PostgreSQL database of the bench's own
    (created here, dropped at the end; "" when ``services`` is off), with the Redis database
    ``args.redis`` flushed at the start and the end. SIGTERM unwinds through it like Ctrl-C."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    postgres = args.postgres.rstrip("/")
    database = f"bench_{name}_{os.getpid()}"
    with tempfile.TemporaryDirectory(prefix=f"bench_{name}_") as logs:
        if not services:
            yield Path(logs), ""
            return
        with psycopg.connect(f"{postgres}/postgres", autocommit=True) as db:
            db.execute(f'CREATE DATABASE "{database}"')
        try:
            redis.Redis.from_url(args.redis).flushdb()
            yield Path(logs), f"{postgres}/{database}"
        finally:
            try:
                with contextlib.suppress(Exception):  # a bench that ran the site in-process
                    from django.db import connections

                    connections.close_all()
                with psycopg.connect(f"{postgres}/postgres", autocommit=True) as db:
                    db.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
            finally:
                redis.Redis.from_url(args.redis).flushdb()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument(
        "--modes",
        default=",".join(MODES),
        help="servers to measure, comma-separated, the first one headlined (default rq,thread,"
        "sqlite)",
    )
    parser.add_argument("--requests", type=int, default=200, help="page loads per mode (200)")
    parser.add_argument("--moves", type=int, default=100, help="answered moves per mode (100)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument(
        "--moves-per-table", type=int, default=10, help="answered moves per table (default 10)"
    )
    parser.add_argument("--preset", default="classic", help="preset of the tables (classic)")
    parser.add_argument("--seats", type=int, default=2, help="seats at the tables (default 2)")
    parser.add_argument(
        "--level",
        default="easy",
        choices=["easy", "medium", "hard", "master"],
        help="the computer's level (default easy: its thinking is not what is measured here)",
    )
    add_service_arguments(parser)
    parser.add_argument(
        "--bot-pause",
        type=float,
        default=0.0,
        help="the servers' BOT_PAUSE_SECONDS (default 0; with a pause the move lines add net_*: "
        "the round trips less a pause per computer move)",
    )
    parser.add_argument(
        "--rq-worker-class",
        help="the rq mode's worker class, e.g. rq.worker.SimpleWorker (default RQ's own, which "
        "forks a work horse per job, as the README's production command runs it)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the player's moves")
    args = parser.parse_args()
    args.modes = [mode.strip() for mode in args.modes.split(",") if mode.strip()]
    if not args.modes or set(args.modes) - set(MODES) or len(set(args.modes)) < len(args.modes):
        parser.error(f"--modes: distinct names among {', '.join(MODES)}")
    if args.requests < 2 or args.moves < 2 or args.rounds < 1 or args.moves_per_table < 1:
        parser.error("--requests and --moves must be at least 2, the others at least 1")
    if not 0 <= args.bot_pause < MESSAGE_TIMEOUT / 10:
        parser.error(f"--bot-pause: from 0 to {MESSAGE_TIMEOUT / 10:g} s")

    services = set(args.modes) != {"sqlite"}  # PostgreSQL and Redis
    with bench_services(args, "table", services=services) as (logs, database_url):
        asyncio.run(bench(args, logs, database_url))


if __name__ == "__main__":
    main()
