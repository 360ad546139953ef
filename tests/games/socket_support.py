"""The table socket through channels' communicator: sessions, tables, connecting, receiving
until a condition, a signed-in player and a snapshot's text."""

import json

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from factories import online_table

from accounts.guests import GUEST_SESSION_KEY
from dominoes.asgi import application
from games import services
from games.engine import Match, Rules
from games.live import snapshots
from games.models import Table


def new_session() -> str:
    """A guest's browser session. Its guest token (what seats know the guest by) is set to the
    session key so one string serves both here; they part at sign-in (tests/accounts)."""
    session = SessionStore()
    session.create()
    session[GUEST_SESSION_KEY] = session.session_key
    session.save()
    return session.session_key


def new_table(session_key: str, preset: str = "draw") -> Table:
    return services.create_computer_table(
        player=services.Player(user_id=None, session_key=session_key),
        name="Alice",
        rules=Rules.for_preset(preset, seats=2),
        levels=["easy"],
    )


def connect(public_id: str, session_key: str | None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    return WebsocketCommunicator(application, f"/ws/tables/{public_id}/", headers=headers)


#: How long a reply may take: a bound on waiting, never a measure (a run at load average 18
#: took over 5 s for one, a database thread's turn among dozens of processes).
REPLY_SECONDS = 20


async def receive(communicator: WebsocketCommunicator) -> dict:
    return json.loads(await communicator.receive_from(timeout=REPLY_SECONDS))


async def receive_until(communicator: WebsocketCommunicator, predicate) -> list[dict]:
    seen = []
    while True:
        message = await receive(communicator)
        seen.append(message)
        if predicate(message):
            return seen


async def record_of(table: Table) -> dict:
    await sync_to_async(table.refresh_from_db)()
    return table.record


def open_table(host_key: str) -> str:
    host = services.Player(user_id=None, session_key=host_key)
    return online_table([host], seats=3).public_id


async def joined(public_id: str, key: str) -> tuple:
    communicator = connect(public_id, key)
    connected, _ = await communicator.connect()
    assert connected
    return communicator, await receive(communicator)


def started_with_bob() -> tuple[str, str, str]:
    """A started online table, the host and Bob seated (the computer takes the third seat): its
    id, the host's and Bob's session keys."""
    host_key, friend_key = new_session(), new_session()
    people = [services.Player(user_id=None, session_key=key) for key in (host_key, friend_key)]
    table = online_table(people, names=["Host", "Bob"], seats=3, start="medium")
    return table.public_id, host_key, friend_key


def signed_in(email: str) -> tuple[services.Player, str]:
    """A person with an account, and the session key of a browser signed in as them."""
    user = get_user_model().objects.create_user(username=email, email=email, password="pw-S3cret!")
    browser = Client()
    browser.force_login(user)
    return services.Player(user_id=user.id, session_key=None), browser.cookies["sessionid"].value


def snapshot_of(
    match: Match, version: int, seat_names: list[str], seed: str
) -> snapshots.TableSnapshot:
    """An online table's snapshot at ``version`` (its hand dealt from ``seed``), as the
    services keep it after a commit."""
    return snapshots.TableSnapshot(
        id=0,
        public_id="audit",
        kind=Table.Kind.ONLINE,
        version=version,
        started=True,
        rules=match.rules,
        match=match,
        deadline=None,
        turn_seconds=services.CASUAL_TURN_SECONDS,
        grace_seconds=0,
        forfeited_by=None,
        forfeit_reason=None,
        rematch_votes=(),
        rematch_public_id=None,
        show_hints=True,
        auto_pass=False,
        take_backs=0,
        seats=tuple(
            snapshots.SeatSnapshot(index, name, "", False) for index, name in enumerate(seat_names)
        ),
        fair_deal=snapshots.fair_deal_of(match, seed),
        hand_seed=seed,
    )
