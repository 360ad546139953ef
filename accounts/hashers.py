"""Password hashing with a bound per process: a flood of bogus sign-ins cannot take every core.

A password hash costs about a second of one core, by design. Without a bound, a flood of
wrong passwords hashes on as many threads and every page waits for the cores
(bench/RESULTS.md, `login_flood.py`). Here at most ``PASSWORD_HASHING_CONCURRENCY`` hashes run
at once in a process; a hash that cannot start within ``PASSWORD_HASHING_WAIT_SECONDS`` raises
:class:`HashingBusy`, which the site answers with "busy, try again" (``accounts.middleware``)
instead of a queue without end. Each hash runs on a thread of the lowest priority, so the
process's pages and moves are served first. Sign-in attempts are also counted per address
before any hashing (``accounts.sign_in_limits``), so one client fills only its own share of
the queue.

Every hash and check of these hashers goes through ``encode`` (``verify`` and
``harden_runtime`` call it, and so does Django's dummy hash for an unknown account), so that is
the one place bounded; wrapping ``verify`` as well would take two slots for one check.
"""

import contextlib
import os
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from functools import cache

from django.conf import settings
from django.contrib.auth import hashers


class HashingBusy(Exception):
    """Every password hashing slot of this process stayed busy for the whole wait."""


@cache
def _slots(concurrency: int) -> threading.BoundedSemaphore:
    return threading.BoundedSemaphore(concurrency)


@contextmanager
def hashing_slot() -> Iterator[None]:
    """Hold one of the process's hashing slots, or raise HashingBusy after the wait."""
    slots = _slots(settings.PASSWORD_HASHING_CONCURRENCY)
    if not slots.acquire(timeout=settings.PASSWORD_HASHING_WAIT_SECONDS):
        raise HashingBusy
    try:
        yield
    finally:
        slots.release()


#: The nice value of the threads that hash: the lowest priority, so that pages and moves, on
#: threads of normal priority, are served first while a flood of sign-ins hashes behind them,
#: and hashes run at full speed whenever the cores are free.
HASHING_NICE = 19


def _lower_this_threads_priority() -> None:
    # Linux keeps a nice value per thread (setpriority on its thread id); elsewhere, or where
    # it is refused, the hashes simply keep the process's priority.
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASHING_NICE)


@cache
def _hashing_threads(concurrency: int) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(
        max_workers=concurrency,
        thread_name_prefix="password-hashing",
        initializer=_lower_this_threads_priority,
    )


class BoundedHashingMixin:
    """Put before a Django hasher whose every hash goes through ``encode``: it runs on one of
    the process's low-priority hashing threads, once a slot is free."""

    def encode(self, password, salt, *args, **kwargs):
        with hashing_slot():
            hashing = _hashing_threads(settings.PASSWORD_HASHING_CONCURRENCY)
            return hashing.submit(super().encode, password, salt, *args, **kwargs).result()


class BoundedPBKDF2PasswordHasher(BoundedHashingMixin, hashers.PBKDF2PasswordHasher):
    """Django's default (``pbkdf2_sha256``): the stored hashes stay valid."""


class BoundedPBKDF2SHA1PasswordHasher(BoundedHashingMixin, hashers.PBKDF2SHA1PasswordHasher):
    pass
