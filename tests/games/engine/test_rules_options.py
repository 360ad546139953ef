"""The options table (docs/rules.md#options) and #valid-rules: which option sets are valid,
how they are spelled, and what `teams` and `tiles_each` do.

The behaviour of each option is played out in the other test_rules_* files:
stuck and reserve in test_rules_moves, score / out_counts_partner / tied_block in
test_rules_scoring, count_fives in test_rules_fives, first_opener / next_opener in
test_rules_openers, match in test_rules_match.

A `#name` in a test's docstring is the docs/rules.md section it checks.
"""

import json

import pytest
from engine_builders import OUT4_HANDS, OUT4_MOVES, hand, line, make_deal, run, start

from games.engine import (
    FORMAT,
    BestOf,
    InvalidDeal,
    InvalidRules,
    Rules,
    SingleRound,
    Target,
    replay,
    replay_text,
)

VALID = [
    {"preset": "classic", "seats": 2, "tiles_each": 9},  # 18 dealt
    {"preset": "draw", "seats": 3, "tiles_each": 9},  # 27 <= 28
    {"preset": "draw", "seats": 4, "tiles_each": 7},  # 28
    {"preset": "classic", "seats": 2, "tiles_each": 5},
    {"preset": "classic", "seats": 2, "stuck": "single_draw"},
    {"preset": "classic", "seats": 2, "stuck": "pass"},
    {"preset": "block", "seats": 2, "stuck": "draw"},
    {"preset": "classic", "seats": 2, "reserve": 2},
    {"preset": "classic", "seats": 2, "reserve": 0},
    {"preset": "classic", "seats": 2, "score": "others"},
    {"preset": "classic", "seats": 2, "score": "none"},
    {"preset": "classic", "seats": 2, "count_fives": True},
    {"preset": "all_fives", "seats": 2, "count_fives": False},
    {"preset": "block", "seats": 4, "teams": True},
    {"preset": "draw", "seats": 4, "teams": True},
    {"preset": "all_fives", "seats": 4, "teams": True},
    {"preset": "single_round", "seats": 4, "teams": True},
    {"preset": "team_draw", "seats": 4, "out_counts_partner": True},
    {"preset": "brazilian", "seats": 4, "out_counts_partner": True},
    {"preset": "classic", "seats": 2, "tied_block": "shared"},
    {"preset": "classic", "seats": 2, "tied_block": "blocker_loses"},
    {"preset": "block", "seats": 4, "teams": True, "tied_block": "blocker_loses"},
    {"preset": "classic", "seats": 2, "first_opener": "lowest_double_from_one"},
    {"preset": "classic", "seats": 2, "next_opener": "rotate"},
    {"preset": "brazilian", "seats": 4, "next_opener": "winner"},
    {"preset": "classic", "seats": 2, "match": {"target": 25}},
    {"preset": "classic", "seats": 2, "match": {"target": 500}},
    {"preset": "classic", "seats": 2, "match": {"best_of": 1}},
    {"preset": "classic", "seats": 2, "match": {"best_of": 5}},
    {"preset": "classic", "seats": 2, "match": {"single_round": True}},
    {"preset": "block", "seats": 4, "teams": True, "match": {"best_of": 3}},  # two sides
    {"preset": "team_draw", "seats": 4, "match": {"target": 25}},
    {"preset": "brazilian", "seats": 4, "teams": False, "tied_block": "no_score"},
]


@pytest.mark.parametrize("options", VALID, ids=lambda options: str(options))
def test_valid_options(options):
    rules = Rules.from_record(options)
    assert Rules.from_record(rules.to_record()) == rules
    result = replay({"format": FORMAT, "rules": options, "hands": []}).to_json()
    assert result["ok"] is True and result["hands"] == []


INVALID = [
    pytest.param({"preset": "chess", "seats": 2}, id="unknown preset"),
    pytest.param({"seats": 2}, id="no preset"),
    pytest.param({"preset": "classic"}, id="no seats"),
    pytest.param({"preset": "draw", "seats": 5}, id="5 seats"),
    pytest.param({"preset": "classic", "seats": 2, "colour": "red"}, id="unknown option"),
    pytest.param({"preset": "classic", "seats": 2, "teams": True}, id="teams with 2 seats"),
    pytest.param({"preset": "draw", "seats": 3, "teams": True}, id="teams with 3 seats"),
    pytest.param({"preset": "classic", "seats": 2, "tiles_each": 4}, id="tiles_each 4"),
    pytest.param({"preset": "classic", "seats": 2, "tiles_each": 10}, id="tiles_each 10"),
    pytest.param({"preset": "draw", "seats": 4, "tiles_each": 8}, id="4 x 8 > 28"),
    pytest.param({"preset": "draw", "seats": 3, "tiles_each": "5"}, id="tiles_each text"),
    pytest.param({"preset": "classic", "seats": 2, "stuck": "drop"}, id="stuck"),
    pytest.param({"preset": "classic", "seats": 2, "reserve": 1}, id="reserve 1"),
    pytest.param({"preset": "classic", "seats": 2, "reserve": 3}, id="reserve 3"),
    pytest.param({"preset": "classic", "seats": 2, "score": "all"}, id="score"),
    pytest.param({"preset": "classic", "seats": 2, "count_fives": "yes"}, id="count_fives"),
    pytest.param(
        {"preset": "classic", "seats": 2, "out_counts_partner": True}, id="partner without teams"
    ),
    pytest.param(
        {"preset": "draw", "seats": 4, "out_counts_partner": True}, id="partner, 4 single seats"
    ),
    pytest.param({"preset": "classic", "seats": 2, "tied_block": "coin"}, id="tied_block"),
    pytest.param(
        {"preset": "draw", "seats": 3, "tied_block": "blocker_loses"}, id="blocker_loses, 3 sides"
    ),
    pytest.param(
        {"preset": "draw", "seats": 4, "tied_block": "blocker_loses"}, id="blocker_loses, 4 sides"
    ),
    pytest.param({"preset": "classic", "seats": 2, "first_opener": "lowest"}, id="first_opener"),
    pytest.param({"preset": "classic", "seats": 2, "next_opener": "loser"}, id="next_opener"),
    pytest.param({"preset": "classic", "seats": 2, "match": {"target": 24}}, id="target 24"),
    pytest.param({"preset": "classic", "seats": 2, "match": {"target": 501}}, id="target 501"),
    pytest.param({"preset": "classic", "seats": 2, "match": {"best_of": 0}}, id="best_of 0"),
    pytest.param({"preset": "classic", "seats": 2, "match": {"best_of": 6}}, id="best_of 6"),
    pytest.param({"preset": "draw", "seats": 3, "match": {"best_of": 3}}, id="best_of, 3 sides"),
    pytest.param({"preset": "draw", "seats": 4, "match": {"best_of": 3}}, id="best_of, 4 sides"),
    pytest.param({"preset": "classic", "seats": 2, "match": {"level": 3}}, id="match format"),
    pytest.param(
        {"preset": "classic", "seats": 2, "match": {"target": 100, "best_of": 3}}, id="two formats"
    ),
    pytest.param({"preset": "classic", "seats": 2, "match": 100}, id="match not an object"),
    pytest.param(
        {"preset": "brazilian", "seats": 4, "teams": False},
        id="brazilian without teams keeps blocker_loses",
    ),
]


@pytest.mark.parametrize("options", INVALID)
def test_invalid_options(options):
    """#valid-rules: an unknown preset or option, a value out of range, teams without 4 seats,
    best_of or blocker_loses with more than two sides, out_counts_partner without partners, a
    preset default that no longer fits: InvalidRules, and an unreadable record."""
    with pytest.raises(InvalidRules):
        Rules.from_record(options)
    result = replay({"format": FORMAT, "rules": options, "hands": []}).to_json()
    assert result["ok"] is False and result["hands"] == []
    assert (result["error"]["hand"], result["error"]["move"]) == (None, None)


CLASSIC_RECORD = {"format": FORMAT, "rules": {"preset": "classic", "seats": 2}, "hands": []}


def test_the_unreadable_record_fixture_is_readable_when_intact():
    assert replay_text(json.dumps(CLASSIC_RECORD)).to_json()["ok"] is True


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("{not json", id="not JSON"),
        pytest.param(json.dumps({**CLASSIC_RECORD, "format": "dominoes-record/2"}), id="format"),
        pytest.param(json.dumps({**CLASSIC_RECORD, "hands": {}}), id="hands not a list"),
        pytest.param("[]", id="not an object"),
    ],
)
def test_unreadable_records(text):
    result = replay_text(text).to_json()
    assert result["ok"] is False and result["hands"] == []
    assert (result["error"]["hand"], result["error"]["move"]) == (None, None)


def test_options_are_spelled_as_in_rules_md():
    rules = Rules.for_preset(
        "draw",
        seats=4,
        teams=True,
        tiles_each=6,
        stuck="single_draw",
        reserve=2,
        score="others",
        count_fives=True,
        out_counts_partner=True,
        tied_block="blocker_loses",
        first_opener="lowest_double_from_one",
        next_opener="rotate",
        match={"best_of": 3},
    )
    assert rules.to_record() == {
        "preset": "draw",
        "seats": 4,
        "teams": True,
        "tiles_each": 6,
        "stuck": "single_draw",
        "reserve": 2,
        "score": "others",
        "count_fives": True,
        "out_counts_partner": True,
        "tied_block": "blocker_loses",
        "first_opener": "lowest_double_from_one",
        "next_opener": "rotate",
        "match": {"best_of": 3},
    }
    assert rules.match == BestOf(3)


def test_match_formats():
    assert Rules.for_preset("classic", seats=2, match={"target": 250}).match == Target(250)
    assert Rules.for_preset("classic", seats=2, match={"single_round": True}).match == SingleRound()


# --- teams -------------------------------------------------------------------------------------


def test_teams_sides_are_seats_0_2_and_1_3():
    """A side is seat % 2 with partners; otherwise each seat is its own side."""
    rules = Rules.for_preset("block", seats=4, teams=True)
    assert rules.sides == 2
    assert [rules.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    alone = Rules.for_preset("block", seats=4)
    assert alone.sides == 4
    assert [alone.side_of(seat) for seat in range(4)] == [0, 1, 2, 3]


def test_team_draw_and_brazilian_default_to_teams_with_4_seats():
    """#valid-rules: teams defaults to true for team_draw and brazilian with 4 seats."""
    assert Rules.for_preset("team_draw", seats=4).teams is True
    assert Rules.for_preset("brazilian", seats=4).teams is True
    assert Rules.for_preset("team_draw", seats=2).teams is False
    assert Rules.for_preset("draw", seats=4).teams is False


def test_reports_are_per_side():
    """Arrays are per side: two entries with partners, four without."""
    teams = run(
        {"preset": "block", "seats": 4, "tiles_each": 5, "teams": True},
        hand(OUT4_HANDS, OUT4_MOVES),
    )
    alone = run({"preset": "block", "seats": 4, "tiles_each": 5}, hand(OUT4_HANDS, OUT4_MOVES))
    # side 1 keeps 6-3 + 6-2 = 17; without partners seats 1, 2, 3 keep 9 + 8 + 8 = 25
    assert teams["hands"] == [line("out", [0], [17, 0], [17, 0])]
    assert alone["hands"] == [line("out", [0], [25, 0, 0, 0], [25, 0, 0, 0])]


# --- tiles_each --------------------------------------------------------------------------------


def test_tiles_each_sets_the_hand_size_and_the_boneyard():
    rules = Rules.for_preset("classic", seats=2, tiles_each=9)
    hands = ["6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4", "0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2"]
    deal = make_deal(rules, hands)
    assert len(deal.boneyard) == 10  # 28 - 2 x 9
    match = start(rules, hands)
    assert match.view_for(0).to_json()["counts"] == [9, 9]
    with pytest.raises(InvalidDeal):
        make_deal(Rules.for_preset("classic", seats=2), hands)  # classic deals 7
