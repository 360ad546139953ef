"""Where dominoes.limits keeps its counts, per event loop: the rates' limiter (the `limits`
library's, in Redis or, on the embedded default, in memory) and the sockets' leases (a Redis
sorted set a person or an address, each lease scored by its expiry; in memory on the embedded
default). redis.asyncio's connections belong to the loop that made them: one set a loop (the
server's; a test's own), the limiter and the leases sharing its Redis pool."""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass

import limits.aio.storage
import limits.aio.strategies
import redis.asyncio
from django.conf import settings

#: Every key dominoes.limits writes in Redis starts with it (tests clear them by it).
KEY_PREFIX = "dominoes-limits"
#: A socket's lease lasts this long unless renewed; its process renews it three times as often.
LEASE_SECONDS = 90.0
LEASE_RENEW_SECONDS = 30.0
#: Leases renewed by one script call. A process with 2,000 sockets holds 4,000 leases: sent as
#: one pipeline of 8,000 commands they held its event loop for ~170 ms every renewal (every move
#: in flight waited); as one script a few hundred leases, each call is a few milliseconds, and
#: the loop serves sockets between them.
RENEW_BATCH = 500


#: Seconds since the epoch; tests move it.
now: Callable[[], float] = time.time


# KEYS[1] the set; ARGV: now, the new lease's expiry, its id, the cap. Expired leases go first.
_ACQUIRE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('EXPIREAT', KEYS[1], math.ceil(tonumber(ARGV[2])))
return 1
"""
# KEYS the sets; ARGV[1] the new expiry, ARGV[i + 1] the lease in KEYS[i]. A lease released
# meanwhile stays released (XX).
_RENEW = """
local expiry = ARGV[1]
local at = math.ceil(tonumber(expiry))
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', expiry, ARGV[i + 1])
  redis.call('EXPIREAT', key, at)
end
return #KEYS
"""


class _MemoryLeases:
    """The embedded default's leases: one process, so its own memory is the whole truth."""

    def __init__(self) -> None:
        self.sets: dict[str, dict[str, float]] = {}

    async def acquire(self, key: str, lease: str, cap: int) -> bool:
        held = self.sets.setdefault(key, {})
        moment = now()
        for old in [name for name, expiry in held.items() if expiry <= moment]:
            del held[old]
        if len(held) >= cap:
            return False
        held[lease] = moment + LEASE_SECONDS
        return True

    async def release(self, pairs: list[tuple[str, str]]) -> None:
        for key, lease in pairs:
            self.sets.get(key, {}).pop(lease, None)

    async def renew(self, pairs: list[tuple[str, str]]) -> None:
        expiry = now() + LEASE_SECONDS
        for key, lease in pairs:
            if lease in self.sets.get(key, {}):
                self.sets[key][lease] = expiry


class _RedisLeases:
    def __init__(self, client: redis.asyncio.Redis) -> None:
        self.client = client
        self.script = client.register_script(_ACQUIRE)
        self.renew_script = client.register_script(_RENEW)

    async def acquire(self, key: str, lease: str, cap: int) -> bool:
        moment = now()
        added = await self.script(keys=[key], args=[moment, moment + LEASE_SECONDS, lease, cap])
        return bool(added)

    async def release(self, pairs: list[tuple[str, str]]) -> None:
        async with self.client.pipeline(transaction=False) as pipe:
            for key, lease in pairs:
                pipe.zrem(key, lease)
            await pipe.execute()

    async def renew(self, pairs: list[tuple[str, str]]) -> None:
        expiry = now() + LEASE_SECONDS
        for start in range(0, len(pairs), RENEW_BATCH):
            batch = pairs[start : start + RENEW_BATCH]
            await self.renew_script(
                keys=[key for key, _ in batch], args=[expiry, *(lease for _, lease in batch)]
            )


_memory_leases = _MemoryLeases()


@dataclass
class _LoopState:
    """redis.asyncio's connections belong to the loop that made them: one set a loop (the
    server's; a test's own)."""

    limiter: limits.aio.strategies.SlidingWindowCounterRateLimiter
    leases: _MemoryLeases | _RedisLeases


_loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopState] = (
    weakref.WeakKeyDictionary()
)


def loop_state() -> _LoopState:
    loop = asyncio.get_running_loop()
    state = _loops.get(loop)
    if state is None:
        if settings.REDIS_URL:
            client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
            storage = limits.aio.storage.RedisStorage(
                "async+" + settings.REDIS_URL,
                implementation="redispy",
                key_prefix=KEY_PREFIX,
                wrap_exceptions=True,
                # Passed on to redis-py's client, as limits documents; its annotation of the
                # options lists only scalars.
                connection_pool=client.connection_pool,  # type: ignore[arg-type]
            )
            state = _LoopState(
                limits.aio.strategies.SlidingWindowCounterRateLimiter(storage),
                _RedisLeases(client),
            )
        else:
            state = _LoopState(
                limits.aio.strategies.SlidingWindowCounterRateLimiter(
                    limits.aio.storage.MemoryStorage()
                ),
                _memory_leases,
            )
        _loops[loop] = state
    return state


def forget() -> None:
    """Forget this process's counts (tests; dominoes.limits.reset clears Redis)."""
    _memory_leases.sets.clear()
    _loops.clear()
