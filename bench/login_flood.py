"""Benchmark of sign-in floods and sign-up timing: prints numbers, one JSON object a line.

Against one real ``daphne`` this script starts on a free loopback port, in production settings
on plain HTTP (bench/harness.py's), with PostgreSQL (a database of its own, created, migrated and
dropped here), Redis as the cache (where allauth counts its limits; ``--redis`` is flushed at
start and end) and mail thrown away. The server trusts one proxy (``TRUSTED_PROXY_COUNT=1``),
and the bench plays that proxy: each request's ``X-Forwarded-For`` names the address it stands
for, so one machine can act as many clients.

- ``login_flood.home``, for each ``--bounds`` (the server's ``PASSWORD_HASHING_CONCURRENCY``;
  a large one is as good as no bound) and each scenario: the home page's p50 (``GET /``, one
  keep-alive connection, loads for ``--seconds``) quiet, then during a flood of ``--flooders``
  clients each sending bogus sign-ins (an unknown email, a wrong password) back to back, at
  most ``--flood-requests`` each, until the page loads are done. Scenarios: ``many_addresses``
  (each sign-in from a fresh address: only the hashing bound stands between the flood and the
  cores) and ``one_address`` (all from one: its sign-in budgets answer 429 before hashing). It
  prints both p50s, their ratio and the flood's answers by status (200: wrong password, 429:
  a limit, 503: hashing busy) and the last error the server logged, if any.
- ``login_flood.signup``: sign-up times (``--signups`` of each, alternating) for a new email
  and for one that has an account, each from a fresh address; their medians and the ratio
  known/new (1.0: the answer does not tell which emails have accounts).

Loopback only, bounded: every flooder stops after its requests or when the page loads are done.
Other scripts (bench/abuse.py) may import :func:`flood`, :func:`home_p50_ms` and
:func:`signup_medians_ms`.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import statistics
import sys
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from time import perf_counter

import redis

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (  # noqa: E402
    Server,
    add_service_arguments,
    bench_services,
    exchange,
    migrate,
    site_env,
)
from ws_client import HOST  # noqa: E402

TIMEOUT = 60.0
#: Seconds between two home page loads.
PAGE_PAUSE = 0.05
PASSWORD = "a-long-bench-passphrase-9"
_addresses = (f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}" for n in itertools.count(1))
_address_lock = threading.Lock()


def fresh_address() -> str:
    """An address no request of this run has used (the proxy's entry for a new client)."""
    with _address_lock:
        return next(_addresses)


class Browser:
    """One client: a keep-alive connection, its cookies and the CSRF token of its forms."""

    def __init__(self, port: int) -> None:
        self.http = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict | None = None, address: str = HOST):
        headers = {"X-Forwarded-For": address}
        body = None
        if form is not None:
            body = urllib.parse.urlencode({**form, "csrfmiddlewaretoken": self.csrf(address)})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        response, content = exchange(self.http, self.cookies, method, path, body, headers)
        return response.status, content

    def csrf(self, address: str) -> str:
        if "csrftoken" not in self.cookies:
            status, _ = self.request("GET", "/accounts/login/", address=address)
            if "csrftoken" not in self.cookies:
                raise RuntimeError(f"GET /accounts/login/: {status}, no CSRF cookie")
        return self.cookies["csrftoken"]

    def close(self) -> None:
        self.http.close()


def home_p50_ms(port: int, seconds: float) -> tuple[float, int]:
    """The home page's p50 over ``seconds`` of loads one after another (a short pause
    between them, as people click), and how many loads that was."""
    browser = Browser(port)
    try:
        times = []
        deadline = perf_counter() + seconds
        while perf_counter() < deadline or len(times) < 2:
            start = perf_counter()
            status, _ = browser.request("GET", "/")
            times.append(perf_counter() - start)
            if status != 200:
                raise RuntimeError(f"GET /: {status}")
            time.sleep(PAGE_PAUSE)
        return round(statistics.median(times) * 1000, 1), len(times)
    finally:
        browser.close()


@contextmanager
def flood(port: int, *, flooders: int, requests: int, many_addresses: bool) -> Iterator[Counter]:
    """Bogus sign-ins from ``flooders`` threads while the ``with`` block runs; gives the
    answers by status, complete once the block is left (the threads stop and are joined)."""
    answers: Counter = Counter()
    done = threading.Event()
    started = threading.Barrier(flooders + 1)
    one_address = fresh_address()

    def bogus_sign_ins(n: int) -> None:
        browser = Browser(port)
        try:
            browser.csrf(one_address)
            started.wait()
            for attempt in range(requests):
                if done.is_set():
                    break
                address = fresh_address() if many_addresses else one_address
                form = {"login": f"nobody-{n}-{attempt}@example.com", "password": "guess-1234"}
                status, _ = browser.request("POST", "/accounts/login/", form, address)
                answers[status] += 1
        except (OSError, http.client.HTTPException) as error:
            answers[type(error).__name__] += 1
        finally:
            browser.close()

    threads = [threading.Thread(target=bogus_sign_ins, args=(n,)) for n in range(flooders)]
    for thread in threads:
        thread.start()
    started.wait()
    try:
        yield answers
    finally:
        done.set()
        for thread in threads:
            thread.join()


def signup_medians_ms(port: int, count: int) -> dict[str, float]:
    """Median sign-up time for a new email and for one with an account, alternating."""
    times: dict[str, list[float]] = {"new": [], "known": []}
    known = "known@example.com"

    def sign_up(email: str) -> float:
        browser = Browser(port)
        try:
            address = fresh_address()
            browser.csrf(address)
            form = {
                "display_name": "Bench",
                "email": email,
                "password1": PASSWORD,
                "password2": PASSWORD,
            }
            start = perf_counter()
            status, content = browser.request("POST", "/accounts/signup/", form, address)
            elapsed = perf_counter() - start
            if status != 302:
                raise RuntimeError(f"sign-up of {email}: {status}: {content[:300]!r}")
            return elapsed
        finally:
            browser.close()

    sign_up(known)  # the account that exists from now on
    for n in range(count):
        times["new"].append(sign_up(f"new-{n}@example.com"))
        times["known"].append(sign_up(known))
    return {kind: round(statistics.median(values) * 1000, 1) for kind, values in times.items()}


def bench(args: argparse.Namespace, logs: Path, database_url: str) -> None:
    env = site_env("thread", database_url, args.redis, 0.0) | {
        "TRUSTED_PROXY_COUNT": "1",
        "MAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
        "LOG_LEVEL": "WARNING",
    }
    migrate(env)
    for bound in args.bounds:
        for scenario in ("many_addresses", "one_address"):
            redis.Redis.from_url(args.redis).flushdb()  # every run starts with fresh budgets
            server = Server(
                f"bound{bound}-{scenario}",
                env | {"PASSWORD_HASHING_CONCURRENCY": str(bound)},
                logs,
            )
            server.start()
            try:
                home_p50_ms(server.port, 1)  # warm up
                quiet, _ = home_p50_ms(server.port, args.seconds)
                with flood(
                    server.port,
                    flooders=args.flooders,
                    requests=args.flood_requests,
                    many_addresses=scenario == "many_addresses",
                ) as answers:
                    flooded, pages = home_p50_ms(server.port, args.seconds)
                line = {
                    "bench": "login_flood.home",
                    "bound": bound,
                    "scenario": scenario,
                    "flooders": args.flooders,
                    "quiet_p50_ms": quiet,
                    "flood_p50_ms": flooded,
                    "ratio": round(flooded / quiet, 2) if quiet else None,
                    "flood_answers": {str(k): v for k, v in sorted(answers.items(), key=str)},
                    "pages": pages,
                    "server_error": server.last_error(),
                }
                print(json.dumps(line), flush=True)
            finally:
                server.close()
    redis.Redis.from_url(args.redis).flushdb()
    server = Server("signup", env | {"PASSWORD_HASHING_CONCURRENCY": "1"}, logs)
    server.start()
    try:
        medians = signup_medians_ms(server.port, args.signups)
    finally:
        server.close()
    line = {
        "bench": "login_flood.signup",
        "signups": args.signups,
        "new_p50_ms": medians["new"],
        "known_p50_ms": medians["known"],
        "ratio_known_to_new": round(medians["known"] / medians["new"], 2),
    }
    print(json.dumps(line), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument(
        "--bounds",
        default="1,1000",
        help="PASSWORD_HASHING_CONCURRENCY values, comma-separated (default 1,1000: the "
        "site's default, and as good as none)",
    )
    parser.add_argument(
        "--seconds", type=float, default=10, help="seconds of home page loads, quiet and flooded"
    )
    parser.add_argument("--flooders", type=int, default=48, help="flooding clients (48)")
    parser.add_argument(
        "--flood-requests", type=int, default=20, help="bogus sign-ins per flooder at most (20)"
    )
    parser.add_argument("--signups", type=int, default=10, help="sign-ups of each kind (10)")
    add_service_arguments(parser)
    args = parser.parse_args()
    try:
        args.bounds = [int(bound) for bound in args.bounds.split(",") if bound.strip()]
    except ValueError:
        parser.error("--bounds: whole numbers, comma-separated")
    if not args.bounds or min(args.bounds) < 1:
        parser.error("--bounds: at least one, each at least 1")
    if min(args.seconds, args.flooders, args.flood_requests, args.signups) < 1:
        parser.error("--seconds, --flooders, --flood-requests and --signups: at least 1")

    with bench_services(args, "login") as (logs, database_url):
        bench(args, logs, database_url)


if __name__ == "__main__":
    main()
