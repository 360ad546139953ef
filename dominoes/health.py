"""``/healthz``: whether this process can reach what it needs (PostgreSQL, and Redis when the
site is configured with it), for load balancers and uptime checks.

Answered by a middleware placed before Django's host check and HTTPS redirect: a load
balancer probes each instance by its address over plain HTTP. No authentication, and nothing
secret in the answer: only "ok" or "unavailable" per dependency (the reason goes to the log).
"""

import functools
import json
import logging
from collections.abc import Callable

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse

logger = logging.getLogger(__name__)

PATH = "/healthz"
#: Seconds a dependency may take to answer before it counts as down.
TIMEOUT_SECONDS = 2.0


def check_database() -> None:
    """Raise unless the default database answers a query (on a connection of the pool,
    ``DB_POOL``, which the request gives back when it ends)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_redis() -> None:
    """Raise unless Redis (channel layer, job queues, cache) answers a ping."""
    _redis_client(settings.REDIS_URL).ping()


@functools.cache
def _redis_client(url: str):
    """One client a process, whose pool keeps its connection from probe to probe: a new
    connection per probe left a socket in TIME-WAIT each time (2,851 after 3,000 probes). A
    pooled connection that a restarted Redis left dead is tried once more on a new one, at
    once, so a restart is no false alarm and a Redis that is down still fails within
    ``TIMEOUT_SECONDS``."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    return redis.Redis.from_url(
        url,
        socket_timeout=TIMEOUT_SECONDS,
        socket_connect_timeout=TIMEOUT_SECONDS,
        retry=Retry(NoBackoff(), 1),
    )


def checks() -> dict[str, Callable[[], None]]:
    """The dependencies of this deployment, by name."""
    found = {"database": check_database}
    if settings.REDIS_URL:
        found["redis"] = check_redis
    return found


def health() -> tuple[int, dict[str, object]]:
    """The status code and body of the health answer: 200 when every dependency answers."""
    results = {}
    for name, check in checks().items():
        try:
            check()
        except Exception:
            # Any failure means "down"; the log keeps the reason, the answer stays bare.
            logger.exception("Health check: %s is unavailable", name)
            results[name] = "unavailable"
        else:
            results[name] = "ok"
    healthy = all(result == "ok" for result in results.values())
    return (200 if healthy else 503), {"status": "ok" if healthy else "unavailable", **results}


class HealthCheckMiddleware:
    """Answer ``GET /healthz`` (and ``HEAD``) before any other middleware sees the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path not in (PATH, PATH + "/"):
            return self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            return HttpResponse(status=405, headers={"Allow": "GET, HEAD"})
        status, body = health()
        return HttpResponse(
            json.dumps(body),
            status=status,
            content_type="application/json",
            headers={"Cache-Control": "no-store"},
        )
