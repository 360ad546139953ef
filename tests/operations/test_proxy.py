"""The site behind the proxy it ships (issue 33, point 13): nginx with deploy/nginx/dominoes.conf
over TLS in front of two daphne processes in production mode, with ``TRUSTED_PROXY_COUNT=1``
(tests/proxy_support.py).

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
import json
import re
import ssl
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from browser_support import ROOT
from django.db import connection
from fault_support import check_log, started_pair_table, table_players
from proxy_support import Deployment, https_request

from bench.ws_client import HOST
from dominoes import limits
from games.models import Table

# serial: stops and restarts daphne processes, and holds a socket idle for over a minute.
pytestmark = [pytest.mark.serial, pytest.mark.integration, pytest.mark.django_db(transaction=True)]

#: The longest a player may be without its table during a rolling restart: the lost socket,
#: the reconnection through nginx to the other process, and the state it sends.
LONGEST_OUTAGE_SECONDS = 10


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
        """The rolling restart of docs/operations.md: each process in turn gets SIGTERM, is started
        again, and answers its health check before the next one stops."""
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


# --- a flood from one address ---------------------------------------------------------------
def test_a_flood_from_one_address_is_cut_short_but_not_its_static_files(deployment):
    """nginx's own request limit, 20 a second with a burst of 40 (the last test here: it
    leaves this address's budget spent for a couple of seconds)."""

    def statuses(path: str, count: int) -> Counter:
        started = time.monotonic()
        with ThreadPoolExecutor(20) as pool:
            found = Counter(
                pool.map(lambda _: deployment.request("GET", path).status, range(count))
            )
        print(path, found, time.monotonic() - started)
        return found

    flood = statuses("/healthz", 300)
    assert set(flood) == {200, 429}, flood
    assert flood[200] >= 40, flood  # the burst allowed

    files = statuses("/static/css/site.css", 100)
    assert files == {200: 100}, files
