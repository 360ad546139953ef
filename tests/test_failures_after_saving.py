"""Mail and Redis failures never give a 500 after the data is saved (issue 18, point 16).

A mail server that is down: sign-up answers as usual, its mail is retried by the job until the
server is up, then sent once. Redis down: creating a table (announcement and job lost, the
sweep plays the computer's turn) and signing in (the rate limits' cache is an empty one) work.
"""

import time
from datetime import timedelta

import django_rq
import pytest
from accounts_support import PASSWORD, verified_user
from aiosmtpd.controller import Controller
from browser_support import free_port
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone
from fault_support import RedisServer
from rq import SimpleWorker
from rq.scheduler import RQScheduler

from dominoes import mail
from dominoes import settings as production
from games import services
from games.engine import load
from games.models import Table

# serial: stops Redis and SMTP servers for timed tries.
pytestmark = [pytest.mark.serial, pytest.mark.integration, pytest.mark.django_db(transaction=True)]

#: A local SMTP server, without TLS.
SMTP_AT = {"host": "127.0.0.1", "use_tls": False, "timeout": 5}
SIGNUP = {
    "display_name": "Ada",
    "email": "ada@example.com",
    "password1": PASSWORD,
    "password2": PASSWORD,
}


def production_mail(settings, port: int) -> None:
    """The production mailers (``dominoes.settings`` under ``DATABASE_URL``), their SMTP server
    at ``port``."""
    assert production.PRODUCTION
    settings.MAILERS = {
        alias: {**mailer, "OPTIONS": {**mailer["OPTIONS"], **SMTP_AT, "port": port}}
        if mailer["BACKEND"] == production.SMTP_BACKEND
        else mailer
        for alias, mailer in production.MAILERS.items()
    }


class Inbox:
    """aiosmtpd's handler: what the SMTP server received."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], bytes]] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        self.messages.append((envelope.rcpt_tos, envelope.content))
        return "250 OK"


@pytest.fixture
def redis():
    """A Redis of the test's own (its queues see no other test's jobs), stopped at the end."""
    server = RedisServer()
    server.start()
    yield server
    server.stop()


def test_with_the_mail_server_down_sign_up_answers_and_the_job_sends_the_mail_once_it_is_up(
    client, settings, redis, monkeypatch
):
    port = free_port()  # nothing listens there yet
    production_mail(settings, port)
    settings.JOBS_BACKEND = "rq"
    settings.RQ_QUEUES = {"default": {"URL": redis.url}}
    monkeypatch.setattr(mail, "RETRY_SECONDS", [1] * 3)
    queue = django_rq.get_queue("default")

    response = client.post("/accounts/signup/", SIGNUP)

    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    assert get_user_model().objects.filter(email="ada@example.com").exists()
    assert queue.count == 1, "the mail waits in a job"
    worker = SimpleWorker([queue], connection=queue.connection)
    worker.work(burst=True)  # refused: the server is down
    assert queue.scheduled_job_registry.count == 1, "retried later"

    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        scheduler = RQScheduler([queue], connection=queue.connection)
        scheduler.acquire_locks()  # as a worker started --with-scheduler does
        deadline = time.monotonic() + 10
        while not queue.count and time.monotonic() < deadline:  # the retry's time comes
            scheduler.enqueue_scheduled_jobs()
            time.sleep(0.1)
        worker.work(burst=True)
    finally:
        smtp.stop()
    assert [rcpt for rcpt, _ in inbox.messages] == [["ada@example.com"]]
    assert b"confirm-email" in inbox.messages[0][1]
    assert queue.count == 0 and queue.scheduled_job_registry.count == 0, "sent once"


def test_on_the_embedded_default_a_thread_retries_the_mail_until_the_server_is_up(
    client, settings, monkeypatch
):
    port = free_port()
    production_mail(settings, port)
    settings.JOBS_BACKEND = "thread"
    monkeypatch.setattr(mail, "RETRY_SECONDS", [0.5] * 20)
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)

    response = client.post("/accounts/signup/", SIGNUP)

    assert response.status_code == 302
    time.sleep(0.6)  # a try or two fails
    smtp.start()
    try:
        deadline = time.monotonic() + 10
        while not inbox.messages and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # and no second copy follows
    finally:
        smtp.stop()
    assert [rcpt for rcpt, _ in inbox.messages] == [["ada@example.com"]]


#: The setup page's form (tests/games/test_pages.py), a Block game against the computer.
NEW_TABLE = {
    "preset": "block",
    "seats": "2",
    "level_1": "easy",
    "level_2": "medium",
    "level_3": "medium",
    "name": "Alice",
}


def redis_down(settings, port: int) -> None:
    """Every use of Redis (channel layer, queues, cache) pointed at a port nothing listens on."""
    url = f"redis://127.0.0.1:{port}/0"
    settings.REDIS_URL = url
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": url}]},
        }
    }
    settings.RQ_QUEUES = {name: {"URL": url} for name in ("default", "bots", "deadlines")}
    # The production cache (dominoes.settings with REDIS_URL), on that port.
    settings.CACHES = {"default": {**production.CACHES["default"], "LOCATION": url}}
    settings.JOBS_BACKEND = "rq"


def test_with_redis_down_a_new_table_answers_and_the_sweep_plays_the_computer_s_turn(
    client, settings
):
    redis_down(settings, free_port())
    settings.BOT_PAUSE_SECONDS = 0.8

    response = client.post("/play/", NEW_TABLE)

    assert response.status_code == 302, response.content.decode()[:2000]
    table = Table.objects.get(public_id=response["Location"].split("/")[2])
    assert client.get(response["Location"]).status_code == 200
    if load(table.record).turn == 0:  # the person opens: a move (announced to nobody) first
        services.play(
            public_id=table.public_id,
            player=services.Player(user_id=None, session_key=table.seats.get(index=0).guest),
            move=load(table.record).legal_moves()[0],
            seen_version=table.version,
        )
        table.refresh_from_db()
    assert load(table.record).turn == 1, "no job ran: the computer is still to move"

    # The sweep (Redis still down) plays the computer's turn once it is overdue: a tile, or a
    # pass when nothing of its hand fits (a Block hand). (The turn may come back to the
    # computer at once: a block hand passes for a stuck person.)
    moves_before = len(table.record["hands"][-1]["moves"])
    stuck = not any("play" in move.to_json() for move in load(table.record).legal_moves())
    Table.objects.filter(pk=table.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.sweep_deadlines() == 1
    table.refresh_from_db()
    computer_moved = table.record["hands"][-1]["moves"][moves_before]
    assert computer_moved["seat"] == 1 and bool(computer_moved.get("pass")) == stuck


def test_with_the_cache_s_redis_down_signing_in_works(client, settings):
    user = verified_user("ada@example.com")
    redis_down(settings, free_port())

    response = client.post("/accounts/login/", {"login": "ada@example.com", "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.session["_auth_user_id"] == str(user.pk)
    assert cache.get("anything", "empty") == "empty"


def test_a_redis_that_comes_back_is_a_cache_again(settings, redis):
    settings.CACHES = {"default": {**production.CACHES["default"], "LOCATION": redis.url}}
    cache.set("seen", 1)
    redis.stop()
    assert cache.get("seen") is None
    assert cache.add("lock", True) is True  # nothing to wait for while nothing is stored
    redis.start()
    cache.set("seen", 2)
    assert cache.get("seen") == 2
