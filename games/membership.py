"""Keeping the table sockets of this process in their groups when Redis restarts.

Group memberships live in Redis only. A Redis that comes back empty (restarted, failed over,
flushed) leaves the consumers still connected in no group: their pages, open and "connected",
never hear of another move. A consumer fails by itself only when its own read from Redis does
(while Redis is down, one after the other); once Redis is back, the others wait on in silence.

So each process checks that it can still hear itself: a channel of its own joins an echo group
once, and every ``ECHO_SECONDS`` a ping is sent to that group. Pings that do not come back
(``ECHO_MISSES`` in a row: the membership is gone) or cannot be sent (Redis is down) close
every table socket of the process (:data:`CLOSE_SERVICE_RESTART`): the pages reconnect by
themselves, join their groups again and ask for the state, so they catch up on what they
missed.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
import weakref
from typing import Protocol

from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

#: How often the process checks.
ECHO_SECONDS = 3.0
#: A ping slower than this is missed; ``ECHO_MISSES`` missed in a row are taken for deafness
#: (one slow ping of a busy process must not send every page of it reconnecting at once). A
#: deaf page is so found within ``(ECHO_SECONDS + ECHO_TIMEOUT) * ECHO_MISSES``.
ECHO_TIMEOUT = 3.0
ECHO_MISSES = 2
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
    channel = group = None
    misses = 0
    while True:
        try:
            if channel is None:
                # At once: a membership lost before the echo's own joined would go unnoticed.
                channel, group = await layer.new_channel(), f"echo-{uuid.uuid4().hex}"
                await layer.group_add(group, channel)
                misses = 0
            elif await _echoes(layer, group, channel):
                misses = 0
            else:
                misses += 1
        except Exception:  # Redis is unreachable: no doubt there
            logger.warning("the channel layer failed", exc_info=True)
            misses = ECHO_MISSES
        if misses >= ECHO_MISSES:
            # Deaf: every socket reconnects (and joins again); so does the echo channel.
            channel = None
            logger.warning("group memberships lost: closing %d table sockets", len(_sockets))
            for consumer in list(_sockets):
                try:
                    await consumer.close(code=CLOSE_SERVICE_RESTART)
                except Exception:  # already gone
                    logger.warning("closing a table socket failed", exc_info=True)
        await asyncio.sleep(ECHO_SECONDS)


async def _echoes(layer, group: str, channel: str) -> bool:
    """Whether a ping sent to the group comes back on the channel in time."""
    nonce = uuid.uuid4().hex
    await layer.group_send(group, {"type": "echo", "nonce": nonce})
    try:
        async with asyncio.timeout(ECHO_TIMEOUT):
            while (await layer.receive(channel)).get("nonce") != nonce:
                pass  # an older ping that came late
    except TimeoutError:
        return False
    return True
