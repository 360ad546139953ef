"""Leaving a rated quick match over WebSockets, through PostgreSQL and Redis: both players send
``leave`` and keep their sockets open, which once had the computer play their whole match out
as a rated result with nothing shown played for them."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from socket_support import connect, receive_until, signed_in

from games import services
from games.models import LogEntry, MatchResult, Seat, Table
from matchmaking import services as matchmaking

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def no_recent_pairing(monkeypatch):
    monkeypatch.setattr(matchmaking, "_last_pairing", {})


def rated_quick_match(first: services.Player, second: services.Player) -> Table:
    matchmaking.join_queue(player=first, name="Ada", preset="draw", seats=2)
    entry = matchmaking.join_queue(player=second, name="Bob", preset="draw", seats=2)
    assert entry.rated
    return Table.objects.get(pk=entry.table_id)


def moves_of(table: Table) -> int:
    return LogEntry.objects.filter(table=table, kind=LogEntry.Kind.MOVE).count()


def past_the_grace(table: Table, index: int, *, earlier: int) -> None:
    long_ago = timedelta(seconds=services.REJOIN_GRACE_SECONDS + 1 + earlier)
    Seat.objects.filter(table=table, index=index).update(left_at=table.started_at - long_ago)


async def test_both_players_leaving_a_rated_match_does_not_have_the_computer_play_it_out():
    people = [await sync_to_async(signed_in)(f"{name}@example.com") for name in ("ada", "bob")]
    (ada, ada_key), (bob, bob_key) = people
    table = await sync_to_async(rated_quick_match)(ada, bob)
    sockets = {}
    for player, key in people:
        sockets[player.user_id] = connect(table.public_id, key)
        assert (await sockets[player.user_id].connect())[0]
    seats = {s.user_id: s.index for s in await sync_to_async(list)(table.seats.all())}
    before = await sync_to_async(moves_of)(table)

    # Ada leaves first, then Bob; both keep their sockets open (the heartbeat sees them).
    for player in (ada, bob):
        await sockets[player.user_id].send_json_to({"type": "leave"})
        await receive_until(
            sockets[player.user_id],
            lambda m, i=seats[player.user_id]: (
                m["type"] == "state"
                and (m["table"]["seats"][i]["away"] or m["table"]["seats"][i].get("left"))
            ),
        )
    await sync_to_async(services.seats_seen)(seat_ids=[s.pk async for s in table.seats.all()])
    # Nothing played for them: no move since, the match goes on, nothing recorded yet.
    await table.arefresh_from_db()
    assert not table.finished
    assert await sync_to_async(moves_of)(table) == before
    assert not await MatchResult.objects.filter(table=table).aexists()

    # Not back within the grace: the first to leave forfeits, the other wins, rated as such.
    await sync_to_async(past_the_grace)(table, seats[ada.user_id], earlier=30)
    await sync_to_async(past_the_grace)(table, seats[bob.user_id], earlier=0)
    assert await sync_to_async(services.sweep_deadlines)() == 1
    forfeited = lambda m: m["table"]["forfeited_by"] is not None  # noqa: E731
    over = await receive_until(sockets[bob.user_id], forfeited)
    assert over[-1]["table"]["forfeited_by"] == seats[ada.user_id]
    assert over[-1]["table"]["forfeit_reason"] == "left"
    assert await sync_to_async(moves_of)(table) == before
    results = {r.user_id: r async for r in MatchResult.objects.filter(table=table)}
    assert results[ada.user_id].outcome == MatchResult.Outcome.LOSS
    assert results[ada.user_id].forfeited and results[ada.user_id].rated
    assert results[bob.user_id].outcome == MatchResult.Outcome.WIN and results[bob.user_id].rated

    # Ada's "I'm back" now changes nothing: the match is lost.
    await receive_until(sockets[ada.user_id], forfeited)
    await sockets[ada.user_id].send_json_to({"type": "back"})
    await receive_until(
        sockets[ada.user_id],
        lambda m: m["type"] == "state" and not m["table"]["seats"][seats[ada.user_id]]["away"],
    )
    await table.arefresh_from_db()
    assert table.finished and table.forfeited_by == seats[ada.user_id]
    for socket in sockets.values():
        await socket.disconnect()
