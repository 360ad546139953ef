"""Whether a match is rated is decided when it is dealt, and leaving a rated or tournament match
is no way to have the computer play for you, through PostgreSQL and Redis."""

from datetime import timedelta
from importlib import import_module

import pytest
from accounts_support import verified_user
from django.apps import apps as django_apps
from service_builders import member, quick_match

from games import selectors, services
from games.engine import Rules, load
from games.models import LogEntry, MatchResult, Rating, Seat, Table
from games.services import Player
from matchmaking import services as matchmaking

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def no_recent_pairing(monkeypatch):
    monkeypatch.setattr(matchmaking, "_last_pairing", {})


def seat_of(table: Table, player: Player) -> int:
    return player.seat_in(table.seats.all()).index


def play_to_the_end(public_id: str, people: dict[int, Player]) -> Table:
    """Everyone plays the first legal move, and the first seat deals, until the match is over."""
    while True:
        table = Table.objects.get(public_id=public_id)
        if table.finished:
            return table
        match = load(table.record)
        if match.needs_deal:
            services.next_hand(public_id=public_id, player=people[0], seen_version=table.version)
        else:
            services.play(
                public_id=public_id,
                player=people[match.turn],
                move=match.legal_moves()[0],
                seen_version=table.version,
            )


def left_past_the_grace(table: Table, index: int, *, earlier: int = 0) -> None:
    long_ago = services.REJOIN_GRACE_SECONDS + 1 + earlier
    Seat.objects.filter(table=table, index=index).update(
        left_at=table.started_at - timedelta(seconds=long_ago)
    )


def test_a_guest_who_signs_in_mid_match_does_not_make_it_rated():
    ada = member("Ada")
    guest = Player(user_id=None, session_key="bob-guest-session")
    table = services.create_online_table(
        player=ada, name="Ada", rules=Rules.for_preset("draw", seats=2)
    )
    services.join_table(public_id=table.public_id, player=guest, name="Bob")
    services.start_table(public_id=table.public_id, player=ada)  # a guest at the deal: casual

    bob_user = verified_user("bob@example.com", display_name="Bob")
    assert services.claim_guest_seats(guest="bob-guest-session", user_id=bob_user.pk) == 1
    bob = Player(user_id=bob_user.pk, session_key=None)
    finished = play_to_the_end(table.public_id, {0: ada, 1: bob})

    results = MatchResult.objects.filter(table=table)
    assert {r.user_id for r in results} == {ada.user_id, bob.user_id}  # both counted...
    assert not any(r.rated for r in results)  # ...and neither rated
    assert not Rating.objects.exists()
    assert finished.rated is False


def test_a_match_of_two_members_is_rated_from_its_deal():
    table = quick_match(member("Ada"), member("Bob"))
    assert table.rated is True


def test_leaving_a_rated_match_hands_nothing_to_the_computer_and_loses_it_after_the_grace():
    ada, bob = member("Ada"), member("Bob")
    table = quick_match(ada, bob)
    mover = load(table.record).turn
    leaver = ada if seat_of(table, ada) == mover else bob
    for person in (ada, bob):
        services.seat_connected(public_id=table.public_id, player=person)
    moves = LogEntry.objects.filter(table=table, kind=LogEntry.Kind.MOVE).count()

    services.leave_table(public_id=table.public_id, player=leaver)
    # Their turn: nothing plays it (their clock runs), and their seat is not the computer's.
    table.refresh_from_db()
    assert not services.run_bot_turn(public_id=table.public_id, expected_version=table.version)
    assert LogEntry.objects.filter(table=table, kind=LogEntry.Kind.MOVE).count() == moves
    assert table.deadline is not None and not table.finished
    state = selectors.table_state(selectors.table_for(table.public_id), 1 - mover)
    assert state["table"]["seats"][mover]["left"] is True
    assert state["table"]["seats"][mover]["away"] is False
    with pytest.raises(services.TableError, match="You are away"):
        services.play(
            public_id=table.public_id,
            player=leaver,
            move=load(table.record).legal_moves()[0],
            seen_version=table.version,
        )
    # Within the grace nothing more happens, though the heartbeat sees the socket still open.
    assert services.sweep_deadlines() == 0
    services.seats_seen(seat_ids=list(table.seats.values_list("pk", flat=True)))

    left_past_the_grace(table, mover)
    assert services.sweep_deadlines() == 1
    table.refresh_from_db()
    assert table.finished and table.forfeited_by == mover
    results = {r.user_id: r for r in MatchResult.objects.filter(table=table)}
    assert results[leaver.user_id].outcome == MatchResult.Outcome.LOSS
    assert results[leaver.user_id].forfeited and results[leaver.user_id].rated
    assert next(r for r in results.values() if r.user_id != leaver.user_id).won
    state = selectors.table_state(selectors.table_for(table.public_id), 1 - mover)
    assert state["table"]["forfeit_reason"] == "left"

    # Coming back after the grace undoes nothing.
    services.come_back(public_id=table.public_id, player=leaver)
    services.seat_connected(public_id=table.public_id, player=leaver)
    table.refresh_from_db()
    assert table.finished and table.forfeited_by == mover
    state = selectors.table_state(selectors.table_for(table.public_id), 1 - mover)
    assert state["table"]["forfeit_reason"] == "left"


def test_back_within_the_grace_the_match_goes_on_and_leaving_again_does_not_restart_it():
    ada, bob = member("Ada"), member("Bob")
    table = quick_match(ada, bob)
    bob_seat = seat_of(table, bob)
    services.leave_table(public_id=table.public_id, player=bob)
    first = Seat.objects.get(table=table, index=bob_seat).left_at
    services.leave_table(public_id=table.public_id, player=bob)  # the grace is not started anew
    assert Seat.objects.get(table=table, index=bob_seat).left_at == first

    services.come_back(public_id=table.public_id, player=bob)
    assert Seat.objects.get(table=table, index=bob_seat).left_at is None
    assert services.hand_over_if_gone(public_id=table.public_id, seat_index=bob_seat) is False
    table.refresh_from_db()
    assert not table.finished

    # Leaving again and opening the table (a page reloaded) within the grace is coming back.
    services.leave_table(public_id=table.public_id, player=bob)
    services.seat_connected(public_id=table.public_id, player=bob)
    assert Seat.objects.get(table=table, index=bob_seat).left_at is None


def test_a_left_seat_out_of_time_is_played_by_the_stand_in_and_shown_played_for_it():
    ada, bob = member("Ada"), member("Bob")
    table = quick_match(ada, bob)
    mover = load(table.record).turn
    leaver = ada if seat_of(table, ada) == mover else bob
    services.leave_table(public_id=table.public_id, player=leaver)
    table.refresh_from_db()
    Table.objects.filter(pk=table.pk).update(deadline=table.deadline - timedelta(days=1))

    assert services.expire_turn(public_id=table.public_id)
    played = LogEntry.objects.filter(table=table, kind=LogEntry.Kind.MOVE, seat=mover)
    assert played.exists() and all(entry.timed_out for entry in played)
    state = selectors.table_state(selectors.table_for(table.public_id), 1 - mover)
    assert len(state["table"]["played_for"]) == played.count()
    assert not Table.objects.get(pk=table.pk).finished


def test_leaving_a_tournament_match_loses_it_after_the_grace_and_nothing_plays_meanwhile():
    ada, bob = member("Ada"), member("Bob")
    table = services.create_seated_table(
        players=[(ada, "Ada"), (bob, "Bob")], rules=Rules.for_preset("draw", seats=2)
    )
    assert table.forfeit_at_deadline and table.leaving_forfeits
    mover = load(table.record).turn
    leaver = (ada, bob)[mover]
    services.leave_table(public_id=table.public_id, player=leaver)
    table.refresh_from_db()
    assert not services.run_bot_turn(public_id=table.public_id, expected_version=table.version)
    assert not LogEntry.objects.filter(table=table, kind=LogEntry.Kind.MOVE).exists()

    left_past_the_grace(table, mover)
    assert services.hand_over_if_gone(public_id=table.public_id, seat_index=mover)
    table.refresh_from_db()
    assert table.finished and table.forfeited_by == mover
    state = selectors.table_state(selectors.table_for(table.public_id), 1 - mover)
    assert state["table"]["forfeit_reason"] == "left"


def test_both_left_the_first_to_leave_loses():
    ada, bob = member("Ada"), member("Bob")
    table = quick_match(ada, bob)
    for person in (ada, bob):
        services.leave_table(public_id=table.public_id, player=person)
    first = seat_of(table, bob)
    left_past_the_grace(table, first, earlier=30)
    left_past_the_grace(table, 1 - first)
    assert services.sweep_deadlines() == 1
    table.refresh_from_db()
    assert table.finished and table.forfeited_by == first


def test_the_migration_gives_the_tables_already_dealt_the_answer_of_their_seats():
    migration = import_module("games.migrations.0027_table_rated_seat_left_at")
    ada, bob, cy = member("Ada"), member("Bob"), member("Cy")
    members = quick_match(ada, bob)
    three = services.create_seated_table(
        players=[(ada, "Ada"), (bob, "Bob"), (cy, "Cy")], rules=Rules.for_preset("draw", seats=3)
    )
    with_a_guest = services.create_online_table(
        player=ada, name="Ada", rules=Rules.for_preset("draw", seats=2)
    )
    services.join_table(
        public_id=with_a_guest.public_id, player=Player(None, "guest-session"), name="Gus"
    )
    services.start_table(public_id=with_a_guest.public_id, player=ada)
    against_the_computer = services.create_computer_table(
        player=ada, name="Ada", rules=Rules.for_preset("draw", seats=2), levels=["easy"]
    )
    not_dealt = services.create_online_table(
        player=bob, name="Bob", rules=Rules.for_preset("draw", seats=2)
    )
    services.join_table(public_id=not_dealt.public_id, player=cy, name="Cy")
    Table.objects.update(rated=False)  # as the column was added

    migration.rate_dealt_tables(django_apps, None)
    rated = set(Table.objects.filter(rated=True).values_list("pk", flat=True))
    assert rated == {members.pk}
    assert {three.pk, with_a_guest.pk, against_the_computer.pk, not_dealt.pk}.isdisjoint(rated)
