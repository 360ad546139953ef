"""Deployments and faults: a row lock held from another connection, a fresh deployment's
queues, the computer's turns played once, waiting for a condition."""

import threading
import time

import django_rq
from django.db import connection as db_connection
from django.db import transaction
from rq.scheduler import RQScheduler

from games.models import LogEntry, Table


class RowLock:
    """The table's row held locked by another connection (a thread of its own), so that a
    move's service call starts and then waits, in flight, until :meth:`release`."""

    def __init__(self, public_id: str) -> None:
        self.public_id = public_id
        self.locked, self.released = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._hold)
        self.thread.start()
        assert self.locked.wait(10)

    def _hold(self) -> None:
        try:
            with transaction.atomic():
                Table.objects.select_for_update().get(public_id=self.public_id)
                self.locked.set()
                self.released.wait(30)
        finally:
            db_connection.close()

    def release(self) -> None:
        self.released.set()
        self.thread.join()


def waiting_for_a_row_lock() -> bool:
    """Some other session waits for a row lock: a service call has started and is blocked.
    (Called from the event loop, whose context has a connection of its own: closed here, or
    it would outlive the test and keep the test database from being dropped.)"""
    try:
        with db_connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            return cursor.fetchone()[0] > 0
    finally:
        db_connection.close()


#: Every queue the Procfile's workers listen to.
ALL_QUEUES = ("bots", "deadlines", "default")


def wait_until(condition, *, what: str, seconds: float = 30.0):
    deadline = time.monotonic() + seconds
    while not (result := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting until {what}")
        time.sleep(0.05)
    return result


def fresh_deployment() -> None:
    for name in ALL_QUEUES:
        queue = django_rq.get_queue(name)
        queue.empty()
        # A worker killed by an earlier test leaves its scheduler lock for a minute (RQ's
        # timeout; production has the sweep meanwhile): each test starts as a fresh deployment.
        queue.connection.delete(RQScheduler.get_locking_key(name))


def computer_turns_played_once(table: Table) -> None:
    """The log replays to the record, and the computer never moved twice in one turn: after
    each of its turns (draws, then one tile or a pass) the turn is the person's."""
    table.refresh_from_db()
    entries = list(table.log.order_by("position"))
    assert [entry.version for entry in entries] == list(range(1, len(entries) + 1))
    moves = [e for e in entries if e.kind == LogEntry.Kind.MOVE and "draw" not in e.payload]
    people = [e for e in moves if e.seat == 0]
    computer = [e for e in moves if e.seat == 1]
    assert len(computer) in (len(people), len(people) + 1)
