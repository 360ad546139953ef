"""A lost announcement (Redis restarting, this process's subscription reconnecting) costs a
few seconds: each server process brings every table socket behind the database up to it
(games.live.catch_up). Through the real ASGI stack, PostgreSQL and the Redis channel layer."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from socket_support import joined, new_session, new_table, receive_until, started_with_bob

from games import selectors, services
from games.engine import move_from_json
from games.live import catch_up, events
from games.models import Table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def played_unannounced(monkeypatch, public_id: str, players: list[tuple]) -> int:
    """The player to move plays their first legal move, and its announcement is lost."""
    key, state = next((key, state) for key, state in players if state["view"]["legal"])
    with monkeypatch.context() as lost:
        lost.setattr(events, "broadcast", lambda group, message: None)
        lost.setattr(events, "apublish", _lost)
        return await sync_to_async(services.play)(
            public_id=public_id,
            player=services.Player(user_id=None, session_key=key),
            move=move_from_json(state["view"]["legal"][0]),
            seen_version=state["version"],
        )


async def _lost(public_id: str, version: int) -> None:
    return None


async def two_players(monkeypatch, every: float) -> tuple[str, list, list]:
    monkeypatch.setattr(catch_up, "EVERY_SECONDS", every)
    public_id, host_key, bob_key = await sync_to_async(started_with_bob)()
    host, host_state = await joined(public_id, host_key)
    bob, bob_state = await joined(public_id, bob_key)
    return public_id, [host, bob], [(host_key, host_state), (bob_key, bob_state)]


async def nothing_arrives(communicator) -> bool:
    return await communicator.receive_nothing(timeout=0.3)


async def test_a_sweep_brings_every_socket_behind_the_database_up_to_it(monkeypatch):
    public_id, sockets, players = await two_players(monkeypatch, every=3600)
    assert await catch_up.sweep() == 0  # nobody behind: nothing sent
    assert all([await nothing_arrives(socket) for socket in sockets])

    version = await played_unannounced(monkeypatch, public_id, players)
    assert all([await nothing_arrives(socket) for socket in sockets]), "the announcement is lost"

    # At the first sweep after it the change may be newer than its announcement's way: nothing
    # is sent; at the next, it is a sweep old and still unsent: lost.
    assert await catch_up.sweep() == 0
    assert all([await nothing_arrives(socket) for socket in sockets])
    assert await catch_up.sweep() == 2
    for socket in sockets:
        state = (await receive_until(socket, lambda m: m["type"] == "state"))[-1]
        assert state["version"] == version
    assert await catch_up.sweep() == 0
    for socket in sockets:
        await socket.disconnect()
    assert await catch_up.sweep() == 0


async def test_the_sockets_catch_up_by_themselves(monkeypatch):
    public_id, sockets, players = await two_players(monkeypatch, every=0.2)
    version = await played_unannounced(monkeypatch, public_id, players)
    for socket in sockets:
        await asyncio.wait_for(
            receive_until(socket, lambda m: m["type"] == "state" and m["version"] == version), 5
        )
    for socket in sockets:
        await socket.disconnect()


async def test_the_sweeps_one_query_gives_each_existing_tables_version():
    tables = [await sync_to_async(new_table)(await sync_to_async(new_session)()) for _ in range(3)]
    ids = [table.public_id for table in tables]
    for public_id, version in zip(ids, (3, 7, 11), strict=True):
        await Table.objects.filter(public_id=public_id).aupdate(version=version)

    versions = await sync_to_async(selectors.table_versions)(public_ids=[*ids, "gone"])

    assert versions == {ids[0]: 3, ids[1]: 7, ids[2]: 11}
    assert await sync_to_async(selectors.table_versions)(public_ids=[]) == {}
