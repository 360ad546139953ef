"""What the benches of the site share: its servers (daphne in production settings on a free
loopback port, its RQ worker), the bench's own PostgreSQL database and Redis, a browser's
cookie-keeping HTTP exchange, the consumer's message budget, and the percentiles they print."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

import psycopg
import redis
from rq import Worker
from ws_client import HOST

ROOT = Path(__file__).resolve().parent.parent


#: Seconds to wait for a server or worker to start, and for any one WebSocket message.
START_TIMEOUT = 30.0


#: The consumer's message budget (games.live.consumers.RATE_BURST and RATE_PER_SECOND).
RATE_BURST = 20


RATE_PER_SECOND = 5.0


#: Tokens the player keeps in hand, for the clocks of client and server not starting together.
RATE_MARGIN = 0.5


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
            # The Procfile's `bots` process unless told otherwise.
            worker_class = self.worker_class or "rq.worker.SimpleWorker"
            command = [sys.executable, "manage.py", "rqworker", "bots", "--worker-class"]
            self._spawn("rqworker", [*command, worker_class])
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


def percentiles_ms(seconds: list[float]) -> dict[str, float | None]:
    """p50 and p99 (linear between the closest ranks), in milliseconds; None without two."""
    if len(seconds) < 2:
        return {"p50_ms": None, "p99_ms": None}
    p99 = statistics.quantiles(seconds, n=100, method="inclusive")[98]
    return {
        "p50_ms": round(statistics.median(seconds) * 1000, 1),
        "p99_ms": round(p99 * 1000, 1),
    }


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
