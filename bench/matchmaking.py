"""Quick match benchmark: simulated players enter the queues across processes; prints numbers,
one JSON a line.

``--players`` (2,000) players arrive uniformly at random over ``--seconds`` (60), each for one
of four queues (Draw, Block and All Fives for 2, Block for 4), half of them signed in (with a
Glicko-2 rating drawn around 1500: rated queues for the two-sided games) and half guests
(casual). They are split over ``--processes`` (2) worker processes, each running its players
on a pool of threads through ``matchmaking.services``, on a PostgreSQL database of the
bench's own (created, migrated and dropped; ``bench/harness.py``'s ``bench_services``), as the
site's server processes would: ``join_queue`` when a player arrives, then a ``heartbeat``
every 0.5 s while waiting (the waiting page's poll), as long as the player has not given up
(``--cancel`` of them leave after 1-5 s).

Measured, from the rows and each process's observations:

- ``matched``, ``tables``, ``waiting_at_end``; ``matched_twice`` (an entry in two tables, a
  person at two seats of a table or in two tables at once) and ``ghosts_matched`` (matched
  after its lease ran out or after it left): both must be 0.
- ``compatible_left_unmatched``: pairs of entries still waiting at the end, alive and
  compatible (same queue, within the rating window): must be 0.
- ``latency``, per table: from the moment its players were all there and compatible (the
  last one's joining, or for rated players the moment the widening window covered their
  difference) to the table made with their seats (``Entry.matched_at``, stamped in the
  pairing's transaction right before its commit): p50 and p99, casual and rated apart; the
  goal is p99 < 1 s. A rated pair waits for a heartbeat to pair it, so late heartbeats show
  here. ``told_latency``: to the first of its players hearing of it (``join_queue``'s answer or
  a heartbeat's), which adds the simulated players' own delays: ``calls_late_over_50ms``
  counts their calls started late (all threads busy), ``load_average_1m`` is the machine's.

Run from the repo root: ``.venv/bin/python bench/matchmaking.py`` (about 90 s).
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import random
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (  # noqa: E402
    ROOT,
    add_service_arguments,
    bench_services,
    migrate,
    percentiles_ms,
    site_env,
)

QUEUES = [("draw", 2), ("block", 2), ("all_fives", 2), ("block", 4)]
HEARTBEAT_SECONDS = 0.5
GOAL_P99_MS = 1000.0


def plan(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every player: arrival second, queue, signed in or not, rating, when they give up."""
    rng = random.Random(args.seed)
    players = []
    for n in range(args.players):
        preset, seats = rng.choice(QUEUES)
        players.append(
            {
                "n": n,
                "at": rng.uniform(0, args.seconds),
                "preset": preset,
                "seats": seats,
                "member": rng.random() < 0.5,
                "rating": round(rng.gauss(1500, 250), 1),
                "gives_up": rng.uniform(1, 5) if rng.random() < args.cancel else None,
            }
        )
    return players


# --- a worker process -----------------------------------------------------------------------
def worker(args: argparse.Namespace) -> None:
    """Run this process's share of the players; print one JSON line per observation."""
    import django

    django.setup()
    from django.db import connection

    from games.services import Player
    from matchmaking import services

    players = [p for p in plan(args) if p["n"] % args.of == args.worker]
    users = json.loads(Path(args.users).read_text())
    # The shared start comes once every worker is ready: starting a process takes seconds on a
    # loaded machine, which would otherwise eat the arrivals.
    print(json.dumps({"kind": "ready"}), flush=True)
    start = float(sys.stdin.readline())
    lock = threading.Lock()
    events: list[tuple[float, int, str, dict[str, Any]]] = []
    counter = iter(range(10**9))
    out_lock = threading.Lock()
    pending = [len(players)]

    def schedule(at: float, kind: str, player: dict[str, Any]) -> None:
        with lock:
            heapq.heappush(events, (at, next(counter), kind, player))

    def emit(**line: Any) -> None:
        with out_lock:
            print(json.dumps(line), flush=True)

    def who(player: dict[str, Any]) -> Player:
        if player["member"]:
            return Player(user_id=users[str(player["n"])], session_key=None)
        return Player(user_id=None, session_key=f"bench-guest-{player['n']}")

    def done(player: dict[str, Any]) -> None:
        with lock:
            pending[0] -= 1

    def act(kind: str, player: dict[str, Any], due: float) -> None:
        lag = time.monotonic() - due
        if lag > 0.05:
            emit(kind="lag", seconds=lag)
        try:
            if kind == "join":
                entry = services.join_queue(
                    player=who(player),
                    name=f"P{player['n']}",
                    preset=player["preset"],
                    seats=player["seats"],
                )
                player["entry"] = entry.public_id
                player["joined"] = time.time()
                state = entry.state
            elif kind == "leave":
                if "entry" in player and not player.get("matched"):
                    services.leave_queue(public_id=player["entry"], player=who(player))
                    player["left"] = True
                    emit(kind="left", entry=player["entry"], at=time.time())
                    done(player)
                return
            else:
                if player.get("left") or player.get("matched"):
                    return
                state = services.heartbeat(public_id=player["entry"], player=who(player)).state
            now = time.time()
            if state == "matched":
                player["matched"] = True
                emit(kind="seated", entry=player["entry"], at=now)
                done(player)
            elif state == "waiting":
                schedule(time.monotonic() + HEARTBEAT_SECONDS, "beat", player)
        except Exception as error:  # counted, never silent
            emit(kind="error", error=repr(error)[:300])
            done(player)
        finally:
            connection.close()

    for player in players:
        # Arrival in the shared clock (wall time), converted to this process's monotonic one.
        schedule(time.monotonic() + (start + player["at"] - time.time()), "join", player)
        if player["gives_up"] is not None:
            at = start + player["at"] + player["gives_up"]
            schedule(time.monotonic() + (at - time.time()), "leave", player)
    deadline = time.monotonic() + (start - time.time()) + args.seconds + args.drain
    with ThreadPoolExecutor(max_workers=args.threads) as pool:
        while time.monotonic() < deadline:
            with lock:
                due = events[0] if events and events[0][0] <= time.monotonic() else None
                if due is not None:
                    heapq.heappop(events)
                if pending[0] <= 0 and not events:
                    break
            if due is None:
                time.sleep(0.002)
                continue
            pool.submit(act, due[2], due[3], due[0])


# --- the parent: users, workers, the verdict ------------------------------------------------
def make_users(args: argparse.Namespace, path: Path) -> None:
    from django.contrib.auth import get_user_model

    from games.models import Rating

    members = [p for p in plan(args) if p["member"]]
    model = get_user_model()
    made = model.objects.bulk_create(
        [model(username=f"bench{p['n']}", first_name=f"P{p['n']}") for p in members]
    )
    ids = {p["n"]: user.pk for p, user in zip(members, made, strict=True)}
    Rating.objects.bulk_create(
        [
            Rating(user_id=ids[p["n"]], family=family, rating=p["rating"], rd=80, volatility=0.06)
            for p in members
            for family in ("draw", "block", "fives")
        ]
    )
    path.write_text(json.dumps(ids))


def verdict(args: argparse.Namespace, lines: list[dict[str, Any]]) -> dict[str, Any]:
    from collections import Counter, defaultdict

    from games.models import Seat
    from matchmaking import services
    from matchmaking.models import Entry

    entries = {entry.public_id: entry for entry in Entry.objects.all()}
    seated: dict[str, float] = {}
    left_at: dict[str, float] = {}
    errors = [line for line in lines if line["kind"] == "error"]
    lags = [line["seconds"] for line in lines if line["kind"] == "lag"]
    for line in lines:
        if line["kind"] == "seated":
            seated[line["entry"]] = min(line["at"], seated.get(line["entry"], line["at"]))
        elif line["kind"] == "left":
            left_at[line["entry"]] = line["at"]
    groups: dict[int, list[Any]] = defaultdict(list)
    for entry in entries.values():
        if entry.state == Entry.State.MATCHED:
            groups[entry.table_id].append(entry)
    # Nobody twice: a table's seats are its group's people, each once; nobody in two tables
    # whose times overlap (every player here plays one table).
    twice = 0
    people = Counter()
    for table_id, group in groups.items():
        seats = list(Seat.objects.filter(table_id=table_id))
        keys = [(s.user_id, s.guest) for s in seats]
        twice += len(keys) - len(set(keys)) + abs(len(seats) - len(group))
        for key in set(keys):
            people[key] += 1
    twice += sum(count - 1 for count in people.values() if count > 1)
    ghosts = sum(
        1
        for entry in entries.values()
        if entry.state == Entry.State.MATCHED
        and (
            # matched_at is stamped once the table is made, after the lease was checked:
            # half a second of slack for making it.
            entry.matched_at - timedelta(seconds=0.5) > entry.lease_until
            or (
                entry.public_id in left_at
                and left_at[entry.public_id] < entry.matched_at.timestamp()
            )
        )
    )
    latencies: list[float] = []
    by_kind: dict[str, list[float]] = {"casual": [], "rated": []}
    told: list[float] = []
    for group in groups.values():
        observed = [seated[e.public_id] for e in group if e.public_id in seated]
        joined = [e.joined_at.timestamp() for e in group]
        compatible = max(joined)
        if group[0].rated:
            gap = max(e.rating for e in group) - min(e.rating for e in group)
            widen = max(0.0, (gap - services.WINDOW_START) / services.WINDOW_GROWTH)
            compatible = max(compatible, min(joined) + widen)
        latency = max(0.0, group[0].matched_at.timestamp() - compatible)
        latencies.append(latency)
        if observed:
            told.append(max(0.0, min(observed) - compatible))
        by_kind["rated" if group[0].rated else "casual"].append(latency)
    end = max((e.lease_until for e in entries.values()), default=None)
    alive = [
        e
        for e in entries.values()
        if e.state == Entry.State.WAITING and end is not None and e.lease_until >= end
    ]
    compatible_left = 0
    for i, first in enumerate(alive):
        for second in alive[i + 1 :]:
            same_queue = (first.preset, first.seats, first.rated) == (
                second.preset,
                second.seats,
                second.rated,
            )
            if same_queue and first.seats == 2:
                now = end
                waited = max(now - first.joined_at, now - second.joined_at).total_seconds()
                close = abs(first.rating - second.rating) <= services.window(waited)
                if not first.rated or close:
                    compatible_left += 1
    waiting_by_queue = Counter(
        (e.preset, e.seats, e.rated) for e in entries.values() if e.state == Entry.State.WAITING
    )
    four_seat_waiting_over = sum(
        1 for (preset, seats, rated), count in waiting_by_queue.items() if seats == 4 and count >= 4
    )
    return {
        "bench": "matchmaking",
        "players": args.players,
        "seconds": args.seconds,
        "processes": args.processes,
        "entries": len(entries),
        "matched": sum(len(group) for group in groups.values()),
        "tables": len(groups),
        "left": sum(1 for e in entries.values() if e.state == Entry.State.LEFT),
        "waiting_at_end": sum(waiting_by_queue.values()),
        "matched_twice": twice,
        "ghosts_matched": ghosts,
        "compatible_left_unmatched": compatible_left + four_seat_waiting_over,
        "errors": len(errors),
        "error_samples": [line["error"] for line in errors[:3]],
        "latency": percentiles_ms(latencies),
        "latency_casual": percentiles_ms(by_kind["casual"]),
        "latency_rated": percentiles_ms(by_kind["rated"]),
        "told_latency": percentiles_ms(told),
        # The simulated players' own delay: calls started this late after they were due (the
        # threads all busy; the machine's load shows here before anywhere else).
        "calls_late_over_50ms": len(lags),
        "call_lateness_max_ms": round(max(lags, default=0.0) * 1000, 1),
        "load_average_1m": os.getloadavg()[0],
        "goal_p99_ms": GOAL_P99_MS,
        "goal_met": bool(latencies)
        and (percentiles_ms(latencies)["p99_ms"] or 0) < GOAL_P99_MS
        and twice == 0
        and ghosts == 0
        and not errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=60.0, help="arrivals spread over")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--threads", type=int, default=12, help="threads per process (12)")
    parser.add_argument("--cancel", type=float, default=0.05, help="share who give up (0.05)")
    parser.add_argument("--drain", type=float, default=15.0, help="seconds after the arrivals")
    parser.add_argument("--seed", type=int, default=1)
    add_service_arguments(parser)
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--of", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--users", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.worker is not None:
        worker(args)
        return
    with bench_services(args, "matchmaking") as (_logs, database_url):
        env = site_env("thread", database_url, args.redis, 0.0)
        migrate(env)
        os.environ.update(env)
        import django

        django.setup()
        users = Path(_logs) / "users.json"
        make_users(args, users)
        command = [sys.executable, __file__, "--of", str(args.processes)]
        command += ["--users", str(users), "--seed", str(args.seed)]
        command += ["--players", str(args.players), "--seconds", str(args.seconds)]
        command += ["--threads", str(args.threads), "--cancel", str(args.cancel)]
        command += ["--drain", str(args.drain)]
        workers = [
            subprocess.Popen(
                [*command, "--worker", str(index)],
                cwd=ROOT,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
            for index in range(args.processes)
        ]
        for process in workers:
            assert process.stdout is not None
            process.stdout.readline()  # {"kind": "ready"}
        start = time.time() + 1.0
        for process in workers:
            assert process.stdin is not None
            process.stdin.write(f"{start}\n".encode())
            process.stdin.close()
        lines: list[dict[str, Any]] = []
        for process in workers:
            out = process.stdout.read()
            process.wait()
            lines += [json.loads(line) for line in out.decode().splitlines() if line.strip()]
        from django.db import connection

        connection.close()
        print(json.dumps(verdict(args, lines)))


if __name__ == "__main__":
    main()
