"""The Dominican partnership game (`dominican`, VARIANTS.md section 4), rule by rule, on
hand-built deals (engine_builders.py)."""

import pytest
from engine_builders import (
    BL4_HANDS,
    BT4_HANDS,
    CAP_HANDS,
    CAP_MOVES,
    CORRIDO_HANDS,
    CORRIDO_MOVES,
    CORRIDO_OUT_HANDS,
    CORRIDO_OUT_MOVES,
    FOUR_MOVES,
    NOCAP_HANDS,
    NOCAP_MOVES,
    SALIDA50_HANDS,
    SALIDA50_MOVES,
    SALIDA_HANDS,
    SALIDA_MOVES,
    TIE42_HANDS,
    TIE42_MOVES,
    VN4_HANDS,
    hand,
    make_deal,
    play,
    run,
    start,
)

from games.engine import (
    BlockWinner,
    Bonus,
    BonusName,
    InvalidRules,
    Play,
    Rules,
    Scoring,
    Stuck,
    Target,
    TiedBlock,
    Tile,
)

DO = {"preset": "dominican", "seats": 4}


def bonus(name, side, seat, points, move):
    return {"name": name, "side": side, "seat": seat, "points": points, "move": move}


def first_line(rules, *hands):
    return run(rules, *hands)["hands"][0]


def test_DO_1_four_partners_seven_each_all_dealt_pass_no_spinner():
    rules = Rules.for_preset("dominican", seats=4)
    assert (rules.teams, rules.tiles_each, rules.stuck) == (True, 7, Stuck.PASS)
    assert rules.count_fives is False and rules.score is Scoring.OTHERS
    assert len(make_deal(rules, BL4_HANDS).boneyard) == 0
    with pytest.raises(InvalidRules):
        Rules.for_preset("dominican", seats=2)


def test_DO_2_el_burro_opens_the_first_hand_then_the_winner_any_tile():
    rules = Rules.for_preset("dominican", seats=4)
    match = start(rules, SALIDA_HANDS)  # seat 1 holds 6-6
    assert (match.turn, match.legal_moves()) == (1, [Play(Tile(6, 6))])
    match = start(rules, TIE42_HANDS)
    play(match, TIE42_MOVES)  # side 1 wins; seat 3 holds its lower hand (12 against 30)
    match.start_hand(make_deal(rules, SALIDA50_HANDS))
    assert match.turn == 3 and len(match.legal_moves()) == 7


def test_DO_3_going_out_scores_the_opponents_pips():
    # CORRIDO_OUT: seat 0 goes out after a pase corrido; seats 1 and 3 hold 12 + 14.
    line = first_line(DO, hand(CORRIDO_OUT_HANDS, CORRIDO_OUT_MOVES))
    assert (line["result"], line["winners"], line["points"]) == ("out", [0], [25 + 26, 0])


def test_DO_4_tranque_the_lower_team_total_scores_the_opponents_pips():
    assert first_line(DO, hand(BL4_HANDS, FOUR_MOVES))["points"] == [60, 0]


def test_DO_5_a_tied_tranque_goes_to_the_blockers_team():
    # BT4: 45 each, seat 1 blocked: side 1 scores side 0's 45.
    assert first_line(DO, hand(BT4_HANDS, FOUR_MOVES))["points"] == [0, 45]
    # TIE42: 42 each, seat 1 blocked: side 1 scores 42.
    line = first_line(DO, hand(TIE42_HANDS, TIE42_MOVES))
    assert (line["winners"], line["points"], line["bonuses"]) == ([1], [0, 42], [])
    assert Rules.for_preset("dominican", seats=4).tied_block is TiedBlock.BLOCKER_WINS


def test_DO_6_blocker_vs_next_compares_the_blocker_with_the_next_seat():
    rules = {**DO, "block_winner": "blocker_vs_next"}
    assert Rules.from_record(rules).block_winner is BlockWinner.BLOCKER_VS_NEXT
    # BT4: the teams tie, but seat 2 (12) beats the blocker, seat 1 (25): side 0 scores 45.
    assert first_line(rules, hand(BT4_HANDS, FOUR_MOVES))["points"] == [45, 0]
    # VN4: side 0 has the lower total (33 against 57), but the blocker (seat 1) and seat 2
    # tie at 17: the tie goes to the blocker, whose side scores side 0's 33.
    assert first_line(DO, hand(VN4_HANDS, FOUR_MOVES))["points"] == [57, 0]
    assert first_line(rules, hand(VN4_HANDS, FOUR_MOVES))["points"] == [0, 33]


def test_DO_6_opener_team_the_side_that_opened_wins_a_tie():
    rules = {**DO, "tied_block": "opener_team"}
    assert first_line(rules, hand(BT4_HANDS, FOUR_MOVES))["points"] == [45, 0]
    both = {**rules, "block_winner": "blocker_vs_next"}
    assert first_line(both, hand(VN4_HANDS, FOUR_MOVES))["points"] == [57, 0]


def test_DO_6_a_block_judge_by_one_seat_cannot_score_a_difference():
    with pytest.raises(InvalidRules):
        Rules.for_preset("dominican", seats=4, score="difference", block_winner="lowest_seat")


def test_DO_7_pase_de_salida_on_a_double_opening_gains_25():
    # SALIDA: seat 1 opens 6-6, seat 2 passes at once. Side 1 wins the block with 38 against
    # 52: 52 + 25.
    line = first_line(DO, hand(SALIDA_HANDS, SALIDA_MOVES))
    assert line["bonuses"] == [bonus("pase_salida", 1, 1, 25, 1)]
    assert line["points"] == [0, 77]


def test_DO_7_pase_de_salida_on_another_opening_gains_50():
    # Hand 2: seat 3 opens 4-0 and seat 0 passes; side 1 wins with 36 against 72.
    lines = run(DO, hand(TIE42_HANDS, TIE42_MOVES), hand(SALIDA50_HANDS, SALIDA50_MOVES))
    assert lines["hands"][1]["bonuses"] == [bonus("pase_salida", 1, 3, 50, 1)]
    assert lines["hands"][1]["points"] == [0, 72 + 50]


def test_DO_7_no_pase_de_salida_when_the_next_seat_plays():
    assert first_line(DO, hand(BL4_HANDS, FOUR_MOVES))["bonuses"] == []


def test_DO_8_pase_corrido_a_play_three_passes_and_the_same_seat_plays_again():
    # CORRIDO: seat 2 plays 4-2, three passes, seat 2 plays 2-2 (move 13): 25 for side 0.
    # Then three passes and a fourth: the block earns nothing. Side 1 wins 52 against 50.
    line = first_line(DO, hand(CORRIDO_HANDS, CORRIDO_MOVES))
    assert line["bonuses"] == [bonus("pase_corrido", 0, 2, 25, 13)]
    assert line["points"] == [25, 52]


def test_DO_8_three_passes_then_a_fourth_is_a_block_with_no_bonus():
    # FOUR_MOVES: seat 1 plays 6-0, the three others pass, then seat 1 passes: blocked.
    assert first_line(DO, hand(BL4_HANDS, FOUR_MOVES))["bonuses"] == []


def test_DO_8_pase_corrido_may_be_the_play_that_goes_out():
    line = first_line(DO, hand(CORRIDO_OUT_HANDS, CORRIDO_OUT_MOVES))
    assert line["bonuses"] == [bonus("pase_corrido", 0, 0, 25, 24)]  # 1-1: no capicúa


def test_DO_9_capicua_gains_25():
    # CAP: out with 5-3 on ends 3 and 5; the opponents hold 19.
    line = first_line(DO, hand(CAP_HANDS, CAP_MOVES))
    assert line["bonuses"] == [bonus("capicu", 1, 1, 25, 24)]
    assert line["points"] == [0, 19 + 25]
    assert first_line(DO, hand(NOCAP_HANDS, NOCAP_MOVES))["bonuses"] == []


def test_DO_10_a_pase_is_scored_when_it_happens_and_shown_on_the_table():
    rules = Rules.for_preset("dominican", seats=4)
    match = start(rules, SALIDA_HANDS)
    play(match, "1 6-6, 2 pass")
    view = match.view_for(0)
    assert view.hand_points == (0, 25)
    assert view.bonuses == (Bonus(BonusName.PASE_SALIDA, 1, 1, 25, 1),)
    assert view.to_json()["bonuses"] == [bonus("pase_salida", 1, 1, 25, 1)]
    assert match.partial_report().bonuses == view.bonuses


def test_DO_10_the_target_is_checked_after_the_hand_only():
    rules = Rules.for_preset("dominican", seats=4, match={"target": 25})
    match = start(rules, SALIDA_HANDS)
    play(match, "1 6-6, 2 pass")  # side 1 has 25, the target, mid-hand
    assert not match.finished and match.turn == 3
    play(match, SALIDA_MOVES.split(", ", 2)[2])
    assert match.finished and match.winners == (1,)


def test_DO_11_the_match_is_played_to_200_or_a_chosen_target():
    assert Rules.for_preset("dominican", seats=4).match == Target(200)
    for target in (100, 150, 250, 500):
        rules = Rules.for_preset("dominican", seats=4, match={"target": target})
        assert rules.to_record() == {**DO, "match": {"target": target}}


def test_DO_12_bonus_size_30_makes_every_bonus_30():
    sized = {**DO, "bonus_size": 30}
    assert first_line(sized, hand(SALIDA_HANDS, SALIDA_MOVES))["bonuses"] == [
        bonus("pase_salida", 1, 1, 30, 1)
    ]
    lines = run(sized, hand(TIE42_HANDS, TIE42_MOVES), hand(SALIDA50_HANDS, SALIDA50_MOVES))
    assert lines["hands"][1]["bonuses"] == [bonus("pase_salida", 1, 3, 30, 1)]
    assert first_line(sized, hand(CAP_HANDS, CAP_MOVES))["bonuses"][0]["points"] == 30
    assert first_line(sized, hand(CORRIDO_HANDS, CORRIDO_MOVES))["bonuses"][0]["points"] == 30


def test_dominican_bonuses_play_in_any_line_game():
    # The bonuses are options of their own: a Latin table may play the capicúa.
    line = first_line(
        {"preset": "latin", "seats": 4, "bonuses": {"capicu": 25}}, hand(CAP_HANDS, CAP_MOVES)
    )
    assert line["points"] == [0, 19 + 25]
    assert "bonuses" not in first_line({"preset": "latin", "seats": 4}, hand(CAP_HANDS, CAP_MOVES))
