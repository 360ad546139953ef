"""A word at the table through the table's socket and the real Redis channel layer: phrases
reach everyone at the table, a forged one is refused in words and sent to nobody, and a
spectator's reaction reaches spectators only."""

import pytest
from asgiref.sync import sync_to_async
from test_consumers import connect, new_session, receive, receive_until

from games import services
from games.engine import Rules
from games.models import Remark

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def table_of_two_and_a_watcher() -> dict:
    """Host at seat 0, Bob at seat 1 (joined over the socket), a spectator; all states read."""
    host_key, bob_key, watcher_key = [await sync_to_async(new_session)() for _ in range(3)]
    table = await sync_to_async(services.create_online_table)(
        player=services.Player(user_id=None, session_key=host_key),
        name="Host",
        rules=Rules.for_preset("draw", seats=2),
    )
    sockets = {}
    for who, key in (("host", host_key), ("bob", bob_key), ("watcher", watcher_key)):
        sockets[who] = connect(table.public_id, key)
        assert (await sockets[who].connect())[0]
        await receive(sockets[who])
    await sockets["bob"].send_json_to({"type": "join", "name": "Bob"})
    for socket in sockets.values():
        await receive_until(socket, lambda m: m["type"] == "state" and len(m["table"]["seats"]) > 1)
    await sockets["host"].send_json_to({"type": "start"})
    for socket in sockets.values():
        await receive_until(socket, lambda m: m["type"] == "state" and m["table"]["started"])
    return sockets


async def test_a_phrase_reaches_everyone_and_a_forged_one_nobody():
    sockets = await table_of_two_and_a_watcher()
    await sockets["host"].send_json_to({"type": "remark", "phrase": "good_game"})
    for socket in sockets.values():
        message = await receive(socket)
        assert message["type"] == "remark", message
        assert message["remark"]["text"] == "Good game"
        assert (message["remark"]["seat"], message["remark"]["name"]) == (0, "Host")

    await sockets["bob"].send_json_to({"type": "remark", "phrase": "Six-six, partner!"})
    error = await receive(sockets["bob"])
    assert error == {
        "type": "error",
        "message": "Only the phrases and reactions offered at this table can be said.",
        "version": error["version"],
    }
    assert (await receive(sockets["bob"]))["type"] == "state"  # and the page stays current
    await sockets["bob"].send_json_to({"type": "remark", "text": "free text"})
    assert (await receive(sockets["bob"]))["type"] == "error"
    await receive(sockets["bob"])
    for who in ("host", "watcher"):
        assert await sockets[who].receive_nothing(timeout=0.5)
    assert await sync_to_async(Remark.objects.count)() == 1
    for socket in sockets.values():
        await socket.disconnect()


async def test_a_spectators_reaction_reaches_spectators_and_never_the_players():
    sockets = await table_of_two_and_a_watcher()
    await sockets["watcher"].send_json_to({"type": "remark", "phrase": "wow"})
    cheer = await receive(sockets["watcher"])
    assert cheer["type"] == "remark" and cheer["remark"]["spectator"] is True
    # A player's phrase after it comes first to the players: the spectator's was not sent.
    await sockets["bob"].send_json_to({"type": "remark", "phrase": "nice_play"})
    for who in ("host", "bob"):
        assert (await receive(sockets[who]))["remark"]["phrase"] == "nice_play"
    assert (await receive(sockets["watcher"]))["remark"]["phrase"] == "nice_play"

    await sockets["host"].send_json_to({"type": "remarks"})
    history = await receive(sockets["host"])
    assert [r["phrase"] for r in history["remarks"]] == ["nice_play"]
    assert "wow" in {p["id"] for p in history["phrases"]}
    await sockets["watcher"].send_json_to({"type": "remarks"})
    history = await receive(sockets["watcher"])
    assert [r["phrase"] for r in history["remarks"]] == ["wow", "nice_play"]
    assert {p["kind"] for p in history["phrases"]} == {"reaction"}
    for socket in sockets.values():
        assert await socket.receive_nothing(timeout=0.3)
        await socket.disconnect()


async def test_past_the_rate_a_remark_is_refused_in_words(settings):
    settings.RATE_LIMITS = {"remarks": {"per_person": "1/minute"}}
    sockets = await table_of_two_and_a_watcher()
    await sockets["bob"].send_json_to({"type": "remark", "phrase": "hello"})
    for socket in sockets.values():
        assert (await receive(socket))["type"] == "remark"
    await sockets["bob"].send_json_to({"type": "remark", "phrase": "oops"})
    refused = await receive(sockets["bob"])
    assert refused["type"] == "error" and refused["message"].startswith("You have said a lot")
    assert await sockets["host"].receive_nothing(timeout=0.5)
    for socket in sockets.values():
        await socket.disconnect()
