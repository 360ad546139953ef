"""A friends table's lobby over WebSockets: choosing a seat, the host removing someone,
un-joining, a late friend seated by the next deal; every page told live, refusals in words."""

import pytest
from asgiref.sync import sync_to_async
from deal_support import play_out_the_hand
from socket_support import connect, new_session, receive_until

from games import services
from games.engine import Rules

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def guest(key: str) -> services.Player:
    return services.Player(user_id=None, session_key=key)


def team_table(host_key: str) -> str:
    return services.create_online_table(
        player=guest(host_key), name="Host", rules=Rules.for_preset("team_draw", seats=4)
    ).public_id


async def opened(public_id: str, key: str):
    communicator = connect(public_id, key)
    connected, _ = await communicator.connect()
    assert connected
    return communicator, await receive_until(communicator, lambda m: m["type"] == "state")


def state_where(predicate):
    return lambda m: m["type"] == "state" and predicate(m)


def names(state: dict) -> dict[int, str]:
    return {s["index"]: s["name"] for s in state["table"]["seats"]}


async def test_seats_are_chosen_removed_and_given_back_and_every_page_follows():
    host_key, bob_key, carol_key = [await sync_to_async(new_session)() for _ in range(3)]
    public_id = await sync_to_async(team_table)(host_key)
    host, _ = await opened(public_id, host_key)
    bob, _ = await opened(public_id, bob_key)
    carol, _ = await opened(public_id, carol_key)

    await bob.send_json_to({"type": "join", "name": "Bob", "seat": 2})  # the host's partner
    await receive_until(bob, state_where(lambda m: m["view"]["seat"] == 2))
    await carol.send_json_to({"type": "join", "name": "Carol", "seat": 2})
    refusal = (await receive_until(carol, lambda m: m["type"] == "error"))[-1]
    assert refusal["message"] == "Someone sits there already: choose a free seat."
    await carol.send_json_to({"type": "join", "name": "Carol", "seat": 1})
    await receive_until(carol, state_where(lambda m: m["view"]["seat"] == 1))

    await carol.send_json_to({"type": "seat", "seat": 3})  # she moves round the table
    await receive_until(carol, state_where(lambda m: m["view"]["seat"] == 3))
    moved = await receive_until(
        host, state_where(lambda m: names(m) == {0: "Host", 2: "Bob", 3: "Carol"})
    )
    assert moved[-1]["view"]["seat"] == 0

    for bad in ({"type": "seat", "seat": "two"}, {"type": "remove", "seat": True}):
        await carol.send_json_to(bad)
        error = (await receive_until(carol, lambda m: m["type"] == "error"))[-1]
        assert error["message"] == "Choose a seat by its number."
    await carol.send_json_to({"type": "remove", "seat": 2})
    error = (await receive_until(carol, lambda m: m["type"] == "error"))[-1]
    assert error["message"] == "Only the host can remove someone from the table."

    await host.send_json_to({"type": "remove", "seat": 3})  # Carol is removed: she watches
    await receive_until(carol, state_where(lambda m: m["view"]["seat"] is None))
    await receive_until(host, state_where(lambda m: 3 not in names(m)))
    await carol.send_json_to({"type": "join", "name": "Carol"})
    error = (await receive_until(carol, lambda m: m["type"] == "error"))[-1]
    assert error["message"] == "The host removed you from this table."

    await bob.send_json_to({"type": "unjoin"})  # Bob gives his seat back
    await receive_until(bob, state_where(lambda m: m["view"]["seat"] is None))
    await receive_until(host, state_where(lambda m: names(m) == {0: "Host"}))
    for communicator in (host, bob, carol):
        await communicator.disconnect()


async def test_a_late_friend_is_promised_a_computers_seat_and_plays_it_from_the_next_hand():
    host_key, bob_key, dave_key = [await sync_to_async(new_session)() for _ in range(3)]
    public_id = await sync_to_async(team_table)(host_key)
    await sync_to_async(services.join_table)(
        public_id=public_id, player=guest(bob_key), name="Bob", seat=2
    )
    await sync_to_async(services.start_table)(public_id=public_id, player=guest(host_key))
    host, _ = await opened(public_id, host_key)
    dave, watched = await opened(public_id, dave_key)
    assert watched[-1]["view"]["seat"] is None and watched[-1]["table"]["arrivals"] == []

    await dave.send_json_to({"type": "join", "name": "Dave", "seat": 3})
    promise = (await receive_until(dave, lambda m: m["type"] == "arrival"))[-1]
    assert promise == {"type": "arrival", "seat": 3}
    told = await receive_until(host, state_where(lambda m: m["table"]["arrivals"]))
    assert told[-1]["table"]["arrivals"] == [{"seat": 3, "name": "Dave"}]

    people = {0: guest(host_key), 2: guest(bob_key)}
    version = await sync_to_async(play_out_the_hand)(public_id, people)
    await host.send_json_to({"type": "next_hand", "version": version})
    dealt = await receive_until(dave, state_where(lambda m: m["view"]["seat"] == 3))
    assert len(dealt[-1]["view"]["hand"]) > 0 and dealt[-1]["table"]["seats"][3]["bot"] is None
    assert {"type": "arrival", "seat": None} in dealt  # the promise is kept
    seen = await receive_until(host, state_where(lambda m: names(m)[3] == "Dave"))
    assert seen[-1]["table"]["arrivals"] == []
    for communicator in (host, dave):
        await communicator.disconnect()
