"""Tournament work that runs later, on the games app's job machinery (``games.jobs.run_later``):
the same backends, queues and workers as the tables' turn deadlines."""

from games.jobs import run_later

CHECK_IN_CLOSE = "tournaments.services.close_check_in"
#: The job runs this long after the window's end: RQ keeps scheduled times in whole seconds and
#: may start a job up to a second early, when it would find the window still open.
SLACK_SECONDS = 1.0


def schedule_check_in_close(*, match_id: int, seconds: float) -> None:
    """Close the check-in of a match when its window ends. The job reads the deadline from the
    database (a job run early, late or twice does nothing); the deadline sweep catches a lost
    one."""
    run_later(CHECK_IN_CLOSE, queue="deadlines", delay=seconds + SLACK_SECONDS, match_id=match_id)
