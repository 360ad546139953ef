"""Sending to a channel-layer group from synchronous code (after a commit): the tables'
announcements (games.live.events) and the notifications' bell share how."""

import asyncio
import logging
import threading
from concurrent.futures import Future

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, InMemoryChannelLayer, get_channel_layer

from dominoes.server_loop import server_loop

logger = logging.getLogger(__name__)

PUBLISH_TIMEOUT = 5.0


def broadcast(group: str, message: dict[str, object]) -> None:
    """Send ``message`` to the channel-layer ``group`` from synchronous code (after commit):
    the table's announcements and the notifications' bell share how. Never waits on the
    server's event loop: a server stopping (SIGTERM) stops its loop, which then never answers,
    and a job thread waiting on it (the coach's, a review just stored) kept the process from
    ever exiting, the process's exit joining that thread."""
    layer = channel_layer()
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


def channel_layer() -> BaseChannelLayer:
    """The site's channel layer (CHANNEL_LAYERS always names a default one)."""
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("settings.CHANNEL_LAYERS names no default channel layer")
    return layer


def _log_failure(sent: Future[None]) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        logger.error("announcing to a group failed", exc_info=sent.exception())


_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def _publisher_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _loop_lock:
        if _loop is None:
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="publisher", daemon=True).start()
        return _loop
