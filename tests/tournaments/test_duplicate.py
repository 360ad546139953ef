"""Duplicate matches (issue 23, point 3): tournaments.duplicate's result of two legs
(hypothesis, fixed seeds, built ties), the second leg's table dealt like the first with the
seats swapped (games), and a duplicate knockout played to a champion through the services."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tournament_play import as_player, check_in_both, checking_in, play_out, tournament_with

from billing import plans
from games import services as games
from games.engine import Deal, load
from games.models import LogEntry
from tournaments import services
from tournaments.duplicate import Leg, by_entrant, combine
from tournaments.models import Tournament, TournamentMatch
from tournaments.services import match_rules

units = st.sampled_from(["hands", "points"])
scores = st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 300), st.integers(0, 300))


def leg(score: tuple[int, int, int, int], forfeited_by: int | None = None) -> Leg:
    return Leg(hands=(score[0], score[1]), points=(score[2], score[3]), forfeited_by=forfeited_by)


# --- the result of two legs (pure) ----------------------------------------------------------
@given(scores, scores, units, st.booleans())
def test_totals_are_both_legs_each_entrant_on_their_own_seat(one, two, unit, seeded):
    outcome = combine(leg(one), leg(two), unit=unit, first_seeded_higher=seeded)
    assert outcome.hands == (one[0] + two[1], one[1] + two[0])
    assert outcome.points == (one[2] + two[3], one[3] + two[2])
    assert not outcome.by_forfeit


@given(scores, scores, units, st.booleans())
def test_the_winner_never_trails_in_the_matchs_own_terms(one, two, unit, seeded):
    outcome = combine(leg(one), leg(two), unit=unit, first_seeded_higher=seeded)
    own = outcome.hands if unit == "hands" else outcome.points
    assert own[outcome.winner] >= own[1 - outcome.winner]


@given(scores, scores, units, st.booleans())
def test_playing_the_legs_the_other_way_round_is_the_same_match_seen_from_the_other_side(
    one, two, unit, seeded
):
    """The second entrant's view: their first leg is this one's second, by seat swapped."""
    forward = combine(leg(one), leg(two), unit=unit, first_seeded_higher=seeded)
    mirrored = combine(leg(two), leg(one), unit=unit, first_seeded_higher=not seeded)
    assert mirrored.winner == 1 - forward.winner
    assert mirrored.hands == forward.hands[::-1]
    assert mirrored.points == forward.points[::-1]


def test_the_same_deal_both_ways_is_luck_cancelled_on_fixed_seeds():
    """A player who does exactly as well as the deal allows on both seats ties on the deal:
    each leg's seat 0 scoring the same, the totals are level and only skill (here: none) or
    the seeded order decides."""
    for seed in range(200):
        rng = random.Random(seed)
        same = (rng.randint(0, 5), rng.randint(0, 5), rng.randint(0, 300), rng.randint(0, 300))
        outcome = combine(leg(same), leg(same), unit="points", first_seeded_higher=seed % 2 == 0)
        assert outcome.hands[0] == outcome.hands[1] and outcome.points[0] == outcome.points[1]
        assert outcome.winner == (0 if seed % 2 == 0 else 1)


def test_built_ties_fall_to_the_other_unit_then_the_higher_seed():
    level_points = combine(
        Leg(hands=(2, 1), points=(100, 80)),
        Leg(hands=(1, 1), points=(100, 120)),  # seat 0 is the second entrant
        unit="points",
        first_seeded_higher=False,
    )
    assert level_points.points == (220, 180)  # not level: points decide
    assert level_points.winner == 0
    tie = combine(
        Leg(hands=(2, 1), points=(100, 100)),
        Leg(hands=(1, 2), points=(100, 100)),
        unit="points",
        first_seeded_higher=False,
    )
    assert tie.points == (200, 200) and tie.hands == (4, 2)
    assert tie.winner == 0  # level on points: hands decide
    dead_level = combine(
        Leg(hands=(1, 1), points=(50, 50)),
        Leg(hands=(1, 1), points=(50, 50)),
        unit="hands",
        first_seeded_higher=False,
    )
    assert dead_level.winner == 1  # then the seeded order


@pytest.mark.parametrize("number,seat,loser", [(1, 0, 0), (1, 1, 1), (2, 0, 1), (2, 1, 0)])
def test_a_forfeit_in_either_leg_loses_the_match_whatever_the_score(number, seat, loser):
    played = Leg(hands=(0, 0), points=(0, 0))
    forfeited = Leg(hands=(9, 0), points=(900, 0), forfeited_by=seat)
    legs = (forfeited, played) if number == 1 else (played, forfeited)
    outcome = combine(*legs, unit="points", first_seeded_higher=True)
    assert outcome.by_forfeit and outcome.winner == 1 - loser
    assert by_entrant(forfeited, number).forfeited_by == loser


# --- the second leg's table -----------------------------------------------------------------
def deals_of(table) -> list[str]:
    return [e.payload["seed"] for e in LogEntry.objects.filter(table=table, kind="deal")]


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_the_second_leg_is_dealt_the_first_legs_deals_with_the_seats_swapped():
    _, (ann, bob) = tournament_with(2)
    rules = match_rules(scoring="target", match_length=100)
    first = games.create_seated_table(
        players=[(as_player(ann), "ann"), (as_player(bob), "bob")], rules=rules
    )
    play_out(first)
    second = games.create_seated_table(
        players=[(as_player(bob), "bob"), (as_player(ann), "ann")], rules=rules, deals_like=first
    )
    play_out(second)
    one, two = deals_of(first), deals_of(second)
    shared = min(len(one), len(two))
    assert shared >= 1 and two[:shared] == one[:shared]
    assert len(set(two[shared:]) & set(one)) == 0  # hands beyond the first leg's: fresh deals
    first_match, second_match = load(first.record), load(second.record)
    for hand in range(shared):
        dealt_first, dealt_second = first_match.deals[hand], second_match.deals[hand]
        assert dealt_first == dealt_second == Deal.from_seed(rules, one[hand])
    # Seat 0 of the second leg is bob, who now holds the tiles ann held at seat 0 before.
    assert [s.user_id for s in second.seats.order_by("index")] == [bob.pk, ann.pk]


# --- a duplicate knockout -------------------------------------------------------------------
@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_duplicate_knockout_of_four_is_played_to_a_champion_in_two_legs_a_match(monkeypatch):
    monkeypatch.setattr(plans, "tournament_player_limit", lambda *, host: 20)
    tournament, _ = tournament_with(4, scoring="target", match_length=50, duplicate=True)
    assert tournament.format_description == "Winner advances, duplicate"
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    legs_played = 0
    while Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING:
        for match in checking_in(tournament):
            table = check_in_both(match)
            if match.first_leg_id is not None:
                assert table.deals_like_id == match.first_leg_id
                seated = [s.user_id for s in table.seats.order_by("index")]
                assert seated == [match.second.user_id, match.first.user_id]
            play_out(table)
            legs_played += 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert legs_played == 6  # three matches, two legs each
    for match in tournament.matches.select_related("first_leg", "table"):
        assert match.status == TournamentMatch.Status.FINISHED
        first, second = load(match.first_leg.record), load(match.table.record)
        assert match.first_points == first.scores[0] + second.scores[1]
        assert match.second_points == first.scores[1] + second.scores[0]
        if match.first_points != match.second_points:  # level: hands, then the seed decide
            assert (match.winner_id == match.first_id) == (match.first_points > match.second_points)
    final = tournament.matches.order_by("-round").first()
    assert tournament.champion_id == final.winner_id
