"""Scoring a hand (docs/rules.md#scoring).

Every expected number is worked out by hand from the deal in the comment next to it.
A `#name` in a test's docstring is the docs/rules.md section it checks.
"""

from engine_builders import (
    A_BONEYARD,
    A_HANDS,
    A_MOVES,
    B_HANDS,
    B_MOVES,
    BL4_HANDS,
    BT4_HANDS,
    D3_HANDS,
    D3_MOVES,
    D3T_HANDS,
    D3T_MOVES,
    FOUR_MOVES,
    OUT4_HANDS,
    OUT4_MOVES,
    T2_HANDS,
    T2_MOVES,
    T_HANDS,
    T_MOVES,
    hand,
    line,
    report,
    run,
)

CLASSIC = {"preset": "classic", "seats": 2}
BLOCK = {"preset": "block", "seats": 2}
BLOCK3 = {"preset": "block", "seats": 3}
BLOCK4_TEAMS = {"preset": "block", "seats": 4, "teams": True}
BLOCK4_TEAMS_OF_5 = {"preset": "block", "seats": 4, "teams": True, "tiles_each": 5}


# --- going out ---------------------------------------------------------------------------------


def test_out_scores_the_pips_left_in_the_other_hand():
    """Out: the winning side scores the pips in every other side's hands (difference too)."""
    result = run(CLASSIC, hand(A_HANDS, A_MOVES, A_BONEYARD))
    # seat 0 goes out; seat 1 keeps 6-4 + 2-1 = 13; the 13 boneyard tiles never count
    assert result == report([line("out", [0], [13, 0], [13, 0])], [13, 0])


def test_out_with_others_scores_the_same():
    """`others` on going out: the pips in every other side's hands."""
    result = run({**CLASSIC, "score": "others"}, hand(A_HANDS, A_MOVES, A_BONEYARD))
    assert result["hands"] == [line("out", [0], [13, 0], [13, 0])]  # 6-4 + 2-1 = 13


def test_out_with_four_sides_scores_every_other_hand():
    """#difference-with-more-sides: after going out `difference` scores like `others`, with
    more than two sides."""
    rules = {"preset": "block", "seats": 4, "tiles_each": 5}
    result = run(rules, hand(OUT4_HANDS, OUT4_MOVES))
    # seat 0 goes out; seats 1, 2, 3 keep 6-3, 5-3, 6-2: 9 + 8 + 8 = 25 (nothing subtracted)
    assert result["hands"] == [line("out", [0], [25, 0, 0, 0], [25, 0, 0, 0])]


def test_partners_going_out_score_only_the_opponents_pips():
    """Teams: going out, the side collects the other team's pips, not the partner's."""
    result = run(BLOCK4_TEAMS_OF_5, hand(OUT4_HANDS, OUT4_MOVES))
    # side 1 keeps seat 1's 6-3 + seat 3's 6-2 = 9 + 8 = 17; partner seat 2's 5-3 does not count
    assert result["hands"] == [line("out", [0], [17, 0], [17, 0])]


def test_out_counts_partner_adds_the_partners_pips():
    """`out_counts_partner` (house rule, teams only): going out also scores the partner's pips."""
    rules = {**BLOCK4_TEAMS_OF_5, "out_counts_partner": True}
    result = run(rules, hand(OUT4_HANDS, OUT4_MOVES))
    # 17 from side 1 (6-3 + 6-2) + partner seat 2's 5-3 = 8: 25
    assert result["hands"] == [line("out", [0], [25, 0], [25, 0])]


def test_out_counts_partner_applies_to_going_out_only():
    """#out-counts-partner: `out_counts_partner` applies to going out only; a blocked hand is
    unchanged."""
    rules = {**BLOCK4_TEAMS, "out_counts_partner": True}
    result = run(rules, hand(BL4_HANDS, FOUR_MOVES))
    # blocked: side 0 holds 20 + 10 = 30, side 1 32 + 28 = 60; difference 60 - 30 = 30
    assert result["hands"] == [line("blocked", [0], [30, 0], [30, 0])]


# --- blocked hands -----------------------------------------------------------------------------


def test_blocked_difference_scores_the_other_pips_minus_its_own():
    """Blocked, `difference`: the lowest side scores the others' pips minus its own."""
    result = run(BLOCK, hand(B_HANDS, B_MOVES))
    # seat 0 keeps 5+4+3+2+1+0 = 15, seat 1 2+3+4+5+6+4+5 = 29: 29 - 15 = 14
    assert result == report([line("blocked", [0], [14, 0], [14, 0])], [14, 0])


def test_blocked_others_scores_the_other_pips():
    """Blocked, `others`: the lowest side scores the pips in every other side's hands."""
    result = run({**BLOCK, "score": "others"}, hand(B_HANDS, B_MOVES))
    assert result["hands"] == [line("blocked", [0], [29, 0], [29, 0])]  # seat 1's 29


def test_blocked_difference_with_three_players():
    """#difference-with-more-sides: 11 / 34 / 50 gives 34 + 50 - 11 = 73 (own pips subtracted
    once)."""
    result = run(BLOCK3, hand(D3_HANDS, D3_MOVES))
    # seat 0 keeps 0+1+2+2+3+3 = 11, seat 1 4+4+6+4+5+6+5 = 34, seat 2 9+8+8+7+7+6+5 = 50
    assert result == report([line("blocked", [0], [73, 0, 0], [73, 0, 0])], [73, 0, 0])


def test_blocked_others_with_three_players():
    result = run({**BLOCK3, "score": "others"}, hand(D3_HANDS, D3_MOVES))
    assert result["hands"] == [line("blocked", [0], [84, 0, 0], [84, 0, 0])]  # 34 + 50


def test_partners_add_their_pips_when_blocked():
    """Blocked with teams: the lowest total per side wins (partners add their hands)."""
    result = run(BLOCK4_TEAMS, hand(BL4_HANDS, FOUR_MOVES))
    # side 0: seat 0 4+4+4+8 = 20 + seat 2 0+2+2+3+3 = 10 = 30; side 1: seat 1 10+8+7+7 = 32
    # + seat 3 6+5+6+5+6 = 28 = 60 (sides compare their totals, not single hands).
    # difference: 60 - 30 = 30
    assert result["hands"] == [line("blocked", [0], [30, 0], [30, 0])]


def test_score_none_scores_nothing_when_blocked():
    """`none`: a blocked hand scores nothing, but still has a winner."""
    result = run({**BLOCK, "score": "none"}, hand(B_HANDS, B_MOVES))
    assert result["hands"] == [line("blocked", [0], [0, 0], [0, 0])]  # 15 < 29, no points


def test_score_none_scores_nothing_on_going_out():
    result = run({**CLASSIC, "score": "none"}, hand(A_HANDS, A_MOVES, A_BONEYARD))
    assert result["hands"] == [line("out", [0], [0, 0], [0, 0])]


# --- tied blocks -------------------------------------------------------------------------------


def test_tied_block_no_score():
    """`no_score`: equal lowest totals: no winner, no points."""
    result = run(BLOCK, hand(T_HANDS, T_MOVES))
    # seat 0 keeps 0+1+5+5+5+6 = 22, seat 1 2+2+3+3+4+4+4 = 22
    assert result == report([line("blocked", [], [0, 0], [0, 0])], [0, 0])


def test_tied_block_shared_with_others_each_scores_as_if_alone_lowest():
    """#tied-block: with `shared` every tied lowest side wins and scores as if alone lowest."""
    rules = {**BLOCK, "tied_block": "shared", "score": "others"}
    result = run(rules, hand(T_HANDS, T_MOVES))
    # each scores the other's 22
    assert result["hands"] == [line("blocked", [0, 1], [22, 22], [22, 22])]


def test_tied_block_shared_with_difference_and_three_players():
    """#tied-block with #difference-with-more-sides: two of three seats tie lowest; each scores
    the others minus own."""
    rules = {**BLOCK3, "tied_block": "shared"}
    result = run(rules, hand(D3T_HANDS, D3T_MOVES))
    # seat 0 27, seat 1 27, seat 2 48: each tied seat scores (27 + 48) - 27 = 48
    assert result["hands"] == [line("blocked", [0, 1], [48, 48, 0], [48, 48, 0])]


def test_tied_block_shared_with_others_and_three_players():
    rules = {**BLOCK3, "tied_block": "shared", "score": "others"}
    result = run(rules, hand(D3T_HANDS, D3T_MOVES))
    # each tied seat scores the other two hands: 27 + 48 = 75
    assert result["hands"] == [line("blocked", [0, 1], [75, 75, 0], [75, 75, 0])]


def test_tied_block_no_score_with_three_players():
    result = run(BLOCK3, hand(D3T_HANDS, D3T_MOVES))
    assert result["hands"] == [line("blocked", [], [0, 0, 0], [0, 0, 0])]  # 27 = 27 < 48


def test_blocker_loses_when_the_blocker_is_seat_0():
    """#blocker-loses: the non-blocking side wins and scores, with `others`, the blocker's pips."""
    rules = {**BLOCK, "tied_block": "blocker_loses", "score": "others"}
    result = run(rules, hand(T_HANDS, T_MOVES))
    # 22 = 22; the blocker (last play) is seat 0 with the opening 6-6: seat 1 wins 22
    assert result["hands"] == [line("blocked", [1], [0, 22], [0, 22])]


def test_blocker_loses_with_difference_scores_the_blockers_pips_minus_its_own():
    """#blocker-loses: `difference` scores the blocker side's pips minus its own."""
    rules = {**BLOCK, "tied_block": "blocker_loses"}
    result = run(rules, hand(T_HANDS, T_MOVES))
    assert result["hands"] == [line("blocked", [1], [0, 0], [0, 0])]  # 22 - 22 = 0, still a win


def test_blocker_loses_when_the_blocker_is_seat_1():
    """Brazilian one on one: tie after 6-6, 6-5: seat 1 blocked, seat 0 wins its 24 pips."""
    result = run({"preset": "brazilian", "seats": 2}, hand(T2_HANDS, T2_MOVES))
    # seat 0 8+7+6+0+1+2 = 24, seat 1 2+3+4+5+4+6 = 24; blocker seat 1 (6-5); others: 24
    assert result == report([line("blocked", [0], [24, 0], [24, 0])], [24, 0])


def test_blocker_loses_with_partners():
    """Brazilian partnership: on a tie the team that blocked loses."""
    result = run({"preset": "brazilian", "seats": 4}, hand(BT4_HANDS, FOUR_MOVES))
    # side 0: 33 + 12 = 45, side 1: 25 + 20 = 45; the blocker is seat 1 (6-0), side 1 loses;
    # side 0 scores side 1's 45 (others); target 50 not reached
    assert result == report([line("blocked", [0], [45, 0], [45, 0])], [45, 0])


def test_blocker_loses_only_matters_on_a_tie():
    """Without a tie the lowest side wins as usual, even if it blocked."""
    result = run({"preset": "brazilian", "seats": 4}, hand(BL4_HANDS, FOUR_MOVES))
    # side 0: 20 + 10 = 30 < side 1: 32 + 28 = 60; others: 60, which reaches the target 50
    assert result == report(
        [line("blocked", [0], [60, 0], [60, 0])], [60, 0], finished=True, winners=[0]
    )


def test_team_draw_blocked_with_partners_scores_the_opponents_pips():
    """Seed 002: blocked in 2v2, compare the combined hands; the winners score the others'."""
    result = run({"preset": "team_draw", "seats": 4}, hand(BL4_HANDS, FOUR_MOVES))
    # side 0: 30, side 1: 60 -> side 0 scores 60 (others, nothing subtracted)
    assert result["hands"] == [line("blocked", [0], [60, 0], [60, 0])]
