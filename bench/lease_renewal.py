"""The sockets' lease renewal against one pipeline of every lease: prints numbers, one JSON a line.

A server process renews the leases of its open sockets (dominoes.lease_store: two a socket, one
per person and one per address) every ``LEASE_RENEW_SECONDS``. With 2,000 sockets that is 4,000
leases. Sent as one pipeline of two commands each (what the site did until 2026-12-06), the
event loop spent ~170 ms packing and parsing them, and every move in flight waited: the
1,000-table load's p99 clustered every 30 s. Now a script renews ``RENEW_BATCH`` leases a call.

This measures, on one asyncio loop against Redis (``--redis``, default db 3; only keys of its own,
deleted after), in alternating rounds: the loop's longest stall while a renewal runs (a ticker
task asks to wake every millisecond; its longest gap), and the renewal's CPU. The last line
gives the ratios of medians (script over pipeline).

Run from the repo root: ``.venv/bin/python bench/lease_renewal.py`` (a few seconds;
``--leases`` 4000, ``--rounds`` 7).
"""

import argparse
import asyncio
import json
import math
import statistics
import sys
import time
from pathlib import Path

import redis.asyncio as aredis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dominoes import lease_store  # noqa: E402

PREFIX = "bench-lease-renewal"


async def pipeline_renew(client: aredis.Redis, pairs: list[tuple[str, str]]) -> None:
    """The renewal as it was: one pipeline, a ZADD XX and an EXPIREAT a lease."""
    expiry = time.time() + lease_store.LEASE_SECONDS
    async with client.pipeline(transaction=False) as pipe:
        for key, lease in pairs:
            pipe.zadd(key, {lease: expiry}, xx=True)
            pipe.expireat(key, math.ceil(expiry))
        await pipe.execute()


async def measured(renewal) -> tuple[float, float]:
    """The loop's longest stall (ms) and the CPU (ms) while ``renewal`` runs."""
    longest = 0.0
    running = True

    async def tick() -> None:
        nonlocal longest
        last = time.perf_counter()
        while running:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            longest = max(longest, now - last - 0.001)
            last = now

    ticker = asyncio.create_task(tick())
    await asyncio.sleep(0.01)
    cpu = time.process_time()
    await renewal
    cpu = time.process_time() - cpu
    running = False
    await ticker
    return longest * 1000, cpu * 1000


async def main(args: argparse.Namespace) -> None:
    client = aredis.Redis.from_url(args.redis)
    leases = lease_store._RedisLeases(client)
    # As a server's: each socket's lease in its person's set and its address's.
    pairs = [
        (f"{PREFIX}:{kind}:{n // 2}", f"socket-{n}")
        for n in range(args.leases // 2)
        for kind in ("person", "address")
    ]
    for key, lease in pairs:
        await client.zadd(key, {lease: time.time() + lease_store.LEASE_SECONDS})
    ways = {
        "pipeline": lambda: pipeline_renew(client, pairs),
        "script": lambda: leases.renew(pairs),
    }
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in ways}
    try:
        for _ in range(args.rounds):
            for name, renewal in ways.items():
                results[name].append(await measured(renewal()))
    finally:
        keys = [key async for key in client.scan_iter(f"{PREFIX}:*")]
        for start in range(0, len(keys), 1000):
            await client.delete(*keys[start : start + 1000])
        await client.aclose()
    medians = {}
    for name, values in results.items():
        stall = statistics.median(v[0] for v in values)
        cpu = statistics.median(v[1] for v in values)
        medians[name] = (stall, cpu)
        line = {
            "bench": "lease_renewal",
            "way": name,
            "leases": len(pairs),
            "longest_stall_ms": round(stall, 1),
            "stall_ms_range": [
                round(min(v[0] for v in values), 1),
                round(max(v[0] for v in values), 1),
            ],
            "cpu_ms": round(cpu, 1),
        }
        print(json.dumps(line), flush=True)
    ratios = {
        "bench": "lease_renewal",
        "stall_script_to_pipeline": round(medians["script"][0] / medians["pipeline"][0], 3),
        "cpu_script_to_pipeline": round(medians["script"][1] / medians["pipeline"][1], 3),
    }
    print(json.dumps(ratios), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--leases", type=int, default=4000, help="leases renewed (default 4000)")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (default 7)")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/3", help="Redis URL (db 3)")
    asyncio.run(main(parser.parse_args()))
