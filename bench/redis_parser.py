"""The channel layer's Redis traffic with hiredis and without: prints numbers, one JSON a line.

Each announcement of a move costs a server process a ``PUBLISH`` and the delivery of that
message to its pub/sub connection (channels-redis's pub/sub layer, redis-py's asyncio client).
This measures the CPU of that pair on one asyncio loop, with redis-py's pure-Python RESP3
parser and with the hiredis parser it uses when ``hiredis`` is installed (the site's
dependencies include it), in alternating rounds; the last line gives the ratio of medians.

Run from the repo root: ``.venv/bin/python bench/redis_parser.py`` (a few seconds; Redis at
``--redis``, default db 3, only a pub/sub channel of its own is used).
"""

import argparse
import asyncio
import json
import statistics
import time

import redis.asyncio as aredis
from redis._parsers import _AsyncHiredisParser, _AsyncRESP3Parser
from redis.asyncio.connection import ConnectionPool

CHANNEL = "bench-redis-parser"
#: About what channels-redis publishes for "table T is now at version V" (msgpack).
PAYLOAD = b"\x82\xa4type\xadtable.changed\xa7version\xcd\x01\x00" * 2


async def cpu_per_message(url: str, parser: type, messages: int) -> float:
    """CPU microseconds of one publish and its delivery, over ``messages`` of them."""
    pool = ConnectionPool.from_url(url, protocol=3, parser_class=parser)
    client = aredis.Redis(connection_pool=pool)
    pubsub = client.pubsub()
    try:
        await pubsub.subscribe(CHANNEL)
        await pubsub.get_message(timeout=1)  # the subscription's confirmation
        start = time.process_time()
        for _ in range(messages):
            await client.publish(CHANNEL, PAYLOAD)
            while await pubsub.get_message(timeout=1) is None:
                pass
        return (time.process_time() - start) / messages * 1e6
    finally:
        await pubsub.aclose()
        await client.aclose()


async def main(args: argparse.Namespace) -> None:
    parsers = {"python": _AsyncRESP3Parser, "hiredis": _AsyncHiredisParser}
    rounds: dict[str, list[float]] = {name: [] for name in parsers}
    for _ in range(args.rounds):
        for name, parser in parsers.items():
            rounds[name].append(await cpu_per_message(args.redis, parser, args.messages))
    medians = {name: statistics.median(values) for name, values in rounds.items()}
    for name, median in medians.items():
        line = {"bench": "redis_parser", "parser": name, "cpu_us_per_message": round(median, 1)}
        print(json.dumps(line), flush=True)
    ratio = round(medians["hiredis"] / medians["python"], 2)
    print(json.dumps({"bench": "redis_parser", "hiredis_to_python": ratio}), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/3")
    parser.add_argument("--messages", type=int, default=5000, help="per round and parser")
    parser.add_argument("--rounds", type=int, default=5)
    asyncio.run(main(parser.parse_args()))
