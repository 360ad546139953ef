"""A turn: playing, the three stuck rules, reserve, and illegal moves (docs/rules.md#a-turn,
#the-line, #blocked, #moves).

Illegal moves must raise IllegalMove and leave the match exactly as it was.
A `#name` in a test's docstring is the docs/rules.md section it checks.
"""

import pytest
from engine_builders import (
    A2_BONEYARD,
    A_BEFORE_STUCK,
    A_BONEYARD,
    A_HANDS,
    ALL6_HANDS,
    B_HANDS,
    B_MOVES,
    D44_HANDS,
    RES_HANDS,
    RES_PLAYS,
    hand,
    line,
    make_deal,
    move_records,
    play,
    report,
    run,
    snapshot,
    split_error,
    start,
    tiles,
)

from games.engine import Draw, End, IllegalMove, Pass, Play, Rules, Tile

CLASSIC = Rules.for_preset("classic", seats=2)
SINGLE_DRAW = Rules.for_preset("classic", seats=2, stuck="single_draw")
BLOCK = Rules.for_preset("block", seats=2)

LEFT, RIGHT, UP = End.LEFT, End.RIGHT, End.UP


def t(text: str) -> Tile:
    return Tile.parse(text)


def assert_illegal(match, seat, move, message):
    """``move`` raises IllegalMove matching ``message`` and changes nothing."""
    before = snapshot(match)
    with pytest.raises(IllegalMove, match=message):
        match.apply(seat, move)
    assert snapshot(match) == before


# --- playing -----------------------------------------------------------------------------------


def test_the_first_opener_may_only_play_the_required_tile():
    """Who opens: the seat holding the highest double must open with it."""
    match = start(CLASSIC, A_HANDS, A_BONEYARD)
    assert match.turn == 0
    assert match.legal_moves() == [Play(t("5-5"))]  # 5-5 is the highest double dealt


def test_a_seat_holding_a_fitting_tile_must_play_it_and_chooses_the_end():
    """A turn, 1: a seat holding a tile that fits must play one (it may choose where)."""
    match = start(CLASSIC, D44_HANDS)
    play(match, "0 4-4")
    # ends 4 and 4; of 6-2 4-2 5-1 5-2 3-2 2-1 6-1 only 4-2 fits, on either end; no draw, no pass
    assert set(match.legal_moves()) == {Play(t("4-2"), LEFT), Play(t("4-2"), RIGHT)}


def test_a_tile_written_low_first_is_read_high_first_and_opens_high_half_left():
    """#the-line: `3-6` is read as 6-3; an opening 6-3 shows 6 at the left end and 3 at the
    right."""
    hands = ["6-3 6-2 6-1 3-0 3-1 3-2 4-2", "2-1 1-0 2-0 4-0 4-1 5-0 5-1"]  # no double dealt
    rules = {"preset": "classic", "seats": 2}
    # 6-3 is the heaviest tile (9); seat 1 has no 6 or 3, draws 6-6, which fits the left end (6)
    ok = run(rules, hand(hands, "0 3-6, 1 draw, 1 6-6 left", boneyard="6-6"))
    assert ok == report([line(None, [], [0, 0], [0, 0])], [0, 0])
    wrong = run(rules, hand(hands, "0 3-6, 1 draw, 1 6-6 right", boneyard="6-6"))
    assert wrong["error"] == {"hand": 0, "move": 2, "reason": "6-6 does not fit the right end (3)"}


# --- Classic draw ------------------------------------------------------------------------------


def test_classic_draws_one_tile_at_a_time_until_one_fits_then_must_play_it():
    """`draw`: draws one tile at a time from the boneyard until one fits, then must play it."""
    match = start(CLASSIC, A_HANDS, A2_BONEYARD)
    play(match, A_BEFORE_STUCK)
    # ends 5 and 3; seat 1 holds 6-4 2-1: nothing fits
    assert match.turn == 1 and match.legal_moves() == [Draw()]
    match.apply(1, Draw())  # 2-0: fits neither 5 nor 3
    assert match.turn == 1 and match.legal_moves() == [Draw()]
    match.apply(1, Draw())  # 6-3: fits the right end (3) only
    assert match.turn == 1 and match.legal_moves() == [Play(t("6-3"), RIGHT)]


def test_classic_draw_hand_scores_the_drawn_tiles_left_in_hand():
    moves = A_BEFORE_STUCK + ", 1 draw, 1 draw, 1 6-3 right, 0 6-5 left"
    result = run({"preset": "classic", "seats": 2}, hand(A_HANDS, moves, A2_BONEYARD))
    # seat 1 keeps 6-4 + 2-1 + the drawn 2-0 = 10 + 3 + 2 = 15
    assert result["hands"] == [line("out", [0], [15, 0], [15, 0])]


def test_classic_passes_only_when_no_draw_is_possible():
    """`draw`: passes only when no draw is possible (boneyard empty, reserve 0)."""
    match = start(CLASSIC, ALL6_HANDS)
    play(match, "0 6-6")
    for drawn in range(14):  # seat 0 holds every six: none of the 14 boneyard tiles fits
        assert match.legal_moves() == [Draw()], drawn
        match.apply(1, Draw())
    assert match.legal_moves() == [Pass()]
    view = match.view_for(1).to_json()
    assert view["boneyard"] == 0 and view["counts"] == [6, 21]  # 7 - 1 and 7 + 14
    match.apply(1, Pass())
    assert match.turn == 0


def test_a_pass_while_a_draw_is_possible_is_illegal():
    match = start(CLASSIC, A_HANDS, A_BONEYARD)
    play(match, A_BEFORE_STUCK)  # seat 1 is stuck with 14 tiles in the boneyard
    assert_illegal(match, 1, Pass(), "draw")


# --- reserve -----------------------------------------------------------------------------------


def test_reserve_2_the_last_two_tiles_are_never_drawn():
    """#no-draw-possible: no draw is possible when the boneyard holds no more than `reserve`
    tiles."""
    match = start(Rules.for_preset("classic", seats=2, reserve=2), RES_HANDS)
    play(match, RES_PLAYS)
    # ends 6 and 6; the boneyard's 12 first tiles have no six, its last two are 6-0 6-1
    for drawn in range(12):
        assert match.legal_moves() == [Draw()], drawn
        match.apply(1, Draw())
    assert match.legal_moves() == [Pass()]
    assert match.view_for(1).to_json()["boneyard"] == 2
    assert_illegal(match, 1, Draw(), "reserve|no draw")


def test_without_reserve_the_same_seat_draws_the_thirteenth_tile_and_plays_it():
    match = start(CLASSIC, RES_HANDS)
    play(match, RES_PLAYS + ", 1 draw*13")  # the 13th tile is 6-0
    assert set(match.legal_moves()) == {Play(t("6-0"), LEFT), Play(t("6-0"), RIGHT)}


def test_reserve_2_block_with_two_tiles_left():
    """Blocked: every seat passed in succession and no draw is possible (2 tiles left)."""
    moves = RES_PLAYS + ", 1 draw*12, 1 pass, 0 pass"
    result = run({"preset": "classic", "seats": 2, "reserve": 2}, hand(RES_HANDS, moves))
    # seat 0 keeps 0-0 1-0 1-1 = 3; seat 1 keeps 2-0 2-1 2-2 3-0 = 12 + the 12 drawn
    # 3-1 3-3 4-0 4-1 4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-5 = 76, so 88; the reserved 6-0 6-1 never
    # count. difference: 88 - 3 = 85
    assert result == report([line("blocked", [0], [85, 0], [85, 0])], [85, 0])


# --- single draw -------------------------------------------------------------------------------


def test_single_draw_passes_after_one_draw_even_with_tiles_left():
    """`single_draw`: draws one tile; plays it if it fits, else passes, tiles left or not."""
    match = start(SINGLE_DRAW, A_HANDS, A2_BONEYARD)
    play(match, A_BEFORE_STUCK)
    assert match.legal_moves() == [Draw()]
    match.apply(1, Draw())  # 2-0 does not fit 5 or 3
    assert match.legal_moves() == [Pass()]
    assert match.view_for(1).to_json()["boneyard"] == 13  # 14 - 1 still there
    assert_illegal(match, 1, Draw(), "one draw|single")


def test_single_draw_plays_the_drawn_tile_when_it_fits():
    match = start(SINGLE_DRAW, A_HANDS, A_BONEYARD)
    play(match, A_BEFORE_STUCK)
    match.apply(1, Draw())  # 6-3 fits the right end (3)
    assert match.legal_moves() == [Play(t("6-3"), RIGHT)]
    assert_illegal(match, 1, Pass(), "fits")


def test_single_draw_hand_after_a_pass():
    moves = A_BEFORE_STUCK + ", 1 draw, 1 pass, 0 6-5 left"
    result = run(
        {"preset": "classic", "seats": 2, "stuck": "single_draw"}, hand(A_HANDS, moves, A2_BONEYARD)
    )
    # seat 1 passes holding 6-4 2-1 2-0; seat 0 goes out with 6-5: 10 + 3 + 2 = 15
    assert result["hands"] == [line("out", [0], [15, 0], [15, 0])]


SINGLE_DRAW_RESERVE = {"preset": "classic", "seats": 2, "stuck": "single_draw", "reserve": 2}
# After the seven plays (ends 6 and 6) both seats draw once and pass, six times each: seat 1
# draws boneyard tiles 1, 3, 5, ... (3-1 4-0 4-2 4-4 5-1 5-3), seat 0 tiles 2, 4, 6, ...
# (3-3 4-1 4-3 5-0 5-2 5-5). Seat 0's last draw leaves the 2 reserved tiles.
SINGLE_DRAW_RESERVE_MOVES = RES_PLAYS + ", 1 draw, 1 pass, 0 draw, 0 pass" * 6


def test_single_draw_blocks_at_the_first_pass_made_when_no_draw_is_possible():
    """#blocked: passes made with tiles in the boneyard count toward the run; the hand ends at
    the pass that completes `seats` turns in a row when no draw is possible."""
    result = run(SINGLE_DRAW_RESERVE, hand(RES_HANDS, SINGLE_DRAW_RESERVE_MOVES))
    # seat 0: 0-0 1-0 1-1 = 3 + 6+5+7+5+7+10 = 40 -> 43; seat 1: 2-0 2-1 2-2 3-0 = 12
    # + 4+4+6+8+6+8 = 36 -> 48. difference 48 - 43 = 5
    assert result == report([line("blocked", [0], [5, 0], [5, 0])], [5, 0])


def test_single_draw_block_leaves_no_further_move():
    moves = SINGLE_DRAW_RESERVE_MOVES + ", 1 pass"
    result, (hand_index, move_index) = split_error(run(SINGLE_DRAW_RESERVE, hand(RES_HANDS, moves)))
    assert (hand_index, move_index) == (0, 7 + 24)  # 7 plays, 24 draws and passes, then this
    assert result == report([line("blocked", [0], [5, 0], [5, 0])], [5, 0])


def test_a_hand_where_nobody_can_move_is_unfinished_until_the_passes_are_recorded():
    """#blocked: the record contains the passes; with fewer passes the hand is unfinished."""
    result = run({"preset": "block", "seats": 2}, hand(B_HANDS, "0 6-6, 1 pass"))
    # seat 0 cannot move either, but its pass is not recorded
    assert result == report([line(None, [], [0, 0], [0, 0])], [0, 0])


# --- Block -------------------------------------------------------------------------------------


def test_block_a_stuck_seat_passes_and_set_aside_tiles_are_never_drawn():
    """`pass` (Block): passes; set-aside tiles are never drawn (#no-draw-possible)."""
    match = start(BLOCK, B_HANDS)
    play(match, "0 6-6")
    # seat 1 has no six; 14 tiles are set aside, five of them sixes, but nobody draws
    assert match.legal_moves() == [Pass()]
    assert_illegal(match, 1, Draw(), "draw")


# --- illegal moves -----------------------------------------------------------------------------


def test_a_play_that_does_not_fit_is_refused_with_the_rules_message():
    match = start(CLASSIC, D44_HANDS)
    play(match, "0 4-4")  # ends 4 and 4
    assert_illegal(match, 1, Play(t("6-2"), LEFT), r"^6-2 does not fit the left end \(4\)$")


def test_replay_reports_a_play_that_does_not_fit():
    """The replay line of the second example of docs/rules.md#replay-report."""
    result = run({"preset": "classic", "seats": 2}, hand(D44_HANDS, "0 4-4, 1 6-2 left"))
    assert result == {
        "ok": False,
        "hands": [],
        "match": {"finished": False, "winners": [], "scores": [0, 0]},
        "error": {"hand": 0, "move": 1, "reason": "6-2 does not fit the left end (4)"},
    }


@pytest.mark.parametrize(
    ("seat", "move", "message"),
    [
        pytest.param(1, Play(t("6-2")), "seat 0", id="wrong seat"),
        pytest.param(0, Play(t("4-1")), "4-4", id="opening with the wrong tile"),
        pytest.param(0, Play(t("4-4"), LEFT), "opening", id="opening play naming an end"),
        pytest.param(0, Draw(), "open|play", id="opener draws"),
        pytest.param(0, Pass(), "open|play", id="opener passes"),
        pytest.param(0, Play(t("6-2")), "6-2", id="opener plays a tile it does not hold"),
    ],
)
def test_illegal_opening_moves(seat, move, message):
    match = start(CLASSIC, D44_HANDS)
    assert_illegal(match, seat, move, message)


@pytest.mark.parametrize(
    ("seat", "move", "message"),
    [
        pytest.param(0, Play(t("4-1"), LEFT), "seat 1", id="wrong seat"),
        pytest.param(1, Play(t("4-2")), "end", id="later play naming no end"),
        pytest.param(1, Play(t("0-0"), RIGHT), "0-0", id="tile not in hand"),
        pytest.param(1, Play(t("6-6"), RIGHT), "6-6", id="tile in the boneyard"),
        pytest.param(1, Play(t("5-1"), RIGHT), r"5-1 does not fit the right end \(4\)", id="fit"),
        pytest.param(1, Draw(), "fits", id="draw while holding a fitting tile"),
        pytest.param(1, Pass(), "fits", id="pass while holding a fitting tile"),
        pytest.param(1, Play(t("4-2"), UP), "up", id="up without a spinner"),
        pytest.param(1, Play(t("4-2"), End.DOWN), "down", id="down without a spinner"),
    ],
)
def test_illegal_moves_after_the_opening(seat, move, message):
    match = start(CLASSIC, D44_HANDS)
    play(match, "0 4-4")  # seat 1 to move, holding 4-2 which fits
    assert_illegal(match, seat, move, message)


def test_moves_after_the_hand_is_over_are_illegal():
    match = start(Rules.for_preset("block", seats=2), B_HANDS)
    play(match, B_MOVES)  # blocked
    assert match.turn is None and match.legal_moves() == []
    for seat, move in [(1, Pass()), (0, Pass()), (0, Play(t("5-0"), LEFT))]:
        assert_illegal(match, seat, move, "over")


def test_moves_and_hands_after_the_match_is_over_are_illegal():
    rules = Rules.for_preset("block", seats=2, match={"best_of": 1})
    match = start(rules, B_HANDS)
    play(match, B_MOVES)  # seat 0 wins the only hand needed
    assert match.finished and match.winners == (0,)
    assert_illegal(match, 1, Pass(), "over")
    with pytest.raises(IllegalMove, match="over"):
        match.start_hand(make_deal(rules, B_HANDS))


def test_replay_reports_a_move_after_the_hand_is_over():
    """#replay-report: the finished hand is listed, the extra move is the error."""
    rules = {"preset": "block", "seats": 2}
    result, where = split_error(run(rules, hand(B_HANDS, B_MOVES + ", 1 pass")))
    assert where == (0, 3)
    assert result == report([line("blocked", [0], [14, 0], [14, 0])], [14, 0])  # 29 - 15


@pytest.mark.parametrize(
    "bad_move",
    [
        pytest.param({"seat": 1, "play": "4-2", "end": "right", "pass": True}, id="play and pass"),
        pytest.param({"seat": 1, "draw": True, "end": "left"}, id="draw naming an end"),
        pytest.param({"seat": 1}, id="nothing"),
        pytest.param({"seat": 1, "play": "4-2"}, id="no end after the opening"),
    ],
)
def test_replay_a_move_is_exactly_one_of_play_draw_pass(bad_move):
    """#moves: a move is exactly one of play, draw: true, pass: true."""
    record_hand = hand(D44_HANDS, "0 4-4")
    record_hand["moves"].append(bad_move)
    result, where = split_error(run({"preset": "classic", "seats": 2}, record_hand))
    assert where == (0, 1)
    assert result == report([], [0, 0])


def test_replay_an_opening_play_naming_an_end_is_illegal():
    record_hand = hand(D44_HANDS)
    record_hand["moves"] = [{"seat": 0, "play": "4-4", "end": "left"}]
    result, where = split_error(run({"preset": "classic", "seats": 2}, record_hand))
    assert where == (0, 0)


def test_move_helper_round_trip():
    """The helper writes moves as #moves spells them (guards the other tests' records)."""
    assert move_records("0 6-6, 1 6-2 right, 1 draw*2, 0 pass") == [
        {"seat": 0, "play": "6-6"},
        {"seat": 1, "play": "6-2", "end": "right"},
        {"seat": 1, "draw": True},
        {"seat": 1, "draw": True},
        {"seat": 0, "pass": True},
    ]
    assert tiles("4-6 0-0") == [Tile(6, 4), Tile(0, 0)]
