"""A guest at the site (one browser session) playing the computer at one server, as
bench/table.py measures it: makes tables by the setup form, loads their page, plays them over
their WebSocket."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import http.client
import json
import random
import re
import urllib.parse
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any

from harness import RateBudget, exchange
from ws_client import HOST, MESSAGE_TIMEOUT, Closed, WebSocket


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
    page_bytes: list[int] = field(default_factory=list)  # as sent
    page_html_bytes: list[int] = field(default_factory=list)  # uncompressed
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
            # As a browser asks for it: the time and bytes are those of the page as sent.
            response, sent = self._request(
                "GET", f"/tables/{public_id}/", **{"Accept-Encoding": "gzip"}
            )
            elapsed = perf_counter() - start
            compressed = response.getheader("Content-Encoding") == "gzip"
            html = gzip.decompress(sent) if compressed else sent
            if response.status != 200 or public_id.encode() not in html:
                raise RuntimeError(f"GET /tables/{public_id}/: {response.status}")
            self.pages_done += 1
            if timed:
                self.page_seconds.append(elapsed)
                self.page_bytes.append(len(sent))
                self.page_html_bytes.append(len(html))

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
        """The next state the server sends, past the coach's review of a hand just over (sent
        where the coach runs in the server: thread and sqlite modes); an error stops the bench."""
        while True:
            message = json.loads(await asyncio.wait_for(self.socket.receive(), MESSAGE_TIMEOUT))
            if message.get("type") == "state":
                return message
            if message.get("type") != "review":
                raise RuntimeError(f"the server said: {message}")

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
                state = await self._next_state()
                elapsed = perf_counter() - start
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
