"""The bell: notify() writes a notification, emails it (through the mail job) and tells the
person's open pages; the list page marks what it shows read; the socket is the person's own."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.core import mail
from django.test import override_settings
from factories import make_user
from fault_support import channel_layer_that_fails_when_set

from dominoes import socket_limits
from dominoes.asgi import application
from notifications import selectors, services
from notifications.consumers import CLOSE_NOT_JSON, CLOSE_SIGNED_OUT
from notifications.models import Notification

Kind = Notification.Kind


@pytest.mark.django_db
@override_settings(SITE_URL="https://dominoes.example")
def test_notify_writes_the_notification_and_emails_it_with_the_whole_link():
    ann = make_user("ann")
    services.notify(
        user=ann, kind=Kind.RESULT, title="You beat Bob", body="2–1 in hands.", link="/t/x/"
    )
    (notification,) = Notification.objects.filter(user=ann)
    assert (notification.kind, notification.title, notification.read_at) == (
        Kind.RESULT,
        "You beat Bob",
        None,
    )
    (message,) = mail.outbox
    assert message.to == ["ann@example.com"]
    assert message.subject == "You beat Bob"
    assert "2–1 in hands." in message.body
    assert "https://dominoes.example/t/x/" in message.body


@pytest.mark.django_db
def test_notify_without_email_only_rings_the_bell():
    ann = make_user("ann")
    services.notify(user=ann, kind=Kind.NOTICE, title="A notice", email=False)
    assert selectors.unread_count(user=ann) == 1
    assert mail.outbox == []


@pytest.mark.django_db
def test_mark_read_marks_only_the_persons_own_notifications():
    ann, bob = make_user("ann"), make_user("bob")
    mine = services.notify(user=ann, kind=Kind.RESULT, title="one")
    services.notify(user=ann, kind=Kind.RESULT, title="two")
    theirs = services.notify(user=bob, kind=Kind.RESULT, title="bob's")
    assert services.mark_read(user=ann, ids=[mine.pk, theirs.pk]) == 1
    assert selectors.unread_count(user=ann) == 1
    assert selectors.unread_count(user=bob) == 1
    assert services.mark_read(user=ann) == 1
    assert services.mark_read(user=ann) == 0
    assert selectors.bell_state(user=ann)["unread"] == 0


@pytest.mark.django_db
def test_the_list_page_shows_the_newest_first_and_marks_them_read(client):
    ann = make_user("ann")
    services.notify(user=ann, kind=Kind.RESULT, title="Older")
    services.notify(user=ann, kind=Kind.CHAMPION, title="Newer", link="/tournaments/")
    client.force_login(ann)
    page = client.get("/").content.decode()
    assert 'aria-label="Notifications, 2 unread"' in page
    listing = client.get("/notifications/").content.decode()
    assert listing.index("Newer") < listing.index("Older")
    assert listing.count('class="new-badge"') == 2
    assert selectors.unread_count(user=ann) == 0
    again = client.get("/notifications/").content.decode()
    assert 'class="new-badge"' not in again
    assert client.get("/notifications/state.json").json()["unread"] == 0


@pytest.mark.django_db
def test_the_list_says_just_now_then_how_long_ago(client):
    ann = make_user("ann")
    fresh = services.notify(user=ann, kind=Kind.RESULT, title="Fresh")
    older = services.notify(user=ann, kind=Kind.RESULT, title="Older")
    Notification.objects.filter(pk=older.pk).update(
        created_at=fresh.created_at - timedelta(hours=2)
    )
    client.force_login(ann)
    listing = client.get("/notifications/").content.decode()
    assert listing.count("Just now") == 1
    assert "2\xa0hours ago" in listing and "0\xa0minutes" not in listing


@pytest.mark.django_db
def test_a_stranger_is_sent_to_sign_in(client):
    assert client.get("/notifications/").status_code == 302
    assert client.get("/notifications/state.json").status_code == 302
    assert 'id="bell"' not in client.get("/").content.decode()


def signed_in_session(user) -> str:
    session = SessionStore()
    session.update(
        {
            SESSION_KEY: str(user.pk),
            BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
            HASH_SESSION_KEY: user.get_session_auth_hash(),
        }
    )
    session.create()
    return session.session_key


def bell_socket(session_key: str | None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    return WebsocketCommunicator(application, "/ws/notifications/", headers=headers)


@pytest.mark.integration
@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_bell_socket_is_told_live_and_only_the_persons_own():
    ann = await database_sync_to_async(make_user)("ann")
    bob = await database_sync_to_async(make_user)("bob")
    anns = bell_socket(await database_sync_to_async(signed_in_session)(ann))
    bobs = bell_socket(await database_sync_to_async(signed_in_session)(bob))
    assert (await anns.connect())[0] and (await bobs.connect())[0]
    assert await anns.receive_json_from(timeout=5) == {
        "type": "state",
        "unread": 0,
        "latest": 0,
        "title": "",
        "link": "",
    }
    await bobs.receive_json_from(timeout=5)
    told = await database_sync_to_async(services.notify)(
        user=ann, kind=Kind.CHECK_IN, title="Check in now", link="/tournaments/x/"
    )
    state = await anns.receive_json_from(timeout=5)
    assert state == {
        "type": "state",
        "unread": 1,
        "latest": told.pk,
        "title": "Check in now",
        "link": "/tournaments/x/",
    }
    assert await bobs.receive_nothing(timeout=0.5)
    await database_sync_to_async(services.mark_read)(user=ann)
    assert (await anns.receive_json_from(timeout=5))["unread"] == 0
    await anns.disconnect()
    await bobs.disconnect()


@pytest.mark.integration
@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_signed_out_socket_is_closed():
    socket = bell_socket(None)
    connected, code = await socket.connect()
    assert not connected
    assert code == CLOSE_SIGNED_OUT


async def opened_bell(session_key: str) -> WebsocketCommunicator:
    socket = bell_socket(session_key)
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from(timeout=5))["type"] == "state"
    return socket


@pytest.mark.integration
@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_one_account_opens_twenty_bells_and_the_twenty_first_is_refused_in_words():
    """The table socket's limits, by the same handshake (dominoes.socket_limits.admit_or_close); 150
    sockets in 7 s from one account were all taken."""
    ann = await database_sync_to_async(make_user)("ann")
    # Sessions of their own: the account is counted, not the browser.
    sessions = [await database_sync_to_async(signed_in_session)(ann) for _ in range(21)]
    bells = [await opened_bell(session) for session in sessions[:20]]

    refused = bell_socket(sessions[20])
    assert (await refused.connect())[0]  # accepted to be told why
    assert await refused.receive_json_from(timeout=5) == {
        "type": "error",
        "message": "Too many open pages in this browser: close some tabs.",
        "version": -1,
    }
    assert (await refused.receive_output(timeout=5))["code"] == socket_limits.CLOSE_TOO_MANY

    # Someone else is not held back; a page closed frees its place at once.
    bob = await database_sync_to_async(make_user)("bob")
    bells.append(await opened_bell(await database_sync_to_async(signed_in_session)(bob)))
    await bells[0].disconnect()
    bells.append(await opened_bell(sessions[20]))
    for bell in bells[1:]:
        await bell.disconnect()


@pytest.mark.integration
@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_bells_from_one_address_stop_at_the_address_budget(settings):
    settings.BELL_SOCKETS_PER_ADDRESS = 2
    users = [await database_sync_to_async(make_user)(name) for name in ("ann", "bob", "cy")]
    bells = [
        await opened_bell(await database_sync_to_async(signed_in_session)(user))
        for user in users[:2]
    ]
    refused = bell_socket(await database_sync_to_async(signed_in_session)(users[2]))
    assert (await refused.connect())[0]
    assert (await refused.receive_json_from(timeout=5))["message"] == (
        "Too many open pages from your network: close some tabs."
    )
    assert (await refused.receive_output(timeout=5))["code"] == socket_limits.CLOSE_TOO_MANY
    for bell in bells:
        await bell.disconnect()


@pytest.mark.integration
@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("frame", [{"text": "not json"}, {"bytes": b"\xff\xfe"}])
async def test_a_frame_that_is_not_json_is_answered_and_closed_not_a_server_error(frame, caplog):
    ann = await database_sync_to_async(make_user)("ann")
    bell = await opened_bell(await database_sync_to_async(signed_in_session)(ann))
    await bell.send_input({"type": "websocket.receive", **frame})
    assert await bell.receive_json_from(timeout=5) == {
        "type": "error",
        "message": "That message is not JSON.",
    }
    assert (await bell.receive_output(timeout=5))["code"] == CLOSE_NOT_JSON
    assert not [record for record in caplog.records if record.exc_info]


@pytest.mark.integration
@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_json_from_the_page_is_ignored():
    ann = await database_sync_to_async(make_user)("ann")
    bell = await opened_bell(await database_sync_to_async(signed_in_session)(ann))
    await bell.send_json_to({"type": "hello"})
    assert await bell.receive_nothing(timeout=0.2)
    await bell.disconnect()


@pytest.mark.integration
@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_bell_killed_by_a_channel_layer_failure_gives_its_place_back(monkeypatch):
    """channels skips disconnect then: the lease would be renewed for as long as the process."""
    redis_gone = channel_layer_that_fails_when_set(monkeypatch)
    ann = await database_sync_to_async(make_user)("ann")
    before = set(socket_limits._held)
    bell = await opened_bell(await database_sync_to_async(signed_in_session)(ann))
    assert len(set(socket_limits._held) - before) == 1
    redis_gone.set()
    with pytest.raises(ConnectionError):
        await bell.wait(timeout=5)
    assert set(socket_limits._held) == before
