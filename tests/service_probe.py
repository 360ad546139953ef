"""Is the PostgreSQL or Redis named by a URL reachable? Used by conftest.py and run-tests.sh.

python tests/service_probe.py postgres URL   # exit 0 when reachable, else 1 and the reason
python tests/service_probe.py redis URL
"""

import os
import sys


def running_in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def postgres_problem(url: str) -> str | None:
    """None when PostgreSQL at `url` accepts a connection, else why not."""
    import psycopg

    try:
        # The database in the URL may not exist yet: Django creates test_<name> from the
        # maintenance database, so that is the one to try.
        with psycopg.connect(url, dbname="postgres", connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except Exception as error:  # any failure means "not usable", with its reason
        return f"PostgreSQL not reachable at {url}: {str(error).strip()}"
    return None


def redis_problem(url: str) -> str | None:
    """None when Redis at `url` answers PING, else why not."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        try:
            client.ping()
        finally:
            client.close()
    except Exception as error:
        return f"Redis not reachable at {url}: {error}"
    return None


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in {"postgres", "redis"}:
        print(__doc__, file=sys.stderr)
        return 2
    probe = postgres_problem if argv[1] == "postgres" else redis_problem
    problem = probe(argv[2])
    if problem:
        print(problem, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
