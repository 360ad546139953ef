"""The server's event loop, seen from one of its worker threads."""

import asyncio
import os

from asgiref.sync import SyncToAsync


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop of the server whose worker thread calls (None elsewhere: an RQ
    worker, a management command, a server that is stopping).

    Read from the mark asgiref's sync_to_async leaves in its threads (what async_to_sync
    itself reads) rather than by an async_to_sync round trip: a server shutting down
    (SIGTERM) has stopped its loop, which then never answers, and the thread waiting on it,
    which the process's exit joins, kept the process from ever exiting.
    """
    marks = SyncToAsync.threadlocal
    loop = getattr(marks, "main_event_loop", None)
    if loop is None or getattr(marks, "main_event_loop_pid", None) != os.getpid():
        return None
    return loop if loop.is_running() else None
