"""A turn's deadline is set when the turn begins (a new seat to move, a new hand to deal) and
kept through it: a seat that draws tile after tile has the 60 s (or the tournament's 180 s +
grace) it started with, not a new minute after every draw; nor does another seat leaving or
coming back restart it. The one decision (services.decide) keeps it; the locked path and the
one-statement path both give it the deadline they read."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import selectors, services
from games.engine import Draw, Play, load
from games.live import snapshots
from games.models import Table
from tests.games.services.service_builders import (
    ANN,
    BEN,
    BOB,
    CASUAL,
    HOST,
    a_forced_draw,
    dealt_as_clean,
    on_the_snapshot,
    play_out_the_hand,
    tournament_table,
)

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


# --- the decision ---------------------------------------------------------------------------
def decided(match, running, **clock):
    return services.decide(
        match,
        version=7,
        computer=set(),
        auto_pass=False,
        turn_seconds=clock.get("turn_seconds", 60),
        grace_seconds=clock.get("grace_seconds", 0),
        now=NOW,
        running=running,
    )


def test_a_draw_keeps_the_deadline_its_turn_began_with():
    match = a_forced_draw()
    began = services.Running(services.turn_of(match), NOW + timedelta(seconds=35))
    match.apply(match.turn, Draw())
    assert match.turn is not None, "the seat that drew is still to move"
    outcome = decided(match, began)
    assert outcome.deadline == began.deadline
    assert outcome.seconds == 35


def test_a_turn_whose_time_is_up_during_a_draw_is_due_at_once():
    match = a_forced_draw()
    began = services.Running(services.turn_of(match), NOW - timedelta(seconds=3))
    match.apply(match.turn, Draw())
    outcome = decided(match, began)
    assert (outcome.deadline, outcome.seconds) == (began.deadline, 0)


def test_a_play_begins_the_next_seats_turn_on_a_whole_clock():
    match = a_forced_draw()
    began = services.Running(services.turn_of(match), NOW + timedelta(seconds=35))
    while match.legal_moves() == [Draw()]:
        match.apply(match.turn, Draw())
    match.apply(match.turn, match.legal_moves()[0])  # a play, or a pass at an empty boneyard
    if match.turn is None:
        pytest.skip("the hand ended with that move")
    assert services.turn_of(match) != began.turn
    outcome = decided(match, began, turn_seconds=180, grace_seconds=120)
    assert outcome.deadline == NOW + timedelta(seconds=300)


def test_the_computers_turn_never_inherits_a_persons_deadline(settings):
    settings.BOT_PAUSE_SECONDS = 2
    match = a_forced_draw()
    began = services.Running(services.turn_of(match), NOW + timedelta(seconds=35))
    outcome = services.decide(
        match,
        version=3,
        computer={match.turn},  # the person left: the computer plays their turn
        auto_pass=False,
        turn_seconds=60,
        grace_seconds=0,
        now=NOW,
        running=began,
    )
    assert outcome.computer_turn
    assert outcome.deadline == NOW + timedelta(seconds=2 + services.COMPUTER_OVERDUE_SECONDS)


TOURNAMENT = {
    "turn_seconds": services.TOURNAMENT_TURN_SECONDS,
    "grace_seconds": services.TOURNAMENT_GRACE_SECONDS,
    "forfeit_at_deadline": True,
}


def move(table: Table, path: str, the_move) -> None:
    """``the_move`` of the seat to move, on the locked path or on the snapshot."""
    arguments = {
        "public_id": table.public_id,
        "player": (ANN, BEN)[load(table.record).turn],
        "move": the_move,
        "seen_version": table.version,
    }
    if path == "snapshot":
        on_the_snapshot(services.aplay, **arguments)
    else:
        services.play(**arguments)
    table.refresh_from_db()


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("clock", [CASUAL, TOURNAMENT], ids=["casual", "tournament"])
@pytest.mark.parametrize("path", ["snapshot", "locked"])
def test_a_draw_keeps_the_turns_deadline_and_the_next_seat_gets_a_whole_turn(
    monkeypatch, settings, path, clock
):
    if path == "snapshot" and connection.vendor != "postgresql":
        pytest.skip("one-statement moves are PostgreSQL's")
    settings.JOBS_BACKEND = "thread"  # deadline jobs wait their time instead of running inline
    allowance = timedelta(seconds=clock["turn_seconds"] + clock.get("grace_seconds", 0))
    table = dealt_as_clean(monkeypatch, **clock)
    move(table, path, Play.parse("6-6"))
    move(table, path, Play.parse("6-5", "right"))
    began = table.deadline  # Ann's turn began with Ben's play
    assert load(table.record).legal_moves() == [Draw()]

    move(table, path, Draw())
    assert load(table.record).turn == 0, "Ann drew 6-4 and is still to move"
    assert table.deadline == began, "a draw does not restart the clock"
    shown = selectors.table_state(selectors.table_for(table.public_id), 0)["table"]["deadline"]
    assert shown == began.isoformat()
    held = snapshots.recall(table.public_id, at_least=table.version)
    assert held.version == table.version and held.deadline == began

    move(table, path, Play.parse("6-4", "left"))
    assert load(table.record).turn == 1
    assert abs(table.deadline - (timezone.now() + allowance)) < timedelta(seconds=5)
    assert table.deadline > began


# --- off-the-log changes: a seat leaving or coming back -------------------------------------
@pytest.mark.django_db(transaction=True)
def test_another_seat_leaving_and_coming_back_keeps_the_clock_of_the_seat_to_move():
    table = tournament_table()  # the host at seat 0, Bob at 1
    mover = load(table.record).turn
    other = (BOB, HOST)[mover]
    began = table.deadline
    services.leave_table(public_id=table.public_id, player=other)
    table.refresh_from_db()
    assert table.deadline == began
    services.come_back(public_id=table.public_id, player=other)
    table.refresh_from_db()
    assert table.deadline == began


@pytest.mark.django_db(transaction=True)
def test_the_wait_between_hands_is_not_restarted_by_a_seat_leaving():
    table = tournament_table()
    play_out_the_hand(table)
    began = table.deadline
    assert began is not None and load(table.record).needs_deal
    services.leave_table(public_id=table.public_id, player=BOB)
    table.refresh_from_db()
    assert table.deadline == began
