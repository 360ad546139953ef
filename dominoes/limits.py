"""Limits one client cannot break, and a real player never meets: every named limit of the site
(tables created, hints, joins, remarks, record imports, the corporate contact form, a
tournament host's invitations and notices, open sockets) and how each one counts.

Each limit counts twice: per person (an account, or a guest by the guest token of their
browser session: :func:`person_key`) and per client address (:mod:`dominoes.client_address`,
which trusts only the site's own proxies). The address budgets are larger: a school or an
office shares one address.

Two kinds of limit:

- **Rates** (:class:`Rate`): how often something may be done, e.g. "10/minute;60/hour". They
  are counted by the `limits` library (PyPI ``limits``, well kept, with the same API from
  threads and from the event loop) with its sliding window counter: two counters a key
  whatever the rate, atomic in Redis through its own Lua scripts. With ``REDIS_URL`` set every
  server process shares the counts in Redis; on the embedded default (one process) they are
  kept in memory. Django's cache could count too, but only by fixed windows and with a race
  between reading and adding, and it has no asyncio API for the table's socket.
- **Leases** (:mod:`dominoes.socket_limits`, for the sockets): how many sockets are open at
  once. A count that a crashed process would leave high for ever is no limit a player can
  trust, so each socket holds a lease: its id in a Redis sorted set (one a person, one an
  address) scored by its expiry,
  renewed every ``LEASE_RENEW_SECONDS`` by the process holding it and dropped when it closes.
  A crashed process's sockets expire by themselves within ``LEASE_SECONDS``. `limits` has no
  such thing; the check and the add are one small Lua script (both kept by
  :mod:`dominoes.lease_store`, with the rates' counts).

Past a limit, :class:`Refused` carries the player's words and the seconds to wait; HTTP
answers it with a 429 page (:class:`TooManyRequestsMiddleware`), every socket (the table's,
the bell's) with an error message and close code 4429
(:func:`dominoes.socket_limits.admit_or_close`, the one handshake both use). When Redis cannot
be reached, a limit lets the request through (logged): the limits stop floods, they must not
stop the site.

Rates are settings-overridable by name (``RATE_LIMITS = {"hints": {"per_person": "5/minute"}}``)
and a lease's caps by its name (``OPEN_SOCKETS_PER_PERSON``, ``BELL_SOCKETS_PER_ADDRESS``...).
"""

from __future__ import annotations

import hashlib
import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import limits
import limits.aio.storage
import limits.aio.strategies
import limits.errors
import limits.storage
import limits.strategies
import redis
import redis.asyncio
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy

from dominoes import client_address, lease_store

if TYPE_CHECKING:
    from accounts.players import Player

logger = logging.getLogger(__name__)

KEY_PREFIX = lease_store.KEY_PREFIX


@dataclass(frozen=True, slots=True)
class Rate:
    """A named rate: ``per_person`` and ``per_address`` in `limits`' notation, and what a
    player is told past it."""

    name: str
    per_person: str
    per_address: str
    message: Any  # lazy: said in the language of whoever is refused


TABLES_CREATED = Rate(
    "tables_created",
    per_person="10/minute;60/hour",
    per_address="30/minute;300/hour",
    message=gettext_lazy(
        "You have started many tables in a short time: wait a minute before another."
    ),
)
JOINS = Rate(
    "joins",
    per_person="10/minute;60/hour",
    per_address="30/minute;300/hour",
    message=gettext_lazy(
        "You have joined many tables in a short time: wait a minute before another."
    ),
)
#: A hint a turn is at most a few a minute, even against the fastest computer.
HINTS = Rate(
    "hints",
    per_person="30/minute;600/hour",
    per_address="120/minute;2400/hour",
    message=gettext_lazy("You have asked for many hints in a short time: wait a minute."),
)
IMPORTS = Rate(
    "imports",
    per_person="10/minute;60/hour",
    per_address="30/minute;300/hour",
    message=gettext_lazy(
        "You have opened many record files in a short time: wait a minute before another."
    ),
)
CONTACT = Rate(
    "contact",
    per_person="3/hour;10/day",
    per_address="10/hour;30/day",
    message=gettext_lazy("We have your messages already: wait an hour before sending another."),
)


#: Phrases and reactions at a table (games.services.remarks): a few a minute in a lively game;
#: enough to cheer, not to fill the others' screens.
REMARKS = Rate(
    "remarks",
    per_person="12/minute;200/hour",
    per_address="60/minute;1200/hour",
    message=gettext_lazy("You have said a lot in a short time: wait a minute before the next."),
)


#: A tournament host's invitations, each address invited counting once (each is an email): a
#: corporate host invites a hundred players in one go, not a stranger's inbox list every hour.
#: (How many a tournament may hold at once is its plan's: tournaments.services.entrants.)
INVITATIONS = Rate(
    "invitations",
    per_person="100/hour;300/day",
    per_address="300/hour;900/day",
    message=gettext_lazy(
        "You have invited many players in a short time: wait an hour before inviting more."
    ),
)
#: A host's notices, each emailed to every entrant: one a round or so, not a stream.
NOTICES = Rate(
    "notices",
    per_person="3/hour;10/day",
    per_address="10/hour;30/day",
    message=gettext_lazy(
        "You have sent several notices in a short time: wait an hour before the next."
    ),
)


class Refused(Exception):
    """Past a limit: ``message`` is for the player (lazy: ``str()`` it in their language),
    ``retry_after`` the seconds to wait."""

    def __init__(self, message: Any, retry_after: int) -> None:
        super().__init__(message)
        self.message, self.retry_after = message, retry_after


def person_key(player: Player) -> str | None:
    """Whom a person's budget belongs to: the account, else the guest token (None: neither,
    a visitor without a session, counted by address alone). The token lets its holder act as
    the guest, so Redis keeps a digest of it, never the token."""
    if player.user_id is not None:
        return f"user:{player.user_id}"
    if player.session_key:
        return "guest:" + hashlib.sha256(player.session_key.encode()).hexdigest()[:32]
    return None


# --- rates ----------------------------------------------------------------------------------
def check(rate: Rate, *, person: str | None, address: str, cost: int = 1) -> None:
    """Count ``cost`` more of ``rate`` (one, or e.g. the addresses one form invites) for
    ``person`` and ``address``, or raise Refused (from a thread: a view, a service)."""
    limiter = _sync_limiter()
    for item, key in _counted(rate, person, address):
        try:
            allowed = limiter.hit(item, rate.name, key, cost=cost)
        except limits.errors.StorageError:
            logger.warning("rate limit %s not counted: storage unavailable", rate.name)
            return
        if not allowed:
            raise Refused(rate.message, _wait(limiter.get_window_stats(item, rate.name, key)))


def check_request(rate: Rate, request: HttpRequest) -> None:
    """:func:`check` for whoever sends ``request`` (an account, a guest with a session, or by
    address alone), before anything is stored: a refused request starts no session."""
    from accounts.guests import player_for  # accounts' models need the app registry

    check(
        rate,
        person=person_key(player_for(request.user, request.session)),
        address=client_address.of_request(request),
    )


async def acheck(rate: Rate, *, person: str | None, address: str) -> None:
    """:func:`check` from the event loop (the table's socket)."""
    limiter = lease_store.loop_state().limiter
    for item, key in _counted(rate, person, address):
        try:
            allowed = await limiter.hit(item, rate.name, key)
        except limits.errors.StorageError:
            logger.warning("rate limit %s not counted: storage unavailable", rate.name)
            return
        if not allowed:
            stats = await limiter.get_window_stats(item, rate.name, key)
            raise Refused(rate.message, _wait(stats))


def _counted(rate: Rate, person: str | None, address: str) -> list[tuple[Any, str]]:
    overrides = getattr(settings, "RATE_LIMITS", {}).get(rate.name, {})
    per_address = _parsed(overrides.get("per_address", rate.per_address))
    counted = [(item, f"address:{address}") for item in per_address]
    if person is not None:
        per_person = _parsed(overrides.get("per_person", rate.per_person))
        counted = [(item, person) for item in per_person] + counted
    return counted


@cache
def _parsed(text: str) -> list[Any]:
    return limits.parse_many(text)


def _wait(stats: limits.WindowStats) -> int:
    return max(1, math.ceil(stats.reset_time - time.time()))


_sync_lock = threading.Lock()
_sync: limits.strategies.SlidingWindowCounterRateLimiter | None = None


def _sync_limiter() -> limits.strategies.SlidingWindowCounterRateLimiter:
    global _sync
    with _sync_lock:
        if _sync is None:
            storage: limits.storage.Storage
            if settings.REDIS_URL:
                storage = limits.storage.RedisStorage(
                    settings.REDIS_URL, key_prefix=KEY_PREFIX, wrap_exceptions=True
                )
            else:
                storage = limits.storage.MemoryStorage()
            _sync = limits.strategies.SlidingWindowCounterRateLimiter(storage)
        return _sync


def reset() -> None:
    """Forget every count (tests)."""
    from dominoes import socket_limits  # which imports this module

    global _sync
    socket_limits.forget()
    with _sync_lock:
        _sync = None
    lease_store.forget()
    if settings.REDIS_URL:
        client = redis.Redis.from_url(settings.REDIS_URL)
        keys = list(client.scan_iter(f"{KEY_PREFIX}*", count=1000))
        if keys:
            client.delete(*keys)
        client.close()


# --- HTTP -----------------------------------------------------------------------------------
class TooManyRequestsMiddleware:
    """A view that raised Refused answers 429, in the site's style, with Retry-After."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, Refused):
            return None
        page = render_to_string("429.html", {"message": exception.message}, request=request)
        response = HttpResponse(page, status=429)
        response["Retry-After"] = str(exception.retry_after)
        return response
