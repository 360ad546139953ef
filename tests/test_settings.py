"""Settings come from the environment: each case runs a fresh interpreter with only that env."""

import json
import os
import string
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

DUMP = """
import json
from dominoes import settings as s
db = s.DATABASES["default"]
print(json.dumps({
    "DJANGO_ENV": s.DJANGO_ENV,
    "DEBUG": s.DEBUG,
    "ENGINE": db["ENGINE"],
    "DB_NAME": str(db["NAME"]),
    "DB_HOST": db.get("HOST", ""),
    "CONN_MAX_AGE": db.get("CONN_MAX_AGE", 0),
    "DB_POOL": db.get("OPTIONS", {}).get("pool"),
    "SQLITE_MODE": db.get("OPTIONS", {}).get("transaction_mode"),
    "CHANNEL_BACKEND": s.CHANNEL_LAYERS["default"]["BACKEND"],
    "CHANNEL_CONFIG": s.CHANNEL_LAYERS["default"].get("CONFIG"),
    "JOBS_BACKEND": s.JOBS_BACKEND,
    "RQ_QUEUES": s.RQ_QUEUES,
    "CACHE_BACKEND": s.CACHES["default"]["BACKEND"],
    "ALLOWED_HOSTS": s.ALLOWED_HOSTS,
    "CSRF_TRUSTED_ORIGINS": s.CSRF_TRUSTED_ORIGINS,
    "SECURE_SSL_REDIRECT": s.SECURE_SSL_REDIRECT,
    "SESSION_COOKIE_SECURE": s.SESSION_COOKIE_SECURE,
    "CSRF_COOKIE_SECURE": s.CSRF_COOKIE_SECURE,
    "SECURE_HSTS_SECONDS": s.SECURE_HSTS_SECONDS,
    "SECURE_PROXY_SSL_HEADER": getattr(s, "SECURE_PROXY_SSL_HEADER", None),
    "MAILERS": s.MAILERS,
    "HAS_EMAIL_BACKEND": hasattr(s, "EMAIL_BACKEND"),
}, default=lambda value: value.__name__))  # classes (the Redis errors retried) by name
"""

SECRET = "not-secret-" + string.ascii_letters + string.digits  # long and varied: check --deploy


def run_python(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    """Run the venv's Python in the repo with exactly `env` (plus PATH)."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={"PATH": os.environ["PATH"], **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings_for(**env: str) -> dict:
    result = run_python(env, "-c", DUMP)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_no_environment_is_the_embedded_default():
    s = settings_for()
    assert s["DJANGO_ENV"] == "development"
    assert s["DEBUG"] is True
    assert s["ENGINE"] == "django.db.backends.sqlite3"
    assert s["DB_NAME"] == str(ROOT / "db.sqlite3")
    assert s["SQLITE_MODE"] == "IMMEDIATE"  # see the test below
    assert s["CHANNEL_BACKEND"] == "channels.layers.InMemoryChannelLayer"
    assert s["JOBS_BACKEND"] == "thread"
    assert s["RQ_QUEUES"] == {}
    assert s["ALLOWED_HOSTS"] == ["localhost", "127.0.0.1", "[::1]"]
    assert s["SECURE_SSL_REDIRECT"] is False
    # Mail is queued (a job with retries) and sent by the "outgoing" mailer.
    assert s["MAILERS"]["default"]["BACKEND"] == "dominoes.mail.QueuedEmailBackend"
    assert s["MAILERS"]["outgoing"]["BACKEND"] == "dominoes.console_mail.EmailBackend"
    assert s["HAS_EMAIL_BACKEND"] is False  # Django 6.1 refuses MAILERS and EMAIL_BACKEND


TWO_WRITERS = """
import threading, time
import django
django.setup()
from django.db import connection, transaction

with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE moves (n integer)")
first_wrote = threading.Event()

def first():
    with transaction.atomic():
        connection.cursor().execute("INSERT INTO moves VALUES (1)")
        first_wrote.set()
        time.sleep(0.5)
    connection.close()

def second():
    first_wrote.wait()
    with transaction.atomic():  # reads, then writes: a move decided on what it read
        connection.cursor().execute("SELECT count(*) FROM moves").fetchone()
        connection.cursor().execute("INSERT INTO moves VALUES (2)")
    connection.close()

threads = [threading.Thread(target=first), threading.Thread(target=second)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with connection.cursor() as cursor:
    print(cursor.execute("SELECT count(*) FROM moves").fetchone()[0])
"""


def test_two_writers_on_sqlite_wait_their_turn_instead_of_failing(tmp_path):
    # A computer's move in its thread and a person's on the socket, on the embedded default:
    # SQLite's deferred transactions failed the second with "database is locked".
    database = {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "DJANGO_ENV": "development"}
    result = run_python(
        {**database, "DJANGO_SETTINGS_MODULE": "dominoes.settings"}, "-c", TWO_WRITERS
    )
    assert result.returncode == 0 and "locked" not in result.stderr, result.stderr
    assert result.stdout.strip() == "2"


def test_database_and_redis_urls_select_the_scale_out_backends():
    s = settings_for(
        DATABASE_URL="postgres://app:pw@db.internal:5432/dominoes",
        REDIS_URL="redis://cache.internal:6379/0",
        SECRET_KEY=SECRET,
        ALLOWED_HOSTS="play.example.com, www.example.com",
        CSRF_TRUSTED_ORIGINS="https://play.example.com",
    )
    assert s["DJANGO_ENV"] == "production"  # DATABASE_URL alone means production
    assert s["DEBUG"] is False
    assert s["ENGINE"] == "django.db.backends.postgresql"
    assert (s["DB_NAME"], s["DB_HOST"]) == ("dominoes", "db.internal")
    assert s["DB_POOL"]["max_size"] >= 10  # pooled: requests run on new threads
    assert s["CONN_MAX_AGE"] == 0  # Django's pool requires it
    assert s["CHANNEL_BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert s["CHANNEL_CONFIG"] == {
        "hosts": [
            {
                "address": "redis://cache.internal:6379/0",
                "max_connections": 2000,
                "socket_timeout": None,
                "retry_on_error": ["ConnectionError"],
            }
        ],
    }
    assert s["JOBS_BACKEND"] == "rq"
    assert set(s["RQ_QUEUES"]) == {"default", "bots", "deadlines", "coach"}
    assert {q["URL"] for q in s["RQ_QUEUES"].values()} == {"redis://cache.internal:6379/0"}
    assert s["CACHE_BACKEND"] == "dominoes.cache.ForgivingRedisCache"
    assert s["ALLOWED_HOSTS"] == ["play.example.com", "www.example.com"]
    assert s["CSRF_TRUSTED_ORIGINS"] == ["https://play.example.com"]


def test_production_is_secure_by_default():
    s = settings_for(DJANGO_ENV="production", SECRET_KEY=SECRET)
    assert s["DEBUG"] is False
    assert s["ALLOWED_HOSTS"] == []
    assert s["SECURE_SSL_REDIRECT"] is True
    assert s["SESSION_COOKIE_SECURE"] is True
    assert s["CSRF_COOKIE_SECURE"] is True
    assert s["SECURE_HSTS_SECONDS"] >= 31_536_000
    assert s["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert s["MAILERS"]["default"]["BACKEND"] == "dominoes.mail.QueuedEmailBackend"
    assert s["MAILERS"]["outgoing"]["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert s["MAILERS"]["outgoing"]["OPTIONS"]["use_tls"] is True


def test_security_settings_can_be_overridden():
    s = settings_for(
        DJANGO_ENV="production",
        SECRET_KEY=SECRET,
        SECURE_SSL_REDIRECT="false",
        SECURE_HSTS_SECONDS="0",
        SECURE_PROXY_SSL_HEADER="false",
        CONN_MAX_AGE="0",
    )
    assert s["SECURE_SSL_REDIRECT"] is False
    assert s["SECURE_HSTS_SECONDS"] == 0
    assert s["SECURE_PROXY_SSL_HEADER"] is None


def test_debug_can_be_forced_on_with_a_database_url():
    s = settings_for(DATABASE_URL="postgres://localhost/dominoes", DEBUG="true")
    assert s["DEBUG"] is True


@pytest.mark.parametrize(
    "env",
    [
        {"DJANGO_ENV": "production"},
        {"DATABASE_URL": "postgres://localhost/dominoes"},
        {"DEBUG": "false"},
    ],
    ids=["production", "database-url", "debug-off"],
)
def test_refuses_to_start_without_secret_key_when_debug_is_off(env):
    result = run_python(env, "manage.py", "check")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_rejects_unknown_values():
    result = run_python({"DEBUG": "maybe"}, "-c", "import dominoes.settings")
    assert result.returncode != 0
    assert "DEBUG='maybe' is not a boolean" in result.stderr
    result = run_python({"DJANGO_ENV": "prod"}, "-c", "import dominoes.settings")
    assert result.returncode != 0
    assert "DJANGO_ENV='prod'" in result.stderr


def test_deploy_check_is_clean_in_production_mode():
    env = {
        "DJANGO_ENV": "production",
        "SECRET_KEY": SECRET,
        "ALLOWED_HOSTS": "play.example.com",
        "CSRF_TRUSTED_ORIGINS": "https://play.example.com",
    }
    result = run_python(env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
