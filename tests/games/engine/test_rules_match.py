"""The match (docs/rules.md#the-match, #tied-block, #replay-report): target, best of N,
single round, and how a replay reports hands and errors.

A `#name` in a test's docstring is the docs/rules.md section it checks.
"""

from engine_builders import (
    A_BONEYARD,
    A_HANDS,
    A_MOVES,
    B_HANDS,
    B_MOVES,
    BS_HANDS,
    BS_MOVES,
    D3T_HANDS,
    D3T_MOVES,
    D24_HANDS,
    D24_MOVES,
    E24_HANDS,
    E24_MOVES,
    S_HANDS,
    S_MOVES,
    T40_HANDS,
    T40_MOVES,
    T_HANDS,
    T_MOVES,
    hand,
    line,
    make_deal,
    play,
    report,
    run,
    split_error,
    start,
)

from games.engine import Rules

BLOCK = {"preset": "block", "seats": 2}

# Hands used below, with what they give under `block` (difference, no_score), worked out in
# engine_builders: B: seat 0 opens and wins 29 - 15 = 14; BS: seat 1 opens and wins 14;
# D24: seat 0 opens and wins 36 - 12 = 24; E24: seat 0 opens, seat 1 wins 36 - 12 = 24;
# T: seat 0 opens, 22 / 22 tie.
B_WIN_0 = hand(B_HANDS, B_MOVES)
BS_WIN_1 = hand(BS_HANDS, BS_MOVES)
D24_WIN_0 = hand(D24_HANDS, D24_MOVES)
E24_WIN_1 = hand(E24_HANDS, E24_MOVES)
T_TIE = hand(T_HANDS, T_MOVES)


# --- target ------------------------------------------------------------------------------------


def test_target_is_checked_after_every_hand_and_scores_carry_over():
    result = run({**BLOCK, "match": {"target": 25}}, B_WIN_0, B_WIN_0)
    # 14 < 25 goes on; 14 + 14 = 28 >= 25 ends the match
    assert result == report(
        [line("blocked", [0], [14, 0], [14, 0]), line("blocked", [0], [14, 0], [28, 0])],
        [28, 0],
        finished=True,
        winners=[0],
    )


def test_below_the_target_the_match_needs_another_hand():
    match = start(Rules.for_preset("block", seats=2, match={"target": 25}), B_HANDS)
    play(match, B_MOVES)
    assert match.scores == [14, 0]
    assert not match.finished and match.needs_deal and match.winners == ()


def test_default_target_is_100():
    result = run(BLOCK, *[B_WIN_0] * 7, B_WIN_0)
    # 7 x 14 = 98 < 100; the eighth hand makes 112
    assert [h["scores"] for h in result["hands"]][-2:] == [[98, 0], [112, 0]]
    assert result["match"] == {"finished": True, "winners": [0], "scores": [112, 0]}


def test_the_match_winners_are_the_sides_with_the_highest_score():
    """#target: both sides pass the target; the higher score wins."""
    rules = {**BLOCK, "tied_block": "shared", "score": "others", "match": {"target": 40}}
    result = run(rules, hand(B_HANDS, B_MOVES), hand(T40_HANDS, T40_MOVES))
    # hand 0: seat 0 scores seat 1's 29 (others). hand 1 (seat 0 opens as winner): a 40 / 40
    # tie, shared: each scores the other's 40 -> 69 and 40, both >= 40: seat 0 wins
    assert result == report(
        [line("blocked", [0], [29, 0], [29, 0]), line("blocked", [0, 1], [40, 40], [69, 40])],
        [69, 40],
        finished=True,
        winners=[0],
    )


def test_equal_highest_scores_share_the_match():
    rules = {**BLOCK, "tied_block": "shared", "score": "others", "match": {"target": 40}}
    result = run(rules, hand(T40_HANDS, T40_MOVES))
    # each scores the other's 40: both reach 40 with equal scores
    assert result["match"] == {"finished": True, "winners": [0, 1], "scores": [40, 40]}


def test_a_tied_hand_never_ends_a_match():
    result = run({**BLOCK, "match": {"target": 25}}, T_TIE)
    assert result["match"] == {"finished": False, "winners": [], "scores": [0, 0]}


# --- best of N ---------------------------------------------------------------------------------


def test_best_of_3_finishes_once_a_majority_is_certain():
    result = run({**BLOCK, "match": {"best_of": 3}}, B_WIN_0, B_WIN_0)
    # 2 wins: 2 x 2 > 3
    assert result == report(
        [line("blocked", [0], [14, 0], [14, 0]), line("blocked", [0], [14, 0], [28, 0])],
        [28, 0],
        finished=True,
        winners=[0],
    )


def test_best_of_5_finishes_after_three_wins_of_three():
    match = start(Rules.for_preset("block", seats=2, match={"best_of": 5}), B_HANDS)
    play(match, B_MOVES)
    for wins in (1, 2):
        assert not match.finished and match.hand_wins == [wins, 0]
        match.start_hand(make_deal(match.rules, B_HANDS))  # seat 0 opens as the winner
        play(match, B_MOVES)
    assert match.finished and match.winners == (0,) and match.hand_wins == [3, 0]  # 6 > 5


def test_a_hand_after_the_match_is_over_is_an_error_with_move_null():
    """#replay-report."""
    result, where = split_error(run({**BLOCK, "match": {"best_of": 3}}, B_WIN_0, B_WIN_0, B_WIN_0))
    assert where == (2, None)
    assert result["hands"] == [
        line("blocked", [0], [14, 0], [14, 0]),
        line("blocked", [0], [14, 0], [28, 0]),
    ]
    assert result["match"] == {"finished": True, "winners": [0], "scores": [28, 0]}


def test_best_of_tied_hands_are_replayed_and_do_not_count():
    """Seed 000: tied blocked hands are replayed; after a tie the opener rotates (seat 1)."""
    result = run({**BLOCK, "match": {"best_of": 1}}, T_TIE, BS_WIN_1)
    assert result == report(
        [line("blocked", [], [0, 0], [0, 0]), line("blocked", [1], [0, 14], [0, 14])],
        [0, 14],
        finished=True,
        winners=[1],
    )


def test_best_of_a_shared_hand_counts_for_nobody():
    """#tied-block: in best-of a shared hand counts for nobody and is replayed."""
    rules = {**BLOCK, "tied_block": "shared", "match": {"best_of": 1}}
    match = start(Rules.from_record(rules), T_HANDS)
    play(match, T_MOVES)
    # both win, each scoring 22 - 22 = 0; nobody's hand win
    assert match.reports[-1].winners == (0, 1)
    assert match.hand_wins == [0, 0] and not match.finished and match.needs_deal
    result = run(rules, T_TIE, B_WIN_0)  # seat 0 opens hand 1 (lower seat of the winners)
    assert result["match"] == {"finished": True, "winners": [0], "scores": [14, 0]}


def test_best_of_blocker_loses_is_a_win_that_counts():
    """#blocker-loses: blocker_loses is a win, not a tie: it counts in best-of."""
    rules = {**BLOCK, "tied_block": "blocker_loses", "match": {"best_of": 1}}
    result = run(rules, T_TIE)
    # 22 / 22, seat 0 blocked with 6-6: seat 1 wins, scoring 22 - 22 = 0
    assert result == report(
        [line("blocked", [1], [0, 0], [0, 0])], [0, 0], finished=True, winners=[1]
    )


def test_best_of_2_ending_level_goes_to_the_higher_score():
    """Best of 2 ending level on hand wins: total points decide."""
    result = run({**BLOCK, "match": {"best_of": 2}}, B_WIN_0, E24_WIN_1)
    # 1 - 1 in hands; 14 against 24 points: seat 1
    assert result == report(
        [line("blocked", [0], [14, 0], [14, 0]), line("blocked", [1], [0, 24], [14, 24])],
        [14, 24],
        finished=True,
        winners=[1],
    )


def test_best_of_2_level_with_equal_points_plays_one_more_hand():
    """Equal points mean an extra deciding hand."""
    rules = {**BLOCK, "match": {"best_of": 2}}
    level = run(rules, D24_WIN_0, E24_WIN_1)
    # 1 - 1 in hands, 24 - 24 in points: not over
    assert level["match"] == {"finished": False, "winners": [], "scores": [24, 24]}
    # the deciding hand: seat 1 won the last hand (blocked: its 12 is the lowest) and opens
    result = run(rules, D24_WIN_0, E24_WIN_1, BS_WIN_1)
    assert result == report(
        [
            line("blocked", [0], [24, 0], [24, 0]),
            line("blocked", [1], [0, 24], [24, 24]),
            line("blocked", [1], [0, 14], [24, 38]),
        ],
        [24, 38],
        finished=True,
        winners=[1],
    )


def test_best_of_4_ending_level_goes_to_the_higher_score():
    rules = {**BLOCK, "match": {"best_of": 4}}
    result = run(rules, B_WIN_0, B_WIN_0, E24_WIN_1, BS_WIN_1)
    # hands 2 - 0 (2 x 2 is not > 4), then 2 - 1, 2 - 2: points 28 against 24 + 14 = 38
    assert result == report(
        [
            line("blocked", [0], [14, 0], [14, 0]),
            line("blocked", [0], [14, 0], [28, 0]),
            line("blocked", [1], [0, 24], [28, 24]),
            line("blocked", [1], [0, 14], [28, 38]),
        ],
        [28, 38],
        finished=True,
        winners=[1],
    )


def test_best_of_4_is_not_over_at_two_wins():
    result = run({**BLOCK, "match": {"best_of": 4}}, B_WIN_0, B_WIN_0)
    assert result["match"] == {"finished": False, "winners": [], "scores": [28, 0]}


# --- single round ------------------------------------------------------------------------------

SINGLE_ROUND = {"preset": "single_round", "seats": 2}


def test_single_round_the_first_empty_hand_wins_and_scores_nothing():
    """Seed 001: one round; score `none`."""
    result = run(SINGLE_ROUND, hand(S_HANDS, S_MOVES))
    assert result == report([line("out", [0], [0, 0], [0, 0])], [0, 0], finished=True, winners=[0])


def test_single_round_a_second_hand_is_an_error():
    result, where = split_error(run(SINGLE_ROUND, hand(S_HANDS, S_MOVES), hand(S_HANDS, "")))
    assert where == (1, None)
    assert result["match"] == {"finished": True, "winners": [0], "scores": [0, 0]}


def test_single_round_equal_lowest_totals_share_the_win():
    """`single_round` with `shared`: equal lowest totals share the win (2 seats)."""
    result = run({**SINGLE_ROUND, "stuck": "pass", "first_opener": "highest_double"}, T_TIE)
    assert result == report(
        [line("blocked", [0, 1], [0, 0], [0, 0])], [0, 0], finished=True, winners=[0, 1]
    )


def test_single_round_three_seats_two_share_the_win():
    rules = {
        "preset": "single_round",
        "seats": 3,
        "tiles_each": 7,
        "stuck": "pass",
        "first_opener": "highest_double",
    }
    result = run(rules, hand(D3T_HANDS, D3T_MOVES))
    # seats 0 and 1 keep 27 each, seat 2 48
    assert result == report(
        [line("blocked", [0, 1], [0, 0, 0], [0, 0, 0])],
        [0, 0, 0],
        finished=True,
        winners=[0, 1],
    )


def test_single_round_with_no_score_goes_on_after_a_tie():
    """#single-round: a single round whose rules say no_score and that ties goes on with a new
    hand."""
    rules = {**SINGLE_ROUND, "stuck": "pass", "first_opener": "highest_double"}
    rules["tied_block"] = "no_score"
    result = run(rules, T_TIE, BS_WIN_1)  # the tie rotates the opener: seat 1 opens hand 1
    assert result == report(
        [line("blocked", [], [0, 0], [0, 0]), line("blocked", [1], [0, 0], [0, 0])],
        [0, 0],
        finished=True,
        winners=[1],
    )


# --- reports (#replay-report) -------------------------------------------------------------------


def test_a_record_that_stops_lists_its_unfinished_hand():
    moves = ", ".join(A_MOVES.split(", ")[:5])
    result = run({"preset": "classic", "seats": 2}, hand(A_HANDS, moves, A_BONEYARD))
    assert result == report([line(None, [], [0, 0], [0, 0])], [0, 0])


def test_a_finished_hand_then_an_unfinished_one():
    result = run(
        {"preset": "classic", "seats": 2},
        hand(A_HANDS, A_MOVES, A_BONEYARD),
        hand(A_HANDS, "0 3-3"),
    )
    # hand 0: 13 to seat 0; hand 1: seat 0 (the winner) leads 3-3, nothing scored yet
    assert result == report(
        [line("out", [0], [13, 0], [13, 0]), line(None, [], [0, 0], [13, 0])], [13, 0]
    )


def test_a_new_hand_while_the_previous_one_is_unfinished_is_an_error():
    result, where = split_error(run(BLOCK, hand(B_HANDS, "0 6-6"), B_WIN_0))
    assert where == (1, None)
    assert result == report([], [0, 0])  # the unfinished hand is not listed


def test_a_bad_deal_is_an_error_with_move_null():
    bad = hand(B_HANDS, B_MOVES)
    bad["deal"]["hands"][0] = bad["deal"]["hands"][0][:6]  # six tiles instead of seven
    result, where = split_error(run(BLOCK, B_WIN_0, bad))
    assert where == (1, None)
    assert result == report([line("blocked", [0], [14, 0], [14, 0])], [14, 0])


def test_a_deal_with_a_tile_twice_is_an_error():
    bad = hand(B_HANDS, B_MOVES)
    bad["deal"]["boneyard"][0] = "6-6"  # 6-6 dealt and in the boneyard
    _result, where = split_error(run(BLOCK, bad))
    assert where == (0, None)
