"""Mail goes out from a job, with retries, so a mail server that is down or slow never fails
(nor slows) the request that sends it: sign-up answers at once, and its confirmation is sent
when the server is back.

``MAILERS["default"]`` is :class:`QueuedEmailBackend` (settings): every message sent through
Django's mail API (allauth's included) is handed, once the transaction commits, to
:func:`deliver`, which sends it with the mailer named ``MAILERS["outgoing"]`` (SMTP in
production, the console in development). Where it runs follows ``JOBS_BACKEND``: an RQ job on
the ``default`` queue retried by RQ at ``RETRY_SECONDS`` (retries are scheduled: after a crash
the scheduler may take minutes to come back, which mail can afford), a thread of this process
that retries the same way (the embedded default), or at once in the caller (tests).
"""

import logging
import threading
import time
from functools import partial

from django.conf import settings
from django.core.mail import EmailMessage, mailers
from django.core.mail.backends.base import BaseEmailBackend
from django.db import transaction

logger = logging.getLogger(__name__)

#: Seconds before each new attempt of a message that could not be sent: about six hours in all.
RETRY_SECONDS = [10, 60, 300, 1800, 3600, 3600 * 4]


class QueuedEmailBackend(BaseEmailBackend):
    """Queues each message for :func:`deliver` by ``mailer``, once the transaction commits (a
    rolled-back sign-up sends nothing)."""

    def __init__(self, *args, mailer: str = "outgoing", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.mailer = mailer

    def send_messages(self, email_messages: list[EmailMessage]) -> int:
        for message in email_messages:
            transaction.on_commit(partial(send_later, message=message, mailer=self.mailer))
        return len(email_messages)


def deliver(*, message: EmailMessage, mailer: str) -> None:
    """Send ``message`` now with the mailer named ``mailer``; raises when it cannot (the job
    is then retried)."""
    mailers[mailer].send_messages([message])


def send_later(*, message: EmailMessage, mailer: str) -> None:
    """Hand ``message`` to where jobs run; never raises (it is called after a commit)."""
    match settings.JOBS_BACKEND:
        case "inline":
            deliver(message=message, mailer=mailer)
        case "rq":
            if not _queue(message, mailer):
                _in_a_thread(message, mailer)
        case _:
            _in_a_thread(message, mailer)


def _queue(message: EmailMessage, mailer: str) -> bool:
    import django_rq
    from redis.exceptions import RedisError
    from rq import Retry

    try:
        django_rq.get_queue("default").enqueue(
            deliver,
            kwargs={"message": message, "mailer": mailer},
            retry=Retry(max=len(RETRY_SECONDS), interval=RETRY_SECONDS),
        )
    except RedisError:
        logger.exception("queueing a mail to %s failed: it is sent from this process", message.to)
        return False
    return True


def _in_a_thread(message: EmailMessage, mailer: str) -> None:
    thread = threading.Thread(
        target=_deliver_with_retries, args=(message, mailer), name="mail", daemon=True
    )
    thread.start()


def _deliver_with_retries(message: EmailMessage, mailer: str) -> None:
    for wait in [*RETRY_SECONDS, None]:
        try:
            deliver(message=message, mailer=mailer)
            return
        except Exception:
            if wait is None:
                logger.exception("sending a mail to %s failed: given up", message.to)
                return
            logger.warning("sending a mail to %s failed: next try in %s s", message.to, wait)
            time.sleep(wait)
