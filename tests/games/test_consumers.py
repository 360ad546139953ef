"""The table WebSocket through the real ASGI stack (origin check, sessions, channel layer)."""

import asyncio
import json

import pytest
import pytest_asyncio
from asgiref.sync import sync_to_async
from socket_support import connect, new_session, new_table, receive, receive_until, record_of

from games.engine import IllegalMove, load, move_from_record
from games.live.consumers import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, RATE_PER_SECOND
from games.words import illegal_move_words

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest_asyncio.fixture
async def seated():
    session_key = await sync_to_async(new_session)()
    table = await sync_to_async(new_table)(session_key)
    communicator = connect(table.public_id, session_key)
    connected, _ = await communicator.connect()
    assert connected
    state = await receive(communicator)
    yield table, communicator, state
    await communicator.disconnect()


async def test_connecting_sends_the_seats_own_view(seated):
    table, _, state = seated
    assert state["type"] == "state"
    assert state["view"]["seat"] == 0
    record = await record_of(table)
    assert state["version"] == table.version
    assert sorted(state["view"]["hand"]) == sorted(load(record).view_for(0).to_json()["hand"])


async def test_a_move_is_applied_and_every_version_reaches_the_player(seated):
    table, communicator, state = seated
    move = state["view"]["legal"][0]
    await communicator.send_json_to({"type": "move", "version": state["version"], "move": move})
    messages = await receive_until(
        communicator, lambda m: m["type"] == "state" and m["view"]["turn"] != 1
    )
    assert all(m["type"] == "state" for m in messages)
    versions = [m["version"] for m in messages]
    assert versions == sorted(versions) and versions[0] > state["version"]
    record = await record_of(table)
    assert record["hands"][0]["moves"][len(state["view"]["history"])]["seat"] == 0


async def test_messages_skip_channels_trip_through_the_one_sync_thread(seated, monkeypatch):
    # channels' default dispatch closes stale connections on the server's one thread-sensitive
    # executor before every message; the table consumer's database work does it in its own
    # thread, so a message never waits for that thread.
    async def forbidden() -> None:
        raise AssertionError("a message went through aclose_old_connections")

    monkeypatch.setattr("channels.consumer.aclose_old_connections", forbidden)
    _, communicator, state = seated
    move = state["view"]["legal"][0]
    await communicator.send_json_to({"type": "move", "version": state["version"], "move": move})
    messages = await receive_until(communicator, lambda m: m["version"] > state["version"])
    assert messages[-1]["type"] == "state"


@pytest.mark.parametrize(
    "frame",
    [
        "{not json",
        json.dumps(["move"]),
        json.dumps({"type": "castle"}),
        json.dumps({"type": "move", "move": {"pass": True}}),
        json.dumps({"type": "move", "version": 1, "move": "6-6"}),
        json.dumps({"type": "move", "version": 1, "move": {"play": "9-9", "end": "left"}}),
        json.dumps({"type": "move", "version": 1, "move": {"play": "6-6", "end": "middle"}}),
        json.dumps({"type": "move", "version": 1, "move": {"draw": True, "pass": True}}),
        json.dumps({"type": "move", "version": 0, "move": {"pass": True}}),
        json.dumps({"type": "undo", "version": 10**9}),
        "x" * 5000,
    ],
    ids=[
        "malformed-json",
        "not-an-object",
        "unknown-type",
        "no-version",
        "move-not-an-object",
        "forged-tile",
        "unknown-end",
        "two-moves-in-one",
        "stale-version",
        "future-version",
        "oversized",
    ],
)
async def test_bad_input_gets_a_clear_error_and_changes_nothing(seated, frame):
    table, communicator, state = seated
    before = await record_of(table)
    await communicator.send_to(text_data=frame)
    error = await receive(communicator)
    assert error["type"] == "error" and error["message"].endswith(".")
    resync = await receive(communicator)
    assert resync["type"] == "state" and resync["version"] == state["version"]
    assert await record_of(table) == before


async def test_a_move_naming_a_seat_is_refused_not_played_for_the_socket_seat(seated):
    # The socket's seat is the one that moves; a move's JSON form has no seat to name: the
    # answer says the form a move takes.
    table, communicator, state = seated
    before = await record_of(table)
    move = {**state["view"]["legal"][0], "seat": 1}
    await communicator.send_json_to({"type": "move", "version": state["version"], "move": move})
    error = await receive(communicator)
    assert error["type"] == "error"
    assert error["message"] == "A move is an object: play and end, draw, or pass."
    assert await record_of(table) == before


async def test_an_illegal_move_is_refused_with_the_engines_reason(seated):
    table, communicator, state = seated
    hand = state["view"]["hand"]
    before = await record_of(table)
    candidates = [
        {"play": tile, "end": end}
        for tile in hand
        for end in state["view"]["ends"]
        if {"play": tile, "end": end}
        not in [{"play": m.get("play"), "end": m.get("end")} for m in state["view"]["legal"]]
    ]
    wrong = candidates[0] if candidates else {"draw": True}
    await communicator.send_json_to({"type": "move", "version": state["version"], "move": wrong})
    error = await receive(communicator)
    with pytest.raises(IllegalMove) as engine_says:
        load(before).apply(0, move_from_record({**wrong, "seat": 0})[1])
    assert engine_says.value.why is not None
    assert error == {
        "type": "error",
        "message": illegal_move_words(engine_says.value),
        "version": state["version"],
    }
    assert await record_of(table) == before


async def test_a_replayed_message_applies_once(seated):
    table, communicator, state = seated
    message = {"type": "move", "version": state["version"], "move": state["view"]["legal"][0]}
    await communicator.send_json_to(message)
    await receive_until(communicator, lambda m: m["type"] == "state" and m["view"]["turn"] == 0)
    after = await record_of(table)
    await communicator.send_json_to(message)
    error = await receive(communicator)
    assert error["type"] == "error" and "changed" in error["message"]
    assert await record_of(table) == after


async def test_unknown_tables_and_other_peoples_tables_are_closed():
    session_key = await sync_to_async(new_session)()
    table = await sync_to_async(new_table)(session_key)
    stranger = await sync_to_async(new_session)()
    for public_id, key, code in [
        ("no-such-table", session_key, CLOSE_NOT_FOUND),
        (table.public_id, stranger, CLOSE_FORBIDDEN),
        (table.public_id, None, CLOSE_FORBIDDEN),
    ]:
        communicator = connect(public_id, key)
        connected, close_code = await communicator.connect()
        assert not connected and close_code == code


async def test_no_message_ever_holds_the_computers_tiles(seated):
    table, communicator, state = seated
    messages = [state]
    while state["view"]["match"]["finished"] is False and len(messages) < 400:
        view = state["view"]
        if view["result"] is not None:
            message = {"type": "next_hand", "version": state["version"]}
        elif view["turn"] == 0:
            message = {"type": "move", "version": state["version"], "move": view["legal"][0]}
        else:
            break
        await asyncio.sleep(1 / RATE_PER_SECOND)  # a person's pace, inside the rate limit
        await communicator.send_json_to(message)
        seen = await receive_until(
            communicator,
            lambda m: (
                m["type"] == "state" and (m["view"]["turn"] == 0 or m["view"]["result"] is not None)
            ),
        )
        messages.extend(seen)
        state = seen[-1]
        if view["hand_number"] != state["view"]["hand_number"]:
            break
    record = await record_of(table)
    deal = record["hands"][0]["deal"]
    secret = set(deal["hands"][1]) | set(deal["boneyard"])
    for message in messages:
        view = message["view"]
        if view["hand_number"] != 0 or view["result"] is not None:
            continue
        text = json.dumps(view)
        played = {m["play"] for m in view["history"] if "play" in m}
        for tile in secret - played - set(view["hand"]):
            assert f'"{tile}"' not in text
