"""tournaments.pairing: brackets, byes, round-robin rounds and standings (hypothesis)."""

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import (
    Pair,
    Result,
    bracket_size,
    elimination_rounds,
    first_round,
    next_round,
    round_robin,
    seeded_order,
    standings,
)

group_sizes = st.integers(min_value=2, max_value=40)
seeds = st.integers(min_value=0, max_value=2**63)


def everyone(pairs: list[Pair]) -> list:
    return [e for pair in pairs for e in (pair.first, pair.second) if e is not None]


# --- elimination ----------------------------------------------------------------------------
@given(group_sizes, seeds)
def test_the_first_round_places_everyone_once_with_just_the_byes_needed(count, seed):
    pairs = first_round(range(count), seed)
    assert sorted(everyone(pairs)) == list(range(count))
    assert len(pairs) == bracket_size(count) // 2
    assert sum(pair.is_bye for pair in pairs) == bracket_size(count) - count


@given(group_sizes, seeds)
def test_the_same_seed_gives_the_same_bracket(count, seed):
    assert first_round(range(count), seed) == first_round(range(count), seed)
    assert round_robin(range(count), seed) == round_robin(range(count), seed)


def test_another_seed_gives_another_draw():
    draws = {tuple(seeded_order(range(8), seed)) for seed in range(20)}
    assert len(draws) > 15


@given(group_sizes, seeds)
def test_winners_pair_down_to_one_champion_in_the_counted_rounds(count, seed):
    pairs = first_round(range(count), seed)
    rounds = 1
    while len(pairs) > 1:
        winners = [pair.first for pair in pairs]  # any winner will do: the shape is the point
        pairs = next_round(winners)
        assert not any(pair.is_bye for pair in pairs)
        rounds += 1
    assert rounds == elimination_rounds(count)


def test_byes_are_uniform_over_the_entrants():
    """Chi-square over 7,000 seeds: 7 entrants, one bye each time; each entrant should get it
    a seventh of the time. 22.46 is the 0.1% critical value with 6 degrees of freedom."""
    entrants, draws = 7, 7000
    byes = Counter(
        pair.first
        for seed in range(draws)
        for pair in first_round(range(entrants), seed)
        if pair.is_bye
    )
    expected = draws / entrants
    chi_square = sum((byes[e] - expected) ** 2 / expected for e in range(entrants))
    assert chi_square < 22.46, byes


def test_byes_are_uniform_when_several_are_needed():
    """5 entrants in a bracket of 8: three byes a draw; each entrant expects 3/5 of the draws.
    13.28 is the 0.1% critical value with 4 degrees of freedom."""
    entrants, draws = 5, 5000
    byes = Counter(
        pair.first
        for seed in range(draws)
        for pair in first_round(range(entrants), seed)
        if pair.is_bye
    )
    expected = draws * 3 / entrants
    chi_square = sum((byes[e] - expected) ** 2 / expected for e in range(entrants))
    assert chi_square < 13.28, byes


@given(group_sizes, seeds)
def test_bye_holders_meet_each_other_next_only_when_byes_outnumber_half_the_slots(count, seed):
    pairs = first_round(range(count), seed)
    byes = sum(pair.is_bye for pair in pairs)
    both_byes = [pairs[i].is_bye and pairs[i + 1].is_bye for i in range(0, len(pairs) - 1, 2)]
    if 2 * byes <= len(pairs):
        assert not any(both_byes)


def test_a_single_entrant_is_no_tournament():
    with pytest.raises(ValueError):
        first_round(["alone"], seed=1)
    with pytest.raises(ValueError):
        round_robin(["alone"], seed=1)


# --- round robin ----------------------------------------------------------------------------
@given(group_sizes, seeds)
def test_every_pair_meets_exactly_once_in_a_round_robin(count, seed):
    rounds = round_robin(range(count), seed)
    met = Counter(
        frozenset((pair.first, pair.second))
        for pairs in rounds
        for pair in pairs
        if not pair.is_bye
    )
    assert set(met) == {frozenset(p) for p in itertools.combinations(range(count), 2)}
    assert set(met.values()) == {1}


@given(group_sizes, seeds)
def test_nobody_plays_twice_in_a_round(count, seed):
    for pairs in round_robin(range(count), seed):
        assert sorted(everyone(pairs)) == list(range(count))


@given(group_sizes, seeds)
def test_rests_are_spread_evenly(count, seed):
    rounds = round_robin(range(count), seed)
    rests = Counter(pair.first for pairs in rounds for pair in pairs if pair.is_bye)
    if count % 2:
        assert len(rounds) == count
        assert all(sum(pair.is_bye for pair in pairs) == 1 for pairs in rounds)
        assert rests == Counter(range(count))  # each rests exactly once
    else:
        assert len(rounds) == count - 1
        assert not rests


# --- standings ------------------------------------------------------------------------------
def ranked(order, results):
    return [standing.entrant for standing in standings(order, results)]


def test_match_wins_rank_first():
    results = [Result("a", "b", "b"), Result("a", "c", "c"), Result("b", "c", "b")]
    assert ranked(["a", "b", "c"], results) == ["b", "c", "a"]


def test_two_tied_on_wins_are_split_by_their_own_match():
    # a and b both won two; b beat a; a has the better hand and point differences.
    results = [
        Result("a", "b", "b", hands=(0, 1), points=(0, 5)),
        Result("a", "c", "a", hands=(3, 0), points=(90, 0)),
        Result("a", "d", "a", hands=(3, 0), points=(90, 0)),
        Result("b", "c", "c", hands=(0, 1), points=(0, 5)),
        Result("b", "d", "b", hands=(1, 0), points=(5, 0)),
        Result("c", "d", "d", hands=(1, 0), points=(5, 0)),
    ]
    table = standings(["a", "b", "c", "d"], results)
    assert [s.entrant for s in table][:2] == ["b", "a"]
    assert (table[1].wins, table[1].hand_difference, table[1].point_difference) == (2, 5, 175)


def test_a_three_way_tie_goes_to_head_to_head_then_hands_then_points_then_seeded_order():
    # a, b, c each beat one of the others (a>b, b>c, c>a) and all beat d: head-to-head among
    # the three is 1 each, so the hand difference decides, then points, then the order.
    def round_of(hands_a, hands_b, hands_c, points_a=(50, 0)):
        return [
            Result("a", "b", "a", hands=hands_a, points=points_a),
            Result("b", "c", "b", hands=hands_b, points=(50, 0)),
            Result("c", "a", "c", hands=hands_c, points=(50, 0)),
            Result("a", "d", "a", hands=(1, 0), points=(50, 0)),
            Result("b", "d", "b", hands=(1, 0), points=(50, 0)),
            Result("c", "d", "c", hands=(1, 0), points=(50, 0)),
        ]

    order = ["a", "b", "c", "d"]
    # Hand differences: c 3-1+1 = 3, b -1+1+1 = 1, a 1-3+1 = -1.
    assert ranked(order, round_of((1, 0), (1, 0), (3, 0))) == ["c", "b", "a", "d"]
    # Equal hands; points: a 90-50+50 = 90, c -50+50+50 = 50, b -90+50+50 = 10.
    assert ranked(order, round_of((1, 0), (1, 0), (1, 0), (90, 0))) == ["a", "c", "b", "d"]
    # Everything equal: the recorded seeded order decides.
    assert ranked(order, round_of((1, 0), (1, 0), (1, 0))) == ["a", "b", "c", "d"]
    assert ranked(["c", "a", "b", "d"], round_of((1, 0), (1, 0), (1, 0))) == [
        "c",
        "a",
        "b",
        "d",
    ]


def test_head_to_head_counts_only_matches_among_the_tied():
    # b and c tie on two wins; b beat c. a (three wins) beat both, d none: a's wins over them
    # are not head-to-head among the tied pair.
    results = [
        Result("a", "b", "a"),
        Result("a", "c", "a"),
        Result("a", "d", "a"),
        Result("b", "c", "b", hands=(1, 0), points=(1, 0)),
        Result("b", "d", "b"),
        Result("c", "d", "c", hands=(5, 0), points=(200, 0)),
    ]
    assert ranked(["d", "c", "b", "a"], results) == ["a", "b", "c", "d"]


def test_a_rest_is_never_a_win():
    results = [Result("a", "b", "a")]
    table = {s.entrant: s for s in standings(["a", "b", "c"], results)}
    assert (table["c"].played, table["c"].wins) == (0, 0)


def test_a_winner_who_did_not_play_is_refused():
    with pytest.raises(ValueError):
        standings(["a", "b", "c"], [Result("a", "b", "c")])
