"""Table services on the real database: moves, bots, undo, and every kind of bad input."""

import threading

import pytest
from deal_support import CLEAN, dealt_computer_table
from django.db import connection

from games import services, signals
from games.engine import (
    ALL_TILES,
    Draw,
    End,
    IllegalMove,
    Pass,
    Play,
    Rules,
    load,
    move_from_record,
)
from games.models import LogEntry, Table
from games.services import NotYourSeat, Player, StaleVersion, TableNotFound
from tests.games.services.service_builders import replayed_from_log

# Real commits: bot turns and announcements run on commit, as in production.
pytestmark = pytest.mark.django_db(transaction=True)

ALICE = Player(user_id=None, session_key="alice-session")
MALLORY = Player(user_id=None, session_key="mallory-session")


def new_table(preset="draw", seats=2, levels=("easy",), **options) -> Table:
    return services.create_computer_table(
        player=ALICE,
        name="Alice",
        rules=Rules.for_preset(preset, seats=seats, **options),
        levels=list(levels),
    )


def state(table: Table) -> tuple:
    table.refresh_from_db()
    return (table.version, table.record, list(table.log.values_list("position", "payload")))


def my_move(table: Table):
    table.refresh_from_db()
    match = load(table.record)
    assert match.turn == 0
    return match.legal_moves()[0]


def test_a_new_table_is_dealt_and_the_computer_plays_until_the_players_turn():
    table = new_table()
    table.refresh_from_db()
    match = load(table.record)
    assert match.turn == 0
    assert table.log.first().kind == LogEntry.Kind.DEAL
    assert table.version == table.log.count()
    assert table.record == replayed_from_log(table)


def test_a_move_is_logged_the_computer_replies_and_the_version_counts_every_change():
    table = new_table()
    move = my_move(table)
    while isinstance(move, Draw):  # no tile fits yet: after a draw it is still Alice's turn
        services.play(
            public_id=table.public_id, player=ALICE, move=move, seen_version=state(table)[0]
        )
        move = my_move(table)
    before = state(table)[0]
    services.play(public_id=table.public_id, player=ALICE, move=move, seen_version=before)
    table.refresh_from_db()
    match = load(table.record)
    assert match.turn != 1  # the computer has replied
    assert table.version >= before + 2
    assert list(table.log.values_list("version", flat=True)) == list(range(1, table.version + 1))
    assert table.record == replayed_from_log(table)


@pytest.mark.parametrize(
    ("preset", "attempt", "error"),
    [
        # At the first turn of a draw game the boneyard is full: passing is never allowed.
        (
            "draw",
            lambda t, v: dict(public_id=t, player=ALICE, move=Pass(), seen_version=v),
            IllegalMove,
        ),
        # Nobody draws in Block.
        (
            "block",
            lambda t, v: dict(public_id=t, player=ALICE, move=Draw(), seen_version=v),
            IllegalMove,
        ),
        (
            "block",
            lambda t, v: dict(public_id=t, player=MALLORY, move=None, seen_version=v),
            NotYourSeat,
        ),
        (
            "block",
            lambda t, v: dict(public_id="nope", player=ALICE, move=None, seen_version=v),
            TableNotFound,
        ),
        (
            "block",
            lambda t, v: dict(public_id=t, player=ALICE, move=None, seen_version=v - 1),
            StaleVersion,
        ),
    ],
    ids=[
        "pass-while-a-draw-is-possible",
        "draw-in-block",
        "other-peoples-table",
        "unknown-table",
        "stale-version",
    ],
)
def test_bad_input_gets_a_clear_error_and_changes_nothing(preset, attempt, error):
    table = new_table(preset=preset)
    before = state(table)
    legal = my_move(table)
    kwargs = attempt(table.public_id, before[0])
    if kwargs["move"] is None:
        kwargs["move"] = legal
    with pytest.raises(error) as raised:
        services.play(**kwargs)
    assert str(raised.value)
    assert state(table) == before


def test_a_forged_tile_is_refused():
    table = new_table(preset="block")
    before = state(table)
    match = load(table.record)
    forged = next(tile for tile in ALL_TILES if tile not in match.view_for(0).hand)
    end = None if match.view_for(0).opening is None else End.LEFT
    with pytest.raises(IllegalMove, match=f"{forged} is not in seat 0's hand"):
        services.play(
            public_id=table.public_id,
            player=ALICE,
            move=Play(forged, end),
            seen_version=before[0],
        )
    assert state(table) == before


def test_a_replayed_message_applies_once():
    table = new_table()
    version = state(table)[0]
    move = my_move(table)
    services.play(public_id=table.public_id, player=ALICE, move=move, seen_version=version)
    after = state(table)
    with pytest.raises(StaleVersion):
        services.play(public_id=table.public_id, player=ALICE, move=move, seen_version=version)
    assert state(table) == after


def test_two_racing_submissions_of_the_same_move_apply_exactly_once():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    table = new_table()
    version = state(table)[0]
    move = my_move(table)
    outcomes: list[object] = []
    start = threading.Barrier(2)

    def submit():
        start.wait()
        try:
            services.play(public_id=table.public_id, player=ALICE, move=move, seen_version=version)
            outcomes.append("applied")
        except StaleVersion as error:
            outcomes.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("applied") == 1
    assert table.log.filter(kind=LogEntry.Kind.MOVE, seat=0).count() == 1


def test_undo_takes_back_the_players_move_and_the_computers_since(monkeypatch):
    # Dealt so that the computer answers without drawing: a draw is never taken back
    # (tests/games/services/test_fair_play.py).
    table = dealt_computer_table(monkeypatch, "draw", CLEAN, player=ALICE)
    version, record, _ = state(table)
    services.play(
        public_id=table.public_id, player=ALICE, move=my_move(table), seen_version=version
    )
    table.refresh_from_db()
    services.undo(public_id=table.public_id, player=ALICE, seen_version=table.version)
    table.refresh_from_db()
    assert table.record == record
    assert table.version > version
    assert table.record == replayed_from_log(table)


def test_undo_with_nothing_to_take_back_is_refused():
    table = new_table()
    version, record, log = state(table)
    with pytest.raises(services.TableError):
        services.undo(public_id=table.public_id, player=ALICE, seen_version=version)
    assert state(table) == (version, record, log)


def test_a_late_bot_job_does_nothing():
    table = new_table()
    before = state(table)
    assert services.run_bot_turn(public_id=table.public_id, expected_version=before[0] - 1) is False
    assert services.run_bot_turn(public_id=table.public_id, expected_version=before[0]) is False
    assert state(table) == before


def test_automatic_passes_for_a_player_who_asked_for_them():
    table = services.create_computer_table(
        player=ALICE,
        name="Alice",
        rules=Rules.for_preset("block", seats=2),
        levels=["easy"],
        auto_pass=True,
    )
    version = state(table)[0]
    while True:
        table.refresh_from_db()
        match = load(table.record)
        if match.turn is None:
            break
        assert match.turn == 0
        assert any(isinstance(move, Play) for move in match.legal_moves())
        services.play(
            public_id=table.public_id,
            player=ALICE,
            move=match.legal_moves()[0],
            seen_version=table.version,
        )
    passes = [
        e.payload for e in table.log.filter(kind=LogEntry.Kind.MOVE, seat=0) if "pass" in e.payload
    ]
    assert table.version > version
    assert all(move_from_record(p)[0] == 0 for p in passes)


def play_to_the_end(table: Table) -> None:
    """Alice plays the first legal move, and deals each next hand, until the match is over."""
    for _ in range(500):
        table.refresh_from_db()
        match = load(table.record)
        if match.finished:
            break
        if match.needs_deal:
            services.next_hand(public_id=table.public_id, player=ALICE, seen_version=table.version)
            continue
        services.play(
            public_id=table.public_id,
            player=ALICE,
            move=match.legal_moves()[0],
            seen_version=table.version,
        )
    table.refresh_from_db()


def test_a_failing_listener_of_the_match_end_fails_neither_the_move_nor_the_others():
    heard = []

    def broken(sender, public_id, **kwargs):
        raise RuntimeError("a listener's bug")

    def listening(sender, public_id, **kwargs):
        heard.append(public_id)

    signals.match_finished.connect(broken)
    signals.match_finished.connect(listening)
    try:
        table = new_table(preset="single_round")
        play_to_the_end(table)  # the last move ends the match: it must not raise
    finally:
        signals.match_finished.disconnect(broken)
        signals.match_finished.disconnect(listening)
    assert table.finished and heard == [table.public_id]


def test_a_whole_match_against_the_computer_reaches_its_end():
    finished = []

    def heard(sender, public_id, **kwargs):
        finished.append(public_id)

    signals.match_finished.connect(heard)
    table = new_table(preset="classic", match={"target": 25})
    play_to_the_end(table)
    assert table.finished and load(table.record).finished
    assert table.record == replayed_from_log(table)
    with pytest.raises(IllegalMove):
        services.next_hand(public_id=table.public_id, player=ALICE, seen_version=table.version)
    with pytest.raises(services.TableError, match="match is over"):
        services.undo(public_id=table.public_id, player=ALICE, seen_version=table.version)
    signals.match_finished.disconnect(heard)
    assert finished == [table.public_id], "announced once, after the match ended"
