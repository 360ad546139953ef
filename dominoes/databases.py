"""The ``default`` database from the environment: PostgreSQL in production, SQLite (the
embedded default, or a ``sqlite:///`` URL) for a quick try."""

from pathlib import Path
from typing import Any

import dj_database_url

from dominoes.env import env_bool, env_int

SQLITE = "django.db.backends.sqlite3"

#: SQLite has one writer at a time. A transaction that starts by reading and then writes
#: (deferred, SQLite's default) fails "database is locked" at once, whatever the timeout, when
#: another writer holds the file: a computer's move in its thread and a person's move on the
#: socket, say. Started IMMEDIATE, it waits its turn instead (up to ``timeout`` seconds), and
#: in WAL mode reads go on during a write.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL;",
}


def default_database(url: str, *, production: bool, base_dir: Path) -> dict[str, Any]:
    if not url:
        return {"ENGINE": SQLITE, "NAME": base_dir / "db.sqlite3", "OPTIONS": SQLITE_OPTIONS}
    # A pool of PostgreSQL connections (psycopg's): Django's ASGI handler runs every request
    # and database_sync_to_async call on a new thread, and a connection per thread would cost
    # a new connection per request (bench/RESULTS.md, "Measured by hand"); persistent
    # per-thread connections do not help there.
    pool = env_bool("DB_POOL", production)
    database: dict[str, Any] = dict(
        dj_database_url.parse(
            url,
            # Without the pool, persistent connections (bench/RESULTS.md, "Measured by hand").
            conn_max_age=0 if pool else env_int("CONN_MAX_AGE", 600 if production else 0),
            conn_health_checks=not pool,
        )
    )
    if database["ENGINE"] == SQLITE:
        database["OPTIONS"] = {**SQLITE_OPTIONS, **database.get("OPTIONS", {})}
    elif pool and database["ENGINE"] == "django.db.backends.postgresql":
        database.setdefault("OPTIONS", {})["pool"] = {
            "min_size": env_int("DB_POOL_MIN_SIZE", 2),
            "max_size": env_int("DB_POOL_MAX_SIZE", 20),
            "timeout": 10,
        }
    return database
