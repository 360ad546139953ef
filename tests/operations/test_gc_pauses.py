"""The server's garbage collector: start-up's objects out of every collection, long pauses told
in the log (dominoes.gc_pauses)."""

import gc
import logging

from dominoes import gc_pauses


def test_the_server_freezes_what_its_start_up_made():
    import dominoes.asgi  # noqa: F401  (the server's module: builds the application)

    assert gc.get_freeze_count() > 10_000


def test_a_collection_past_the_threshold_is_told_in_the_log(caplog):
    pauses = gc_pauses._Pauses(threshold_ms=0.0)
    gc.callbacks.append(pauses.callback)
    try:
        with caplog.at_level(logging.WARNING, logger="dominoes.gc_pauses"):
            gc.collect(2)
    finally:
        gc.callbacks.remove(pauses.callback)
    # The server's own watch (50 ms) may tell this collection too, in the same words.
    told = [r.getMessage() for r in caplog.records if r.name == "dominoes.gc_pauses"]
    assert told and all(
        message.startswith("a garbage collection (generation 2) held the process ")
        for message in told
    )
