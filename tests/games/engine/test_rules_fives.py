"""All Fives (docs/rules.md#all-fives: the spinner, counting, rounding, a count at the target).

The spinner's four ends, counts after every play, rounding of the hand-end points, and a count
that reaches the target.

A `#name` in a test's docstring is the docs/rules.md section it checks.
"""

import pytest
from engine_builders import (
    B_HANDS,
    B_MOVES,
    OUT4_MOVES,
    hand,
    line,
    move_records,
    play,
    report,
    run,
    snapshot,
    split_error,
    start,
    to_move,
)

from games.engine import End, IllegalMove, Play, Rules, Tile

ALL_FIVES = Rules.for_preset("all_fives", seats=2)
ALL_FIVES_RECORD = {"preset": "all_fives", "seats": 2}

# Deal FIVES: seat 0 opens 5-5, the highest double dealt (6-6 is in the boneyard), which is
# the spinner. Boneyard: 1-0 first.
FIVES_HANDS = ["5-5 5-3 5-1 6-1 2-2 4-3 2-1", "5-0 5-2 4-0 4-2 6-0 6-5 1-1"]
FIVES_BONEYARD = "1-0"
# Each move, the open ends after it (L, R, U, D; "-" not open or not counted) and the count:
FIVES_MOVES = [
    "0 5-5",  # spinner, both long sides open: 5 + 5 counted once = 10 -> seat 0 +10
    "1 5-0 right",  # L spinner 10 (a long side open) + R 0 = 10 -> seat 1 +10
    "0 5-3 left",  # L 3, R 0; both long sides covered, up/down open but empty: 3 -> nothing
    "1 5-2 up",  # 3 + 0 + U 2 = 5 -> seat 1 +5
    "0 5-1 down",  # 3 + 0 + 2 + D 1 = 6 -> nothing
    "1 4-0 right",  # 3 + R 4 + 2 + 1 = 10 -> seat 1 +10
    "0 6-1 down",  # 3 + 4 + 2 + D 6 = 15 -> seat 0 +15
    "1 4-2 right",  # 3 + R 2 + 2 + 6 = 13 -> nothing
    "0 2-2 right",  # a double at an end counts both halves: 3 + 4 + 2 + 6 = 15 -> seat 0 +15
    "1 6-0 down",  # 3 + 4 + 2 + D 0 = 9 -> nothing
    "0 4-3 left",  # L 4 + 4 + 2 + 0 = 10 -> seat 0 +10
    "1 draw",  # seat 1 holds 6-5 1-1; ends 4, 2, 2, 0: draws 1-0
    "1 1-0 down",  # 4 + 4 + 2 + D 1 = 11 -> nothing
    "0 2-1 up",  # 4 + 4 + U 1 + 1 = 10 -> seat 0 +10, and seat 0 is out
]
# Running hand points (seat 0, seat 1) after each move, from the comments above.
FIVES_RUNNING = [
    [10, 0],
    [10, 10],
    [10, 10],
    [10, 15],
    [10, 15],
    [10, 25],
    [25, 25],
    [25, 25],
    [40, 25],
    [40, 25],
    [50, 25],
    [50, 25],
    [50, 25],
    [60, 25],
]


def fives_moves(count: int | None = None) -> str:
    return ", ".join(FIVES_MOVES[:count])


def test_counts_after_every_play():
    """A total that is a positive multiple of 5 is scored at once by the side that played."""
    match = start(ALL_FIVES, FIVES_HANDS, FIVES_BONEYARD)
    for index, data in enumerate(move_records(fives_moves())[:-1]):
        match.apply(*to_move(data))
        points = match.view_for(0).to_json()["hand_points"]
        assert points == FIVES_RUNNING[index], FIVES_MOVES[index]


def test_the_rules_example_open_5_5_then_5_0_then_5_3():
    """#counting: open 5-5 scores 10; 5-0 on the right scores 10 (10 + 0); 5-3 on the left
    scores nothing (3 + 0)."""
    result = run(ALL_FIVES_RECORD, hand(FIVES_HANDS, fives_moves(3), FIVES_BONEYARD))
    assert result == report([line(None, [], [10, 10], [10, 10])], [10, 10])


def test_short_sides_count_only_once_a_tile_is_on_them():
    """5-2 up makes 3 + 0 + 2 = 5; the empty down side does not count (it would make 10)."""
    result = run(ALL_FIVES_RECORD, hand(FIVES_HANDS, fives_moves(4), FIVES_BONEYARD))
    assert result["hands"] == [line(None, [], [10, 15], [10, 15])]


def test_the_spinner_has_four_open_ends():
    match = start(ALL_FIVES, FIVES_HANDS, FIVES_BONEYARD)
    play(match, fives_moves(5))  # 5-5, 5-0 right, 5-3 left, 5-2 up, 5-1 down
    assert match.view_for(1).to_json()["ends"] == {"left": 3, "right": 0, "up": 2, "down": 1}
    # seat 1 holds 4-0 4-2 6-0 6-5 1-1: 4-0 and 6-0 on the right (0), 4-2 up (2), 1-1 down (1)
    assert set(match.legal_moves()) == {
        Play(Tile(4, 0), End.RIGHT),
        Play(Tile(6, 0), End.RIGHT),
        Play(Tile(4, 2), End.UP),
        Play(Tile(1, 1), End.DOWN),
    }


def test_up_and_down_are_closed_until_both_long_sides_are_covered():
    match = start(ALL_FIVES, FIVES_HANDS, FIVES_BONEYARD)
    play(match, "0 5-5")  # both long sides open
    before = snapshot(match)
    for end in (End.UP, End.DOWN):
        with pytest.raises(IllegalMove, match=end.value):
            match.apply(1, Play(Tile(5, 0), end))
    assert snapshot(match) == before
    play(match, "1 5-0 right")  # one long side still open
    before = snapshot(match)
    with pytest.raises(IllegalMove, match="up"):
        match.apply(0, Play(Tile(5, 3), End.UP))
    assert snapshot(match) == before


def test_a_double_at_an_end_counts_both_halves():
    """2-2 on the right end (2): 3 + 4 + 2 + 6 = 15 scores; counted once it would be 13."""
    result = run(ALL_FIVES_RECORD, hand(FIVES_HANDS, fives_moves(9), FIVES_BONEYARD))
    assert result["hands"] == [line(None, [], [40, 25], [40, 25])]


def test_going_out_adds_the_rounded_pips_to_the_counts():
    """#rounding: out: seat 1 keeps 6-5 + 1-1 = 13, rounded to 15 (remainder 3 rounds up)."""
    result = run(ALL_FIVES_RECORD, hand(FIVES_HANDS, fives_moves(), FIVES_BONEYARD))
    # counts: seat 0 10+15+15+10+10 = 60, seat 1 10+5+10 = 25; seat 0 adds 15: 75
    assert result == report([line("out", [0], [75, 25], [75, 25])], [75, 25])


def test_counts_are_scored_whatever_score_is_none_included():
    """#counting: counts during play are scored with `score: none`; the hand end adds nothing."""
    rules = {**ALL_FIVES_RECORD, "score": "none"}
    result = run(rules, hand(FIVES_HANDS, fives_moves(), FIVES_BONEYARD))
    assert result["hands"] == [line("out", [0], [60, 25], [60, 25])]


def test_counts_go_to_the_side_that_played():
    """With partners a count is scored by the side of the seat that played."""
    hands = [
        "1-0 2-0 2-1 3-0 3-1",
        "4-0 4-1 4-2 4-3 3-2",
        "5-5 5-1 5-2 5-3 5-4",  # 5-5 is the only double dealt: seat 2 opens
        "5-0 6-0 6-1 6-2 6-3",
    ]
    moves = "2 5-5, 3 5-0 right"  # 10 for seat 2, then 10 + 0 = 10 for seat 3
    teams = run({"preset": "all_fives", "seats": 4, "teams": True}, hand(hands, moves))
    assert teams["hands"] == [line(None, [], [10, 10], [10, 10])]  # sides 0 (seat 2), 1 (seat 3)
    alone = run({"preset": "all_fives", "seats": 4}, hand(hands, moves))
    assert alone["hands"] == [line(None, [], [0, 0, 10, 10], [0, 0, 10, 10])]


# --- the target ----------------------------------------------------------------------------------


def test_a_count_reaching_the_target_ends_the_match_at_once():
    """#reaching-the-target-on-a-count: the hand is reported with result null, winners []
    and the counts it scored."""
    rules = {**ALL_FIVES_RECORD, "match": {"target": 25}}
    result = run(rules, hand(FIVES_HANDS, fives_moves(6), FIVES_BONEYARD))
    # seat 1's 4-0 makes 10: 10 + 5 + 10 = 25 reaches 25; seat 0 has 10
    assert result == report(
        [line(None, [], [10, 25], [10, 25])], [10, 25], finished=True, winners=[1]
    )


def test_a_move_after_a_count_ended_the_match_is_an_error():
    """#replay-report: the hand is listed; `match` says the match was over."""
    rules = {**ALL_FIVES_RECORD, "match": {"target": 25}}
    result, where = split_error(run(rules, hand(FIVES_HANDS, fives_moves(7), FIVES_BONEYARD)))
    assert where == (0, 6)
    assert result == report(
        [line(None, [], [10, 25], [10, 25])], [10, 25], finished=True, winners=[1]
    )


def test_a_count_reaching_the_target_with_the_last_tile_scores_the_hand_out_first():
    """#reaching-the-target-on-a-count: seat 0's last tile counts 10 (60 >= 55): the hand is
    scored in full as out."""
    rules = {**ALL_FIVES_RECORD, "match": {"target": 55}}
    result = run(rules, hand(FIVES_HANDS, fives_moves(), FIVES_BONEYARD))
    # before the last play seat 0 has 50 < 55; then 60 in counts, + 15 for going out
    assert result == report(
        [line("out", [0], [75, 25], [75, 25])], [75, 25], finished=True, winners=[0]
    )


def test_the_match_goes_on_below_the_target():
    result = run(ALL_FIVES_RECORD, hand(FIVES_HANDS, fives_moves(), FIVES_BONEYARD))
    assert result["match"] == {"finished": False, "winners": [], "scores": [75, 25]}


# --- a spinner that is not the opening tile (#spinner) -----------------------------------------

# No double dealt: seat 0 opens its heaviest tile 6-3 (6 left, 3 right). Seat 1 holds no 6 or 3,
# draws 6-6 (boneyard[0]) and plays it on the left: the first double played is the spinner.
NOSPIN_HANDS = ["6-3 6-2 6-1 3-0 3-1 3-2 4-2", "2-1 1-0 2-0 4-0 4-1 5-0 5-1"]
NOSPIN_BONEYARD = "6-6"
NOSPIN_MOVES = [
    "0 6-3",  # 6 + 3 = 9 -> nothing
    "1 draw",
    "1 6-6 left",  # spinner at the left end, its outer long side open: 12 + 3 = 15 -> seat 1 +15
    "0 6-2 left",  # outer side covered; up/down open but empty: 2 + 3 = 5 -> seat 0 +5
    "1 2-1 left",  # 1 + 3 = 4 -> nothing
    "0 6-1 up",  # 1 + 3 + U 1 = 5 -> seat 0 +5
]


def test_a_later_double_becomes_the_spinner_and_its_short_sides_open_after_its_outer_side():
    result = run(ALL_FIVES_RECORD, hand(NOSPIN_HANDS, ", ".join(NOSPIN_MOVES), NOSPIN_BONEYARD))
    # seat 0: 5 + 5 = 10; seat 1: 15
    assert result == report([line(None, [], [10, 15], [10, 15])], [10, 15])


def test_a_later_spinner_has_no_up_or_down_until_its_outer_side_is_covered():
    match = start(ALL_FIVES, NOSPIN_HANDS, NOSPIN_BONEYARD)
    play(match, ", ".join(NOSPIN_MOVES[:3]))  # 6-3, draw, 6-6 left
    before = snapshot(match)
    with pytest.raises(IllegalMove, match="up"):
        match.apply(0, Play(Tile(6, 2), End.UP))
    assert snapshot(match) == before
    play(match, "0 6-2 left, 1 2-1 left")  # ends: left 1, right 3, up 6, down 6
    legal = match.legal_moves()
    assert Play(Tile(6, 1), End.UP) in legal and Play(Tile(6, 1), End.DOWN) in legal


def test_the_spinner_comes_with_count_fives_whatever_the_preset():
    """#spinner: Block with count_fives: the opening 6-6 counts 12 (no score), and the
    blocked hand is rounded."""
    result = run({"preset": "block", "seats": 2, "count_fives": True}, hand(B_HANDS, B_MOVES))
    # 29 - 15 = 14, remainder 4 rounds up: 15
    assert result["hands"] == [line("blocked", [0], [15, 0], [15, 0])]


def test_later_doubles_are_ordinary_doubles():
    """#spinner: 2-2 played after the spinner does not branch: no new ends appear."""
    match = start(ALL_FIVES, FIVES_HANDS, FIVES_BONEYARD)
    play(match, fives_moves(9))
    assert match.view_for(1).to_json()["ends"] == {"left": 3, "right": 2, "up": 2, "down": 6}
    # seat 1 holds 6-0 6-5 1-1: only the sixes fit, on the down end (6)
    assert set(match.legal_moves()) == {Play(Tile(6, 0), End.DOWN), Play(Tile(6, 5), End.DOWN)}


# --- rounding (#rounding) -----------------------------------------------------------------------

BLOCK_FIVES = {"preset": "block", "seats": 2, "count_fives": True}

# Seat 0 opens 6-6 (12: no count) and both pass; no six is held elsewhere.
# R: seat 0 keeps 0+1+2+3+2+4 = 12, seat 1 3+4+4+5+5+5+7 = 33.
R_HANDS = ["6-6 0-0 1-0 2-0 3-0 1-1 4-0", "2-1 2-2 3-1 3-2 4-1 5-0 4-3"]
# R12: seat 0 keeps 5+4+5+2+1+0 = 17, seat 1 2+3+3+4+4+7+6 = 29.
R12_HANDS = ["6-6 5-0 4-0 3-2 2-0 1-0 0-0", "1-1 2-1 3-0 2-2 3-1 4-3 5-1"]
BLOCKED = "0 6-6, 1 pass, 0 pass"


def test_rounding_happens_once_after_the_subtraction():
    """#rounding: 33 - 12 = 21 -> 20 (rounding each hand first would give 35 - 10 = 25)."""
    result = run(BLOCK_FIVES, hand(R_HANDS, BLOCKED))
    assert result["hands"] == [line("blocked", [0], [20, 0], [20, 0])]


def test_rounding_remainder_3_rounds_up():
    result = run({**BLOCK_FIVES, "score": "others"}, hand(R_HANDS, BLOCKED))
    assert result["hands"] == [line("blocked", [0], [35, 0], [35, 0])]  # 33 -> 35


def test_rounding_12_rounds_down_to_10():
    """#rounding: 12 -> 10."""
    result = run(BLOCK_FIVES, hand(R12_HANDS, BLOCKED))
    assert result["hands"] == [line("blocked", [0], [10, 0], [10, 0])]  # 29 - 17 = 12 -> 10


def test_rounding_comes_after_the_partners_pips():
    """#rounding: the winning side's hand-end total is rounded once, after any partner pips.

    Deal OUT4 with other leftovers: every play goes right of the opening 6-6, whose left long
    side stays open, so each count is 12 + the right end (a double counts both halves):
    4-4 makes 12 + 8 = 20 for seat 0 (side 0), 4-3 then 12 + 3 = 15 for seat 1 (side 1);
    no other total is a multiple of 5 (12 for the opening, then 17 22 16, 18 14 16 13 14 12 12
    18 16 14 12).
    """
    hands = [
        "6-6 4-4 2-2 0-0 2-0",
        "6-5 4-3 2-1 6-0 4-1",  # keeps 4-1 = 5
        "5-5 3-3 1-1 6-4 5-1",  # keeps 5-1 = 6 (seat 0's partner)
        "5-4 3-2 1-0 4-2 6-1",  # keeps 6-1 = 7
    ]
    rules = {
        "preset": "block",
        "seats": 4,
        "teams": True,
        "tiles_each": 5,
        "count_fives": True,
        "out_counts_partner": True,
    }
    result = run(rules, hand(hands, OUT4_MOVES))
    # going out: 5 + 7 + partner 6 = 18 -> 20 (rounding 10 + 5 separately would give 15);
    # side 0: 20 counted + 20 = 40, side 1: 15 counted
    assert result["hands"] == [line("out", [0], [40, 15], [40, 15])]
    without_partner = run({**rules, "out_counts_partner": False}, hand(hands, OUT4_MOVES))
    # 5 + 7 = 12 -> 10: side 0 20 + 10 = 30
    assert without_partner["hands"] == [line("out", [0], [30, 15], [30, 15])]
