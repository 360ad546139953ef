"""Benchmark of the table page and a move's WebSocket round trip: prints numbers, one JSON a line.

What is measured, against real servers this script starts: each mode is one ``daphne`` process
on a free loopback port, in production settings (``DEBUG=false``, persistent database
connections) but on plain HTTP (the HTTPS redirect, secure cookies, HSTS and the proxy header
switched off), with ``BOT_PAUSE_SECONDS=0`` (``--bot-pause``): the pause that lets people follow
the computer's moves is off, so a round trip is the site's own work. The modes (``--modes``):

- ``rq``, the production layout: PostgreSQL (a database of the bench's own, created, migrated and
  dropped here), the Redis channel layer, and the computer's moves as RQ jobs run by one
  ``manage.py rqworker bots --worker-class rq.worker.SimpleWorker`` process, the Procfile's
  ``bots`` (``--rq-worker-class rq.worker.Worker``: RQ's default, which forks a work horse per
  job).
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
  Asked with ``Accept-Encoding: gzip`` as a browser asks: ``bytes`` is the median page as sent,
  ``html_bytes`` uncompressed.
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
import contextlib
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from guest import Guest  # noqa: E402
from harness import (  # noqa: E402
    Server,
    add_service_arguments,
    bench_services,
    migrate,
    percentiles_ms,
    site_env,
)
from ws_client import MESSAGE_TIMEOUT  # noqa: E402

MODES = ("rq", "thread", "sqlite")


PAGE_GOAL_MS = 30


#: Untimed page loads and answered moves per server before the timed rounds.
WARMUP_PAGES = 10


WARMUP_MOVES = 4


def median_or_none(values: list[int]) -> float | None:
    return statistics.median(values) if values else None


def share(total: int, rounds: int, index: int) -> int:
    """Round ``index``'s part of ``total``, the parts differing by one at most."""
    return total // rounds + (index < total % rounds)


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
            "html_bytes": round(statistics.median(guest.page_html_bytes)),
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
        help="the rq mode's worker class (default rq.worker.SimpleWorker, as the Procfile's "
        "bots process runs; rq.worker.Worker forks a work horse per job)",
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
