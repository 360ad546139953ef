"""Keeping the table sockets of this process in their groups when Redis restarts.

Group memberships live in Redis only. A Redis that comes back empty (restarted, failed over,
flushed) leaves the consumers still connected in no group: their pages, open and "connected",
never hear of another move. A consumer fails by itself only when its own read from Redis does
(while Redis is down, one after the other); once Redis is back, the others wait on in silence.

So each process checks that its memberships still exist: a channel of its own joins a
group once, and every ``CHECK_SECONDS`` the process asks Redis whether that membership is still
there. Gone (Redis lost its groups) or unanswerable (Redis is down): every table socket of the
process is closed (:data:`CLOSE_SERVICE_RESTART`), and the pages reconnect by themselves, join
their groups again and ask for the state, so they catch up on what they missed. The check asks
Redis directly instead of timing a ping through the group: a process that is merely slow under
load must never send all its pages reconnecting at once (that storm is what overload would
least need).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
import weakref
from typing import Protocol

from channels.layers import get_channel_layer
from channels_redis.core import RedisChannelLayer

logger = logging.getLogger(__name__)

#: How often the process checks: a deaf page is found within about two of these.
CHECK_SECONDS = 3.0
#: "Service restart" (1012) in the application's range: daphne (autobahn) refuses to send any
#: close code but 1000 and 3000-4999. The page reconnects on any code but 4403 and 4404.
CLOSE_SERVICE_RESTART = 4012


class Closable(Protocol):
    async def close(self, code: int | None = None) -> None: ...


#: Weak: a consumer that crashed (its Redis read failed) never says it left.
_sockets: weakref.WeakSet[Closable] = weakref.WeakSet()
_watch: asyncio.Task | None = None


def joined(consumer: Closable) -> None:
    """A table socket of this process joined its group: watch that the group lasts."""
    global _watch
    _sockets.add(consumer)
    loop = asyncio.get_running_loop()
    if _watch is None or _watch.done() or _watch.get_loop() is not loop:
        _watch = loop.create_task(_keep_hearing())


def left(consumer: Closable) -> None:
    """The socket closed."""
    _sockets.discard(consumer)
    if not _sockets and _watch is not None:
        _watch.cancel()


async def _keep_hearing() -> None:
    layer = get_channel_layer()
    if not isinstance(layer, RedisChannelLayer):
        return  # in memory, groups last as long as the process and its sockets
    channel = group = None
    while True:
        try:
            if channel is None:
                # At once: a membership lost before this one joined would go unnoticed.
                channel, group = await layer.new_channel(), f"membership-{uuid.uuid4().hex}"
                await layer.group_add(group, channel)
                deaf = False
            else:
                deaf = not await _still_member(layer, group, channel)
        except Exception:  # Redis is unreachable: no doubt there
            logger.warning("the channel layer failed", exc_info=True)
            deaf = True
        if deaf:
            # Every socket reconnects (and joins again); so does the check's own channel.
            channel = None
            logger.warning("group memberships lost: closing %d table sockets", len(_sockets))
            for consumer in list(_sockets):
                try:
                    await consumer.close(code=CLOSE_SERVICE_RESTART)
                except Exception:  # already gone
                    logger.warning("closing a table socket failed", exc_info=True)
        await asyncio.sleep(CHECK_SECONDS)


async def _still_member(layer: RedisChannelLayer, group: str, channel: str) -> bool:
    """Whether Redis still holds ``channel`` in ``group`` (channels-redis keeps a group as a
    sorted set of its channels at ``_group_key(group)``; the lock file pins that version)."""
    connection = layer.connection(layer.consistent_hash(group))
    return await connection.zscore(layer._group_key(group), channel) is not None
