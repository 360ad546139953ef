"""Settings for pytest: the base settings from the environment, made test-friendly.

Under `make test`, DATABASE_URL and REDIS_URL point at the local PostgreSQL and Redis, so the
tests run on the same backends as production (with the in-memory defaults otherwise).
"""

import os
from pathlib import Path

# DATABASE_URL implies production mode, which requires a secret key: give tests their own.
os.environ.setdefault("SECRET_KEY", "insecure-test-only-secret-key")
# Playwright's sync API leaves an event loop in the main thread (STACK-NOTES).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# A process of scripts/run-tests.sh's parallel pass gets a Redis database of its own by number
# (an execnet spec cannot carry a URL); the servers it starts inherit the resulting REDIS_URL.
if (redis_db := os.environ.pop("TEST_REDIS_DB", "")) and os.environ.get("REDIS_URL"):
    from urllib.parse import urlsplit

    os.environ["REDIS_URL"] = (
        urlsplit(os.environ["REDIS_URL"])._replace(path=f"/{redis_db}").geturl()
    )

from .settings import *  # noqa: E402, F403
from .settings import DATABASES  # noqa: E402

DEBUG = False
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1", "[::1]"]

# Test clients speak plain HTTP.
SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0

# Connections left open by database_sync_to_async threads block dropping the test database.
DATABASES["default"]["CONN_MAX_AGE"] = 0
DATABASES["default"].get("OPTIONS", {}).pop("pool", None)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # An explicit test name: ChannelsLiveServerTestCase's server process would otherwise prefix
    # "test_" a second time (STACK-NOTES). One database per run, so two runs on one machine
    # never drop each other's; server processes inherit the name through the environment.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.setdefault(
            "DOMINOES_TEST_DB_NAME", f"test_{DATABASES['default']['NAME']}_{os.getpid()}"
        )
    }

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
# The browser tests' server process writes its mail where the test can read it.
if os.environ.get("TEST_MAIL_DIR"):
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "OPTIONS": {"file_path": os.environ["TEST_MAIL_DIR"]},
        }
    }

# Per-process cache, cleared before every test (allauth keeps its rate limits in the cache);
# a shared Redis cache would let parallel test runs wipe each other.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Bot turns run at once, in the caller, so service and consumer tests are deterministic; the
# browser tests' server process asks for the real in-process runner through the environment.
JOBS_BACKEND = os.environ.get("TEST_JOBS_BACKEND", "inline")
# Off but in the coach's own tests: a review takes seconds of CPU after every hand.
COACH_REVIEWS = os.environ.get("TEST_COACH_REVIEWS", "0") == "1"
# A test process's collections are no server's latency; told at its exit, they reached a stream
# pytest had closed ("--- Logging error ---").
GC_PAUSES_LOGGED = False
BOT_PAUSE_SECONDS = float(os.environ.get("TEST_BOT_PAUSE_SECONDS", "0"))

# Tests link the source files by their plain names: a staticfiles/ left by a local
# collectstatic must never put its older hashed copies in the pages under test.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# But a site serving what collectstatic made from a test's own folder (the table's bundle in
# tests/browser/test_table_bundle.py): production's storage, and no sources.
if os.environ.get("TEST_STATIC_ROOT"):
    STATIC_ROOT = Path(os.environ["TEST_STATIC_ROOT"])
    WHITENOISE_USE_FINDERS = False
    STORAGES["staticfiles"] = {"BACKEND": "dominoes.static_storage.StaticFilesStorage"}

# A site the browser tests start deals from seeds named by the test it serves
# (tests/seeded_deals.py).
if os.environ.get("TEST_SEEDS_DIR"):
    INSTALLED_APPS = [*INSTALLED_APPS, "tests.seeded_deals.SeededDeals"]  # noqa: F405
