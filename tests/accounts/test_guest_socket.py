"""The table's WebSocket knows a guest by the token in the session's data (not by the session
key, which signing in rotates), and a signed-in player by their account."""

import pytest
from accounts_support import verified_user
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from accounts.guests import GUEST_SESSION_KEY
from dominoes.asgi import application
from games import services
from games.engine import Rules
from games.live.consumers import CLOSE_FORBIDDEN
from games.models import Seat

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

claim_guest_seats = database_sync_to_async(services.claim_guest_seats)


def session_with(**data) -> str:
    session = SessionStore()
    session.update(data)
    session.create()
    return session.session_key


def computer_table(player: services.Player) -> str:
    return services.create_computer_table(
        player=player, name="You", rules=Rules.for_preset("draw", seats=2), levels=["easy"]
    ).public_id


def connected_socket(public_id: str, session_key: str) -> WebsocketCommunicator:
    return WebsocketCommunicator(
        application,
        f"/ws/tables/{public_id}/",
        headers=[
            (b"origin", b"http://testserver"),
            (b"host", b"testserver"),
            (b"cookie", f"sessionid={session_key}".encode()),
        ],
    )


async def first_message(public_id: str, session_key: str) -> tuple[bool, int | dict]:
    communicator = connected_socket(public_id, session_key)
    connected, code = await communicator.connect()
    if not connected:
        return False, code
    state = await communicator.receive_json_from(timeout=5)
    await communicator.disconnect()
    return True, state


async def test_a_guest_is_known_by_the_token_in_the_session_not_by_its_key():
    key = await database_sync_to_async(session_with)(**{GUEST_SESSION_KEY: "token-of-this-browser"})
    player = services.Player(user_id=None, session_key="token-of-this-browser")
    public_id = await database_sync_to_async(computer_table)(player)
    connected, state = await first_message(public_id, key)
    assert connected and state["view"]["seat"] == 0

    # Another browser, whose session holds no token, is a stranger.
    other = await database_sync_to_async(session_with)()
    connected, code = await first_message(public_id, other)
    assert (connected, code) == (False, CLOSE_FORBIDDEN)


def signed_in_session(user) -> str:
    return session_with(
        **{
            SESSION_KEY: str(user.pk),
            BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
            HASH_SESSION_KEY: user.get_session_auth_hash(),
            GUEST_SESSION_KEY: "token-from-before-signing-in",
        }
    )


async def test_a_signed_in_player_is_known_by_the_account_after_their_seats_moved():
    user = await database_sync_to_async(verified_user)("ada@example.com")
    guest = services.Player(user_id=None, session_key="token-from-before-signing-in")
    public_id = await database_sync_to_async(computer_table)(guest)
    await database_sync_to_async(services.claim_guest_seats)(
        guest=guest.session_key, user_id=user.pk
    )
    key = await database_sync_to_async(signed_in_session)(user)
    connected, state = await first_message(public_id, key)
    assert connected and state["view"]["seat"] == 0


async def test_a_socket_opened_as_a_guest_still_acts_for_the_seat_after_signing_in():
    user = await database_sync_to_async(verified_user)("ada@example.com")
    key = await database_sync_to_async(session_with)(**{GUEST_SESSION_KEY: "token-of-this-browser"})
    guest = services.Player(user_id=None, session_key="token-of-this-browser")
    public_id = await database_sync_to_async(
        lambda: (
            services.create_online_table(
                player=guest, name="Host", rules=Rules.for_preset("draw", seats=2)
            ).public_id
        )
    )()
    communicator = connected_socket(public_id, key)
    assert (await communicator.connect())[0]
    await communicator.receive_json_from(timeout=5)
    host_seat = Seat.objects.filter(table__public_id=public_id, index=0)
    opened = (await database_sync_to_async(host_seat.get)()).seen_at
    assert opened is not None

    # The guest signs in (in another tab): the seat is the account's now.
    await database_sync_to_async(services.claim_guest_seats)(
        guest=guest.session_key, user_id=user.pk
    )
    await communicator.send_json_to({"type": "start"})  # only the seat's owner may start
    state = await communicator.receive_json_from(timeout=5)
    assert state["type"] == "state" and state["table"]["started"], state
    await communicator.disconnect()
    seat = await database_sync_to_async(host_seat.get)()
    assert seat.user_id == user.pk
    assert seat.seen_at > opened, "its closing was counted: the grace starts"
