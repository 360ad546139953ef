"""The check-in window's job on RQ: scheduled for the window's end on the deadlines queue, it
closes the window once; early or repeated runs do nothing."""

from datetime import timedelta

import django_rq
import pytest
from django.utils import timezone
from rq.job import Job
from tournament_play import checking_in, end_check_in_window, tournament_with

from tournaments import services
from tournaments.models import Tournament, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_check_in_job_is_scheduled_for_the_window_and_closes_it_once(settings):
    queue = django_rq.get_queue("deadlines")
    registry = queue.scheduled_job_registry
    for job_id in registry.get_job_ids():
        registry.remove(job_id, delete_job=True)
    settings.JOBS_BACKEND = "rq"
    tournament, players = tournament_with(2, scoring="best_of", match_length=1)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    (job_id,) = registry.get_job_ids()
    job = Job.fetch(job_id, connection=queue.connection)
    assert job.func_name == "tournaments.services.checkin.close_check_in"
    assert job.kwargs == {"match_id": match.pk}
    when = registry.get_scheduled_time(job_id)
    expected = timezone.now() + timedelta(seconds=services.CHECK_IN_SECONDS)
    assert abs((when - expected).total_seconds()) < 5

    assert job.perform() is False  # early: the window is still open
    services.check_in(player=match.second.user, match_id=match.pk)
    end_check_in_window(match)
    assert job.perform() is True
    assert job.perform() is False
    tournament.refresh_from_db()
    match.refresh_from_db()
    assert match.status == TournamentMatch.Status.FINISHED and match.by_forfeit
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion == match.second
