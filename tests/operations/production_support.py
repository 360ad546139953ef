"""The production settings' environment and a Python run under it."""

import os
import string
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


SECRET = "not-secret-" + string.ascii_letters + string.digits


PRODUCTION = {
    "DJANGO_ENV": "production",
    "SECRET_KEY": SECRET,
    "DATABASE_URL": "postgres://dominoes:pw@db.internal:5432/dominoes",
    "REDIS_URL": "redis://cache.internal:6379/0",
    "ALLOWED_HOSTS": "play.example.com",
    "CSRF_TRUSTED_ORIGINS": "https://play.example.com",
}


def run_python(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    """The venv's Python in the repo with exactly ``env`` (plus PATH): settings come from it."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={"PATH": os.environ["PATH"], **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
