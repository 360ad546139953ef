"""Password hashing with a bound per process: a flood of bogus sign-ins cannot take every core.

A password hash costs about a second of one core, by design. Without a bound, a flood of
wrong passwords hashes on as many threads and every page waits for the cores
(bench/README.md, `login_flood.py`). Here at most ``PASSWORD_HASHING_CONCURRENCY`` hashes run
at once in a process; a hash that cannot start within ``PASSWORD_HASHING_WAIT_SECONDS`` raises
:class:`HashingBusy`, which the site answers with "busy, try again" (``accounts.middleware``)
instead of a queue without end. Sign-in attempts are also counted per address before any hashing
(``accounts.sign_in_limits``), so one client fills only its own share of the queue.

Every hash and check of these hashers goes through ``encode`` (``verify`` and
``harden_runtime`` call it, and so does Django's dummy hash for an unknown account), so that is
the one place bounded; wrapping ``verify`` as well would take two slots for one check.
"""

import threading
from collections.abc import Iterator
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


class BoundedHashingMixin:
    """Put before a Django hasher whose every hash goes through ``encode``."""

    def encode(self, password, salt, *args, **kwargs):
        with hashing_slot():
            return super().encode(password, salt, *args, **kwargs)


class BoundedPBKDF2PasswordHasher(BoundedHashingMixin, hashers.PBKDF2PasswordHasher):
    """Django's default (``pbkdf2_sha256``): the stored hashes stay valid."""


class BoundedPBKDF2SHA1PasswordHasher(BoundedHashingMixin, hashers.PBKDF2SHA1PasswordHasher):
    pass
