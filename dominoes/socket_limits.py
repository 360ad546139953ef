"""The sockets' limits (the table's and the bell's): how many may be open at once per person
and per address (:class:`Lease`, counted in Redis by :mod:`dominoes.lease_store`), the one
handshake both sockets use (:func:`admit_or_close`), and the message budget of an open socket
(:class:`TokenBucket`). How the site's limits count is told in :mod:`dominoes.limits`."""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import redis
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy

from dominoes import client_address, lease_store
from dominoes.limits import KEY_PREFIX, Refused

if TYPE_CHECKING:
    from channels.generic.websocket import AsyncWebsocketConsumer

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Lease:
    """A named count of things open at once, per person and per address."""

    name: str
    per_person: int
    per_address: int
    person_message: Any  # lazy, as a Rate's message
    address_message: Any


OPEN_SOCKETS = Lease(
    "open_sockets",
    per_person=20,
    per_address=100,
    person_message=gettext_lazy("Too many open tables in this browser: close some tabs."),
    address_message=gettext_lazy("Too many open tables from your network: close some tabs."),
)
#: The bell's sockets (one on every page a signed-in person has open): counted apart from the
#: tables', or twenty table tabs, each with its bell, would be refused at ten.
BELL_SOCKETS = Lease(
    "bell_sockets",
    per_person=20,
    per_address=100,
    person_message=gettext_lazy("Too many open pages in this browser: close some tabs."),
    address_message=gettext_lazy("Too many open pages from your network: close some tabs."),
)
#: A socket's close code past its lease: the page says so and tries again later.
CLOSE_TOO_MANY = 4429


#: The leases this process holds: socket id -> the sets its lease is in.
_held: dict[str, list[str]] = {}


async def admit_or_close(
    consumer: AsyncWebsocketConsumer,
    lease: Lease,
    *,
    language: str,
    identify: Callable[[], Awaitable[tuple[str | None, str]]],
) -> bool:
    """A socket's handshake under ``lease``: its address is admitted first (a flood from one
    client is refused before any database work), then ``identify()`` says whose it is (the
    :func:`person_key` and their language) and the person is admitted. Past either, False:
    the socket was told why in the player's words and closed with :data:`CLOSE_TOO_MANY`.
    ``language``: the handshake's, until ``identify`` reads the person's."""
    socket_id = consumer.channel_name
    try:
        await admit_socket(socket_id, lease, address=client_address.of_scope(consumer.scope))
        person, language = await identify()
        await admit_socket(socket_id, lease, person=person)
    except Refused as refused:
        await release_socket(socket_id)
        # Accepted to be told why: a socket closed before it is accepted reaches the page as a
        # failed handshake, without a code or words.
        await consumer.accept()
        with translation.override(language):
            message = str(refused.message)
        await consumer.send(
            text_data=json.dumps({"type": "error", "message": message, "version": -1})
        )
        await consumer.close(code=CLOSE_TOO_MANY)
        return False
    return True


async def admit_socket(
    socket_id: str, lease: Lease, *, address: str | None = None, person: str | None = None
) -> None:
    """Count the socket ``socket_id`` as open under ``lease`` for ``address`` and/or
    ``person``, or raise Refused (what this call took is given back). Call
    :func:`release_socket` when it closes."""
    leases = lease_store.loop_state().leases
    wanted = []
    if address is not None:
        wanted.append((f"address:{address}", _cap(lease, "ADDRESS"), lease.address_message))
    if person is not None:
        wanted.append((person, _cap(lease, "PERSON"), lease.person_message))
    taken: list[tuple[str, str]] = []
    for scope, cap, message in wanted:
        key = f"{KEY_PREFIX}:{lease.name}:{scope}"
        try:
            admitted = await leases.acquire(key, socket_id, cap)
        except redis.RedisError:
            logger.warning("open sockets not counted: Redis unavailable")
            continue
        if not admitted:
            await _quietly(leases.release(taken))
            raise Refused(message, math.ceil(lease_store.LEASE_RENEW_SECONDS))
        taken.append((key, socket_id))
    if taken:
        _held.setdefault(socket_id, []).extend(key for key, _ in taken)
        _keep_renewing()


async def release_socket(socket_id: str) -> None:
    """The socket closed: its leases are free at once (a second call does nothing)."""
    keys = _held.pop(socket_id, [])
    if keys:
        await _quietly(lease_store.loop_state().leases.release([(key, socket_id) for key in keys]))


def _cap(lease: Lease, kind: str) -> int:
    default = lease.per_person if kind == "PERSON" else lease.per_address
    return getattr(settings, f"{lease.name.upper()}_PER_{kind}", default)


async def _quietly(call: Any) -> None:
    try:
        await call
    except redis.RedisError:
        logger.warning("open sockets: a release or renewal failed (the leases expire)")


_renewers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Task[None]] = (
    weakref.WeakKeyDictionary()
)


def _keep_renewing() -> None:
    loop = asyncio.get_running_loop()
    task = _renewers.get(loop)
    if task is None or task.done():
        _renewers[loop] = loop.create_task(_renew())


async def _renew() -> None:
    while _held:
        await asyncio.sleep(lease_store.LEASE_RENEW_SECONDS)
        pairs = [(key, lease) for lease, keys in _held.items() for key in keys]
        await _quietly(lease_store.loop_state().leases.renew(pairs))


def forget() -> None:
    """Forget the leases this process holds (tests: :func:`dominoes.limits.reset` clears Redis)."""
    _held.clear()


class TokenBucket:
    """A message budget that refills with time: enough for any person, not for a flood."""

    def __init__(
        self, burst: int, per_second: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst, self.per_second, self.clock = burst, per_second, clock
        self.tokens, self.stamp = float(burst), clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.per_second)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
