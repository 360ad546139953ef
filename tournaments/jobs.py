"""Tournament work that runs later, on the games app's job machinery (``games.jobs.run_later``):
the same backends, queues and workers as the tables' turn deadlines."""

from django.conf import settings

from games.jobs import SCHEDULE_SLACK_SECONDS, run_later

CHECK_IN_CLOSE = "tournaments.services.checkin.close_check_in"
SEND_INVITATION = "tournaments.emails.send_invitation"
SEND_NOTICE = "tournaments.emails.send_notice"
#: A mail server that fails is tried again after these pauses (seconds), then given up on.
MAIL_RETRIES = (30, 120, 600)


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


def send_invitation(*, invitation_id: int, link: str) -> None:
    """Email an invitation's link, from a job."""
    _send_later(SEND_INVITATION, invitation_id=invitation_id, link=link)


def send_notice(*, tournament_id: int, text: str) -> None:
    """Email the host's notice to the tournament's entrants, from a job."""
    _send_later(SEND_NOTICE, tournament_id=tournament_id, text=text)


def _send_later(path: str, **kwargs: object) -> None:
    """Run the mail job ``path``; on RQ, tried again after each of MAIL_RETRIES when the mail
    server fails."""
    if settings.JOBS_BACKEND == "rq":
        import django_rq
        from rq import Retry

        django_rq.get_queue("default").enqueue(
            path, kwargs=kwargs, retry=Retry(max=len(MAIL_RETRIES), interval=list(MAIL_RETRIES))
        )
    else:
        run_later(path, queue="default", delay=0, **kwargs)
