"""The site behind the proxy it ships, for the tests (tests/operations/test_proxy.py,
tests/browser/test_behind_the_proxy.py): Debian's nginx in the foreground with
deploy/nginx/dominoes.conf, rendered by deploy/nginx/render.py as an operator does, over TLS
(a certificate made for 127.0.0.1), in front of two daphne processes running the Procfile's
``web`` line in production mode (started by deploy/run.sh, as docs/operations.md says) on the
test's PostgreSQL and Redis, with ``TRUSTED_PROXY_COUNT=1``. The ``deployment`` fixture (its
processes one per test module) is loaded by tests/conftest.py.
"""

import http.client
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
from fault_support import wait_for_port

from bench.ws_client import HOST, WebSocket
from service_probe import running_in_ci

NGINX = "/usr/sbin/nginx"
OPENSSL = "/usr/bin/openssl"
#: daphne's own bound on a graceful stop is its --application-close-timeout (10 s): past this
#: it hangs.
STOP_SECONDS = 30
#: How long the database must see no transaction of the servers' before the test's is flushed
#: (a closed socket's last write starts within milliseconds), and the longest it may take.
QUIET_SECONDS, SETTLE_SECONDS = 1.0, 30.0

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
    """The Procfile's ``web`` process on a port of its own, started as docs/operations.md says
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


@pytest.fixture
def deployment(transactional_db, running_deployment):
    """The module's deployment, for one test whose database is flushed at its end: first the
    servers finish what the test's last sockets left them to write."""
    yield running_deployment
    wait_for_quiet_database()


def wait_for_quiet_database() -> None:
    """Returns once no other connection to the test's database has been in a transaction for
    :data:`QUIET_SECONDS`.

    A socket the test just closed still makes its server write (the seat's presence, under a
    lock of its table); the flush's TRUNCATE meeting that transaction can deadlock with it, and
    PostgreSQL then cancels one of the two, the flush as often as not."""
    deadline = time.monotonic() + SETTLE_SECONDS
    quiet_since = time.monotonic()
    with connection.cursor() as cursor:
        while time.monotonic() - quiet_since < QUIET_SECONDS:
            assert time.monotonic() < deadline, f"the servers still write {SETTLE_SECONDS} s on"
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND pid <> pg_backend_pid() AND xact_start IS NOT NULL"
            )
            if cursor.fetchone()[0]:
                quiet_since = time.monotonic()
            time.sleep(0.05)


@pytest.fixture(scope="module")
def running_deployment(django_db_setup, tmp_path_factory):
    """nginx on its own ports in front of two ``web`` processes in production mode, behind
    exactly one proxy of the site's (``TRUSTED_PROXY_COUNT=1``), for the tests of a module."""
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
