"""Site-wide test setup. (Engine fixtures belong in tests/games/engine/conftest.py.)

Integration tests are marked ``@pytest.mark.integration`` (optionally
``@pytest.mark.integration(services=["redis"])``) and use the real PostgreSQL and Redis named
by DATABASE_URL and REDIS_URL (``make test`` sets local defaults). When a service is missing:
under CI=true the whole run stops with the reason; elsewhere those tests are skipped, with it.
"""

import os

import pytest
from browser_support import (  # noqa: F401  (fixtures)
    browser,
    mailbox,
    page,
    phone,
    server,
    site,
    spare_site,
)
from django.conf import settings
from odd_values_support import errors_logged, site_objects  # noqa: F401  (the odd values' tests')
from proxy_support import deployment, running_deployment  # noqa: F401  (the proxy's tests')
from run_order import long_files_first
from seeded_deals import seeded
from stripe_support import (  # noqa: F401  (fixtures of the billing tests)
    localstripe,
    localstripe_server,
    recorder,
    stripe_settings,
    stripe_site,
)

from service_probe import postgres_problem, redis_problem, running_in_ci

ALL_SERVICES = ("postgres", "redis")


def service_problems() -> dict[str, str]:
    """Map each unusable service to the reason, for the services the tests need."""
    problems = {}
    database_url = os.environ.get("DATABASE_URL", "")
    engine = settings.DATABASES["default"]["ENGINE"]
    if not database_url:
        problems["postgres"] = "DATABASE_URL is not set (the tests use SQLite)"
    elif engine != "django.db.backends.postgresql":
        problems["postgres"] = f"DATABASE_URL does not name PostgreSQL (the tests use {engine})"
    elif problem := postgres_problem(database_url):
        problems["postgres"] = problem
    redis_url = os.environ.get("REDIS_URL", "")
    if not redis_url:
        problems["redis"] = "REDIS_URL is not set (the tests use the in-memory channel layer)"
    elif problem := redis_problem(redis_url):
        problems["redis"] = problem
    return problems


def pytest_collection_modifyitems(config, items):
    if hasattr(config, "workerinput"):  # a process of the parallel pass (tests/run_order.py)
        long_files_first(items)
    needs = {}
    for item in items:
        marker = item.get_closest_marker("integration")
        if marker is not None:
            needs[item] = tuple(marker.kwargs.get("services", ALL_SERVICES))
    if not needs:
        return
    problems = service_problems()
    if not problems:
        return
    if running_in_ci():
        reasons = "\n  ".join(problems.values())
        pytest.exit(
            f"CI=true and the integration tests need services that are missing:\n  {reasons}",
            returncode=pytest.ExitCode.TESTS_FAILED,
        )
    for item, services in needs.items():
        missing = [problems[name] for name in services if name in problems]
        if missing:
            item.add_marker(pytest.mark.skip(reason="; ".join(missing)))


@pytest.fixture(autouse=True)
def _clear_cache():
    """allauth keeps login rate limits in the cache: start every test with none."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _clear_limits():
    """The site's own limits (dominoes.limits) count in Redis: start every test with none."""
    from dominoes import limits

    limits.reset()
    yield


@pytest.fixture(autouse=True)
def _default_language():
    """Every test starts in English: the language a request activated (LocaleMiddleware, a
    sign-in's account language) stays active on the thread after it, and the services' words
    follow it."""
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield


@pytest.fixture(autouse=True)
def _seeded_deals_and_ids(request, monkeypatch):
    """This test's deals and tables' public ids from seeds named by the test
    (tests/seeded_deals.py)."""
    from games.engine import Deal
    from games.models import Table

    name = request.node.nodeid
    secure, public_id = seeded(lambda: name)
    monkeypatch.setattr(Deal, "secure", secure)
    # The field keeps its default function in a cached property.
    monkeypatch.setattr(Table._meta.get_field("public_id"), "_get_default", public_id)
    yield


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, with the connections that threads left open (channels'
    database_sync_to_async workers, servers' pools) closed before it is dropped: otherwise
    PostgreSQL refuses the drop and every run leaves a database behind."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
