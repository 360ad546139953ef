"""A lost announcement costs a few seconds, not the game.

An announcement travels once, through Redis (games.live.events): one published while Redis restarts,
or while this process's subscription reconnects, reaches nobody, and the player who waits for
the other's move would wait for ever (the mover's page asks again after its own timeout, the
others have nothing to ask about). So each server process reads, every ``EVERY_SECONDS`` while
any table socket is open, the version of every table it serves, in one query, and brings up to
it each socket still behind a version the table already had at the sweep before: the database is
the truth, the announcements only make it fast. A change newer than that may still have its
announcement on the way (milliseconds, under load at almost every sweep): it waits a sweep, so
that a socket is caught up, and logged, only when its announcement was lost.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from typing import Protocol

from games import selectors
from games.live.async_db import in_database
from games.live.events import CHANGED

logger = logging.getLogger(__name__)

#: Far above an announcement's usual delay (milliseconds); a lost one is made good within two
#: of these, short enough that a player does not take the pause for a hang.
EVERY_SECONDS = 2.0


class Watcher(Protocol):
    """A table's socket as the sweep sees it (games.live.consumers.TableConsumer)."""

    public_id: str
    sent_version: int

    async def table_changed(self, event: dict[str, object]) -> None: ...


_watchers: defaultdict[str, set[Watcher]] = defaultdict(set)
_sweep: asyncio.Task[None] | None = None
#: Each watched table's version at the last sweep.
_swept: dict[str, int] = {}


def watch(watcher: Watcher) -> None:
    """``watcher`` serves its table from this process: keep it caught up."""
    _watchers[watcher.public_id].add(watcher)
    global _sweep
    loop = asyncio.get_running_loop()
    if _sweep is None or _sweep.done() or _sweep.get_loop() is not loop:
        _sweep = loop.create_task(_sweep_forever())


def unwatch(watcher: Watcher) -> None:
    """``watcher``'s socket closed (or failed before it knew its table)."""
    watching = _watchers.get(getattr(watcher, "public_id", ""))
    if watching is None:
        return
    watching.discard(watcher)
    if not watching:
        del _watchers[watcher.public_id]
    if not _watchers and _sweep is not None:
        _sweep.cancel()


async def sweep() -> int:
    """Bring every socket still behind its table's version at the last sweep up to the version
    it has now; how many were behind."""
    global _swept
    versions = await in_database(selectors.table_versions)(public_ids=list(_watchers))
    behind = [
        (watcher, versions[public_id])
        for public_id, watching in list(_watchers.items())
        if public_id in versions
        for watcher in list(watching)
        if watcher.sent_version < _swept.get(public_id, -1)
    ]
    _swept = versions
    # The announcement that was lost, as it would have come: each socket sends its seat's view
    # of that version, or nothing if it was sent meanwhile.
    results = await asyncio.gather(
        *(watcher.table_changed({"type": CHANGED, "version": v}) for watcher, v in behind),
        return_exceptions=True,
    )
    for failure in results:
        if failure is not None:  # a socket closing meanwhile, say: the others are caught up
            logger.warning("catching up a table socket failed", exc_info=failure)
    if behind:
        logger.warning("%d table sockets missed an announcement: caught up", len(behind))
    return len(behind)


async def _sweep_forever() -> None:
    while True:
        await asyncio.sleep(EVERY_SECONDS)
        try:
            await sweep()
        except Exception:  # a database that does not answer: the next sweep tries again
            logger.exception("catching up the table sockets failed")
