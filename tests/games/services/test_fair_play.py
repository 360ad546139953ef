"""Fair play (issue 18): hints only against the computer, computed once per (table, version,
seat); undo that never shows what the player could not know (no finished hand, no draw).
(Matches with take-backs in results and statistics: tests/records/test_take_backs.py.)

Every deal here is chosen (tests/deal_support.py), so each scene is the same at every run."""

from functools import partial

import pytest
from deal_support import BLOCKED, CLEAN, COMPUTER_DRAWS, dealt_computer_table

from games import selectors, services
from games.engine import Draw, Pass, Play, Rules, Tile, bots, load
from games.models import Table
from games.services import Player, TableError

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ALICE = Player(user_id=None, session_key="alice-session")
BOB = Player(user_id=None, session_key="bob-session")

HINTS_REFUSED = "Hints are only for games against the computer."
DRAW_REFUSED = "A tile was drawn since your last play: a draw cannot be taken back."
HAND_OVER_REFUSED = "The hand is over and every tile was shown: it can no longer be undone."


@pytest.fixture
def dealt(monkeypatch):
    """``dealt(preset, scene, **options)``: Alice's table against the computer, every hand
    dealt as ``scene`` says."""
    return partial(dealt_computer_table, monkeypatch, player=ALICE)


def play(table: Table, move, player: Player = ALICE) -> Table:
    table.refresh_from_db()
    services.play(public_id=table.public_id, player=player, move=move, seen_version=table.version)
    table.refresh_from_db()
    return table


def undo(table: Table, player: Player = ALICE) -> Table:
    table.refresh_from_db()
    services.undo(public_id=table.public_id, player=player, seen_version=table.version)
    table.refresh_from_db()
    return table


def scene(table: Table) -> tuple:
    """All an action could change: the row's version and record, the log, the deadline."""
    table.refresh_from_db()
    log = list(table.log.values_list("position", "kind", "payload"))
    return (table.version, table.record, log, table.deadline)


def moves(table: Table) -> list[dict]:
    return load(table.record).view_for(0).to_json()["history"]


def refused_undo(table: Table, words: str) -> None:
    """Undo is refused with ``words``, changes nothing, and the page was told so beforehand."""
    before = scene(table)
    with pytest.raises(TableError) as refusal:
        undo(table)
    assert str(refusal.value) == words
    assert scene(table) == before
    assert selectors.table_state(table, 0)["table"]["undo_refused"] == words
    assert table.take_backs == 0  # a refused undo is no take-back


def open_online_table(*, show_hints: bool = True) -> Table:
    table = services.create_online_table(
        player=ALICE,
        name="Alice",
        rules=Rules.for_preset("draw", seats=2),
        show_hints=show_hints,
        turn_seconds=None,
    )
    services.join_table(public_id=table.public_id, player=BOB, name="Bob")
    services.start_table(public_id=table.public_id, player=ALICE)
    table.refresh_from_db()
    return table


def seat_to_move(table: Table) -> Player:
    return (ALICE, BOB)[load(table.record).turn]


# --- 1. hints are for games against the computer ----------------------------------------------
@pytest.mark.parametrize("show_hints", [True, False], ids=["hints-on", "hints-off"])
def test_an_online_table_gives_no_hint_and_its_page_offers_none(show_hints):
    table = open_online_table(show_hints=show_hints)
    before = scene(table)
    with pytest.raises(TableError, match=f"^{HINTS_REFUSED}$"):
        services.hint_for(public_id=table.public_id, player=seat_to_move(table))
    assert scene(table) == before
    assert selectors.table_state(table, 0)["table"]["can_hint"] is False


def test_a_tournament_match_gives_no_hint():
    table = services.create_seated_table(
        players=[(ALICE, "Alice"), (BOB, "Bob")], rules=Rules.for_preset("classic", seats=2)
    )
    table.refresh_from_db()
    with pytest.raises(TableError, match=f"^{HINTS_REFUSED}$"):
        services.hint_for(public_id=table.public_id, player=seat_to_move(table))


def test_a_stranger_asking_an_online_table_for_a_hint_is_told_it_is_not_their_seat():
    table = open_online_table()
    stranger = Player(user_id=None, session_key="mallory-session")
    with pytest.raises(services.NotYourSeat):
        services.hint_for(public_id=table.public_id, player=stranger)


def test_against_the_computer_the_hint_is_offered_and_given(dealt):
    table = dealt("draw", CLEAN)
    assert selectors.table_state(table, 0)["table"]["can_hint"] is True
    suggestion = services.hint_for(public_id=table.public_id, player=ALICE)
    assert suggestion.move == Play(Tile(6, 6)) and suggestion.reason


# --- 3. a hint is computed once for a (table, version, seat) ----------------------------------
def test_a_hint_asked_again_is_not_computed_again_and_a_new_version_is(dealt, monkeypatch):
    computed = []

    def counting(view, **kwargs):
        computed.append(view.hand)
        return hint(view, **kwargs)

    hint = bots.hint
    monkeypatch.setattr("games.services.hints.hint", counting)
    table = dealt("draw", CLEAN)
    first = services.hint_for(public_id=table.public_id, player=ALICE)
    again = services.hint_for(public_id=table.public_id, player=ALICE)
    assert again == first and len(computed) == 1

    play(table, Play(Tile(6, 6)))  # the computer answers 6-5: Alice must draw
    after = services.hint_for(public_id=table.public_id, player=ALICE)
    assert after.move == Draw() and len(computed) == 2
    assert services.hint_for(public_id=table.public_id, player=ALICE) == after
    assert len(computed) == 2


def test_a_hint_is_for_your_turn_even_when_the_cache_holds_one(dealt, monkeypatch):
    """While the computer thinks (its job not run yet) Alice gets no hint, and none of an
    earlier version of the table."""
    table = dealt("draw", CLEAN)
    services.hint_for(public_id=table.public_id, player=ALICE)
    monkeypatch.setattr(services, "run_bot_turn", lambda **kwargs: None)
    play(table, Play(Tile(6, 6)))
    with pytest.raises(TableError, match="^A hint is for your turn.$"):
        services.hint_for(public_id=table.public_id, player=ALICE)


# --- 2. undo never reveals hidden information -------------------------------------------------
def test_undo_takes_back_the_last_play_and_the_computers_answer(dealt):
    table = dealt("draw", CLEAN)
    start = scene(table)
    assert selectors.table_state(table, 0)["table"]["undo_refused"] == (
        "You have no play to take back in this hand."
    )
    play(table, Play(Tile(6, 6)))
    assert [m["seat"] for m in moves(table)] == [0, 1]
    assert selectors.table_state(table, 0)["table"]["undo_refused"] is None
    undo(table)
    assert table.record == start[1] and table.version > start[0]
    assert table.take_backs == 1


def test_undo_keeps_the_draws_made_before_the_play_it_takes_back(dealt):
    table = dealt("draw", CLEAN)
    play(table, Play(Tile(6, 6)))
    play(table, Draw())  # 6-4, the only tile that fits
    drawn = moves(table)
    (fits,) = load(table.record).legal_moves()
    play(table, fits)
    answer = moves(table)[len(drawn) + 1 :]
    assert answer and all("play" in m or "pass" in m for m in answer), answer
    undo(table)
    assert moves(table) == drawn
    assert "6-4" in load(table.record).view_for(0).to_json()["hand"]


def test_a_draw_of_the_players_own_is_never_taken_back(dealt):
    table = dealt("draw", CLEAN)
    play(table, Play(Tile(6, 6)))
    play(table, Draw())  # Alice now knows the boneyard's top tile was 6-4
    refused_undo(table, DRAW_REFUSED)


def test_the_computers_draws_are_never_taken_back(dealt):
    """Taken back, the computer's draws would have told Alice which tiles lie where in the
    boneyard (and a different play would deal them to someone else)."""
    table = dealt("draw", COMPUTER_DRAWS)
    play(table, Play(Tile(6, 6)))
    answer = moves(table)[1:]
    assert answer[0] == {"seat": 1, "draw": True} and answer[-1] == {"seat": 1, "pass": True}
    refused_undo(table, DRAW_REFUSED)


def test_a_finished_hand_is_never_undone(dealt):
    table = dealt("block", BLOCKED)
    play(table, Play(Tile(6, 6)))  # the computer passes
    play(table, Pass())  # blocked: every hand is laid open, and the seed shown
    match = load(table.record)
    assert match.needs_deal and not match.finished
    assert selectors.table_state(table, 0)["table"]["fair_deal"]["seed"]
    refused_undo(table, HAND_OVER_REFUSED)
    services.next_hand(public_id=table.public_id, player=ALICE, seen_version=table.version)
    table.refresh_from_db()
    # Alice won the blocked hand and leads the next: nothing of it to take back yet, and
    # never anything of the hand before it.
    assert load(table.record).turn == 0 and moves(table) == []
    refused_undo(table, "You have no play to take back in this hand.")


def test_undo_while_the_computer_thinks_leaves_no_deadline_behind(dealt, monkeypatch):
    """The computer's turn has a deadline (its job's safety net); taken back, it must not stay,
    or the sweep would play Alice's turn for her."""
    table = dealt("draw", CLEAN)
    monkeypatch.setattr(services, "run_bot_turn", lambda **kwargs: None)
    play(table, Play(Tile(6, 6)))
    assert table.deadline is not None  # the computer's turn, its job not run
    undo(table)
    assert table.deadline is None
    assert load(table.record).turn == 0


def test_undo_is_only_against_the_computer():
    table = open_online_table()
    assert selectors.table_state(table, 0)["table"]["undo_refused"] == (
        "Undo is only for games against the computer."
    )
