"""A word at the table through the table's socket and the real Redis channel layer: phrases
reach everyone at the table, a forged one is refused in words and sent to nobody, a
spectator's reaction reaches spectators only, and partners say nothing to each other during a
hand unless the host allowed it."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from deal_support import play_out_the_hand
from socket_support import connect, new_session, receive, receive_until

from dominoes.asgi import application
from games import services
from games.engine import Rules
from games.models import Remark, Table

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


def partners_in_the_lobby(keys: list[str]) -> Table:
    """A friends table of Team draw to 500 (no hand ends it) with a person at every seat:
    ``keys[i]``'s at seat ``i``; seats 1 and 3 are partners."""
    players = [services.Player(user_id=None, session_key=key) for key in keys]
    table = services.create_online_table(
        player=players[0],
        name="Host",
        rules=Rules.for_preset("team_draw", seats=4, match={"target": 500}),
    )
    for player, name in zip(players[1:], ("Bob", "Carol", "Dan"), strict=True):
        services.join_table(public_id=table.public_id, player=player, name=name)
    return table


async def open_sockets(public_id: str, keys: list[str]) -> list[WebsocketCommunicator]:
    """Each person's socket, its first state read; Bob's (seat 1) reads Spanish."""
    sockets = []
    for seat, key in enumerate(keys):
        headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
        headers.append((b"cookie", f"sessionid={key}".encode()))
        if seat == 1:
            headers.append((b"accept-language", b"es"))
        socket = WebsocketCommunicator(application, f"/ws/tables/{public_id}/", headers=headers)
        assert (await socket.connect())[0]
        await receive(socket)
        sockets.append(socket)
    return sockets


async def test_a_partner_hears_nothing_during_a_hand_and_everything_once_it_is_over():
    keys = [await sync_to_async(new_session)() for _ in range(4)]
    table = await sync_to_async(partners_in_the_lobby)(keys)
    await sync_to_async(services.start_table)(
        public_id=table.public_id, player=services.Player(user_id=None, session_key=keys[0])
    )
    sockets = await open_sockets(table.public_id, keys)
    bob, dan = sockets[1], sockets[3]

    # Mid-hand Bob tries every word he may say at a partnership table: refused in his
    # language, and his partner Dan (nor anyone) receives any of it.
    await bob.send_json_to({"type": "remarks"})
    offered = [phrase["id"] for phrase in (await receive(bob))["phrases"]]
    assert len(offered) == 12
    for phrase in offered:
        await bob.send_json_to({"type": "remark", "phrase": phrase})
        refused = await receive(bob)
        assert refused["type"] == "error", refused
        assert refused["message"].startswith("Nada de hablar entre compañeros durante una mano")
        assert (await receive(bob))["type"] == "state"
    for socket in (sockets[0], sockets[2], dan):
        assert await socket.receive_nothing(timeout=0.5)
    assert not await sync_to_async(Remark.objects.exists)()

    # The hand is over: the same words reach everyone, Dan included.
    people = {seat: services.Player(user_id=None, session_key=key) for seat, key in enumerate(keys)}
    await sync_to_async(play_out_the_hand)(table.public_id, people)
    await bob.send_json_to({"type": "remark", "phrase": "well_played_partner"})
    for socket in sockets:
        heard = (await receive_until(socket, lambda m: m["type"] == "remark"))[-1]
        assert heard["remark"]["phrase"] == "well_played_partner" and heard["remark"]["seat"] == 1
    for socket in sockets:
        await socket.disconnect()


async def test_the_host_allows_table_talk_in_the_lobby_and_partners_then_talk_mid_hand():
    keys = [await sync_to_async(new_session)() for _ in range(4)]
    table = await sync_to_async(partners_in_the_lobby)(keys)
    sockets = await open_sockets(table.public_id, keys)
    bob, dan = sockets[1], sockets[3]

    await bob.send_json_to({"type": "table_talk", "allowed": True})  # not the host
    refused = await receive(bob)
    assert refused["message"] == "Solo el anfitrión decide si los compañeros pueden hablar."
    await sockets[0].send_json_to({"type": "table_talk", "allowed": "yes"})
    assert (await receive(sockets[0]))["message"].startswith("Say whether table talk is allowed")
    await sockets[0].send_json_to({"type": "table_talk", "allowed": True})
    for socket in sockets:  # every seat is shown the host's choice
        await receive_until(
            socket, lambda m: m["type"] == "state" and m["table"]["table_talk"] is True
        )
    await sockets[0].send_json_to({"type": "start"})
    for socket in sockets:
        await receive_until(socket, lambda m: m["type"] == "state" and m["table"]["started"])
    await bob.send_json_to({"type": "remark", "phrase": "oops"})
    heard = (await receive_until(dan, lambda m: m["type"] == "remark"))[-1]
    assert heard["remark"]["phrase"] == "oops"
    for socket in sockets:
        await socket.disconnect()
