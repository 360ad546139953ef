"""tournaments.swiss: Swiss rounds (within score groups, no repeats, byes to the lowest without
one) and the standings' tie-breaks (hypothesis properties, fixed seeds, built tie cases)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Pair, Result, seeded_order
from tournaments.swiss import NoPairing, max_rounds, next_round, standings


def play(pairs: list[Pair], rng: random.Random) -> tuple[list[Result], list]:
    """A round's results, each match won by a random side with a random score, and its bye."""
    results, byes = [], []
    for pair in pairs:
        if pair.second is None:
            byes.append(pair.first)
            continue
        winner = rng.randrange(2)
        hands = (2, rng.randrange(2)) if winner == 0 else (rng.randrange(2), 2)
        points = (rng.randrange(100), rng.randrange(100))
        results.append(
            Result(
                pair.first,
                pair.second,
                (pair.first, pair.second)[winner],
                hands=hands,
                points=points,
            )
        )
    return results, byes


def whole_swiss(count: int, seed: int) -> list[tuple[list[Pair], list[Result], list]]:
    """Every round of a Swiss of ``count`` players over ``max_rounds``, with random results:
    each round's pairs, and the results and byes before it."""
    order = seeded_order(range(count), seed)
    rng = random.Random(seed)
    results, byes, rounds = [], [], []
    for _ in range(max_rounds(count)):
        pairs = next_round(order, results, byes)
        rounds.append((pairs, list(results), list(byes)))
        played, rested = play(pairs, rng)
        results += played
        byes += rested
    return rounds


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=2, max_value=16), st.integers(min_value=0, max_value=2**63))
def test_every_round_places_everyone_once_never_repeats_and_gives_one_bye_each(count, seed):
    met, byes = set(), []
    for pairs, _, _ in whole_swiss(count, seed):
        placed = [e for pair in pairs for e in (pair.first, pair.second) if e is not None]
        assert sorted(placed) == list(range(count))
        assert sum(pair.second is None for pair in pairs) == count % 2
        for pair in pairs:
            if pair.second is None:
                byes.append(pair.first)
            else:
                key = frozenset((pair.first, pair.second))
                assert key not in met
                met.add(key)
    assert len(byes) == len(set(byes))


def can_pair(players: list, met: set) -> bool:
    """Brute force, as a reference: do ``players`` pair off with no pair in ``met``?"""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, other)) not in met and can_pair([p for p in rest if p != other], met)
        for other in rest
    )


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=3, max_value=13).filter(lambda n: n % 2), st.integers(0, 2**63))
def test_the_bye_goes_to_the_lowest_ranked_player_who_can_have_it(count, seed):
    order = seeded_order(range(count), seed)
    for pairs, results, byes in whole_swiss(count, seed):
        (holder,) = [pair.first for pair in pairs if pair.second is None]
        assert holder not in byes
        ranking = [s.entrant for s in standings(order, results, byes)]
        met = {frozenset((r.first, r.second)) for r in results}
        for lower in ranking[ranking.index(holder) + 1 :]:
            # each lower player had a bye, or the others could not pair without a repeat
            rest = [e for e in ranking if e != lower]
            assert lower in byes or not can_pair(rest, met)


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=4, max_value=16).filter(lambda n: n % 2 == 0), st.integers(0, 2**63))
def test_the_second_round_pairs_winners_with_winners_but_one_floater(count, seed):
    order = seeded_order(range(count), seed)
    (_, (pairs, results, byes), *_) = whole_swiss(count, seed)
    points = {s.entrant: s.match_points for s in standings(order, results, byes)}
    mixed = [pair for pair in pairs if points[pair.first] != points[pair.second]]
    assert len(mixed) == (count // 2) % 2  # an odd number of winners: one floats down


def test_the_same_entrants_and_results_give_the_same_rounds():
    assert whole_swiss(9, 2026) == whole_swiss(9, 2026)


# --- built cases ----------------------------------------------------------------------------
def test_the_first_round_meets_top_half_against_bottom_half():
    assert next_round("abcdef", []) == [Pair("a", "d"), Pair("b", "e"), Pair("c", "f")]


def test_winners_meet_winners_and_the_odd_one_floats_down():
    results = [Result("a", "d", "a"), Result("b", "e", "b"), Result("c", "f", "c")]
    assert next_round("abcdef", results) == [Pair("a", "b"), Pair("c", "d"), Pair("e", "f")]


def test_no_repeat_even_when_the_preferred_partner_was_met():
    results = [Result("a", "b", "a"), Result("c", "d", "c")]
    # a and c lead on one point and have not met; b and d trail and have not met.
    assert next_round("abcd", results) == [Pair("a", "c"), Pair("b", "d")]
    results += [Result("a", "c", "a"), Result("b", "d", "b")]
    # a (2) has met b and c, so floats to d; b and c (1 each, b first by the order) meet.
    assert next_round("abcd", results) == [Pair("a", "d"), Pair("b", "c")]


def test_the_bye_goes_to_the_lowest_without_a_bye_yet():
    first = next_round("abcde", [])
    assert first[-1] == Pair("e", None)
    results = [Result("a", "c", "a"), Result("b", "d", "d")]
    # e (bye: 1 point) ranks above the losers c and b, who are now the lowest.
    ranking = [s.entrant for s in standings("abcde", results, ["e"])]
    assert ranking[-1] in "bc"
    second = next_round("abcde", results, ["e"])
    assert second[-1] == Pair(ranking[-1], None)
    # with the lowest already given a bye, the bye goes one place up
    assert next_round("abc", [Result("a", "b", "a")], ["c"])[-1] == Pair("b", None)


def test_no_round_without_repeats_is_refused():
    results = [Result("a", "b", "a"), Result("a", "c", "c"), Result("b", "c", "b")]
    with pytest.raises(NoPairing):
        next_round("abc", results, ["a", "b", "c"])


def test_max_rounds_is_half_the_players_rounded_up():
    assert [max_rounds(n) for n in (2, 3, 4, 5, 6, 7, 8)] == [1, 2, 2, 3, 3, 4, 4]
    with pytest.raises(ValueError):
        max_rounds(1)


# --- tie-breaks -----------------------------------------------------------------------------
def test_match_points_count_wins_and_byes_and_nothing_for_a_loss():
    table = standings("abc", [Result("a", "b", "a")], ["c"])
    points = {s.entrant: (s.match_points, s.played, s.had_bye) for s in table}
    assert points == {"a": (1, 1, False), "b": (0, 1, False), "c": (1, 0, True)}


def test_opponents_scores_break_a_tie_on_match_points():
    # a and c both won once; a beat b, who then won; c beat d, who then lost.
    results = [
        Result("a", "b", "a"),
        Result("c", "d", "c"),
        Result("b", "e", "b"),
        Result("d", "f", "f"),
    ]
    table = {s.entrant: s for s in standings("cabdef", results)}
    assert table["a"].match_points == table["c"].match_points == 1
    assert (table["a"].opponents_score, table["c"].opponents_score) == (1, 0)
    ranking = list(table)
    assert ranking.index("a") < ranking.index("c")  # though c comes first in the order


def test_then_hand_difference_then_point_difference_then_the_seeded_order():
    def ranking(a_hands, a_points, c_hands=(2, 0), c_points=(50, 0)):
        results = [
            Result("a", "b", "a", hands=a_hands, points=a_points),
            Result("c", "d", "c", hands=c_hands, points=c_points),
        ]
        return [s.entrant for s in standings("cadb", results)][:2]

    assert ranking((2, 0), (40, 0), c_hands=(2, 1)) == ["a", "c"]  # hands +2 beats +1
    assert ranking((2, 0), (60, 0)) == ["a", "c"]  # equal hands: points +60 beat +50
    assert ranking((2, 0), (50, 0)) == ["c", "a"]  # all equal: the seeded order (c first)
