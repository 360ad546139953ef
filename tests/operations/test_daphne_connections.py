"""The Procfile's ``web`` process (daphne, production settings) and its connections: health
probes reuse PostgreSQL and Redis connections, and idle or stalled HTTP connections are closed
(issue 18, point 17)."""

import http.client
import shlex
import socket
import subprocess
import sys
import time

import pytest
import redis
from browser_support import LOGS, ROOT, free_port, process_env
from django.db import connection
from fault_support import RedisServer, wait_for_port

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PROBES = 200
#: Twisted's idle timeout of an HTTP connection (daphne offers no flag for it), with the slack of
#: daphne's own two-second check and a busy machine.
IDLE_SECONDS = 60
SLACK_SECONDS = 15


def web_command(port: int) -> list[str]:
    """The Procfile's ``web`` line, on 127.0.0.1:``port``."""
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith("web:"):
            command = shlex.split(line.split(":", 1)[1].replace("${PORT:-8000}", str(port)))
            assert command[0] == "daphne"
            command[command.index("-b") + 1] = "127.0.0.1"
            return [sys.executable, "-m", "daphne", *command[1:]]
    raise AssertionError("no web in the Procfile")


@pytest.fixture
def web():
    """The ``web`` process in production mode (the pool of database connections on), with a
    Redis of its own so that only its connections are counted; yields (port, that Redis)."""
    own_redis = RedisServer()
    own_redis.start()
    port = free_port()
    env = process_env(
        DJANGO_SETTINGS_MODULE="dominoes.settings",
        DJANGO_ENV="production",
        SECRET_KEY="test-only-secret-key-for-the-web-process",
        ALLOWED_HOSTS="127.0.0.1",
        REDIS_URL=own_redis.url,
        LOG_LEVEL="WARNING",
    )
    LOGS.mkdir(parents=True, exist_ok=True)
    with open(LOGS / f"web-{port}.log", "ab") as log:
        process = subprocess.Popen(
            web_command(port), cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
    try:
        wait_for_port(port, seconds=60)
        yield port, own_redis
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        own_redis.stop()


def probe(port: int) -> int:
    """One load balancer's probe: a new HTTP connection, ``GET /healthz``, closed."""
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        client.request("GET", "/healthz", headers={"Connection": "close"})
        response = client.getresponse()
        response.read()
        return response.status
    finally:
        client.close()


def redis_connections_received(url: str) -> int:
    client = redis.Redis.from_url(url)
    try:
        return client.info("stats")["total_connections_received"]
    finally:
        client.close()


def database_sessions() -> int:
    """Sessions ever opened on the test database (a backend reports its own when it ends)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return cursor.fetchone()[0]


def test_health_probes_reuse_their_database_and_redis_connections(web):
    port, own_redis = web
    assert probe(port) == 200  # the first one opens what the process keeps
    redis_before, sessions_before = redis_connections_received(own_redis.url), database_sessions()

    statuses = {probe(port) for _ in range(PROBES)}

    assert statuses == {200}
    # Each count also holds its own reading (a connection of the counting client).
    assert redis_connections_received(own_redis.url) - redis_before <= 3
    time.sleep(1.5)  # PostgreSQL publishes a session's count at most once a second
    assert database_sessions() - sessions_before <= 5


def test_idle_and_stalled_http_connections_are_closed_by_the_server(web):
    port, _ = web
    silent = socket.create_connection(("127.0.0.1", port))
    stalled = socket.create_connection(("127.0.0.1", port))
    stalled.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and nothing more
    kept_alive = socket.create_connection(("127.0.0.1", port))
    kept_alive.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    opened = time.monotonic()
    closed_after = {}
    for name, sock in (("silent", silent), ("stalled", stalled), ("kept alive", kept_alive)):
        sock.settimeout(IDLE_SECONDS + SLACK_SECONDS)
        with sock:
            try:
                while sock.recv(65536):  # the kept-alive one reads its answer first
                    pass
            except TimeoutError:
                pytest.fail(
                    f"the {name} connection is still open after {time.monotonic() - opened:.0f} s"
                )
            except ConnectionResetError:
                pass
        closed_after[name] = time.monotonic() - opened
    assert all(seconds >= IDLE_SECONDS - SLACK_SECONDS for seconds in closed_after.values()), (
        closed_after
    )
