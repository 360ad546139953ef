"""The site behind the proxy it ships (deploy/nginx/dominoes.conf, rendered by
deploy/nginx/render.py as an operator does): Debian's nginx, over TLS, in front of two daphne
processes running the Procfile's ``web`` line in production mode on the test's PostgreSQL and
Redis (started by deploy/run.sh, as the README says), with ``TRUSTED_PROXY_COUNT=1`` (issue 33,
point 13).

Through nginx: a table's WebSockets are upgraded and both players of a table reach the same
process (chosen by a hash of the table), while tables spread over both; pages and static files
come compressed, over HTTPS; a client's own ``X-Forwarded-For`` buys it no fresh rate-limit
budget; a socket idle for longer than nginx's read timeout, but alive (daphne's pings), stays
open; and a rolling restart (each daphne stopped with SIGTERM and started again while games run)
loses no move, and costs each player nothing worse than a reconnection.

The people are socket clients (tests/fault_support.py) playing their seats as a page would.
"""

import asyncio
import gzip
import http.client
import json
import os
import re
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser_support import LOGS, ROOT, free_port, process_env
from django.conf import settings
from django.db import connection
from fault_support import check_log, started_pair_table, table_players, wait_for_port

from bench.ws_client import HOST, WebSocket
from dominoes import limits
from games.models import Table
from service_probe import running_in_ci

# serial: stops and restarts daphne processes, and holds a socket idle for over a minute.
pytestmark = [pytest.mark.serial, pytest.mark.integration, pytest.mark.django_db(transaction=True)]

NGINX = "/usr/sbin/nginx"
OPENSSL = "/usr/bin/openssl"
#: daphne's own bound on a graceful stop is its --application-close-timeout (10 s): past this
#: it hangs.
STOP_SECONDS = 30
#: The longest a player may be without its table during a rolling restart: the lost socket,
#: the reconnection through nginx to the other process, and the state it sends.
LONGEST_OUTAGE_SECONDS = 10

# The test's own nginx.conf around the rendered file, as Debian's /etc/nginx/nginx.conf reads
# conf.d/*.conf inside its http block; every path nginx writes in the test's folder.
MAIN_CONF = """\
{user}
daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log notice;
events {{
    worker_connections 1024;
}}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/dominoes.conf;
}}
"""


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 (the clients trust exactly it) and its key."""
    certificate, key = folder / "certificate.pem", folder / "key.pem"
    subprocess.run(
        [OPENSSL, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]
        + ["-nodes", "-days", "1", "-subj", f"/CN={HOST}", "-addext", f"subjectAltName=IP:{HOST}"]
        + ["-keyout", str(key), "-out", str(certificate)],
        check=True,
        capture_output=True,
    )
    return certificate, key


class Nginx:
    """nginx in the foreground with the shipped configuration, rendered for ``web_ports``."""

    def __init__(self, folder: Path, web_ports: list[int]) -> None:
        self.folder = folder
        self.port, self.http_port = free_port(), free_port()
        certificate, key = self_signed_certificate(folder)
        self.tls = ssl.create_default_context(cafile=str(certificate))
        subprocess.run(
            [sys.executable, "deploy/nginx/render.py"]
            + [f"--web=127.0.0.1:{port}" for port in web_ports]
            + ["--server-name", HOST, "--certificate", str(certificate)]
            + ["--certificate-key", str(key), "--log-dir", str(folder)]
            + ["--https-listen", f"{HOST}:{self.port}", "--http-listen", f"{HOST}:{self.http_port}"]
            + ["--output", str(folder / "dominoes.conf")],
            cwd=ROOT,
            check=True,
        )
        # Started as root (CI), nginx runs its workers as `nobody`, who may not enter the
        # test's folder (mode 0700) for its temporary files.
        user = "user root;" if os.geteuid() == 0 else ""
        self.conf = folder / "nginx.conf"
        self.conf.write_text(MAIN_CONF.format(user=user, folder=folder))
        self.access_log = folder / "dominoes-access.log"
        self.process: subprocess.Popen | None = None

    def command(self, *extra: str) -> list[str]:
        return [NGINX, "-p", str(self.folder), "-c", str(self.conf), "-e", "stderr", *extra]

    def start(self) -> None:
        checked = subprocess.run(self.command("-t"), capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        with open(LOGS / f"nginx-{self.port}.log", "ab") as log:
            self.process = subprocess.Popen(self.command(), stdout=log, stderr=subprocess.STDOUT)
        wait_for_port(self.port)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def setting(self, location: str, name: str) -> str:
        """The value of directive ``name`` in the rendered ``location`` block."""
        text = (self.folder / "dominoes.conf").read_text()
        block = text[text.index(f"location {location}") :]
        block = block[: block.index("}")]
        return re.search(rf"^\s*{name}\s+([^;]+);", block, re.MULTILINE).group(1)

    def upstreams(self, path: str, count: int) -> set[str]:
        """The daphne processes (addresses) that served the first ``count`` requests for
        ``path`` (each a WebSocket's handshake, 101), from the access log: nginx writes a
        socket's line when it closes."""
        pattern = re.compile(rf'"GET {re.escape(path)} HTTP/1\.1" (\d+) .* upstream=(\S+)')
        deadline = time.monotonic() + 10
        while True:
            text = self.access_log.read_text() if self.access_log.exists() else ""
            found = pattern.findall(text)
            if len(found) >= count:
                break
            assert time.monotonic() < deadline, f"{count} requests for {path}: {found}"
            time.sleep(0.05)
        assert {status for status, _ in found} == {"101"}, found
        return {upstream for _, upstream in found}


class Web:
    """The Procfile's ``web`` process on a port of its own, started as the README says
    (``deploy/run.sh web-PORT``); stopped with SIGTERM as a deploy does, and started again."""

    def __init__(self, env: dict[str, str]) -> None:
        self.port = free_port()
        self.env = env
        self.log = LOGS / f"proxied-web-{self.port}.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                ["deploy/run.sh", f"web-{self.port}"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        wait_for_port(self.port, seconds=60)

    def healthy(self) -> bool:
        """``/healthz`` answers 200 on the process's own port (as a balancer probes it)."""
        client = http.client.HTTPConnection(HOST, self.port, timeout=10)
        try:
            client.request("GET", "/healthz")
            return client.getresponse().status == 200
        except OSError:
            return False
        finally:
            client.close()

    def terminate(self) -> int:
        """SIGTERM; the exit status once it has stopped (a hang fails the test)."""
        self.process.terminate()
        try:
            return self.process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(
                f"daphne on port {self.port} still running {STOP_SECONDS} s after SIGTERM"
            ) from None

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class Deployment:
    """nginx and the two web processes behind it."""

    def __init__(self, nginx: Nginx, webs: list[Web]) -> None:
        self.nginx, self.webs = nginx, webs

    @property
    def origin(self) -> str:
        return f"https://{HOST}:{self.nginx.port}"

    def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: str = ""
    ) -> http.client.HTTPResponse:
        """A request through nginx, over HTTPS; the response with its body read."""
        return https_request(self.nginx.port, self.nginx.tls, method, path, headers, body)

    async def socket(self, public_id: str, cookie: str) -> WebSocket:
        """A seat's WebSocket to its table through nginx, opened as the table's page does."""
        return await WebSocket.connect(
            self.nginx.port,
            f"/ws/tables/{public_id}/",
            {"Origin": self.origin, "Cookie": f"sessionid={cookie}"},
            tls=self.nginx.tls,
        )


def https_request(
    port: int,
    tls: ssl.SSLContext | None,
    method: str,
    path: str,
    headers: dict[str, str] | None = None,
    body: str = "",
) -> http.client.HTTPResponse:
    """One request on a new connection (HTTPS with ``tls``); the response, its body in
    ``response.body``."""
    if tls is None:
        client = http.client.HTTPConnection(HOST, port, timeout=30)
    else:
        client = http.client.HTTPSConnection(HOST, port, timeout=30, context=tls)
    try:
        client.request(method, path, body=body or None, headers=headers or {})
        response = client.getresponse()
        response.body = response.read()
        return response
    finally:
        client.close()


@pytest.fixture(scope="module")
def deployment(django_db_setup, tmp_path_factory):
    """nginx on its own ports in front of two ``web`` processes in production mode, behind
    exactly one proxy of the site's (``TRUSTED_PROXY_COUNT=1``)."""
    missing = [tool for tool in (NGINX, OPENSSL) if not Path(tool).exists()]
    if missing:
        message = f"{missing} missing (apt-get install -y nginx openssl: scripts/ensure-nginx.sh)"
        if running_in_ci():
            pytest.fail(message)
        pytest.skip(message)
    folder = tmp_path_factory.mktemp("nginx")
    env = process_env(
        DJANGO_SETTINGS_MODULE="dominoes.settings",
        DJANGO_ENV="production",
        # The test's own: the guests' sessions it makes are signed with it.
        SECRET_KEY=settings.SECRET_KEY,
        ALLOWED_HOSTS=HOST,
        TRUSTED_PROXY_COUNT="1",
        # Pages link the source files, as on a site without collectstatic (never this
        # machine's own staticfiles/): nginx compresses them.
        STATIC_ROOT=str(folder / "never-collected"),
        # No reviews of finished hands: nobody reads them here, and each costs seconds of CPU.
        COACH_REVIEWS="0",
        LOG_LEVEL="WARNING",
    )
    LOGS.mkdir(parents=True, exist_ok=True)
    webs = [Web(env), Web(env)]
    nginx = Nginx(folder, [web.port for web in webs])
    try:
        for web in webs:
            web.start()
        nginx.start()
        yield Deployment(nginx, webs)
    finally:
        nginx.stop()
        for web in webs:
            web.kill()


# --- WebSockets placed by table -------------------------------------------------------------
#: Tables opened at least, and at most while waiting for both processes to serve one (the
#: hash places each on either with an even chance: 40 on one process has odds of 2^-39).
FEWEST_TABLES, MOST_TABLES = 6, 40


async def both_seats_connect(deployment: Deployment, public_id: str, cookies: list[str]) -> None:
    """Both seats of the table open their sockets at once, each is sent its seat's view of
    the table, and both close."""
    sockets = await asyncio.gather(*(deployment.socket(public_id, c) for c in cookies))
    try:
        for seat, socket in enumerate(sockets):
            message = json.loads(await asyncio.wait_for(socket.receive(), 10))
            assert message["type"] == "state", message
            assert message["view"]["seat"] == seat, message
    finally:
        for socket in sockets:
            await socket.close()


def test_both_players_of_a_table_reach_the_same_process_and_tables_spread_over_both(deployment):
    placed: dict[str, set[str]] = {}
    while len(placed) < FEWEST_TABLES or len(set().union(*placed.values())) < 2:
        assert len(placed) < MOST_TABLES, f"every table's sockets on one process: {placed}"
        public_id, cookies = started_pair_table()
        asyncio.run(both_seats_connect(deployment, public_id, cookies))
        placed[public_id] = deployment.nginx.upstreams(f"/ws/tables/{public_id}/", count=2)
    assert all(len(processes) == 1 for processes in placed.values()), placed
    assert set().union(*placed.values()) == {f"127.0.0.1:{web.port}" for web in deployment.webs}


# --- HTTPS, pages and static files ----------------------------------------------------------
def test_pages_and_static_files_come_compressed_over_https(deployment):
    source = (ROOT / "static" / "css" / "site.css").read_bytes()
    css = deployment.request("GET", "/static/css/site.css", {"Accept-Encoding": "gzip"})
    assert css.status == 200
    assert css.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(css.body) == source
    assert len(css.body) < len(source) / 2

    # A page: answered, not sent to HTTPS again (nginx says the request came over it), and
    # compressed once (by Django, with the site's own headers passed through).
    page = deployment.request("GET", "/", {"Accept-Encoding": "gzip"})
    assert page.status == 200
    assert page.getheader("Content-Encoding") == "gzip"
    assert b"<html" in gzip.decompress(page.body)
    assert page.getheader("Strict-Transport-Security", "").startswith("max-age=")
    assert page.getheader("Content-Security-Policy")
    # The id nginx gave the request is the one the site answers with (and logs).
    assert re.fullmatch(r"[0-9a-f]{32}", page.getheader("X-Request-ID"))

    # Plain HTTP is sent to HTTPS.
    plain = https_request(deployment.nginx.http_port, None, "GET", "/play/", {"Host": HOST})
    assert plain.status == 301
    assert plain.getheader("Location") == f"https://{HOST}/play/"


# --- the client's address -------------------------------------------------------------------
#: A client's own X-Forwarded-For: an address it does not have, for a fresh budget.
FORGED = "203.0.113.9"
CSRF = "c" * 32  # a CSRF secret of the client's choosing: the cookie and the form carry it


def join_request(deployment: Deployment, port: int, tls: ssl.SSLContext | None, public_id: str):
    """A visitor's POST joining the table (a per-address limit), with a forged
    X-Forwarded-For, to ``port``: nginx's, or a web process's own."""
    origin = f"https://{HOST}:{port}"
    headers = {
        "Origin": origin,
        "Cookie": f"csrftoken={CSRF}",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": FORGED,
    }
    if tls is None:  # straight to daphne: as if a TLS proxy had passed the header on
        headers["X-Forwarded-Proto"] = "https"
    body = f"csrfmiddlewaretoken={CSRF}&name=Visitor"
    return https_request(port, tls, "POST", f"/tables/{public_id}/join/", headers, body)


def test_a_client_s_own_forwarded_for_gives_it_no_fresh_budget(deployment):
    public_id, _ = started_pair_table()
    # Every join this address may make this minute, made (the proxy's own address: nginx and
    # its clients are on this machine).
    budget = int(limits.JOINS.per_address.split("/")[0])
    for _ in range(budget):
        limits.check(limits.JOINS, person=None, address="127.0.0.1")

    through_nginx = join_request(deployment, deployment.nginx.port, deployment.nginx.tls, public_id)
    assert through_nginx.status == 429, through_nginx.body[:500]

    # What a proxy passing the client's header on would let through: the site, trusting one
    # proxy, takes the header's last entry, here the client's own.
    direct = join_request(deployment, deployment.webs[0].port, None, public_id)
    assert direct.status == 302, direct.body[:500]


# --- idle sockets ---------------------------------------------------------------------------
def test_an_idle_socket_outlives_nginx_s_read_timeout(deployment):
    """Nothing is said on the socket for longer than nginx waits for a frame from daphne:
    daphne's pings (answered by the client, as a browser does) keep it open."""
    timeout = deployment.nginx.setting("~ ^/ws/tables/", "proxy_read_timeout")
    idle_seconds = int(timeout.removesuffix("s")) + 10
    public_id, cookies = started_pair_table()

    async def idle_then_ask() -> dict:
        socket = await deployment.socket(public_id, cookies[0])
        try:
            first = json.loads(await asyncio.wait_for(socket.receive(), 10))
            await asyncio.sleep(idle_seconds)
            await socket.send(json.dumps({"type": "sync"}))
            while True:
                message = json.loads(await asyncio.wait_for(socket.receive(), 10))
                if message["type"] == "state":
                    assert message["version"] == first["version"]
                    return message
        finally:
            await socket.close()

    assert asyncio.run(idle_then_ask())["view"]["turn"] is not None


# --- a rolling restart ----------------------------------------------------------------------
TABLES = 4
#: Changes every table makes before the restart, and after each process is back.
MOVES_BEFORE, MOVES_BETWEEN = 4, 4


def test_a_rolling_restart_loses_no_move_and_costs_only_a_reconnection(deployment):
    players = []
    for _ in range(TABLES):
        # A long match: every game goes on through both restarts.
        public_id, cookies = started_pair_table(match={"target": 500})
        ports = [[deployment.nginx.port]] * 2
        players += table_players(public_id, cookies, ports, tls=deployment.nginx.tls)
    tables = {player.public_id for player in players}
    restarted = []

    def version(public_id: str) -> int:
        return Table.objects.get(public_id=public_id).version

    def every_table_moves(changes: int) -> None:
        """Until every table (not finished) has ``changes`` more versions."""
        start = {public_id: version(public_id) for public_id in tables}
        deadline = time.monotonic() + 60
        while not all(
            version(t) >= start[t] + changes or any(p.finished for p in players if p.public_id == t)
            for t in tables
        ):
            assert time.monotonic() < deadline, "the games stopped"
            time.sleep(0.1)

    def restart_one_by_one() -> None:
        """The README's rolling restart: each process in turn gets SIGTERM, is started again,
        and answers its health check before the next one stops."""
        try:
            every_table_moves(MOVES_BEFORE)
            for web in deployment.webs:
                restarted.append(web.terminate())
                web.start()
                while not web.healthy():
                    time.sleep(0.1)
                every_table_moves(MOVES_BETWEEN)
        finally:
            connection.close()  # this thread's own: it would outlive the test

    async def scenario() -> None:
        done = False
        playing = [asyncio.create_task(p.play(lambda: not done)) for p in players]
        try:
            await asyncio.to_thread(restart_one_by_one)
        finally:
            done = True
            await asyncio.gather(*playing)

    asyncio.run(scenario())

    assert restarted == [0, 0], "each process stopped by itself on SIGTERM"
    for public_id in tables:
        check_log(public_id, [p for p in players if p.public_id == public_id])
    for player in players:
        # Each socket was on one of the two processes: each player lost it at least once.
        assert player.outages, f"{player.public_id} seat {player.seat} never reconnected"
        assert max(player.outages) <= LONGEST_OUTAGE_SECONDS, player.outages
        assert player.errors == [], player.errors
