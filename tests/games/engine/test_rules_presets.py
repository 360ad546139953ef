"""The seven presets (docs/rules.md#presets): their options, and each one's distinctive rule
played on a hand-built deal.
"""

import pytest
from engine_builders import (
    A_BONEYARD,
    A_HANDS,
    A_MOVES,
    B_HANDS,
    BL4_HANDS,
    D3_HANDS,
    D3_MOVES,
    FOUR_MOVES,
    S_HANDS,
    S_MOVES,
    hand,
    line,
    make_deal,
    play,
    report,
    run,
    start,
)

from games.engine import (
    ALL_TILES,
    Deal,
    Draw,
    InvalidDeal,
    InvalidRules,
    Pass,
    Play,
    Rules,
    SingleRound,
    Target,
    Tile,
)

# The presets table, row by row: what each preset at each seat count differs in from Classic.
CLASSIC_ROW = {
    "teams": False,
    "tiles_each": 7,
    "stuck": "draw",
    "score": "difference",
    "count_fives": False,
    "tied_block": "no_score",
    "first_opener": "highest_double",
    "next_opener": "winner",
    "match": Target(100),
}
SINGLE_ROUND_ROW = {
    "score": "none",
    "tied_block": "shared",
    "first_opener": "lowest_double_from_one",
    "next_opener": None,  # "-" in the table: not checked
    "match": SingleRound(),
}
BRAZILIAN_ROW = {
    "stuck": "pass",
    "score": "others",
    "tied_block": "blocker_loses",
    "next_opener": "rotate",
    "match": Target(50),
}
PRESET_TABLE = {
    ("classic", 2): {},
    ("single_round", 2): SINGLE_ROUND_ROW,
    ("single_round", 3): {**SINGLE_ROUND_ROW, "tiles_each": 5},
    ("single_round", 4): {**SINGLE_ROUND_ROW, "tiles_each": 5},
    ("team_draw", 2): {"score": "others"},
    ("team_draw", 4): {"score": "others", "teams": True},
    ("draw", 2): {},
    ("draw", 3): {"tiles_each": 5},
    ("draw", 4): {"tiles_each": 5},
    ("block", 2): {"stuck": "pass"},
    ("block", 3): {"stuck": "pass"},
    ("block", 4): {"stuck": "pass"},
    ("all_fives", 2): {"count_fives": True},
    ("all_fives", 3): {"count_fives": True, "tiles_each": 5},
    ("all_fives", 4): {"count_fives": True, "tiles_each": 5},
    ("brazilian", 2): BRAZILIAN_ROW,
    ("brazilian", 4): {**BRAZILIAN_ROW, "teams": True},
}


@pytest.mark.parametrize(("preset", "seats"), PRESET_TABLE, ids=lambda value: str(value))
def test_preset_options(preset, seats):
    expected = {**CLASSIC_ROW, **PRESET_TABLE[preset, seats]}
    rules = Rules.for_preset(preset, seats=seats)
    for option, value in expected.items():
        if value is not None:
            assert getattr(rules, option) == value, option
    assert rules.sides == (2 if expected["teams"] else seats)
    assert rules.reserve == 0 and rules.out_counts_partner is False
    assert rules.to_record() == {"preset": preset, "seats": seats}  # nothing differs


@pytest.mark.parametrize(
    ("preset", "seats"),
    [("classic", 3), ("classic", 4), ("team_draw", 3), ("brazilian", 3)]
    + [(preset, n) for preset in ("single_round", "draw", "block", "all_fives") for n in (1, 5)],
)
def test_preset_seats(preset, seats):
    with pytest.raises(InvalidRules):
        Rules.for_preset(preset, seats=seats)


# --- classic -----------------------------------------------------------------------------------


def test_classic_takes_single_draw_rotate_and_best_of():
    """Seed 000: Single Draw, alternating starters, best of 1-5 are options."""
    rules = Rules.for_preset(
        "classic", seats=2, stuck="single_draw", next_opener="rotate", match={"best_of": 5}
    )
    assert rules.to_record() == {
        "preset": "classic",
        "seats": 2,
        "stuck": "single_draw",
        "next_opener": "rotate",
        "match": {"best_of": 5},
    }


# --- single round ------------------------------------------------------------------------------


def test_single_round_opens_with_1_1_and_ends_with_the_first_empty_hand():
    result = run({"preset": "single_round", "seats": 2}, hand(S_HANDS, S_MOVES))
    # seat 0 opens 1-1 although seat 1 holds 6-6; seat 0 goes out; no points (score none)
    assert result == report([line("out", [0], [0, 0], [0, 0])], [0, 0], finished=True, winners=[0])


def test_single_round_with_three_seats_deals_five():
    rules = Rules.for_preset("single_round", seats=3)
    deal = make_deal(rules, ["1-1 1-0 2-0 2-1 3-0", "6-6 6-5 6-4 6-3 6-2", "5-5 5-4 5-3 5-2 5-1"])
    assert len(deal.boneyard) == 13  # 28 - 3 x 5
    match = start(rules, ["1-1 1-0 2-0 2-1 3-0", "6-6 6-5 6-4 6-3 6-2", "5-5 5-4 5-3 5-2 5-1"])
    assert match.turn == 0 and match.legal_moves() == [Play(Tile(1, 1))]


# --- team draw ---------------------------------------------------------------------------------


def test_team_draw_one_on_one_scores_the_other_players_pips():
    """Seed 002: go out and the opponent holds 6-4 and 2-1: 6 + 4 + 2 + 1 = 13."""
    result = run({"preset": "team_draw", "seats": 2}, hand(A_HANDS, A_MOVES, A_BONEYARD))
    assert result["hands"] == [line("out", [0], [13, 0], [13, 0])]


def test_team_draw_four_players_deal_all_28_and_a_stuck_seat_passes_at_once():
    """Seed 002: four-player games deal all 28 tiles; with the boneyard empty, pass."""
    rules = Rules.for_preset("team_draw", seats=4)
    deal = make_deal(rules, BL4_HANDS)
    assert deal.boneyard == ()
    match = start(rules, BL4_HANDS)
    play(match, ", ".join(FOUR_MOVES.split(", ")[:10]))  # the ten plays: ends 6 and 6
    assert match.turn == 2 and match.legal_moves() == [Pass()]


def test_team_draw_four_players_partners_score_together():
    result = run({"preset": "team_draw", "seats": 4}, hand(BL4_HANDS, FOUR_MOVES))
    # side 0 (seats 0, 2): 20 + 10 = 30; side 1 (seats 1, 3): 32 + 28 = 60; others: 60
    assert result == report([line("blocked", [0], [60, 0], [60, 0])], [60, 0])


# --- draw --------------------------------------------------------------------------------------


def test_draw_with_three_or_four_players_deals_five_each():
    for seats in (3, 4):
        rules = Rules.for_preset("draw", seats=seats)
        seven = [[ALL_TILES[7 * s + i] for i in range(7)] for s in range(seats)]
        rest = list(ALL_TILES[7 * seats :])
        with pytest.raises(InvalidDeal):
            Deal.from_hands(rules, seven, rest)
        five = [hand[:5] for hand in seven]
        used = {tile for hand in five for tile in hand}
        deal = Deal.from_hands(rules, five, [tile for tile in ALL_TILES if tile not in used])
        assert len(deal.boneyard) == 28 - 5 * seats


# --- block -------------------------------------------------------------------------------------


def test_block_three_players_take_seven_and_leave_seven_set_aside():
    """Seed 003: in Block everyone takes 7; two or three players leave tiles set aside."""
    rules = Rules.for_preset("block", seats=3)
    assert len(make_deal(rules, D3_HANDS).boneyard) == 7
    match = start(rules, D3_HANDS)
    play(match, "0 6-6")  # five sixes are among the 7 set aside, but nobody draws
    assert match.legal_moves() == [Pass()]
    result = run({"preset": "block", "seats": 3}, hand(D3_HANDS, D3_MOVES))
    assert result["hands"] == [line("blocked", [0], [73, 0, 0], [73, 0, 0])]  # 34 + 50 - 11


def test_block_four_players_use_every_tile():
    assert make_deal(Rules.for_preset("block", seats=4), BL4_HANDS).boneyard == ()


# --- all fives ---------------------------------------------------------------------------------


def test_all_fives_opening_5_5_scores_10_at_once():
    match = start(Rules.for_preset("all_fives", seats=2), A_HANDS, A_BONEYARD)
    play(match, "0 5-5")
    assert match.view_for(0).to_json()["hand_points"] == [10, 0]  # 5 + 5


# --- brazilian ---------------------------------------------------------------------------------


def test_brazilian_partnership_the_6_6_holder_opens():
    """Seed 004: in partnership play the holder of the 6-6 must open the first hand with it."""
    hands = [BL4_HANDS[2], BL4_HANDS[3], BL4_HANDS[0], BL4_HANDS[1]]  # 6-6 now with seat 2
    match = start(Rules.for_preset("brazilian", seats=4), hands)
    assert match.turn == 2 and match.legal_moves() == [Play(Tile(6, 6))]


def test_brazilian_partnership_plays_to_50():
    result = run({"preset": "brazilian", "seats": 4}, hand(BL4_HANDS, FOUR_MOVES))
    # side 0 blocks lower (30 against 60) and scores the opponents' 60 >= 50
    assert result["match"] == {"finished": True, "winners": [0], "scores": [60, 0]}


def test_brazilian_one_on_one_passes_and_may_draw_as_an_option():
    """Seed 004: one on one in the block style, or drawing from the boneyard."""
    blocked = start(Rules.for_preset("brazilian", seats=2), B_HANDS)
    play(blocked, "0 6-6")
    assert blocked.legal_moves() == [Pass()]  # 14 tiles not dealt, never drawn
    drawing = start(Rules.for_preset("brazilian", seats=2, stuck="draw"), B_HANDS)
    play(drawing, "0 6-6")
    assert drawing.legal_moves() == [Draw()]


def test_brazilian_one_on_one_opens_with_the_highest_double():
    """Seed 004: one on one, the holder of the highest double opens."""
    match = start(Rules.for_preset("brazilian", seats=2), A_HANDS, A_BONEYARD)
    assert match.turn == 0 and match.legal_moves() == [Play(Tile(5, 5))]  # 6-6 not dealt
