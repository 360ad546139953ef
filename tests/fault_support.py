"""Helpers of the fault tests: people at online tables played over real WebSockets (the minimal
client of bench/ws_client.py), a Redis server of the test's own, and the checks of a table's log.

A :class:`Player` plays its seat as a page would: it answers its turn with a legal move, carrying
the version it saw; it reconnects by itself when its server goes away (to the next port in
its list that answers, as a load balancer would) and takes the state the server sends on
connect as the truth. It records every move it sent and every move acknowledged to it (a state
with a newer version arrived while the move was its last word), so the test can hold them
against the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import socket
import ssl
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from browser_support import LOGS, free_port
from channels.layers import get_channel_layer
from django.contrib.sessions.backends.db import SessionStore

from accounts.guests import GUEST_SESSION_KEY
from bench.ws_client import HOST, Closed, WebSocket
from games import services
from games.engine import Deal, Match, Rules, export, move_from_record
from games.models import LogEntry, Table

#: Between a person's moves: keeps both seats of a table well inside the consumer's rate limit.
THINKING_SECONDS = 0.25
#: A move unanswered this long is asked about ("sync"), as the page does after its own send.
PATIENCE_SECONDS = 3.0
#: What breaks a connection when a server dies or stops.
CONNECTION_LOST = (Closed, OSError, EOFError, asyncio.IncompleteReadError, asyncio.TimeoutError)


def new_guest() -> tuple[str, services.Player]:
    """A guest's session (its cookie value) and the player it is."""
    session = SessionStore()
    session.create()
    session[GUEST_SESSION_KEY] = session.session_key
    session.save()
    return session.session_key, services.Player(user_id=None, session_key=session.session_key)


def started_pair_table(**options: object) -> tuple[str, list[str]]:
    """A started 2-seat Block table (changed by the rules' ``options``) for two guests, with no
    clock (nothing but the two people changes it); returns its public id and the seats'
    session cookies."""
    (host_cookie, host), (friend_cookie, friend) = new_guest(), new_guest()
    rules = Rules.for_preset("block", seats=2, **options)
    table = services.create_online_table(player=host, name="Host", rules=rules, turn_seconds=None)
    services.join_table(public_id=table.public_id, player=friend, name="Friend")
    services.start_table(public_id=table.public_id, player=host)
    return table.public_id, [host_cookie, friend_cookie]


@dataclass
class Player:
    """One seat of one table, played over a WebSocket to the first of ``ports`` that answers."""

    public_id: str
    seat: int
    cookie: str
    ports: list[int]
    state: dict[str, Any] = field(default_factory=dict)
    #: (version seen, move record) of every move sent, and of those acknowledged.
    sent: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    acknowledged: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    #: The port of each connection opened, in order.
    connections: list[int] = field(default_factory=list)
    #: wss:// with this context (a site behind its TLS proxy), else ws://.
    tls: ssl.SSLContext | None = None
    #: Each time the table was out of reach: seconds from the lost connection to the state a
    #: new one brought. And every error the server answered, in its words.
    outages: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.socket: WebSocket | None = None
        self.pending: tuple[int, dict[str, Any]] | None = None
        # The next state answers for the pending move: it follows a (re)connection or a
        # "sync" sent after the move (one connection's messages are handled in order).
        self.settling = False
        #: Called right after a move is sent (the tests' fault, with that move in flight).
        self.after_send: Callable[[Player], None] | None = None
        self.lost_at: float | None = None

    @property
    def version(self) -> int:
        return self.state.get("version", -1)

    @property
    def finished(self) -> bool:
        return bool(self.state) and self.state["view"]["match"]["finished"]

    async def play(self, keep_going) -> None:
        """Play until ``keep_going()`` is false or the match is over."""
        while keep_going() and not self.finished:
            try:
                if self.socket is None:
                    await self._connect()
                await self._act()
                await self._receive()
            except CONNECTION_LOST:
                if self.lost_at is None:
                    self.lost_at = time.monotonic()
                await self._drop()
                await asyncio.sleep(0.1)
        await self._drop()

    async def _connect(self) -> None:
        scheme = "https" if self.tls else "http"
        for port in self.ports:
            with contextlib.suppress(OSError, ConnectionError):
                self.socket = await WebSocket.connect(
                    port,
                    f"/ws/tables/{self.public_id}/",
                    {"Origin": f"{scheme}://{HOST}:{port}", "Cookie": f"sessionid={self.cookie}"},
                    tls=self.tls,
                )
                self.connections.append(port)
                self.settling = True
                return
        raise OSError("no server answers")

    async def _drop(self) -> None:
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.socket.close(), 1)
            self.socket = None

    async def _receive(self) -> None:
        try:
            text = await asyncio.wait_for(self.socket.receive(), PATIENCE_SECONDS)
        except TimeoutError:
            if self.pending is not None:  # no answer to our move: ask where the table is
                self.settling = True
                await self.socket.send(json.dumps({"type": "sync"}))
            return
        message = json.loads(text)
        if message["type"] == "state" and message["version"] >= self.version:
            if self.pending is not None and message["version"] > self.pending[0]:
                self.acknowledged.append(self.pending)
                self.pending = None
            elif self.settling:
                self.pending = None  # the move was lost on the way: it is sent again
            self.settling = False
            self.state = message
            if self.lost_at is not None:
                self.outages.append(time.monotonic() - self.lost_at)
                self.lost_at = None
        elif message["type"] == "error":
            self.errors.append(message.get("message", ""))
            self.pending = None  # refused (a stale version): the state follows

    async def _act(self) -> None:
        """Send this seat's next move when it is its turn and nothing is awaiting an answer."""
        view = self.state.get("view")
        if view is None or self.pending is not None or view["match"]["finished"]:
            return
        if view["result"] is not None:
            if self.seat != 0:  # the host deals the next hand
                return
            move = {"next_hand": True}
            message = {"type": "next_hand", "version": self.version}
        elif view["turn"] == self.seat:
            move = {key: value for key, value in view["legal"][0].items() if key != "seat"}
            message = {"type": "move", "version": self.version, "move": move}
        else:
            return
        await asyncio.sleep(THINKING_SECONDS)
        self.pending = (self.version, move)
        self.sent.append(self.pending)
        await self.socket.send(json.dumps(message))
        if self.after_send is not None:
            self.after_send(self)


def table_players(
    public_id: str, cookies: list[str], ports: list[list[int]], tls: ssl.SSLContext | None = None
) -> list[Player]:
    """The two seats of a table, seat ``i`` trying ``ports[i]`` in order (over TLS with
    ``tls``)."""
    return [
        Player(public_id, seat, cookie, seat_ports, tls=tls)
        for seat, (cookie, seat_ports) in enumerate(zip(cookies, ports, strict=True))
    ]


def check_log(public_id: str, players: list[Player]) -> list[LogEntry]:
    """Assert the table's log is whole: it replays to the saved record, its versions are
    contiguous up to the table's, every move acknowledged to a player is in it exactly once
    at the version after the one the player saw, and every move in it was sent by its seat."""
    table = Table.objects.get(public_id=public_id)
    entries = list(table.log.order_by("position"))
    match = Match(Rules.from_record(table.rules))
    for entry in entries:
        if entry.kind == LogEntry.Kind.DEAL:
            match.start_hand(Deal.from_record(match.rules, entry.payload["deal"]))
        else:
            match.apply(*move_from_record(entry.payload))
    assert export(match) == table.record, "the log does not replay to the record"
    versions = [entry.version for entry in entries]
    assert versions == list(range(versions[0], versions[0] + len(versions))), versions
    assert versions[-1] == table.version
    at_version = {entry.version: entry for entry in entries}
    for player in players:
        for seen, move in player.acknowledged:
            entry = at_version.get(seen + 1)
            assert entry is not None, f"{public_id}: acknowledged {move} at {seen} is lost"
            if "next_hand" in move:
                assert entry.kind == LogEntry.Kind.DEAL
            else:
                assert entry.kind == LogEntry.Kind.MOVE and entry.seat == player.seat
                assert {**move, "seat": player.seat} == entry.payload
    sent = {
        (player.seat, seen + 1, json.dumps({**move, "seat": player.seat}, sort_keys=True))
        for player in players
        for seen, move in player.sent
    }
    for entry in entries:
        if entry.kind == LogEntry.Kind.MOVE:
            made = (entry.seat, entry.version, json.dumps(entry.payload, sort_keys=True))
            assert made in sent, f"{public_id}: {entry.payload} at {entry.version} never sent"
    return entries


class RedisServer:
    """A redis-server of the test's own on a free port (nothing saved), to stop and restart."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://{HOST}:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        LOGS.mkdir(parents=True, exist_ok=True)
        with open(LOGS / f"redis-{self.port}.log", "ab") as log:
            self.process = subprocess.Popen(
                ["redis-server", "--port", str(self.port), "--bind", HOST]
                + ["--save", "", "--appendonly", "no"],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        wait_for_port(self.port)

    def stop(self, sig: signal.Signals = signal.SIGTERM) -> None:
        if self.process is not None:
            self.process.send_signal(sig)
            self.process.wait(timeout=10)
            self.process = None


def wait_for_port(port: int, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        with socket.socket() as probe:
            if probe.connect_ex((HOST, port)) == 0:
                return
        if time.monotonic() > deadline:
            raise AssertionError(f"nothing listens on port {port}")
        time.sleep(0.05)


def channel_layer_that_fails_when_set(monkeypatch) -> asyncio.Event:
    """The channel layer's ``receive`` fails (Redis gone) once the returned event is set:
    channels then skips the consumer's disconnect."""
    layer = get_channel_layer()
    redis_gone = asyncio.Event()
    real_receive = layer.receive

    async def receive_until_redis_goes(channel):
        message = asyncio.ensure_future(real_receive(channel))
        gone = asyncio.ensure_future(redis_gone.wait())
        await asyncio.wait([message, gone], return_when=asyncio.FIRST_COMPLETED)
        if gone.done():
            message.cancel()
            raise ConnectionError("Redis went away")
        gone.cancel()
        return message.result()

    monkeypatch.setattr(layer, "receive", receive_until_redis_goes)
    return redis_gone
