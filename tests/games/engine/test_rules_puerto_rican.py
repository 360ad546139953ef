"""The Puerto Rican game (`puerto_rican`, VARIANTS.md section 3), rule by rule, on hand-built
deals (engine_builders.py): the partnership to 500 and the draw game of two or three."""

import pytest
from engine_builders import (
    ALL6_HANDS,
    BL4_HANDS,
    BLOCK00_HANDS,
    BLOCK00_MOVES,
    BT4_HANDS,
    CAP_HANDS,
    CAP_MOVES,
    CHUCHA_HANDS,
    CHUCHA_MOVES,
    FOUR_MOVES,
    NOCAP_HANDS,
    NOCAP_MOVES,
    PR2_HANDS,
    PR2_MOVES,
    PR2_NEXT_HANDS,
    PR2_NEXT_MOVES,
    PR3_BONEYARD,
    PR3_HANDS,
    PR3_MOVES,
    hand,
    make_deal,
    play,
    run,
    seats_moved,
    start,
)

from games.engine import (
    Draw,
    InvalidRules,
    NextOpener,
    Pass,
    Play,
    Rules,
    Scoring,
    Stuck,
    Target,
    Tile,
)

PR = {"preset": "puerto_rican", "seats": 4}


def bonus(name, side, seat, points, move):
    return {"name": name, "side": side, "seat": seat, "points": points, "move": move}


def hand_line(result, winners, points, scores, bonuses):
    return {
        "result": result,
        "winners": winners,
        "points": points,
        "scores": scores,
        "bonuses": bonuses,
    }


def test_PR_1_four_partners_seven_each_all_dealt_pass_no_spinner():
    rules = Rules.for_preset("puerto_rican", seats=4)
    assert (rules.teams, rules.tiles_each, rules.stuck) == (True, 7, Stuck.PASS)
    assert rules.count_fives is False and rules.reserve == 0
    assert len(make_deal(rules, BL4_HANDS).boneyard) == 0


def test_PR_2_the_6_6_opens_then_the_winner_leads_any_tile():
    rules = Rules.for_preset("puerto_rican", seats=4)
    match = start(rules, seats_moved(BL4_HANDS, "0 6-6", 3)[0])
    assert (match.turn, match.legal_moves()) == (3, [Play(Tile(6, 6))])
    match = start(rules, BL4_HANDS)
    play(match, FOUR_MOVES)  # side 0 wins; seat 2 holds its lower hand (10 against 20)
    match.start_hand(make_deal(rules, BT4_HANDS))
    assert match.turn == 2 and len(match.legal_moves()) == 7


def test_PR_2_after_a_tied_block_the_opener_rotates():
    rules = Rules.for_preset("puerto_rican", seats=4)
    match = start(rules, BT4_HANDS)
    play(match, FOUR_MOVES)
    match.start_hand(make_deal(rules, BL4_HANDS))
    assert match.turn == 1


def test_PR_3_going_out_scores_all_hands_partners_too():
    # CAP: seat 1 goes out; seat 0 9, seat 2 10, its partner seat 3 5: 24, + capicú + hand 1.
    line = run(PR, hand(CAP_HANDS, CAP_MOVES))["hands"][0]
    assert line["points"] == [0, 24 + 100 + 100]


def test_PR_3_option_score_others_scores_the_opponents_only():
    line = run({**PR, "score": "others"}, hand(CAP_HANDS, CAP_MOVES))["hands"][0]
    assert line["points"] == [0, 19 + 100 + 100]


def test_PR_4_blocked_the_lower_team_scores_all_hands_its_own_included():
    # BL4: side 0 30, side 1 60: 90, + the hand-1 bonus.
    assert run(PR, hand(BL4_HANDS, FOUR_MOVES))["hands"] == [
        hand_line("blocked", [0], [190, 0], [190, 0], [bonus("hand_bonus", 0, None, 100, 13)])
    ]


def test_PR_4_a_tied_block_scores_nothing_and_no_bonus():
    assert run(PR, hand(BT4_HANDS, FOUR_MOVES))["hands"] == [
        hand_line("blocked", [], [0, 0], [0, 0], [])
    ]


def test_PR_5_the_hand_number_ladder_100_75_50_25_then_nothing():
    # BL4 again and again, moved so that the winner's lower hand (seat 2, then seat 0) opens:
    # side 0 wins every hand, 60 pips each with `score: others`.
    hands = [hand(*seats_moved(BL4_HANDS, FOUR_MOVES, 2 * (n % 2))) for n in range(5)]
    result = run({**PR, "score": "others"}, *hands)
    assert [line["points"] for line in result["hands"]] == [
        [160, 0],
        [135, 0],
        [110, 0],
        [85, 0],
        [60, 0],
    ]
    assert [[b["points"] for b in line["bonuses"]] for line in result["hands"]] == [
        [100],
        [75],
        [50],
        [25],
        [],
    ]
    assert result["match"] == {"finished": True, "winners": [0], "scores": [550, 0]}


def test_PR_5_a_tied_hand_loses_its_bonus_and_the_ladder_goes_by_the_hand_number():
    tie = hand(BT4_HANDS, FOUR_MOVES)
    second = hand(*seats_moved(BL4_HANDS, FOUR_MOVES, 1))  # seat 1 opens: side 1 wins
    lines = run(PR, tie, second)["hands"]
    assert lines[0]["bonuses"] == []
    assert lines[1]["bonuses"] == [bonus("hand_bonus", 1, None, 75, 13)]
    assert lines[1]["points"] == [0, 90 + 75]


def test_PR_6_capicu_ends_3_and_5_out_with_5_3():
    assert run(PR, hand(CAP_HANDS, CAP_MOVES))["hands"][0]["bonuses"] == [
        bonus("capicu", 1, 1, 100, 24),
        bonus("hand_bonus", 1, 1, 100, 24),
    ]


def test_PR_6_capicu_not_when_a_tile_fits_both_ends_only_because_they_are_equal():
    # NOCAP: ends 4 and 4, seat 1 goes out with 4-2. Left: 10 + 4 + 4 = 18.
    assert run(PR, hand(NOCAP_HANDS, NOCAP_MOVES))["hands"] == [
        hand_line("out", [1], [0, 118], [0, 118], [bonus("hand_bonus", 1, 1, 100, 24)])
    ]


def test_PR_7_chuchazo_going_out_with_the_0_0():
    # CHUCHA: seat 2 goes out with 0-0; 17 + 15 + 10 = 42 left.
    assert run(PR, hand(CHUCHA_HANDS, CHUCHA_MOVES))["hands"] == [
        hand_line(
            "out",
            [0],
            [242, 0],
            [242, 0],
            [bonus("chuchazo", 0, 2, 100, 24), bonus("hand_bonus", 0, 2, 100, 24)],
        )
    ]


def test_PR_7_blocking_with_the_0_0_is_no_chuchazo():
    # BLOCK00: seat 1's 0-0 is the last play; side 0 (56) beats side 1 (58): 114 + hand 1.
    assert run(PR, hand(BLOCK00_HANDS, BLOCK00_MOVES))["hands"] == [
        hand_line("blocked", [0], [214, 0], [214, 0], [bonus("hand_bonus", 0, None, 100, 15)])
    ]


def test_PR_8_bonuses_add_to_the_pips_hand_2_won_out_with_a_capicu():
    # Hand 1: BL4, side 0 190. Hand 2: CAP moved one seat on (seat 2, the winners' lower hand,
    # opens; seat 2 goes out with the capicú): losers 9 + 10, partner 5, + 75 + 100.
    lines = run(PR, hand(BL4_HANDS, FOUR_MOVES), hand(*seats_moved(CAP_HANDS, CAP_MOVES, 1)))
    assert lines["hands"][1]["points"] == [19 + 5 + 75 + 100, 0]
    assert lines["match"]["scores"] == [190 + 199, 0]


def test_PR_9_the_match_is_played_to_500():
    assert Rules.for_preset("puerto_rican", seats=4).match == Target(500)
    hands = [hand(*seats_moved(BL4_HANDS, FOUR_MOVES, 2 * (n % 2))) for n in range(4)]
    result = run(PR, *hands)  # 190, 165, 140, 115
    assert result["match"] == {"finished": True, "winners": [0], "scores": [610, 0]}
    assert [line["scores"][0] for line in result["hands"]] == [190, 355, 495, 610]


def test_PR_10_tranque_bonus_a_blocked_win_also_gains_100():
    lines = run({**PR, "tranque_bonus": 100}, hand(BL4_HANDS, FOUR_MOVES))["hands"]
    assert lines[0]["points"] == [290, 0]
    assert lines[0]["bonuses"][0] == bonus("tranque_bonus", 0, None, 100, 13)
    # ... and nothing for going out.
    out = run({**PR, "tranque_bonus": 100}, hand(CAP_HANDS, CAP_MOVES))["hands"][0]
    assert [b["name"] for b in out["bonuses"]] == ["capicu", "hand_bonus"]


def test_PR_11_capicu_and_chuchazo_bonuses_from_0_to_100():
    rules = {**PR, "bonuses": {"capicu": 50, "chuchazo": 0}}
    assert run(rules, hand(CAP_HANDS, CAP_MOVES))["hands"][0]["points"] == [0, 24 + 50 + 100]
    assert run(rules, hand(CHUCHA_HANDS, CHUCHA_MOVES))["hands"][0]["points"] == [142, 0]
    assert Rules.from_record(rules).to_record() == rules
    for wrong in ({"capicu": 101}, {"capicu": -1}, {"capicua": 10}, {"capicu": True}, []):
        with pytest.raises(InvalidRules):
            Rules.for_preset("puerto_rican", seats=4, bonuses=wrong)


def test_PR_11_hand_bonuses_off_and_the_doscientos_game():
    doscientos = {**PR, "hand_bonuses": False, "match": {"target": 200}}
    assert Rules.from_record(doscientos).match == Target(200)
    lines = run(
        doscientos, hand(BL4_HANDS, FOUR_MOVES), hand(*seats_moved(BL4_HANDS, FOUR_MOVES, 2))
    )
    assert [line["points"] for line in lines["hands"]] == [[90, 0], [90, 0]]
    assert all(line["bonuses"] == [] for line in lines["hands"])


@pytest.mark.parametrize("seats", [2, 3])
def test_PR_12_two_or_three_alone_draw_seven_each_and_leave_two(seats):
    rules = Rules.for_preset("puerto_rican", seats=seats)
    assert (rules.teams, rules.tiles_each, rules.stuck, rules.reserve) == (
        False,
        7,
        Stuck.DRAW,
        2,
    )
    assert rules.to_record() == {"preset": "puerto_rican", "seats": seats}


def test_PR_12_a_stuck_seat_draws_until_a_tile_fits_then_passes_at_the_last_two():
    rules = Rules.for_preset("puerto_rican", seats=2)
    match = start(rules, ALL6_HANDS)  # seat 0 holds every six
    play(match, "0 6-6, 1 draw*11")
    assert match.legal_moves() == [Draw()]
    play(match, "1 draw")
    assert match.view_for(1).boneyard == 2
    assert match.legal_moves() == [Pass()]


def test_PR_13_every_hand_is_opened_by_the_highest_double_dealt():
    rules = Rules.for_preset("puerto_rican", seats=2)
    assert rules.next_opener is NextOpener.AS_FIRST
    # Seat 0 wins hand 1, but seat 1 holds the only double of hand 2, 0-0.
    match = start(rules, PR2_HANDS)
    play(match, PR2_MOVES)
    match.start_hand(make_deal(rules, PR2_NEXT_HANDS))
    assert (match.turn, match.legal_moves()) == (1, [Play(Tile(0, 0))])


def test_PR_13_with_no_double_dealt_the_heaviest_tile_opens():
    rules = Rules.for_preset("puerto_rican", seats=2)
    match = start(rules, PR2_HANDS)
    play(match, PR2_MOVES)
    no_doubles = ["6-4 5-4 4-3 3-2 2-1 1-0 6-0", "6-5 5-3 4-2 3-1 2-0 6-1 5-0"]
    match.start_hand(make_deal(rules, no_doubles))
    assert (match.turn, match.legal_moves()) == (1, [Play(Tile(6, 5))])


def test_PR_14_two_seats_score_all_hands_with_the_bonuses():
    result = run(
        {"preset": "puerto_rican", "seats": 2},
        hand(PR2_HANDS, PR2_MOVES),
        hand(PR2_NEXT_HANDS, PR2_NEXT_MOVES),
    )
    # Seat 0 goes out; seat 1 keeps 6-4: 10, + the hand-1 bonus. Then seat 1 goes out; seat 0
    # keeps 4-3: 7, + the hand-2 bonus.
    assert result["hands"] == [
        hand_line("out", [0], [110, 0], [110, 0], [bonus("hand_bonus", 0, 0, 100, 12)]),
        hand_line("out", [1], [0, 82], [110, 82], [bonus("hand_bonus", 1, 1, 75, 12)]),
    ]


def test_PR_14_three_seats_blocked_the_lowest_hand_wins_every_hands_pips():
    result = run({"preset": "puerto_rican", "seats": 3}, hand(PR3_HANDS, PR3_MOVES, PR3_BONEYARD))
    # Seat 1 holds 24 against 33 and 66: it scores 33 + 24 + 66, + the hand-1 bonus.
    assert result["hands"] == [
        hand_line(
            "blocked",
            [1],
            [0, 223, 0],
            [0, 223, 0],
            [bonus("hand_bonus", 1, None, 100, 15)],
        )
    ]


def test_puerto_rican_rules_keep_their_own_spelling():
    rules = Rules.for_preset("puerto_rican", seats=4, score="others", hand_bonuses=False)
    assert rules.score is Scoring.OTHERS
    assert rules.to_record() == {**PR, "score": "others", "hand_bonuses": False}
    with pytest.raises(InvalidRules):  # the partner's pips are already in all_hands
        Rules.for_preset("puerto_rican", seats=4, out_counts_partner=True)
    with pytest.raises(InvalidRules):  # bonuses are for line games
        Rules.for_preset("puerto_rican", seats=4, count_fives=True)
