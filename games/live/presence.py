"""Who has the table open, across every server process, kept in the database.

Each process counts its own sockets per seat and, while any is open, refreshes those seats'
``seen_at`` every ``HEARTBEAT_SECONDS``. A person not seen for the rejoin grace is gone,
whichever process served them: the sockets of a process that crashed (and never said goodbye)
expire by themselves instead of keeping their seats "connected" for ever.
"""

import asyncio
import logging
from collections import Counter

from channels.db import database_sync_to_async

from games import services

logger = logging.getLogger(__name__)

#: Well inside the rejoin grace (services.REJOIN_GRACE_SECONDS): a connected person is never
#: taken for gone.
HEARTBEAT_SECONDS = 20.0

_sockets: Counter[int] = Counter()
_heartbeat: asyncio.Task[None] | None = None


def opened(seat_id: int) -> None:
    """A socket of the seat's person opened in this process."""
    _sockets[seat_id] += 1
    _keep_beating()


def closed(seat_id: int) -> bool:
    """A socket of the seat's person closed; True when it was this process's last one."""
    _sockets[seat_id] -= 1
    if _sockets[seat_id] > 0:
        return False
    del _sockets[seat_id]
    if not _sockets and _heartbeat is not None:
        _heartbeat.cancel()
    return True


def _keep_beating() -> None:
    global _heartbeat
    loop = asyncio.get_running_loop()
    if _heartbeat is None or _heartbeat.done() or _heartbeat.get_loop() is not loop:
        _heartbeat = loop.create_task(_beat())


async def _beat() -> None:
    seen = database_sync_to_async(services.seats_seen, thread_sensitive=False)
    while True:
        await asyncio.sleep(HEARTBEAT_SECONDS)
        try:
            await seen(seat_ids=list(_sockets))
        except Exception:  # the next beat tries again; the grace is six beats long
            logger.exception("presence heartbeat failed")
