"""Deals and tables' public ids from seeds named by the test, so that a test sees the same
hands at every run: a deal that breaks a test breaks it every time, not one run in a hundred
(a first hand of classic once ended a match to 100; a blocked deal once left a player nothing
to play).

The public id is named too because the computer's and the coach's seeds follow from it. Only
the public ``Deal.secure``/``Deal.from_seed`` are used: a deal is still made as the site makes
it, from a seed anyone can check, just not from the operating system's generator.

In pytest's own process the autouse fixture of ``tests/conftest.py`` names them by the test.
A site the browser tests start (a daphne process, an RQ worker) gets ``TEST_SEEDS_DIR`` in its
environment, which adds :class:`SeededDeals` to its apps (``dominoes/settings_test.py``): it
reads the name of the test it serves from :func:`name_file` of its process id, which the
test's fixture writes when it takes the site (a spare site is started before its test is
known)."""

from __future__ import annotations

import base64
import hashlib
import itertools
import os
from collections.abc import Callable
from pathlib import Path

from django.apps import AppConfig


def seeded(name: Callable[[], str]) -> tuple[classmethod, Callable[[], str]]:
    """``Deal.secure`` and the public id's default, each call's seed from ``name()`` and a
    count of the calls."""
    count = itertools.count()

    def digest() -> bytes:
        return hashlib.sha256(f"{name()}:{next(count)}".encode()).digest()

    def secure(cls, rules):
        seed = digest().hex()
        return cls.from_seed(rules, seed), seed

    def public_id() -> str:
        return base64.urlsafe_b64encode(digest()[:9]).decode()

    return classmethod(secure), public_id


def name_file(folder: Path, pid: int) -> Path:
    """Where the test served by process ``pid`` is named."""
    return folder / f"test-served-by-{pid}"


class SeededDeals(AppConfig):
    name = "tests.seeded_deals"
    label = "seeded_deals"

    def ready(self) -> None:
        from games.engine import Deal
        from games.models import Table

        path = name_file(Path(os.environ["TEST_SEEDS_DIR"]), os.getpid())

        def name() -> str:
            try:
                return path.read_text()
            except FileNotFoundError:  # a worker, or a site no test named: apart from all
                return f"unnamed process {os.getpid()}"

        secure, public_id = seeded(name)
        Deal.secure = secure
        # The field keeps its default function in a cached property.
        Table._meta.get_field("public_id")._get_default = public_id
