"""The Latin / Venezuelan partnership game (`latin`, VARIANTS.md section 2), rule by rule, on
hand-built deals (engine_builders.py)."""

import random
from collections import Counter

import pytest
from engine_builders import (
    BL4_HANDS,
    BT4_HANDS,
    CAP_HANDS,
    CAP_MOVES,
    FOUR_MOVES,
    hand,
    line,
    make_deal,
    openings,
    play,
    report,
    run,
    seats_moved,
    start,
)
from random_play import play_random_match

from games.engine import (
    Deal,
    FirstOpener,
    InvalidRules,
    NextOpener,
    Play,
    Rules,
    Scoring,
    Stuck,
    Target,
    TiedBlock,
    Tile,
    export,
    replay,
)

LATIN = {"preset": "latin", "seats": 4}


def test_LA_1_four_partners_seven_each_all_dealt_pass_no_spinner():
    rules = Rules.for_preset("latin", seats=4)
    assert (rules.teams, rules.sides, rules.tiles_each) == (True, 2, 7)
    assert rules.stuck is Stuck.PASS and not rules.can_draw
    assert rules.count_fives is False
    assert len(make_deal(rules, BL4_HANDS).boneyard) == 0


@pytest.mark.parametrize("seats", [2, 3])
def test_LA_1_latin_is_for_four_seats_only(seats):
    with pytest.raises(InvalidRules):
        Rules.for_preset("latin", seats=seats)


def test_LA_2_the_6_6_holder_opens_the_first_hand_with_it():
    rules = Rules.for_preset("latin", seats=4)
    holder_2, _ = seats_moved(BL4_HANDS, "0 6-6", 2)
    match = start(rules, holder_2)
    assert match.turn == 2
    assert match.legal_moves() == [Play(Tile(6, 6))]


def test_LA_2_later_hands_rotate_whoever_won_with_any_tile():
    rules = Rules.for_preset("latin", seats=4)
    match = start(rules, BL4_HANDS)
    play(match, FOUR_MOVES)  # side 0 wins
    match.start_hand(make_deal(rules, BL4_HANDS))
    assert match.turn == 1  # the seat after the previous opener, on the losing side
    assert set(match.legal_moves()) == openings(BL4_HANDS[1])


def test_LA_3_going_out_scores_the_opponents_pips():
    # CAP: seat 1 goes out; seats 0 and 2 hold 9 + 10, its partner 5 (not scored).
    assert run(LATIN, hand(CAP_HANDS, CAP_MOVES)) == report(
        [line("out", [1], [0, 19], [0, 19])], [0, 19]
    )


def test_LA_4_blocked_the_lower_team_scores_the_opponents_pips():
    # BL4: side 0 holds 30, side 1 60.
    assert run(LATIN, hand(BL4_HANDS, FOUR_MOVES)) == report(
        [line("blocked", [0], [60, 0], [60, 0])], [60, 0]
    )


def test_LA_4_a_tied_block_scores_nothing_and_the_opener_still_rotates():
    rules = Rules.for_preset("latin", seats=4)
    match = start(rules, BT4_HANDS)
    play(match, FOUR_MOVES)
    assert match.reports[-1].winners == () and match.scores == [0, 0]
    match.start_hand(make_deal(rules, BL4_HANDS))
    assert match.turn == 1


def test_LA_5_the_match_is_played_to_100():
    assert Rules.for_preset("latin", seats=4).match == Target(100)
    # Side 0 wins 60, side 1 60 (the seats move on with the opener), side 0 60 more: 120.
    second = seats_moved(BL4_HANDS, FOUR_MOVES, 1)
    third = seats_moved(BL4_HANDS, FOUR_MOVES, 2)
    assert run(LATIN, hand(BL4_HANDS, FOUR_MOVES), hand(*second), hand(*third)) == report(
        [
            line("blocked", [0], [60, 0], [60, 0]),
            line("blocked", [1], [0, 60], [60, 60]),
            line("blocked", [0], [60, 0], [120, 60]),
        ],
        [120, 60],
        finished=True,
        winners=[0],
    )


@pytest.mark.parametrize("target", [25, 500])
def test_LA_5_targets_from_25_to_500(target):
    assert Rules.for_preset("latin", seats=4, match={"target": target}).match == Target(target)


def test_LA_6_latin_plays_as_brazilian_with_no_score_on_a_tie_and_target_100():
    latin = Rules.for_preset("latin", seats=4)
    brazilian = Rules.for_preset("brazilian", seats=4, tied_block="no_score", match={"target": 100})
    for seed in range(30):
        record = export(play_random_match(latin, random.Random(seed)))
        assert record["rules"] == {"preset": "latin", "seats": 4}
        as_brazilian = {**record, "rules": brazilian.to_record()}
        assert replay(as_brazilian).to_json() == replay(record).to_json()


def test_LA_7_spanish_federation_a_lot_opens_hand_1_with_any_tile():
    rules = Rules.for_preset("latin", seats=4, spanish_federation=True)
    assert rules.first_opener is FirstOpener.LOT
    assert rules.next_opener is NextOpener.ROTATE
    assert rules.to_record() == {**LATIN, "spanish_federation": True}
    # Seat 0's first four tiles are the lot: 6-6, the highest, is third, so seat 2 opens.
    first = BL4_HANDS[0].split()
    lot_2 = [" ".join([first[2], first[3], first[0], *first[4:], first[1]]), *BL4_HANDS[1:]]
    match = start(rules, lot_2)
    assert match.turn == 2
    assert set(match.legal_moves()) == openings(BL4_HANDS[2])


def test_LA_7_the_lot_favours_no_seat_and_the_seed_reproduces_it():
    rules = Rules.for_preset("latin", seats=4, spanish_federation=True)
    lots = Counter(Deal.from_seed(rules, f"seed {n}").lot() for n in range(4000))
    assert set(lots) == {0, 1, 2, 3}
    assert all(900 <= count <= 1100 for count in lots.values()), lots
    assert Deal.from_seed(rules, "seed 7").lot() == Deal.from_seed(rules, "seed 7").lot()


def test_LA_7_spanish_federation_scores_all_hands_out_or_blocked():
    # BL4 with 6-6 first in seat 0's hand: seat 0 draws the lot and opens 6-6 as it likes.
    spanish = {**LATIN, "spanish_federation": True}
    assert run(spanish, hand(BL4_HANDS, FOUR_MOVES))["hands"] == [
        line("blocked", [0], [90, 0], [90, 0])
    ]
    rules = Rules.for_preset("latin", seats=4, spanish_federation=True)
    assert rules.score is Scoring.ALL_HANDS


def test_LA_7_spanish_federation_then_every_hand_rotates():
    rules = Rules.for_preset("latin", seats=4, spanish_federation=True)
    match = start(rules, BL4_HANDS)
    play(match, FOUR_MOVES)
    match.start_hand(make_deal(rules, BL4_HANDS))
    assert match.turn == 1


def test_LA_8_opener_team_a_tied_block_goes_to_the_side_that_opened():
    rules = {**LATIN, "tied_block": "opener_team"}
    # BT4: the sides tie at 45; seat 0 opened, seat 1 blocked.
    assert run(rules, hand(BT4_HANDS, FOUR_MOVES))["hands"] == [
        line("blocked", [0], [45, 0], [45, 0])
    ]
    moved = seats_moved(BT4_HANDS, FOUR_MOVES, 1)  # seat 1 opens (hand 0: it holds 6-6)
    assert run(rules, hand(*moved))["hands"] == [line("blocked", [1], [0, 45], [0, 45])]


def test_LA_8_opener_team_needs_two_sides():
    with pytest.raises(InvalidRules):
        Rules.for_preset("latin", seats=4, teams=False, tied_block="opener_team")
    assert Rules.for_preset("latin", seats=4, teams=False).tied_block is TiedBlock.NO_SCORE


def test_LA_9_a_tied_block_is_void_and_the_record_deals_again():
    assert run(
        LATIN, hand(BT4_HANDS, FOUR_MOVES), hand(*seats_moved(BL4_HANDS, FOUR_MOVES, 1))
    ) == (
        report(
            [line("blocked", [], [0, 0], [0, 0]), line("blocked", [1], [0, 60], [0, 60])],
            [0, 60],
        )
    )
