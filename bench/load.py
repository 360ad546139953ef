"""Load benchmark of online 2-seat tables over WebSockets: prints numbers, one JSON a line.

``--tables`` 2-seat online tables (preset ``block``, no clock), two guests each, every guest a
real Django session and one WebSocket (``/ws/tables/<id>/``) from this process (asyncio, the
minimal client of ``bench/ws_client.py``) on loopback, against ``daphne`` in production settings on
PostgreSQL (a database of the bench's own, created, migrated and dropped) and the Redis channel
layer (``--redis``, flushed at start and end), with ``JOBS_BACKEND=thread`` (two people: no
computer moves to run). With ``--processes 2`` two daphne processes share the database and
Redis. ``--placement table`` (the default) puts both seats of a table on one process, the
tables spread evenly over the processes: what the deployment's proxy, routing
``/ws/tables/<id>/`` by a hash of the path (docs/operations.md, deployment), gives, and what the
echo's connections are (each one served by one process). ``--placement split`` (the worst case: a
proxy that spreads a table's players) puts seat 0 on the first and seat 1 on the second: every
move crosses channels-redis and the other process reads it from the log.

Per process count (``--processes``, default ``1,2``) and mode:

- ``load.human``: every player moves 2-5 s (``--pace``) after it becomes its turn, for
  ``--human-seconds``.
- ``load.flat``: every player moves as soon as it is its turn (within the consumer's rate
  limit, waiting off the clock), for ``--flat-seconds``; a finished match is replaced by a new
  table: a spare made before the window (as many as the window needs, ``TABLE_SECONDS_PER_SPARE``),
  else one made through the services in a thread (tables are not what is measured).

``moves`` counts the moves whose update reached the opponent inside the window; latency is from
sending a move to the opponent receiving the state with a newer version (p50, p99 in ms).
``errors`` counts error replies, updates not arrived within 10 s (then the player asks for the
state again), closed sockets and failed handshakes; ``error_samples`` shows a few.

``load.echo``: the stack's own ceiling: ``bench/echo_app.py`` (on as many daphne processes as
the site, the same settings) inserts a row per message into PostgreSQL, group-sends it through
channels-redis and replies; ``2 * --tables`` connections, spread over the processes, send flat
out (closed loop) for ``--flat-seconds``. The last line, ``{"bench": "load", ...}``, gives the
ratio of flat-out moves per second to echo messages per second at each process count. Goals: at
``--tables 1000`` human pace, p99 < 100 ms and no errors; flat out at least 70% of the echo.

Everything shares the machine's cores: the servers, PostgreSQL, Redis and this client. Each
window's line gives the CPU each part spent per operation (``cpu_ms_per_op``, from ``/proc``;
``server_side`` is the servers' processes, PostgreSQL and Redis together), and the last line
``server_cpu_ratio``: the echo's server-side CPU per message over the site's per move, the
ratio of throughputs the servers would reach with their clients on other machines.

Run from the repo root: ``.venv/bin/python bench/load.py`` (about 5 minutes); the goal's size:
``.venv/bin/python bench/load.py --tables 1000 --human-seconds 60``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import sys
from pathlib import Path
from typing import Any

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (  # noqa: E402
    ROOT,
    Server,
    add_service_arguments,
    bench_services,
    migrate,
    percentiles_ms,
    site_env,
)
from load_echo import drive_echo  # noqa: E402
from load_players import drive  # noqa: E402
from load_run import CpuMeter, Run, cpu_ms_per_op, make_table, raise_open_files  # noqa: E402

#: Flat out, every match starts with the window and none ends in its first ten seconds; over
#: forty seconds 11-43 of 200 tables ended (measured): a spare for every 160 tables and second
#: of the window covers that, and makes a dozen for the default window, not fifty.
TABLE_SECONDS_PER_SPARE = 160


P99_GOAL_MS = 100


ECHO_RATIO_GOAL = 0.7


def start_servers(
    count: int, env: dict[str, str], logs: Path, application: str | None = None
) -> list[Server]:
    servers = []
    try:
        for index in range(count):
            name = f"echo{index + 1}" if application else f"site{index + 1}"
            server = Server(name, env, logs)
            if application:
                server.application = application
            servers.append(server)
            server.start()
    except BaseException:
        for server in servers:
            server.close()
        raise
    return servers


def load_line(bench: str, processes: int, tables: int, seconds: float, run: Run) -> dict:
    moves = len(run.latencies)
    line = {"bench": bench, "tables": tables, "processes": processes, "seconds": seconds}
    line |= {"moves": moves, "moves_per_s": round(moves / seconds, 1)}
    line |= percentiles_ms(run.latencies) | {"errors": run.errors}
    line |= {"connect_errors": run.connect_errors}
    line |= {"next_hands": run.next_hands, "tables_made": run.tables_made}
    line |= cpu_ms_per_op(run.cpu, moves)
    if run.error_samples:
        line["error_samples"] = run.error_samples
    return line


def server_side(line: dict[str, Any]) -> float | None:
    """A window's server-side CPU milliseconds per operation (None without a reading)."""
    return line.get("cpu_ms_per_op", {}).get("server_side")


def bench(args: argparse.Namespace, logs: Path, database_url: str) -> None:
    env = site_env("thread", database_url, args.redis, 0.0)
    # The servers measured are the Procfile's `web`: the coach's reviews of finished hands run
    # on its `coach` worker. With the thread backend they ran in the servers instead (a review
    # takes seconds of CPU; a thread each), and at 1,000 tables the reviews of the hands ending
    # took the event loop from the moves: p99 8.8 s.
    env["COACH_REVIEWS"] = "0"
    migrate(env)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))  # the project's dominoes/ before the PyPI package of that name
    import django

    django.setup()
    rng = random.Random(args.seed)
    flat: dict[int, list[float]] = {p: [] for p in args.processes}
    echo: dict[int, list[float]] = {p: [] for p in args.processes}
    flat_cpu: dict[int, list[float | None]] = {p: [] for p in args.processes}
    flat_server_cpu: dict[int, list[float]] = {p: [] for p in args.processes}
    echo_cpu: dict[int, list[float | None]] = {p: [] for p in args.processes}
    human_p99: dict[int, float | None] = {}
    human_errors: dict[int, int] = {}
    human_cpu: dict[int, float | None] = {}
    human_catch_ups: dict[int, int] = {}
    echo_human_p99: dict[int, float | None] = {}
    if "echo" in args.modes:
        with psycopg.connect(database_url, autocommit=True) as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS bench_echo (id bigserial PRIMARY KEY, body text)"
            )
    echo_env = env | {"PYTHONPATH": os.pathsep.join([str(ROOT / "bench"), str(ROOT)])}
    for processes in args.processes:
        # Flat out and the echo alternate, round after round, so that both meet the same
        # machine (it is shared and noisy): the ratio is of their medians.
        for round_ in range(args.rounds):
            modes = [m for m in args.modes if m == "flat" or (m == "human" and round_ == 0)]
            servers = start_servers(processes, env, logs)
            try:
                for mode in modes:
                    line = run_site(args, servers, processes, mode, rng)
                    if mode == "human":
                        human_p99[processes] = line["p99_ms"]
                        human_errors[processes] = line["errors"]
                        human_cpu[processes] = line.get("cpu_ms_per_op", {}).get("servers")
                        human_catch_ups[processes] = line["catch_ups"]
                    else:
                        flat[processes].append(line["moves_per_s"])
                        flat_cpu[processes].append(server_side(line))
                        if "cpu_ms_per_op" in line:
                            flat_server_cpu[processes].append(line["cpu_ms_per_op"]["servers"])
            finally:
                for server in servers:
                    server.close()
            if "echo" in args.modes and "human" in modes:
                # The stack's own latency at the same offered rate: what p99 the bare echo gets.
                line = run_echo(args, logs, database_url, echo_env, processes, human=True)
                echo_human_p99[processes] = line["p99_ms"]
            if "echo" in args.modes and "flat" in modes:
                line = run_echo(args, logs, database_url, echo_env, processes, human=False)
                echo[processes].append(line["messages_per_s"])
                echo_cpu[processes].append(server_side(line))
    flat_median = {p: statistics.median(rates) for p, rates in flat.items() if rates}
    echo_median = {p: statistics.median(rates) for p, rates in echo.items() if rates}
    summary: dict[str, Any] = {"bench": "load", "tables": args.tables}
    summary["placement"] = args.placement
    summary |= {"human_p99_ms": human_p99, "human_errors": human_errors}
    summary |= {"echo_human_p99_ms": echo_human_p99}
    # What the human pace costs the servers a move (against flat out's, below), and how many
    # sockets the catch-up sweep brought up to date there: a quiet run loses no announcement.
    summary |= {"human_server_cpu_ms_per_move": human_cpu, "human_catch_ups": human_catch_ups}
    summary["flat_server_cpu_ms_per_move"] = {
        p: statistics.median(spent) for p, spent in flat_server_cpu.items() if spent
    }
    summary |= {"rounds": args.rounds}
    summary |= {"flat_moves_per_s": flat_median, "echo_messages_per_s": echo_median}
    ratio = {p: round(r / echo_median[p], 2) for p, r in flat_median.items() if echo_median.get(p)}
    summary["ratio_to_echo"] = ratio
    # As if the clients ran on other machines: the servers' side CPU per echo message over
    # theirs per move (medians over the rounds).
    summary["server_cpu_ratio"] = {
        p: round(statistics.median(echo_cpu[p]) / statistics.median(flat_cpu[p]), 2)
        for p in flat_cpu
        if flat_cpu[p] and echo_cpu[p] and None not in flat_cpu[p] + echo_cpu[p]
    }
    summary["goals"] = {
        "human_p99_ms": P99_GOAL_MS,
        "human_met": {
            p: v is not None and v < P99_GOAL_MS and not human_errors[p]
            for p, v in human_p99.items()
        },
        "ratio": ECHO_RATIO_GOAL,
        "ratio_met": {p: r >= ECHO_RATIO_GOAL for p, r in ratio.items()},
    }
    print(json.dumps(summary), flush=True)


def run_site(
    args: argparse.Namespace,
    servers: list[Server],
    processes: int,
    mode: str,
    rng: random.Random,
) -> dict:
    """One window of ``mode`` (human or flat) on fresh tables; prints its line and returns it."""
    human = mode == "human"
    seconds = args.human_seconds if human else args.flat_seconds
    tables = [make_table() for _ in range(args.tables)]
    # Flat out, finished matches are replaced by these first: making a table is not what is
    # measured, and its CPU (the services run in this process) would count as the client's.
    spare_count = 0 if human else round(args.tables * seconds / TABLE_SECONDS_PER_SPARE)
    spares = [make_table() for _ in range(spare_count)]
    pace = args.pace if human else None
    ports = [server.port for server in servers]
    seed = rng.randrange(1 << 30)
    meter = CpuMeter(servers)
    caught_up_before = sum(catch_ups(server) for server in servers)
    paused_before = [len(gc_pauses(server)) for server in servers]
    run = asyncio.run(drive(ports, args.placement, tables, pace, seconds, seed, meter, spares))
    line = load_line(f"load.{mode}", processes, args.tables, seconds, run)
    line["placement"] = args.placement
    line["catch_ups"] = sum(catch_ups(server) for server in servers) - caught_up_before
    paused = [
        ms
        for server, before in zip(servers, paused_before, strict=True)
        for ms in gc_pauses(server)[before:]
    ]
    line["gc_pauses"] = {"count": len(paused), "longest_ms": max(paused, default=0)}
    errors = [s.last_error() for s in servers if s.last_error()]
    if errors:
        line["server_error"] = errors[-1]
    print(json.dumps(line), flush=True)
    return line


#: games.live.catch_up's log line when its sweep brought sockets up to date.
CAUGHT_UP = re.compile(r"(\d+) table sockets missed an announcement")


#: dominoes.gc_pauses's log line for a collection that held a server's loop.
GC_PAUSE = re.compile(r"a garbage collection \(generation \d\) held the process (\d+) ms")


def gc_pauses(server: Server) -> list[int]:
    """How long each long collection of ``server`` took (ms), since it started."""
    return [
        int(found)
        for path in sorted(server.logs.glob(f"{server.mode}-*.log"))
        for found in GC_PAUSE.findall(path.read_text(errors="replace"))
    ]


def catch_ups(server: Server) -> int:
    """The sockets the catch-up sweep of ``server`` brought up to date since it started."""
    return sum(
        int(found)
        for path in server.logs.glob(f"{server.mode}-*.log")
        for found in CAUGHT_UP.findall(path.read_text(errors="replace"))
    )


def run_echo(
    args: argparse.Namespace,
    logs: Path,
    database_url: str,
    env: dict[str, str],
    processes: int,
    *,
    human: bool,
) -> dict:
    """The bare echo on ``processes`` daphne processes, flat out or at the tables' human pace
    (``load.echo_human``: one message at a time per pair of sockets, as at a table); prints its
    line and returns it."""
    servers = start_servers(processes, env, logs, "echo_app:application")
    seconds = args.human_seconds if human else args.flat_seconds
    try:
        ports = [server.port for server in servers]
        pace = args.pace if human else None
        meter = CpuMeter(servers)
        run = asyncio.run(drive_echo(ports, args.tables, seconds, pace, args.seed, meter))
    finally:
        for server in servers:
            server.close()
    with psycopg.connect(database_url) as db:
        rows = db.execute("SELECT count(*) FROM bench_echo").fetchone()[0]
    count = len(run.latencies)
    line = {"bench": "load.echo_human" if human else "load.echo", "tables": args.tables}
    line |= {"processes": processes, "seconds": seconds, "messages": count}
    line |= {"messages_per_s": round(count / seconds, 1)}
    line |= percentiles_ms(run.latencies) | {"errors": run.errors, "rows": rows}
    line |= {"connect_errors": run.connect_errors} | cpu_ms_per_op(run.cpu, count)
    if run.error_samples:
        line["error_samples"] = run.error_samples
    print(json.dumps(line), flush=True)
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="2-seat tables (default 200)")
    parser.add_argument(
        "--processes", default="1,2", help="daphne process counts to run, comma-separated (1,2)"
    )
    parser.add_argument(
        "--modes", default="human,flat,echo", help="what to run, comma-separated (human,flat,echo)"
    )
    parser.add_argument("--human-seconds", type=float, default=40, help="window at human pace")
    parser.add_argument("--flat-seconds", type=float, default=10, help="flat-out and echo window")
    parser.add_argument(
        "--rounds", type=int, default=3, help="flat-out and echo windows, alternating (3)"
    )
    parser.add_argument(
        "--pace", default="2,5", help="human pace: seconds before a move, min,max (2,5)"
    )
    add_service_arguments(parser)
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' moves")
    parser.add_argument(
        "--placement",
        choices=("table", "split"),
        default="table",
        help="a table's two seats on different processes (split) or on one (table)",
    )
    args = parser.parse_args()
    args.processes = [int(p) for p in args.processes.split(",") if p.strip()]
    args.modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    args.pace = tuple(float(x) for x in args.pace.split(","))
    if set(args.processes) - {1, 2} or set(args.modes) - {"human", "flat", "echo"}:
        parser.error("--processes among 1,2; --modes among human,flat,echo")
    if args.tables < 1 or args.rounds < 1 or len(args.pace) != 2:
        parser.error("--tables and --rounds at least 1; --pace is min,max")
    limit = raise_open_files(2 * args.tables * 2 + 256)
    if limit < 2 * args.tables + 256:
        parser.error(f"the open-file limit ({limit}) is too low for {args.tables} tables")

    with bench_services(args, "load") as (logs, database_url):
        bench(args, logs, database_url)


if __name__ == "__main__":
    main()
