"""The coach's review reaches the table live (games.live.consumers.table_review): the job stores a
seat's review once the hand is over and announces only its numbers; each seat's own socket then
loads it, and only the seat reviewed gets it, only after the hand, never for a hand in play."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from socket_support import connect, new_session, receive, receive_until, signed_in

from games import services
from games.engine import Rules, load
from games.live import events
from games.models import HandReview, Table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def table_of_two(alice: services.Player, bob: services.Player) -> Table:
    """Guests make it a casual table, two accounts a rated one."""
    table = services.create_online_table(
        player=alice,
        name="Alice",
        rules=Rules.for_preset("classic", seats=2, match={"target": 200}),
        turn_seconds=None,
    )
    services.join_table(public_id=table.public_id, player=bob, name="Bob")
    services.start_table(public_id=table.public_id, player=alice, level="easy")
    table.refresh_from_db()
    return table


def play_hand(table: Table, players: dict[int, services.Player]) -> Table:
    """The people's first legal moves until the hand is over."""
    for _ in range(200):
        table.refresh_from_db()
        match = load(table.record)
        if match.needs_deal:
            return table
        services.play(
            public_id=table.public_id,
            player=players[match.turn],
            move=match.legal_moves()[0],
            seen_version=table.version,
        )
    raise AssertionError("the hand did not end")


async def messages_until_review(communicator) -> list[dict]:
    seen = []
    while not seen or seen[-1]["type"] != "review":
        seen.append(await receive(communicator))
    return seen


async def test_the_review_reaches_only_its_seat_and_only_after_the_hand(settings):
    settings.COACH_REVIEWS = True  # the job runs inline in tests: stored at the hand's end
    keys = [await sync_to_async(new_session)() for _ in range(2)]
    players = {seat: services.Player(user_id=None, session_key=k) for seat, k in enumerate(keys)}
    table = await sync_to_async(table_of_two)(players[0], players[1])
    sockets = [connect(table.public_id, key) for key in keys]
    for socket in sockets:
        assert (await socket.connect())[0]
    await sync_to_async(play_hand)(table, players)

    for seat, socket in enumerate(sockets):
        seen = await messages_until_review(socket)
        review = seen[-1]
        assert review["review"]["seat"] == seat and review["review"]["hand"] == 0
        assert {"accuracy", "decisions", "critical"} <= set(review["review"])
        # After the state that ended the hand, and versioned like the table's other messages.
        states = [m for m in seen if m["type"] == "state"]
        assert states[-1]["view"]["result"] is not None
        assert review["version"] == states[-1]["version"]
        assert not [m for m in seen[:-1] if m["type"] == "review"], "another seat's review"

    # The next hand is dealt: an announcement for it (forged: the job refuses a hand in play)
    # sends nothing, since nobody may see a review of a hand that can still be played.
    await sync_to_async(table.refresh_from_db)()
    await sync_to_async(services.next_hand)(
        public_id=table.public_id, player=players[0], seen_version=table.version
    )
    await sync_to_async(events.publish_review)(table.public_id, hand=1, seat=0)
    await asyncio.sleep(0.5)
    while not await sockets[0].receive_nothing(timeout=0.5):
        assert (await receive(sockets[0]))["type"] != "review"
    for socket in sockets:
        await socket.disconnect()


async def test_at_a_rated_table_no_review_reaches_a_seat_between_hands(settings):
    """Two accounts, no take-backs: a rated table, where a review between hands would be the
    computer's help in a game between people. The reviews are computed, and sent to nobody."""
    settings.COACH_REVIEWS = True
    people = [await sync_to_async(signed_in)(f"{name}@example.com") for name in ("alice", "bob")]
    players = {seat: player for seat, (player, _) in enumerate(people)}
    table = await sync_to_async(table_of_two)(players[0], players[1])
    sockets = [connect(table.public_id, key) for _, key in people]
    for socket in sockets:
        assert (await socket.connect())[0]
    await sync_to_async(play_hand)(table, players)

    stored = await HandReview.objects.filter(table=table, hand=0).acount()
    assert stored == 2, "the job reviewed both seats' hand"
    for socket in sockets:
        seen = await receive_until(socket, lambda m: m["type"] == "state" and m["view"]["result"])
        while not await socket.receive_nothing(timeout=0.5):
            seen.append(await receive(socket))
        assert [m for m in seen if m["type"] == "review"] == [], "a review between hands"
    for socket in sockets:
        await socket.disconnect()
