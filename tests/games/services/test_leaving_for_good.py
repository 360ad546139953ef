"""Leaving a table for good (gone past the rejoin grace), through PostgreSQL and Redis: a rated
quick match is lost (the result recorded, Glicko-2 moved, the others told), a casual table
keeps its computer stand-in."""

from datetime import timedelta

import pytest
from deal_support import play_out_the_hand
from service_builders import member, quick_match

from games import selectors, services
from games.engine import Rules
from games.models import MatchResult, Rating, Seat, Table
from games.services import Player, TableError
from matchmaking import services as matchmaking

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def no_recent_pairing(monkeypatch):
    monkeypatch.setattr(matchmaking, "_last_pairing", {})


def gone_past_the_grace(table: Table, index: int) -> None:
    long_ago = services.REJOIN_GRACE_SECONDS + 1
    Seat.objects.filter(table=table, index=index).update(
        seen_at=table.started_at - timedelta(seconds=long_ago)
    )


def test_gone_for_good_from_a_rated_quick_match_loses_it_and_moves_the_ratings():
    ada, bob = member("Ada"), member("Bob")
    table = quick_match(ada, bob)
    bob_seat = bob.seat_in(table.seats.all()).index
    services.seat_connected(public_id=table.public_id, player=bob)  # here, then gone
    assert services.sweep_deadlines() == 0  # within the grace: nothing happens
    gone_past_the_grace(table, bob_seat)

    assert services.sweep_deadlines() == 1
    table.refresh_from_db()
    assert table.finished and table.forfeited_by == bob_seat
    results = {r.user_id: r for r in MatchResult.objects.filter(table=table)}
    assert results[bob.user_id].outcome == MatchResult.Outcome.LOSS
    assert results[bob.user_id].forfeited and results[bob.user_id].rated
    assert results[ada.user_id].outcome == MatchResult.Outcome.WIN
    ratings = dict(Rating.objects.filter(family="draw").values_list("user_id", "rating"))
    assert ratings[bob.user_id] < 1500 < ratings[ada.user_id]
    # Ada's page is told: the match is over, forfeited by Bob's seat, which is away.
    state = selectors.table_state(selectors.table_for(table.public_id), 1 - bob_seat)
    assert state["table"]["forfeited_by"] == bob_seat
    assert state["table"]["seats"][bob_seat]["away"] is True
    assert state["table"]["forfeit_reason"] == "left"
    assert services.sweep_deadlines() == 0  # once
    with pytest.raises(TableError, match="left for good"):
        services.play(public_id=table.public_id, player=ada, move=None, seen_version=0)
    # Bob comes back to the finished table: he is here, and he still left for good.
    services.seat_connected(public_id=table.public_id, player=bob)
    state = selectors.table_state(selectors.table_for(table.public_id), 1 - bob_seat)
    assert state["table"]["seats"][bob_seat]["away"] is False
    assert (state["table"]["forfeited_by"], state["table"]["forfeit_reason"]) == (bob_seat, "left")


def test_pressing_leave_at_a_rated_table_then_staying_away_loses_too():
    ada, bob = member("Ada"), member("Bob")
    table = quick_match(ada, bob)
    bob_seat = bob.seat_in(table.seats.all()).index
    services.leave_table(public_id=table.public_id, player=bob)  # the computer plays for him
    table.refresh_from_db()
    assert not table.finished
    gone_past_the_grace(table, bob_seat)
    assert services.hand_over_if_gone(public_id=table.public_id, seat_index=bob_seat)
    table.refresh_from_db()
    assert table.finished and table.forfeited_by == bob_seat
    assert MatchResult.objects.get(table=table, user_id=bob.user_id).outcome == "loss"


def test_a_casual_table_keeps_the_computer_for_a_person_gone_past_the_grace():
    # Guests play casual: the computer takes the seat, the match goes on, nothing recorded.
    ann = Player(user_id=None, session_key="ann-session")
    bob = Player(user_id=None, session_key="bob-session")
    matchmaking.join_queue(player=ann, name="Ann", preset="draw", seats=2)
    entry = matchmaking.join_queue(player=bob, name="Bob", preset="draw", seats=2)
    table = Table.objects.get(pk=entry.table_id)
    rules = Rules.from_record(table.rules)
    assert not services.is_rated(table, rules, list(table.seats.all()))
    bob_seat = bob.seat_in(table.seats.all()).index
    version = table.version
    gone_past_the_grace(table, bob_seat)

    assert services.sweep_deadlines() >= 1
    table.refresh_from_db()
    assert not table.finished and table.forfeited_by is None and table.version > version
    assert Seat.objects.get(table=table, index=bob_seat).away is True
    assert not MatchResult.objects.filter(table=table).exists()
    assert services.sweep_deadlines() == 0  # an away seat at a casual table is left alone
    services.come_back(public_id=table.public_id, player=bob)  # and it is still his
    assert Seat.objects.get(table=table, index=bob_seat).away is False


def test_a_friends_table_with_the_computer_is_casual_however_its_people_sign_in():
    ada, bob = member("Ada"), member("Bob")
    table = services.create_online_table(
        player=ada, name="Ada", rules=Rules.for_preset("draw", seats=4)
    )
    services.join_table(public_id=table.public_id, player=bob, name="Bob")
    services.start_table(public_id=table.public_id, player=ada)
    table.refresh_from_db()
    gone_past_the_grace(table, 1)
    assert services.hand_over_if_gone(public_id=table.public_id, seat_index=1)
    table.refresh_from_db()
    assert not table.finished and table.forfeited_by is None
    assert Seat.objects.get(table=table, index=1).away is True


def test_a_match_a_friend_joined_late_is_casual_though_all_its_people_sign_in():
    ada, bob = member("Ada"), member("Bob")
    table = services.create_online_table(
        player=ada, name="Ada", rules=Rules.for_preset("draw", seats=2)
    )
    services.start_table(public_id=table.public_id, player=ada)  # the computer at seat 1
    services.join_table(public_id=table.public_id, player=bob, name="Bob")
    version = play_out_the_hand(table.public_id, {0: ada})
    services.next_hand(public_id=table.public_id, player=ada, seen_version=version)
    table.refresh_from_db()
    seats = list(table.seats.all())
    assert [s.user_id for s in seats] == [ada.user_id, bob.user_id]
    assert not services.is_rated(table, Rules.from_record(table.rules), seats)
    gone_past_the_grace(table, 1)
    assert services.hand_over_if_gone(public_id=table.public_id, seat_index=1)
    table.refresh_from_db()
    assert not table.finished  # the computer plays for him: no loss at a casual table
