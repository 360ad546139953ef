"""The garbage collector seen from a server's latency: start-up's objects frozen, long pauses told.

A server process holds every open socket on one event loop, and a collection stops that loop
(and every thread) until it is done. CPython's oldest generation grows with everything the
process ever made, Django's start-up (settings, URLs, templates, translations) included, so a
full collection, which comes after enough of the young ones, walked all of it: at 1,000 tables on
one process it held the loop up to 346 ms (bench/RESULTS.md, issue 34). Objects made while
starting live as long as the process: :func:`freeze_start_up` moves them out of the collector's
reach, so that a full collection walks only what serving made. :func:`watch` logs any
collection longer than ``PAUSE_MS``: a latency spike with one of these beside it is the
collector's.

>>> pauses = _Pauses(threshold_ms=50.0)
>>> pauses.taken(generation=2, ms=120.0)
'a garbage collection (generation 2) held the process 120 ms'
>>> pauses.taken(generation=0, ms=1.0) is None
True
"""

from __future__ import annotations

import gc
import logging
import time
from typing import Any

logger = logging.getLogger(__name__)

#: A move's round trip is a few milliseconds; a pause past this is what players feel.
PAUSE_MS = 50.0


class _Pauses:
    def __init__(self, threshold_ms: float) -> None:
        self.threshold_ms = threshold_ms
        self.started = 0.0

    def callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
            return
        told = self.taken(
            generation=info["generation"], ms=(time.perf_counter() - self.started) * 1000
        )
        if told is not None:
            logger.warning(told)

    def taken(self, *, generation: int, ms: float) -> str | None:
        """What to log of a collection of ``generation`` that took ``ms``, if anything."""
        if ms < self.threshold_ms:
            return None
        return f"a garbage collection (generation {generation}) held the process {ms:.0f} ms"


_watching: _Pauses | None = None


def watch(threshold_ms: float = PAUSE_MS) -> None:
    """Log every collection of this process that takes ``threshold_ms`` or longer (once)."""
    global _watching
    if _watching is None:
        _watching = _Pauses(threshold_ms)
        gc.callbacks.append(_watching.callback)


def freeze_start_up() -> None:
    """What this process made so far lives as long as it: out of every later collection."""
    gc.collect()
    gc.freeze()
