"""Tournament work that runs later, on the games app's job machinery (``games.jobs.run_later``):
the same backends, queues and workers as the tables' turn deadlines."""

from games.jobs import SCHEDULE_SLACK_SECONDS, run_later

CHECK_IN_CLOSE = "tournaments.services.checkin.close_check_in"


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
