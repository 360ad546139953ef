"""An online table over WebSockets: join from the link, the host starts, spectators watch."""

import asyncio
import json
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone
from socket_support import (
    joined,
    new_session,
    open_table,
    receive,
    receive_until,
    started_with_bob,
)

from games import services
from games.live import presence
from games.models import LogEntry, Seat

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_friends_join_by_the_link_the_host_starts_and_a_spectator_sees_no_hand():
    host_key, friend_key, watcher_key = [await sync_to_async(new_session)() for _ in range(3)]
    public_id = await sync_to_async(open_table)(host_key)
    host, host_state = await joined(public_id, host_key)
    friend, friend_state = await joined(public_id, friend_key)
    assert host_state["view"]["seat"] == 0 and not host_state["table"]["started"]
    assert friend_state["view"]["seat"] is None  # watching until they join

    await friend.send_json_to({"type": "join", "name": "Bob"})
    seated = await receive_until(friend, lambda m: m["type"] == "state" and m["view"]["seat"] == 1)
    assert [s["name"] for s in seated[-1]["table"]["seats"]] == ["Host", "Bob"]
    await receive_until(host, lambda m: len(m["table"]["seats"]) == 2)

    await friend.send_json_to({"type": "start"})
    refusal = await receive(friend)
    assert refusal == {**refusal, "type": "error", "message": "Only the host starts the table."}

    await host.send_json_to({"type": "start"})
    hands = []
    for communicator, seat in ((host, 0), (friend, 1)):
        state = (await receive_until(communicator, lambda m: m["table"]["started"]))[-1]
        assert state["view"]["seat"] == seat and len(state["view"]["hand"]) > 0
        assert state["table"]["seats"][2]["bot"]  # the computer took the empty seat
        hands.append(state["view"]["hand"])

    watcher, watched = await joined(public_id, watcher_key)
    assert watched["table"]["started"] and watched["view"]["hand"] == []
    # Come late: she is promised the computer's seat at the next hand, and holds no tiles yet.
    await watcher.send_json_to({"type": "join", "name": "Carol"})
    promised = await receive_until(watcher, lambda m: m["type"] == "arrival")
    assert promised[-1]["seat"] == 2
    arrived = await receive(watcher)
    assert arrived["table"]["arrivals"] == [{"seat": 2, "name": "Carol"}]
    assert arrived["view"]["seat"] is None and arrived["view"]["hand"] == []
    text = json.dumps(watched)
    played = {m["play"] for m in watched["view"]["history"] if "play" in m}
    for tile in {tile for hand in hands for tile in hand} - played:
        assert f'"{tile}"' not in text
    for communicator in (host, friend, watcher):
        await communicator.disconnect()


async def test_leaving_hands_the_seat_to_the_computer_and_reopening_takes_it_back():
    host_key, friend_key = [await sync_to_async(new_session)() for _ in range(2)]
    public_id = await sync_to_async(open_table)(host_key)
    await sync_to_async(services.join_table)(
        public_id=public_id,
        player=services.Player(user_id=None, session_key=friend_key),
        name="Bob",
    )
    await sync_to_async(services.start_table)(
        public_id=public_id, player=services.Player(user_id=None, session_key=host_key)
    )
    host, _ = await joined(public_id, host_key)
    friend, _ = await joined(public_id, friend_key)
    await friend.send_json_to({"type": "leave"})
    away = await receive_until(host, lambda m: m["table"]["seats"][1]["away"])
    assert away[-1]["table"]["seats"][1]["name"] == "Bob"
    await friend.disconnect()

    friend, back = await joined(public_id, friend_key)
    assert back["view"]["seat"] == 1
    await receive_until(host, lambda m: not m["table"]["seats"][1]["away"])
    for communicator in (host, friend):
        await communicator.disconnect()


async def test_a_player_gone_past_the_grace_is_replaced_until_they_reconnect():
    public_id, _, friend_key = await sync_to_async(started_with_bob)()
    friend, _ = await joined(public_id, friend_key)
    bob = Seat.objects.filter(table__public_id=public_id, index=1)
    opened = (await sync_to_async(bob.get)()).seen_at
    assert opened is not None
    await friend.disconnect()
    assert (await sync_to_async(bob.get)()).seen_at > opened, "the grace starts at the close"

    # A short interruption changes nothing: the check within the grace does nothing.
    hand_over = sync_to_async(services.hand_over_if_gone)
    assert await hand_over(public_id=public_id, seat_index=1) is False
    long_ago = timezone.now() - timedelta(seconds=services.REJOIN_GRACE_SECONDS + 1)
    await sync_to_async(bob.update)(seen_at=long_ago)
    assert await hand_over(public_id=public_id, seat_index=1) is True
    assert (await sync_to_async(bob.get)()).away is True

    friend, back = await joined(public_id, friend_key)
    seat = await sync_to_async(bob.get)()
    assert back["view"]["seat"] == 1 and seat.away is False and seat.seen_at > long_ago
    await friend.disconnect()


async def test_closing_one_of_two_tabs_does_not_start_the_grace(monkeypatch):
    monkeypatch.setattr(presence, "HEARTBEAT_SECONDS", 3600)  # no beat during the test
    public_id, _, friend_key = await sync_to_async(started_with_bob)()
    first, _ = await joined(public_id, friend_key)
    second, _ = await joined(public_id, friend_key)  # a second tab
    bob = Seat.objects.filter(table__public_id=public_id, index=1)
    long_ago = timezone.now() - timedelta(seconds=services.REJOIN_GRACE_SECONDS + 1)
    await sync_to_async(bob.update)(seen_at=long_ago)
    await first.disconnect()  # the other tab is still open: not the last socket
    assert (await sync_to_async(bob.get)()).seen_at == long_ago
    await second.disconnect()  # the last one: the grace starts now
    assert (await sync_to_async(bob.get)()).seen_at > long_ago


async def test_while_a_socket_is_open_the_heartbeat_keeps_its_person_seen(monkeypatch):
    monkeypatch.setattr(presence, "HEARTBEAT_SECONDS", 0.05)
    public_id, _, friend_key = await sync_to_async(started_with_bob)()
    socket, _ = await joined(public_id, friend_key)
    bob = Seat.objects.filter(table__public_id=public_id, index=1)
    long_ago = timezone.now() - timedelta(seconds=services.REJOIN_GRACE_SECONDS + 1)
    await sync_to_async(bob.update)(seen_at=long_ago)
    for _ in range(250):
        await asyncio.sleep(0.02)
        if (await sync_to_async(bob.get)()).seen_at > long_ago:
            break
    assert (await sync_to_async(bob.get)()).seen_at > long_ago, "the heartbeat saw Bob"
    hand_over = sync_to_async(services.hand_over_if_gone)
    assert await hand_over(public_id=public_id, seat_index=1) is False
    await socket.disconnect()


async def test_an_away_seat_is_refused_a_move_until_it_says_it_is_back():
    public_id, _, friend_key = await sync_to_async(started_with_bob)()
    friend, _ = await joined(public_id, friend_key)
    await friend.send_json_to({"type": "leave"})
    away = (await receive_until(friend, lambda m: m["table"]["seats"][1]["away"]))[-1]
    logged = await sync_to_async(LogEntry.objects.filter(table__public_id=public_id).count)()

    await friend.send_json_to({"type": "move", "move": {"draw": True}, "version": away["version"]})
    refusal = await receive(friend)
    assert refusal["type"] == "error"
    assert refusal["message"] == "You are away: press I'm back to play again."
    state = await receive(friend)
    assert state["version"] == away["version"] and state["table"]["seats"][1]["away"]
    assert (
        await sync_to_async(LogEntry.objects.filter(table__public_id=public_id).count)() == logged
    )

    await friend.send_json_to({"type": "back"})
    back = (await receive_until(friend, lambda m: not m["table"]["seats"][1]["away"]))[-1]
    assert back["view"]["seat"] == 1
    await friend.disconnect()
