"""A table socket that dies of an error (its channel layer's Redis went away) still leaves: it
stops counting for its seat's presence, as if the person had closed the page."""

import pytest
from channels.db import database_sync_to_async
from factories import online_table
from fault_support import channel_layer_that_fails_when_set
from socket_support import connect, new_session, receive

from games import services
from games.live import presence
from games.models import Seat

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_a_socket_killed_by_a_channel_layer_failure_leaves_its_seat(monkeypatch):
    redis_gone = channel_layer_that_fails_when_set(monkeypatch)
    host_key = await database_sync_to_async(new_session)()
    public_id = await database_sync_to_async(
        lambda: online_table([services.Player(user_id=None, session_key=host_key)]).public_id
    )()
    host = connect(public_id, host_key)
    connected, _ = await host.connect()
    assert connected
    await receive(host)
    # This seat's count: a socket an earlier test of the process left open counts for its own.
    seat_id = await database_sync_to_async(Seat.objects.values_list("pk", flat=True).get)(
        table__public_id=public_id, index=0
    )
    assert presence._sockets[seat_id] == 1

    redis_gone.set()
    with pytest.raises(ConnectionError):
        await host.wait(timeout=5)
    assert seat_id not in presence._sockets
