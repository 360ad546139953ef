"""Abuse benchmark: does one client's flood slow the others down, and is it refused? Prints
numbers, one JSON a line.

Against one ``daphne`` this script starts on loopback, in production settings (as
``bench/load.py``: PostgreSQL, a database of the bench's own, created, migrated and dropped;
the Redis channel layer, cache and limits on ``--redis``, flushed at start and end;
``JOBS_BACKEND=thread``), two things are measured all along:

- ``move``: another player's move round trip at an online 2-seat table (two guests, made
  through the services): from one seat sending a move to the other seat receiving the state
  with it, a move every ``PACE`` seconds.
- ``page``: the home page's latency (``GET /``), one request every ``PACE`` seconds.

First ``--seconds`` of quiet, then the same window during each flood (``--floods``), each from
one client (one address, loopback) and one guest session, bounded by ``--flood-count`` and the
window:

- ``tables``: the setup form posted by ``FLOOD_THREADS`` threads (tables created).
- ``sockets``: WebSockets opened to a table of the flooder's and held (open sockets).
- ``hints``: hints asked on ``HINT_SOCKETS`` sockets of the flooder's own table vs the
  computer, each within its connection's message budget (hints per person).
- ``logins``: sign-ins with a bogus password by ``FLOOD_THREADS`` threads (allauth's limits).

Each flood's line gives the medians during it, their ratio to quiet (goal: at most 2), and how
much of the flood was ``refused`` (429, or a socket's "too many" error) against ``sent``.

Run from the repo root: ``.venv/bin/python bench/abuse.py`` (about a minute).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import random
import re
import statistics
import sys
import threading
import time
import urllib.parse
from pathlib import Path
from time import perf_counter

import orjson
import redis

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (  # noqa: E402
    ROOT,
    Server,
    add_service_arguments,
    bench_services,
    exchange,
    migrate,
    site_env,
)
from load import make_table  # noqa: E402
from ws_client import HOST, Closed, WebSocket  # noqa: E402

FLOODS = ("tables", "sockets", "hints", "logins")
#: Seconds between the measured moves, and between the measured page loads.
PACE = 0.25
FLOOD_THREADS = 4
HINT_SOCKETS = 8
#: A hint socket's pace: inside the consumer's budget (5 a second), so only the per-person
#: limit refuses.
HINT_INTERVAL = 0.25
RATIO_GOAL = 2.0
TIMEOUT = 10.0
#: The measured players' own address (all of 127.0.0.0/8 is loopback): the floods come from
#: 127.0.0.1, and a per-address limit must not count the others with them.
PLAYERS_ADDRESS = "127.0.0.2"


class Browser:
    """One client's cookies over a keep-alive HTTP connection."""

    def __init__(self, port: int, source: str | None = None) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.http = http.client.HTTPConnection(
            HOST, port, timeout=TIMEOUT, source_address=(source, 0) if source else None
        )

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple:
        headers = {}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            headers["Referer"] = f"http://{HOST}:{self.port}{path}"
        try:
            return exchange(self.http, self.cookies, method, path, body, headers)
        except (http.client.HTTPException, OSError):
            self.http.close()  # the server closed the keep-alive connection: once more
            return exchange(self.http, self.cookies, method, path, body, headers)

    def new_table(self, mode: str) -> str:
        self.request("GET", "/play/")
        response, content = self.request("POST", "/play/", setup_form(mode))
        found = re.fullmatch(r"/tables/([\w-]+)/", response.getheader("Location") or "")
        if not found:
            raise RuntimeError(f"POST /play/: {response.status}: {content[:300]!r}")
        return found[1]

    def socket_headers(self) -> dict[str, str]:
        return {
            "Origin": f"http://{HOST}:{self.port}",
            "Cookie": f"sessionid={self.cookies['sessionid']}",
        }


def setup_form(mode: str) -> dict[str, str]:
    form = {"preset": "draw", "seats": "2", "name": "Flood", "show_hints": "on"}
    form |= {"level_1": "easy", "level_2": "easy", "level_3": "easy"}
    return form | ({"mode": "online"} if mode == "online" else {})


def median_ms(seconds: list[float]) -> float | None:
    return round(statistics.median(seconds) * 1000, 2) if seconds else None


# --- what is measured -----------------------------------------------------------------------
class Probe:
    """The move round trips and page loads of one window."""

    def __init__(self) -> None:
        self.moves: list[float] = []
        self.pages: list[float] = []
        self.errors = 0


async def play_moves(port: int, probe_of: list[Probe], stop: asyncio.Event) -> None:
    """Two guests at an online table (from their own address, ``PLAYERS_ADDRESS``), taking
    turns at ``PACE``; the next hand when one ends, a new table when the match does."""
    while not stop.is_set():
        seats = await asyncio.to_thread(make_table)
        path = f"/ws/tables/{seats.public_id}/"
        sockets = []
        for key in seats.sessions:
            headers = {"Origin": f"http://{HOST}:{port}", "Cookie": f"sessionid={key}"}
            sockets.append(await WebSocket.connect(port, path, headers, PLAYERS_ADDRESS))
        states = [orjson.loads(await s.receive()) for s in sockets]

        try:
            while not stop.is_set():
                view, version = states[0]["view"], states[0]["version"]
                if view["match"]["finished"]:
                    break
                if view["result"] is not None:  # the hand is over: the next one, not timed
                    await sockets[0].send(json.dumps({"type": "next_hand", "version": version}))
                    await until_both_see(sockets, states, version + 1)
                    continue
                mover, other = view["turn"], 1 - view["turn"]
                legal = states[mover]["view"]["legal"]
                move = random.choice([m for m in legal if m.get("play")] or legal)
                start = perf_counter()
                await sockets[mover].send(
                    json.dumps({"type": "move", "version": version, "move": move})
                )
                while states[other]["version"] <= version:
                    states[other] = orjson.loads(
                        await asyncio.wait_for(sockets[other].receive(), TIMEOUT)
                    )
                probe_of[0].moves.append(perf_counter() - start)
                await until_both_see(sockets, states, states[other]["version"])
                await asyncio.sleep(PACE)
        except (Closed, ConnectionError, TimeoutError, KeyError):
            probe_of[0].errors += 1
        finally:
            for socket in sockets:
                await socket.close()


async def until_both_see(sockets: list[WebSocket], states: list[dict], version: int) -> None:
    for seat, socket in enumerate(sockets):
        while states[seat]["version"] < version:
            states[seat] = orjson.loads(await asyncio.wait_for(socket.receive(), TIMEOUT))


def load_pages(port: int, probe_of: list[Probe], stop: threading.Event) -> None:
    browser = Browser(port, PLAYERS_ADDRESS)
    while not stop.is_set():
        start = perf_counter()
        response, _ = browser.request("GET", "/")
        if response.status == 200:
            probe_of[0].pages.append(perf_counter() - start)
        else:
            probe_of[0].errors += 1
        stop.wait(PACE)


# --- the floods -----------------------------------------------------------------------------
class Tally:
    def __init__(self) -> None:
        self.sent = self.refused = 0
        self.lock = threading.Lock()

    def count(self, refused: bool) -> None:
        with self.lock:
            self.sent += 1
            self.refused += refused


def http_flood(port: int, tally: Tally, count: int, deadline: float, kind: str) -> None:
    """``count`` requests shared by FLOOD_THREADS threads of one guest (one session)."""
    leader = Browser(port)
    if kind == "tables":
        leader.new_table("online")  # the guest's session; not counted
    else:
        leader.request("GET", "/accounts/login/")

    def one_thread() -> None:
        browser = Browser(port)
        browser.cookies = dict(leader.cookies)
        while time.monotonic() < deadline and tally.sent < count:
            if kind == "tables":
                response, _ = browser.request("POST", "/play/", setup_form("online"))
                tally.count(response.status == 429)
            else:
                form = {"login": "someone@example.com", "password": "wrong-password"}
                form["csrfmiddlewaretoken"] = browser.cookies.get("csrftoken", "")
                response, content = browser.request("POST", "/accounts/login/", form)
                # allauth refuses a sign-in past its limit as a form error, or answers 429.
                refused = response.status == 429 or b"Too many failed login attempts" in content
                tally.count(refused)

    threads = [threading.Thread(target=one_thread) for _ in range(FLOOD_THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


async def socket_flood(port: int, tally: Tally, count: int, deadline: float) -> None:
    browser = Browser(port)
    public_id = await asyncio.to_thread(browser.new_table, "online")
    path = f"/ws/tables/{public_id}/"
    held = []
    try:
        while time.monotonic() < deadline and tally.sent < count:
            socket = await WebSocket.connect(port, path, browser.socket_headers())
            first = orjson.loads(await socket.receive())
            refused = first.get("type") == "error"
            tally.count(refused)
            if refused:
                await socket.close()
            else:
                held.append(socket)
        while time.monotonic() < deadline:  # held open for the rest of the window
            await asyncio.sleep(0.1)
    finally:
        for socket in held:
            await socket.close()


async def hint_flood(port: int, tally: Tally, count: int, deadline: float) -> None:
    browser = Browser(port)
    public_id = await asyncio.to_thread(browser.new_table, "computer")
    path = f"/ws/tables/{public_id}/"

    async def one_socket() -> None:
        socket = await WebSocket.connect(port, path, browser.socket_headers())
        try:
            await socket.receive()
            while time.monotonic() < deadline and tally.sent < count:
                await socket.send(json.dumps({"type": "hint"}))
                message = orjson.loads(await asyncio.wait_for(socket.receive(), TIMEOUT))
                tally.count(message.get("type") == "error" and "many hints" in message["message"])
                if message.get("type") == "error" and "many hints" not in message["message"]:
                    await asyncio.wait_for(socket.receive(), TIMEOUT)  # the state after it
                await asyncio.sleep(HINT_INTERVAL)
        finally:
            await socket.close()

    await asyncio.gather(*(one_socket() for _ in range(HINT_SOCKETS)))


# --- the run --------------------------------------------------------------------------------
async def window(port: int, seconds: float, flood: str | None, count: int) -> dict:
    probe_of = [Probe()]
    stop, page_stop = asyncio.Event(), threading.Event()
    mover = asyncio.create_task(play_moves(port, probe_of, stop))
    pages = asyncio.create_task(asyncio.to_thread(load_pages, port, probe_of, page_stop))
    await asyncio.sleep(1.0)  # the probes under way before the window opens
    probe_of[0] = probe = Probe()
    tally = Tally()
    deadline = time.monotonic() + seconds
    if flood in ("tables", "logins"):
        await asyncio.to_thread(http_flood, port, tally, count, deadline, flood)
    elif flood == "sockets":
        await socket_flood(port, tally, count, deadline)
    elif flood == "hints":
        await hint_flood(port, tally, count, deadline)
    await asyncio.sleep(max(0.0, deadline - time.monotonic()))
    probe_of[0] = Probe()  # what arrives after the window is not counted
    stop.set()
    page_stop.set()
    await asyncio.gather(mover, pages)
    line = {
        "move_p50_ms": median_ms(probe.moves),
        "page_p50_ms": median_ms(probe.pages),
        "moves": len(probe.moves),
        "pages": len(probe.pages),
        "errors": probe.errors,
    }
    if flood is not None:
        line |= {"sent": tally.sent, "refused": tally.refused}
    return line


def fresh_budgets(url: str) -> None:
    with redis.Redis.from_url(url) as connection:
        keys = list(connection.scan_iter("dominoes-limits*"))
        if keys:
            connection.delete(*keys)


async def bench(args: argparse.Namespace, logs: Path, database_url: str) -> None:
    env = site_env("thread", database_url, args.redis, 0.0)
    migrate(env)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))  # the project's dominoes/ before the PyPI package of that name
    import django

    django.setup()
    server = Server("abuse", env, logs)
    server.start()
    try:
        await window(server.port, 2.0, None, 0)  # warm-up, not reported
        quiet = await window(server.port, args.seconds, None, 0)
        print(json.dumps({"bench": "abuse.quiet", **quiet}), flush=True)
        summary = {}
        for flood in args.floods:
            fresh_budgets(args.redis)  # each flood as if from another client
            during = await window(server.port, args.seconds, flood, args.flood_count)
            ratios = {
                name: round(during[f"{name}_p50_ms"] / quiet[f"{name}_p50_ms"], 2)
                if during[f"{name}_p50_ms"] and quiet[f"{name}_p50_ms"]
                else None
                for name in ("move", "page")
            }
            line = {"bench": f"abuse.{flood}", **during, "ratio_to_quiet": ratios}
            print(json.dumps(line), flush=True)
            summary[flood] = {"ratio_to_quiet": ratios, "refused": during["refused"]}
        print(json.dumps({"bench": "abuse", "goal_ratio": RATIO_GOAL, "floods": summary}))
    finally:
        server.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--seconds", type=float, default=8, help="each window (default 8)")
    parser.add_argument(
        "--floods", default=",".join(FLOODS), help="comma-separated (tables,sockets,hints,logins)"
    )
    parser.add_argument(
        "--flood-count", type=int, default=300, help="at most this many a flood (default 300)"
    )
    add_service_arguments(parser)
    args = parser.parse_args()
    args.floods = [name for name in args.floods.split(",") if name]
    unknown = set(args.floods) - set(FLOODS)
    if unknown:
        parser.error(f"unknown floods: {', '.join(sorted(unknown))}")
    with bench_services(args, "abuse") as (logs, database_url):
        asyncio.run(bench(args, logs, database_url))


if __name__ == "__main__":
    main()
