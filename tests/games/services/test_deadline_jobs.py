"""Deadline jobs on RQ: a worker killed with deadlines queued loses nothing, and the job that
finally runs late finds the turn already resolved."""

from datetime import timedelta

import django_rq
import pytest
from django.utils import timezone
from rq.job import Job

from games import selectors, services
from games.engine import Rules, load
from games.models import Table

# serial: kills an RQ worker with deadlines queued.
pytestmark = [pytest.mark.serial, pytest.mark.integration, pytest.mark.django_db(transaction=True)]

HOST = services.Player(user_id=None, session_key="host-session")
BOB = services.Player(user_id=None, session_key="bob-session")


def test_a_deadline_whose_worker_died_is_resolved_by_the_sweep_once(settings):
    table = services.create_online_table(
        player=HOST, name="Host", rules=Rules.for_preset("block", seats=2)
    )
    services.join_table(public_id=table.public_id, player=BOB, name="Bob")
    services.start_table(public_id=table.public_id, player=HOST)
    queue = django_rq.get_queue("deadlines")
    registry = queue.scheduled_job_registry
    for job_id in registry.get_job_ids():
        registry.remove(job_id, delete_job=True)

    # From here the deadlines go to RQ, and no worker runs them: it was killed.
    settings.JOBS_BACKEND = "rq"
    table.refresh_from_db()
    match = load(table.record)
    mover = {0: HOST, 1: BOB}[match.turn]
    services.play(
        public_id=table.public_id,
        player=mover,
        move=match.legal_moves()[0],
        seen_version=table.version,
    )
    (job_id,) = registry.get_job_ids()
    table.refresh_from_db()
    version, seat = table.version, load(table.record).turn

    Table.objects.filter(pk=table.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.sweep_deadlines() == 1
    assert services.sweep_deadlines() == 0
    table.refresh_from_db()
    assert table.version > version
    assert table.log.filter(seat=seat).count() > 0

    # The lost job runs at last (a new worker): the version it carries is stale.
    after = (table.version, table.record)
    late = Job.fetch(job_id, connection=queue.connection)
    assert late.kwargs == {"public_id": table.public_id, "expected_version": version}
    assert late.perform() is False
    table.refresh_from_db()
    assert (table.version, table.record) == after


def test_a_computer_turn_whose_job_was_lost_is_played_by_the_sweep_once(settings):
    table = services.create_computer_table(
        player=HOST, name="Host", rules=Rules.for_preset("block", seats=2), levels=["easy"]
    )
    queue = django_rq.get_queue("bots")
    queue.empty()
    settings.JOBS_BACKEND = "rq"  # from here no worker runs the computer's turns
    table.refresh_from_db()
    match = load(table.record)
    assert match.turn == 0
    services.play(
        public_id=table.public_id,
        player=HOST,
        move=match.legal_moves()[0],
        seen_version=table.version,
    )
    table.refresh_from_db()
    version = table.version
    assert load(table.record).turn == 1  # in Block the turn always passes on
    (job_id,) = queue.get_job_ids()
    # The computer's turn has a deadline (the sweep's cue), which the page does not show.
    overdue = settings.BOT_PAUSE_SECONDS + services.COMPUTER_OVERDUE_SECONDS
    expected = timezone.now() + timedelta(seconds=overdue)
    assert abs((table.deadline - expected).total_seconds()) < 5
    state = selectors.table_state(selectors.table_for(table.public_id), 0)
    assert state["table"]["deadline"] is None
    assert services.sweep_deadlines() == 0, "not overdue yet"

    Table.objects.filter(pk=table.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.sweep_deadlines() == 1
    assert services.sweep_deadlines() == 0
    table.refresh_from_db()
    assert table.log.filter(version__gt=version, seat=1).exists(), "the computer moved"
    assert load(table.record).turn != 1

    after = (table.version, table.record)
    late = Job.fetch(job_id, connection=queue.connection)
    assert late.perform() is False
    table.refresh_from_db()
    assert (table.version, table.record) == after
