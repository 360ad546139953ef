"""Announcing changes: the channel layer carries only "table T is now at version V".

Each connected consumer then loads the table and sends its own seat's view, so nothing secret
ever travels through the channel layer, and a lost announcement costs only a resync.
"""

import asyncio
import logging
import threading
from concurrent.futures import Future

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from games.server_loop import server_loop

logger = logging.getLogger(__name__)

CHANGED = "table.changed"
REMARK = "table.remark"
REVIEW = "table.review"
PUBLISH_TIMEOUT = 5.0


def group_name(public_id: str) -> str:
    return f"table-{public_id}"


def publish(public_id: str, version: int) -> None:
    """Tell everyone watching the table that it reached ``version`` (called after commit)."""
    announce(*_announcement(public_id, version))


def publish_remark(public_id: str, remark: dict[str, object]) -> None:
    """Tell everyone watching the table that ``remark`` was said (called after commit). The
    one message of the group that carries content: a phrase of games.phrases and a name, public
    to its audience, which each connection checks (a spectator's, to spectators only)."""
    announce(group_name(public_id), {"type": REMARK, "remark": remark})


def publish_review(public_id: str, *, hand: int, seat: int) -> None:
    """Tell the table that the coach stored ``seat``'s review of ``hand`` (called after
    commit). Only the numbers travel: the seat's own connection loads the review and checks
    that its player may see it now (games.coach.selectors)."""
    announce(group_name(public_id), {"type": REVIEW, "hand": hand, "seat": seat})


def announce(group: str, message: dict[str, object]) -> None:
    """Send ``message`` to the channel-layer ``group`` from synchronous code (after commit):
    the table's announcements and the notifications' bell share how. Never waits on the
    server's event loop: a server stopping (SIGTERM) stops its loop, which then never answers,
    and a job thread waiting on it (the coach's, a review just stored) kept the process from
    ever exiting, the process's exit joining that thread."""
    layer = get_channel_layer()
    loop = server_loop()
    if loop is not None:
        # From a thread of a server: sent by the server's own loop (its Redis connection, or
        # the in-memory layer's queues, which belong to it), without holding this thread (a
        # database thread) until it is sent. A lost announcement costs a late update, never
        # a wrong one: it is logged.
        sent = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
        sent.add_done_callback(_log_failure)
        return
    if isinstance(layer, InMemoryChannelLayer):
        # No server loop running here: a test's own thread, or a server that is stopping
        # (whose sockets are gone: nobody to tell). A loop of this call's own, never the
        # stopped server's, which would never answer.
        async_to_sync(layer.group_send, force_new_loop=True)(group, message)
        return
    # Elsewhere (a job in a worker, a command), one long-lived loop per process keeps one pool
    # of Redis connections, instead of a new loop and connection for every announcement.
    sending = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), _publisher_loop())
    try:
        sending.result(PUBLISH_TIMEOUT)
    except Exception:
        # Called after the commit: the change stands, and whoever asked for it gets their
        # answer; the pages catch up at the next announcement or when they reconnect.
        sending.cancel()
        logger.exception("announcing to %s failed", group)


async def apublish(public_id: str, version: int) -> None:
    """:func:`publish` from the server's event loop. A lost announcement costs a late update,
    never a wrong one (and never the change, committed already): it is logged."""
    try:
        await get_channel_layer().group_send(*_announcement(public_id, version))
    except Exception:
        logger.exception("announcing a table change failed")


def _announcement(public_id: str, version: int) -> tuple[str, dict[str, object]]:
    return group_name(public_id), {"type": CHANGED, "version": version}


def _log_failure(sent: Future) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        logger.error("announcing a table change failed", exc_info=sent.exception())


_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def _publisher_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _loop_lock:
        if _loop is None:
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="publisher", daemon=True).start()
        return _loop
