"""Database work from the server's event loop: most of it in a thread (:func:`in_database`);
the one statement of a move or a deal (games.live.writes) on the loop itself, over PostgreSQL
connections of the loop's own (:func:`loop_connection`).

Sent from a database thread, that statement costs more around it than in it: a hand-off to the
thread and back, the GIL passed between them while the loop is busy, and a Django connection
checked out of its pool and back. psycopg's async connection sends it from the loop that
received the move, which serves other sockets while PostgreSQL answers.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection


def in_database[**P, R](func: Callable[P, R]) -> Callable[P, Coroutine[Any, Any, R]]:
    """``func`` (database work) made awaitable. On PostgreSQL it runs on any thread of the
    server's pool rather than channels' single database thread: row locks already order the
    changes of one table, and the round trips of one move overlap with other tables' moves.
    SQLite (the embedded default) keeps the single thread: it has one writer at a time."""
    return database_sync_to_async(func, thread_sensitive=connection.vendor != "postgresql")


class _LoopConnections:
    """The connections of one event loop: at most ``size`` in use at once, kept open between
    uses (a new connection costs many statements: bench/RESULTS.md, "Measured by hand")."""

    def __init__(self, size: int) -> None:
        self.idle: list[psycopg.AsyncConnection] = []
        self.room = asyncio.Semaphore(size)


_pools: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopConnections] = (
    weakref.WeakKeyDictionary()
)
_pools_lock = threading.Lock()  # the server's loop, a test's, the publisher's: several threads


@asynccontextmanager
async def loop_connection() -> AsyncIterator[psycopg.AsyncConnection]:
    """An autocommit connection to Django's database for the running loop, back to its idle
    ones after the block; closed instead if the block failed in it (an error or a cancellation
    can leave it mid-statement). A lost connection raises psycopg.OperationalError."""
    loop = asyncio.get_running_loop()
    with _pools_lock:
        pool = _pools.get(loop)
        if pool is None:
            pool = _pools[loop] = _LoopConnections(settings.LOOP_DB_CONNECTIONS)
    async with pool.room:
        conn = pool.idle.pop() if pool.idle else await _connect()
        try:
            yield conn
        except BaseException:
            await conn.close()
            raise
        if not conn.closed:
            pool.idle.append(conn)


async def _connect() -> psycopg.AsyncConnection:
    # Django's own parameters (database, credentials, its adapters of dates and time zones),
    # with psycopg's default cursors: parameters sent apart from the text, and a statement
    # that repeats prepared by the server.
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("prepare_threshold", None)
    return await psycopg.AsyncConnection.connect(**params, autocommit=True)
