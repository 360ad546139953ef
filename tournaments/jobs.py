"""Tournament work that runs later, on the games app's job machinery (``dominoes.jobs.run_later``):
the same backends, queues and workers as the tables' turn deadlines."""

from datetime import datetime

from django.utils import timezone

from dominoes.jobs import SCHEDULE_SLACK_SECONDS, run_later

CHECK_IN_CLOSE = "tournaments.services.checkin.close_check_in"
START_WHEN_DUE = "tournaments.services.rounds.start_when_due"
STARTING_SOON = "tournaments.services.rounds.tell_starting_soon"
# How long before its start time the entrants are told a tournament is starting.
STARTING_SOON_MINUTES = 15


def schedule_check_in_close(*, match_id: int, seconds: float) -> None:
    """Close the check-in of a match when its window ends. The job reads the deadline from the
    database (a job run early, late or twice does nothing); the deadline sweep catches a lost
    one."""
    run_later(
        CHECK_IN_CLOSE,
        queue="deadlines",
        delay=seconds + SCHEDULE_SLACK_SECONDS,  # RQ may start it up to a second early
        match_id=match_id,
    )


def schedule_start(*, public_id: str, at: datetime) -> None:
    """Start the tournament at ``at`` if it is still due then: the job re-reads the start
    time and the status (a start moved, made by hand or cancelled makes it do nothing), and
    the deadline sweep starts a tournament whose job was lost."""
    seconds = max(0.0, (at - timezone.now()).total_seconds())
    delay = seconds + SCHEDULE_SLACK_SECONDS
    run_later(START_WHEN_DUE, queue="deadlines", delay=delay, public_id=public_id)


def schedule_starting_soon(*, public_id: str, at: datetime) -> None:
    """Tell the entrants STARTING_SOON_MINUTES before ``at``; nothing when the start is nearer
    than that. The job carries the start time it was scheduled for: a start moved since (which
    schedules its own) or a tournament already started makes it do nothing."""
    seconds = (at - timezone.now()).total_seconds() - STARTING_SOON_MINUTES * 60
    if seconds < 0:
        return
    run_later(
        STARTING_SOON,
        queue="deadlines",
        delay=seconds + SCHEDULE_SLACK_SECONDS,
        public_id=public_id,
        starts_at=at.isoformat(),
    )
