"""Online tables through the services: the lobby, joining, starting, and the casual clock."""

import threading
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from games import selectors, services, signals
from games.engine import Draw, Rules, load
from games.models import LogEntry, Seat, Table
from games.services import NotYourSeat, Player, StaleVersion, TableError
from tests.games.services.service_builders import (
    BOB,
    CAROL,
    HOST,
    expire_now,
    lobby,
    play_out_the_hand,
    started,
    tournament_table,
)

pytestmark = pytest.mark.django_db(transaction=True)


def seat_of(table: Table, player: Player) -> int:
    seat = player.seat_in(selectors.table_for(table.public_id).seats.all())
    return None if seat is None else seat.index


def test_a_lobby_deals_nothing_until_the_host_starts():
    table = lobby()
    assert table.started_at is None and table.record == {}
    with pytest.raises(TableError, match="not started"):
        services.play(public_id=table.public_id, player=HOST, move=None, seen_version=0)


def test_friends_join_free_seats_once_and_not_after_the_start():
    table = lobby(seats=2)
    services.join_table(public_id=table.public_id, player=BOB, name="Bob")
    assert seat_of(table, BOB) == 1
    with pytest.raises(TableError, match="already have a seat"):
        services.join_table(public_id=table.public_id, player=BOB, name="Bob")
    with pytest.raises(TableError, match="Every seat"):
        services.join_table(public_id=table.public_id, player=CAROL, name="Carol")
    with pytest.raises(TableError, match="Only the host"):
        services.start_table(public_id=table.public_id, player=BOB)
    services.start_table(public_id=table.public_id, player=HOST)
    with pytest.raises(TableError, match="has started"):
        services.join_table(public_id=table.public_id, player=CAROL, name="Carol")


def test_the_computer_takes_the_empty_seats_and_each_person_plays_their_own():
    table = started(seats=3)
    seats = list(table.seats.order_by("index"))
    assert [bool(s.bot_level) for s in seats] == [False, False, True]
    for _ in range(12):
        table.refresh_from_db()
        match = load(table.record)
        if match.turn is None:
            break
        player = {0: HOST, 1: BOB}[match.turn]
        other = {0: BOB, 1: HOST}[match.turn]
        move = match.legal_moves()[0]
        with pytest.raises(NotYourSeat):
            services.play(
                public_id=table.public_id, player=CAROL, move=move, seen_version=table.version
            )
        with pytest.raises(Exception):  # noqa: B017  (IllegalMove: not the other's turn)
            services.play(
                public_id=table.public_id, player=other, move=move, seen_version=table.version
            )
        services.play(
            public_id=table.public_id, player=player, move=move, seen_version=table.version
        )
    assert table.log.filter(kind=LogEntry.Kind.MOVE, seat=1).exists()


def test_a_spectator_sees_the_table_and_no_hand():
    table = started(seats=2)
    state = selectors.table_state(selectors.table_for(table.public_id), None)
    assert state["view"]["seat"] is None and state["view"]["hand"] == []


def test_the_clock_runs_for_the_person_to_move_and_the_page_shows_it():
    table = started(seats=3)  # jobs run inline: the computer at seat 2 has moved already
    assert load(table.record).turn in (0, 1)
    expected = timezone.now() + timedelta(seconds=services.CASUAL_TURN_SECONDS)
    assert abs((table.deadline - expected).total_seconds()) < 5
    state = selectors.table_state(selectors.table_for(table.public_id), 0)
    assert state["table"]["deadline"] == table.deadline.isoformat()


def test_at_the_deadline_the_server_plays_for_the_seat_once():
    table = started(seats=2)
    table.refresh_from_db()
    seat, version = load(table.record).turn, table.version
    assert services.expire_turn(public_id=table.public_id, expected_version=version) is False
    expire_now(table)
    assert services.expire_turn(public_id=table.public_id, expected_version=version - 1) is False
    assert services.expire_turn(public_id=table.public_id, expected_version=version) is True
    table.refresh_from_db()
    last_moves = table.log.filter(kind=LogEntry.Kind.MOVE).order_by("-position")
    assert any("play" in e.payload for e in last_moves.filter(seat=seat)[:1])
    assert services.expire_turn(public_id=table.public_id, expected_version=version) is False


def test_the_sweep_resolves_deadlines_whose_jobs_were_lost():
    tables = [started(seats=2) for _ in range(2)]
    assert services.sweep_deadlines() == 0
    for table in tables:
        expire_now(table)
    assert services.sweep_deadlines() == 2
    assert services.sweep_deadlines() == 0


def test_opening_a_table_enforces_its_deadline(client):
    table = started(seats=2)
    expire_now(table)
    version = Table.objects.get(pk=table.pk).version
    page = client.get(f"/tables/{table.public_id}/").content.decode()
    now = Table.objects.get(pk=table.pk).version
    assert now > version
    assert f'{{"type": "state", "version": {now},' in page  # the table as it is now


def test_the_sweep_command_resolves_expired_turns():
    table = started(seats=2)
    expire_now(table)
    out = StringIO()
    call_command("sweep_deadlines", stdout=out)
    assert "resolved 1 expired turn" in out.getvalue()


def test_a_player_who_leaves_is_played_by_the_computer_until_they_come_back():
    table = started(seats=2)  # two people, no computer seat
    match = load(table.record)
    seat = match.turn
    mover, other = (HOST, BOB) if seat == 0 else (BOB, HOST)
    moves_before = table.log.filter(kind=LogEntry.Kind.MOVE, seat=seat).count()

    services.leave_table(public_id=table.public_id, player=mover)

    # The computer played the seat's turn at once (jobs run inline here).
    table.refresh_from_db()
    assert table.log.filter(kind=LogEntry.Kind.MOVE, seat=seat).count() > moves_before
    assert table.seats.get(index=seat).away is True

    services.come_back(public_id=table.public_id, player=mover)
    table.refresh_from_db()
    while (match := load(table.record)).turn not in (seat, None):
        services.play(
            public_id=table.public_id,
            player=other,
            move=match.legal_moves()[0],
            seen_version=table.version,
        )
        table.refresh_from_db()
    if match.turn is None:
        pytest.skip("the hand ended before the seat's next turn")
    # Back at the seat: the clock runs for the person and the computer no longer plays it.
    assert table.deadline is not None
    assert not services.run_bot_turn(public_id=table.public_id, expected_version=table.version)


def test_leaving_is_for_tables_with_friends():
    table = services.create_computer_table(
        player=HOST, name="Host", rules=Rules.for_preset("draw", seats=2), levels=["easy"]
    )
    with pytest.raises(TableError, match="friends"):
        services.leave_table(public_id=table.public_id, player=HOST)


def test_the_tournament_deadline_includes_the_grace_and_forfeits_only_at_expiry():
    table = tournament_table()
    allowance = services.TOURNAMENT_TURN_SECONDS + services.TOURNAMENT_GRACE_SECONDS
    expected = timezone.now() + timedelta(seconds=allowance)
    assert abs((table.deadline - expected).total_seconds()) < 5
    seat = load(table.record).turn
    # Past the playing allowance but inside the grace: a short interruption forfeits nothing.
    Table.objects.filter(pk=table.pk).update(deadline=timezone.now() + timedelta(seconds=60))
    assert services.expire_turn(public_id=table.public_id) is False
    assert services.sweep_deadlines() == 0

    finished = []

    def heard(sender, public_id, **kwargs):
        finished.append(public_id)

    signals.match_finished.connect(heard)
    expire_now(table)
    assert services.sweep_deadlines() == 1
    signals.match_finished.disconnect(heard)
    table.refresh_from_db()
    assert (table.forfeited_by, table.finished, table.deadline) == (seat, True, None)
    assert finished == [table.public_id], "a forfeit ends the match: announced once"
    state = selectors.table_state(selectors.table_for(table.public_id), 0)
    assert state["table"]["forfeited_by"] == seat
    assert state["table"]["forfeit_reason"] == "time"
    mover = {0: HOST, 1: BOB}[seat]
    with pytest.raises(TableError, match="ran out of time"):
        services.play(
            public_id=table.public_id,
            player=mover,
            move=load(table.record).legal_moves()[0],
            seen_version=table.version,
        )


def test_a_rematch_needs_every_person_to_opt_in():
    table = tournament_table()
    with pytest.raises(TableError, match="finished"):
        services.vote_rematch(public_id=table.public_id, player=HOST)
    expire_now(table)
    services.sweep_deadlines()  # the seat to move forfeits: the match is over

    services.vote_rematch(public_id=table.public_id, player=HOST)
    services.vote_rematch(public_id=table.public_id, player=HOST)  # asking twice is once
    table.refresh_from_db()
    assert table.rematch is None and table.rematch_votes == [0]
    with pytest.raises(NotYourSeat):
        services.vote_rematch(public_id=table.public_id, player=CAROL)

    services.vote_rematch(public_id=table.public_id, player=BOB)
    table.refresh_from_db()
    rematch = table.rematch
    assert rematch is not None and rematch.started_at is not None
    assert rematch.rules == table.rules and rematch.forfeit_at_deadline
    assert [(s.index, s.guest, s.name) for s in rematch.seats.all()] == [
        (s.index, s.guest, s.name) for s in table.seats.all()
    ]
    assert load(rematch.record).dealt
    state = selectors.table_state(selectors.table_for(table.public_id), 0)
    assert state["table"]["rematch"] == {"votes": [0, 1], "table": rematch.public_id}


def test_no_rematch_is_asked_of_a_person_who_left():
    table = tournament_table()
    expire_now(table)
    services.sweep_deadlines()  # the seat to move forfeits: the match is over
    services.leave_table(public_id=table.public_id, player=BOB)
    table.refresh_from_db()
    assert table.finished and table.deadline is None, "leaving keeps a forfeited match over"
    with pytest.raises(TableError, match="Bob has left the table"):
        services.vote_rematch(public_id=table.public_id, player=HOST)
    table.refresh_from_db()
    assert table.finished and table.rematch_votes == [] and table.rematch is None
    services.come_back(public_id=table.public_id, player=BOB)  # he is back: ask away
    assert services.vote_rematch(public_id=table.public_id, player=HOST).rematch_votes == [0]


def test_a_person_whose_server_died_is_handed_over_by_the_sweep_unless_seen_elsewhere():
    table = started(seats=2)
    # Bob's socket was opened in a server process that then died: nobody said goodbye.
    bob = services.seat_connected(public_id=table.public_id, player=BOB)
    long_ago = timezone.now() - timedelta(seconds=services.REJOIN_GRACE_SECONDS + 1)
    Seat.objects.filter(pk=bob.pk).update(seen_at=long_ago)
    services.seats_seen(seat_ids=[bob.pk])  # he reconnected to another process: its heartbeat
    assert services.sweep_deadlines() == 0
    bob.refresh_from_db()
    assert bob.away is False

    Seat.objects.filter(pk=bob.pk).update(seen_at=long_ago)  # and no process sees him any more
    assert services.sweep_deadlines() == 1
    bob.refresh_from_db()
    assert bob.away is True


def test_two_players_racing_to_the_next_hand_deal_it_exactly_once():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    table = tournament_table()
    play_out_the_hand(table)
    outcomes: list[object] = []
    start = threading.Barrier(2)

    def next_hand(player: Player) -> None:
        start.wait()
        try:
            services.next_hand(public_id=table.public_id, player=player, seen_version=table.version)
            outcomes.append("dealt")
        except StaleVersion as error:
            outcomes.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=next_hand, args=(p,)) for p in (HOST, BOB)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("dealt") == 1, outcomes
    table.refresh_from_db()
    assert len(load(table.record).deals) == 2
    assert table.log.filter(kind=LogEntry.Kind.DEAL).count() == 2


def test_a_hand_over_on_a_clocked_table_is_followed_by_the_next_even_if_nobody_asks():
    table = tournament_table()  # the tournament clock: expiry forfeits, but not between hands
    play_out_the_hand(table)
    expected = timezone.now() + timedelta(seconds=services.BETWEEN_HANDS_SECONDS)
    assert abs((table.deadline - expected).total_seconds()) < 5
    assert services.sweep_deadlines() == 0, "not yet"

    expire_now(table)
    assert services.sweep_deadlines() == 1
    table.refresh_from_db()
    match = load(table.record)
    assert len(match.deals) == 2 and match.turn is not None
    assert table.forfeited_by is None and not table.finished
    allowance = services.TOURNAMENT_TURN_SECONDS + services.TOURNAMENT_GRACE_SECONDS
    assert table.deadline > timezone.now() + timedelta(seconds=allowance - 5)


def test_an_away_seat_may_not_play_until_it_comes_back():
    table = started(seats=2)
    match = load(table.record)
    waiting = (BOB, HOST)[match.turn]  # the seat not to move: its leaving plays nothing
    services.leave_table(public_id=table.public_id, player=waiting)
    table.refresh_from_db()
    version, logged = table.version, table.log.count()
    for player, move in ((waiting, Draw()), (waiting, match.legal_moves()[0])):
        with pytest.raises(TableError, match="^You are away: press I'm back to play again.$"):
            services.play(public_id=table.public_id, player=player, move=move, seen_version=version)
    table.refresh_from_db()
    assert (table.version, table.log.count()) == (version, logged)
    services.come_back(public_id=table.public_id, player=waiting)
    assert table.seats.get(index=1 - match.turn).away is False
