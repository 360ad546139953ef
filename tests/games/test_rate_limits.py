"""The per-connection message budget: every message type, the ones that change or cost something
included, is refused once the budget is spent (with an error, nothing applied) and the
connection stays open."""

from functools import partial

import pytest
from asgiref.sync import sync_to_async
from socket_support import connect, new_session, new_table, receive

from dominoes import socket_limits
from dominoes.socket_limits import TokenBucket
from games.live import consumers
from games.models import Table

SLOW_DOWN = "Too many messages: slow down."


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_budget_is_a_burst_refilled_at_its_rate():
    clock = Clock()
    bucket = TokenBucket(burst=3, per_second=2.0, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now += 0.4  # 0.8 of a message
    assert not bucket.take()
    clock.now += 0.1
    assert bucket.take() and not bucket.take()
    clock.now += 3600  # never more than the burst, however long the pause
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize(
    "kind", ["move", "hint", "join", "leave", "rematch", "start", "next_hand", "undo", "sync"]
)
async def test_past_the_budget_every_message_type_is_refused_and_the_socket_stays_open(
    monkeypatch, kind
):
    monkeypatch.setattr(consumers, "RATE_BURST", 3)
    monkeypatch.setattr(consumers, "RATE_PER_SECOND", 0.0)  # no refill: the refusal is certain
    session_key = await sync_to_async(new_session)()
    table = await sync_to_async(new_table)(session_key)
    communicator = connect(table.public_id, session_key)
    assert (await communicator.connect())[0]
    state = await receive(communicator)
    for _ in range(3):  # the budget, spent on harmless requests
        await communicator.send_json_to({"type": "sync"})
        assert (await receive(communicator))["type"] == "state"

    # Within the budget each of these would be applied (a legal move, a hint) or get its own
    # answer; past it, the limit answers first.
    message = {
        "type": kind,
        "version": state["version"],
        "move": state["view"]["legal"][0],
        "name": "Alice",
    }
    row = Table.objects.values("version", "settled_record", "hand_moves")  # the match's columns
    before = await sync_to_async(row.get)(pk=table.pk)
    await communicator.send_json_to(message)
    refusal = await receive(communicator)
    assert refusal == {"type": "error", "message": SLOW_DOWN, "version": state["version"]}
    # The flood goes on (a page asking for the state after the error, say): refused too,
    # without another answer, and at no cost.
    for _ in range(5):
        await communicator.send_json_to(message)
    assert await communicator.receive_nothing(timeout=0.2)
    after = await sync_to_async(row.get)(pk=table.pk)
    assert after == before
    await communicator.disconnect()


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_once_the_budget_refills_the_socket_serves_again_and_says_so_again(monkeypatch):
    clock = Clock()  # the budget's own clock: the event loop keeps the real one
    monkeypatch.setattr(socket_limits, "TokenBucket", partial(TokenBucket, clock=clock))
    monkeypatch.setattr(consumers, "RATE_BURST", 1)
    monkeypatch.setattr(consumers, "RATE_PER_SECOND", 1.0)
    session_key = await sync_to_async(new_session)()
    table = await sync_to_async(new_table)(session_key)
    communicator = connect(table.public_id, session_key)
    assert (await communicator.connect())[0]
    await receive(communicator)
    for _ in range(2):
        await communicator.send_json_to({"type": "sync"})  # the budget
        assert (await receive(communicator))["type"] == "state"
        await communicator.send_json_to({"type": "sync"})  # past it
        assert (await receive(communicator))["message"] == SLOW_DOWN
        await communicator.send_json_to({"type": "sync"})
        assert await communicator.receive_nothing(timeout=0.1)
        clock.now += 1.0  # one message more
    await communicator.disconnect()
