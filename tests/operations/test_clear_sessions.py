"""Expired sessions are cleared on a schedule: the Procfile's ``sessions`` process (``repeat
--every 3600 clearsessions``) deletes them at start-up and then every hour, and keeps going
when a run fails. Real PostgreSQL; the Procfile's own command line in a process of its own."""

import logging
import shlex
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from browser_support import process_env
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from accounts.management.commands import repeat

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def sessions_line() -> list[str]:
    for line in (ROOT / "Procfile").read_text().splitlines():
        name, _, command = line.partition(":")
        if name == "sessions":
            return shlex.split(command)
    raise AssertionError("the Procfile has no sessions process")


def some_sessions() -> None:
    now = timezone.now()
    Session.objects.create(session_key="expired", session_data="", expire_date=now - timedelta(1))
    Session.objects.create(session_key="live", session_data="", expire_date=now + timedelta(1))


def remaining() -> set[str]:
    return set(Session.objects.values_list("session_key", flat=True))


def test_the_procfiles_sessions_process_clears_expired_sessions_when_it_starts():
    some_sessions()
    command = sessions_line()
    assert command[:2] == ["python", "manage.py"]
    process = subprocess.Popen(
        [sys.executable, *command[1:]],
        cwd=ROOT,
        env=process_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60  # generous: the machine is shared
        while "expired" in remaining():
            assert process.poll() is None, process.stdout.read().decode()
            assert time.monotonic() < deadline, "the expired session is still there"
            time.sleep(0.2)
        assert remaining() == {"live"}
        assert process.poll() is None  # it stays up for the next hour
    finally:
        process.terminate()
        process.wait(timeout=30)


class Stop(Exception):
    """Ends the test's loop in place of the hour's sleep."""


def fake_sleeps(monkeypatch, runs: int) -> list[float]:
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        if len(slept) == runs:
            raise Stop

    monkeypatch.setattr(repeat.time, "sleep", sleep)
    return slept


def test_each_period_clears_the_sessions_that_expired_since(monkeypatch):
    some_sessions()
    slept = fake_sleeps(monkeypatch, runs=2)
    real_clear = repeat.call_command

    def clear_then_expire_another(name: str) -> None:
        real_clear(name)
        just_expired = timezone.now() - timedelta(seconds=1)
        Session.objects.filter(session_key="live").update(expire_date=just_expired)

    monkeypatch.setattr(repeat, "call_command", clear_then_expire_another)
    with pytest.raises(Stop):
        call_command("repeat", "clearsessions", every=3600)
    assert slept == [3600, 3600]
    assert remaining() == set()  # the first run took "expired", the second "live"


def test_a_failed_run_is_logged_and_the_next_one_still_runs(monkeypatch, caplog):
    some_sessions()
    fake_sleeps(monkeypatch, runs=2)
    real_clear = repeat.call_command
    calls = []

    def fails_once(name: str) -> None:
        calls.append(name)
        if len(calls) == 1:
            raise RuntimeError("the database is restarting")
        real_clear(name)

    monkeypatch.setattr(repeat, "call_command", fails_once)
    with caplog.at_level(logging.ERROR), pytest.raises(Stop):
        call_command("repeat", "clearsessions", every=3600)
    assert calls == ["clearsessions", "clearsessions"]
    assert "clearsessions failed; the next run is in 3600 s" in caplog.text
    assert remaining() == {"live"}


def test_a_command_that_does_not_exist_or_a_bad_period_is_refused_at_once():
    with pytest.raises(CommandError, match="no management command 'clear_session'"):
        call_command("repeat", "clear_session", every=3600)
    with pytest.raises(CommandError, match="above 0"):
        call_command("repeat", "clearsessions", every=0)
