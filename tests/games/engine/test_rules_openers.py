"""Who opens (docs/rules.md#who-opens).

First hand: `highest_double` or `lowest_double_from_one` (1-1, 2-2 ... 6-6, then 0-0), with no
double the heaviest tile (ties: the larger endpoint). Later hands: `winner` (blocked: the lowest
single hand of the winning side, lower seat on a tie) or `rotate`; after a tied hand the opener
rotates.

A `#name` in a test's docstring is the docs/rules.md section it checks.
"""

import pytest
from engine_builders import (
    A_BONEYARD,
    A_HANDS,
    A_MOVES,
    B_HANDS,
    B_MOVES,
    BL4_HANDS,
    BS_HANDS,
    D3_HANDS,
    D3_MOVES,
    FOUR_MOVES,
    T2_HANDS,
    T2_MOVES,
    T4_HANDS,
    T_HANDS,
    T_MOVES,
    TS_HANDS,
    TS_MOVES,
    hand,
    make_deal,
    openings,
    play,
    run,
    split_error,
    start,
)

from games.engine import Play, Rules, Tile

# --- the first hand ----------------------------------------------------------------------------

# Two hands of seven for each case; the doubles dealt are the point of each case.
FIRST_HAND_CASES = {
    # 1-1 (seat 1) beats 6-6 and 0-0 (seat 0) from one; highest: 6-6
    "1-1, 6-6, 0-0": (["6-6 0-0 6-5 6-4 5-4 5-3 4-3", "1-1 1-0 2-0 2-1 3-0 3-1 3-2"], "1-1", "6-6"),
    # no 1-1: 2-2 (seat 0) before 3-3, 6-6 and 0-0 (seat 1)
    "2-2, 3-3, 6-6, 0-0": (
        ["2-2 1-0 2-0 2-1 3-0 3-1 3-2", "3-3 6-6 0-0 6-5 6-4 5-4 5-3"],
        "2-2",
        "6-6",
    ),
    # 4-4 (seat 0) before 5-5 (seat 1) and 0-0 (seat 0)
    "4-4, 5-5, 0-0": (["4-4 0-0 1-0 2-0 2-1 3-0 3-1", "5-5 3-2 4-0 4-1 4-2 4-3 5-0"], "4-4", "5-5"),
    # only 6-6 (seat 1) and 0-0 (seat 0): 0-0 comes after 6-6; highest is 6-6 as well
    "6-6, 0-0": (["0-0 1-0 2-0 2-1 3-0 3-1 3-2", "6-6 4-0 4-1 4-2 4-3 5-0 5-1"], "6-6", "6-6"),
    # 0-0 (seat 1) is the only double dealt: both options open with it
    "0-0 alone": (["1-0 2-0 2-1 3-0 3-1 3-2 4-0", "0-0 4-1 4-2 4-3 5-0 5-1 5-2"], "0-0", "0-0"),
}


def seat_holding(hands: list[str], tile: str) -> int:
    return next(seat for seat, text in enumerate(hands) if tile in text.split())


@pytest.mark.parametrize("case", FIRST_HAND_CASES)
def test_lowest_double_from_one(case):
    """`lowest_double_from_one`: 1-1, then 2-2 ... 6-6, then 0-0; the first one dealt opens."""
    hands, from_one, _highest = FIRST_HAND_CASES[case]
    rules = Rules.for_preset("classic", seats=2, first_opener="lowest_double_from_one")
    match = start(rules, hands)
    assert match.turn == seat_holding(hands, from_one)
    assert match.legal_moves() == [Play(Tile.parse(from_one))]


@pytest.mark.parametrize("case", FIRST_HAND_CASES)
def test_highest_double(case):
    """`highest_double`: the seat holding the highest double dealt must open with it."""
    hands, _from_one, highest = FIRST_HAND_CASES[case]
    match = start(Rules.for_preset("classic", seats=2), hands)
    assert match.turn == seat_holding(hands, highest)
    assert match.legal_moves() == [Play(Tile.parse(highest))]


def test_highest_double_ignores_doubles_in_the_boneyard():
    match = start(Rules.for_preset("classic", seats=2), A_HANDS, A_BONEYARD)
    assert match.legal_moves() == [Play(Tile(5, 5))]  # 6-6 is in the boneyard, not dealt


def test_single_round_preset_opens_with_1_1_before_higher_doubles():
    """Seed 001: the player with 1:1 starts."""
    hands = FIRST_HAND_CASES["1-1, 6-6, 0-0"][0]
    match = start(Rules.for_preset("single_round", seats=2), hands)
    assert match.turn == 1 and match.legal_moves() == [Play(Tile(1, 1))]


# No double dealt; the heaviest tiles are 6-3 (seat 1) and 5-4 (seat 0), both 9 pips: the
# larger endpoint, 6, decides (6-5 and 6-4 are not dealt).
NO_DOUBLES = ["5-4 5-3 4-3 2-1 1-0 3-0 2-0", "6-3 5-2 4-2 3-1 6-0 4-0 5-0"]


@pytest.mark.parametrize("first_opener", ["highest_double", "lowest_double_from_one"])
def test_heaviest_tile_opens_when_no_double_is_dealt_larger_endpoint_on_a_tie(first_opener):
    rules = Rules.for_preset("classic", seats=2, first_opener=first_opener)
    match = start(rules, NO_DOUBLES)
    assert match.turn == 1  # 6-3 beats 5-4: equal pips (9), larger endpoint 6 > 5
    assert match.legal_moves() == [Play(Tile(6, 3))]


def test_heaviest_tile_opens_plain():
    hands = ["6-5 4-2 3-1 2-0 5-0 4-1 3-2", "6-4 6-3 6-2 5-4 5-3 4-3 1-0"]
    match = start(Rules.for_preset("draw", seats=2), hands)
    assert match.turn == 0 and match.legal_moves() == [Play(Tile(6, 5))]  # 11 pips, the most


def test_replay_refuses_a_wrong_first_opener_at_move_0():
    """#replay-report: a wrong opener or opening tile is an error at move 0."""
    rules = {"preset": "classic", "seats": 2}
    # deal A: seat 0 must open 5-5; seat 1 tries
    result, where = split_error(run(rules, hand(A_HANDS, "1 4-4", A_BONEYARD)))
    assert where == (0, 0)
    assert result["hands"] == []


def test_replay_refuses_a_wrong_first_opening_tile_at_move_0():
    rules = {"preset": "classic", "seats": 2}
    _result, where = split_error(run(rules, hand(A_HANDS, "0 3-3", A_BONEYARD)))
    assert where == (0, 0)  # seat 0 holds 3-3 but must open with 5-5


def test_replay_refuses_the_heaviest_tile_when_a_double_was_dealt():
    rules = {"preset": "classic", "seats": 2}
    _result, where = split_error(run(rules, hand(A_HANDS, "0 6-5", A_BONEYARD)))
    assert where == (0, 0)  # 6-5 is seat 0's heaviest tile, but 5-5 was dealt


# --- later hands -------------------------------------------------------------------------------


def after_hand(rules: Rules, hands: list[str], moves: str, boneyard: str = ""):
    match = start(rules, hands, boneyard)
    play(match, moves)
    assert match.needs_deal
    return match


def test_winner_leads_the_next_hand_with_any_tile():
    """`winner`: the seat that went out leads with any tile."""
    rules = Rules.for_preset("classic", seats=2)
    match = after_hand(rules, A_HANDS, A_MOVES, A_BONEYARD)  # seat 0 went out
    match.start_hand(make_deal(rules, BS_HANDS))  # seat 1 holds 6-6: no matter
    assert match.turn == 0
    assert set(match.legal_moves()) == openings(BS_HANDS[0])  # any of its seven tiles


def test_rotate_the_seat_after_the_previous_opener_leads():
    """`rotate`: the seat after the previous hand's opener leads with any tile."""
    rules = Rules.for_preset("classic", seats=2, next_opener="rotate")
    match = after_hand(rules, A_HANDS, A_MOVES, A_BONEYARD)  # seat 0 opened and won
    match.start_hand(make_deal(rules, B_HANDS))  # seat 0 holds 6-6: no matter
    assert match.turn == 1
    assert set(match.legal_moves()) == openings(B_HANDS[1])


def test_rotate_with_three_seats():
    rules = Rules.for_preset("block", seats=3, next_opener="rotate")
    match = after_hand(rules, D3_HANDS, D3_MOVES)  # seat 0 opened and won
    match.start_hand(make_deal(rules, D3_HANDS))
    assert match.turn == 1


def test_winner_with_three_seats():
    rules = Rules.for_preset("block", seats=3)
    match = after_hand(rules, D3_HANDS, D3_MOVES)  # seat 0 wins with 11
    match.start_hand(make_deal(rules, D3_HANDS))
    assert match.turn == 0


BLOCK4_TEAMS = Rules.for_preset("block", seats=4, teams=True)


def test_winner_after_a_blocked_hand_is_the_lowest_hand_of_the_winning_side():
    """#later-hands: blocked, the winning side's lowest single hand opens next."""
    match = after_hand(BLOCK4_TEAMS, BL4_HANDS, FOUR_MOVES)
    # side 0 wins (30 against 60); its hands: seat 0 20, seat 2 10 -> seat 2 opens
    match.start_hand(make_deal(BLOCK4_TEAMS, BL4_HANDS))
    assert match.turn == 2


def test_winner_after_a_blocked_hand_lower_seat_on_equal_pips():
    match = after_hand(BLOCK4_TEAMS, T4_HANDS, FOUR_MOVES)
    # side 0 wins (44 against 46); seat 0 and seat 2 both hold 22 -> the lower seat, 0
    match.start_hand(make_deal(BLOCK4_TEAMS, T4_HANDS))
    assert match.turn == 0


def test_after_a_tied_hand_the_opener_rotates():
    """#later-hands: after a tied hand (no winner) the opener rotates, also under `winner`."""
    rules = Rules.for_preset("block", seats=2)
    match = after_hand(rules, T_HANDS, T_MOVES)  # opened by seat 0, tied 22 / 22
    match.start_hand(make_deal(rules, TS_HANDS))
    assert match.turn == 1
    play(match, TS_MOVES)  # opened by seat 1, tied again
    match.start_hand(make_deal(rules, T_HANDS))
    assert match.turn == 0  # and round again


def test_after_a_tied_hand_the_opener_rotates_in_a_replay():
    rules = {"preset": "block", "seats": 2}
    # hand 1 opened by seat 0 would be an error at move 0
    result, where = split_error(run(rules, hand(T_HANDS, T_MOVES), hand(T_HANDS, "0 6-6")))
    assert where == (1, 0)


def test_after_a_shared_hand_the_lowest_hand_among_the_winning_sides_opens():
    """#later-hands: with several winning sides, the lowest single hand among them (lower seat)."""
    rules = Rules.for_preset("block", seats=2, tied_block="shared")
    match = after_hand(rules, T_HANDS, T_MOVES)  # shared: both sides win with 22
    match.start_hand(make_deal(rules, B_HANDS))
    assert match.turn == 0  # equal pips: the lower seat (rotation would give seat 1)


def test_after_blocker_loses_the_winning_side_opens_under_winner():
    """#blocker-loses: the non-blocking side's win is a win: it opens under `winner`."""
    rules = Rules.for_preset("brazilian", seats=2, next_opener="winner")
    match = after_hand(rules, T2_HANDS, T2_MOVES)  # 24 / 24, seat 1 blocked: seat 0 wins
    match.start_hand(make_deal(rules, B_HANDS))
    assert match.turn == 0  # (rotation would give seat 1)


def test_brazilian_rotates_by_default():
    """Seed 004: on later hands the next player opens by default, with any tile."""
    rules = Rules.for_preset("brazilian", seats=4, match={"target": 100})
    match = after_hand(rules, BL4_HANDS, FOUR_MOVES)  # seat 0 opened, side 0 won
    match.start_hand(make_deal(rules, BL4_HANDS))  # seat 0 holds 6-6 again: no matter
    assert match.turn == 1
    assert set(match.legal_moves()) == openings(BL4_HANDS[1])


def test_only_hand_0_is_the_first_hand():
    """#later-hands: a later hand's opener needs no double; the first-hand rule is not reapplied."""
    rules = {"preset": "block", "seats": 2}
    # hand 0: seat 0 wins (B); hand 1: seat 0 leads 1-0, although seat 1 holds 6-6
    hands_1 = ["1-0 2-0 2-1 3-0 3-1 3-2 4-0", "6-6 0-0 4-1 4-2 4-3 5-0 5-1"]
    result = run(rules, hand(B_HANDS, B_MOVES), hand(hands_1, "0 1-0"))
    assert result["ok"] is True
    assert [h["result"] for h in result["hands"]] == ["blocked", None]
