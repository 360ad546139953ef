"""Duplicate matches (issue 23, point 3): tournaments.duplicate's result of two legs
(hypothesis, fixed seeds, built ties), the second leg's table dealt like the first with the
seats swapped (games), and a duplicate knockout played to a champion through the services."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tournament_play import (
    as_player,
    check_in_both,
    checking_in,
    end_check_in_window,
    play_out,
    tournament_with,
)

from billing import plans
from games import services as games
from games.engine import Deal, load
from games.models import LogEntry, Rating
from games.records.stats import record_with_seeds
from games.selectors import table_state
from tournaments import services
from tournaments.duplicate import Leg, by_entrant, combine, edge, source
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


# --- across tables: which deals each second leg plays (pure) ---------------------------------
slot_sets = st.lists(st.integers(0, 40), min_size=1, max_size=24, unique=True)


@given(slot_sets)
def test_each_first_legs_deals_are_replayed_at_exactly_one_other_table(slots):
    sources = {slot: source(slot, slots) for slot in slots}
    assert sorted(sources.values()) == sorted(slots)  # a permutation: each deal twice in all
    if len(slots) == 1:
        assert sources == {slots[0]: slots[0]}  # alone: its own deals, seats swapped
    else:
        assert all(sources[slot] != slot for slot in slots)  # nobody meets a deal twice


@given(slot_sets)
def test_tables_go_in_pairs_and_one_three_never_a_lone_table(slots):
    sizes = []
    seen = set()
    for slot in slots:
        cycle, at = [slot], source(slot, slots)
        while at != slot:
            cycle.append(at)
            at = source(at, slots)
        if min(cycle) not in seen:
            seen.add(min(cycle))
            sizes.append(len(cycle))
    if len(slots) == 1:
        assert sizes == [1]
    else:
        assert sorted(sizes) == [2] * (len(slots) // 2 - len(slots) % 2) + [3] * (len(slots) % 2)


def test_fixed_rounds_pair_neighbours_and_the_odd_three():
    assert [source(s, [0, 1]) for s in (0, 1)] == [1, 0]
    assert [source(s, [0, 1, 2]) for s in (0, 1, 2)] == [1, 2, 0]
    assert [source(s, [1, 3, 4, 6]) for s in (1, 3, 4, 6)] == [3, 1, 6, 4]  # byes skipped


@given(scores, scores, scores, scores, units)
def test_the_edge_is_zero_sum_between_the_two_entrants(one, two, there_one, there_two, unit):
    """The second entrant's edge, seen from their side (the legs swapped, as in the mirrored
    test above), is the first's negated: one match, one comparison."""
    mine = edge(leg(one), leg(two), leg(there_one), leg(there_two), unit)
    theirs = edge(leg(two), leg(one), leg(there_two), leg(there_one), unit)
    assert mine is not None and theirs == -mine


@given(scores, scores, units)
def test_the_luck_of_the_deal_cancels_across_tables(deal_a, deal_b, unit):
    """Both tables play each deal exactly as the deal allows (the same result by seat): every
    edge is zero, whatever the deals gave, and the match falls to the totals, then the seed."""
    first, second = leg(deal_a), leg(deal_b)
    assert edge(first, second, first, second, unit) == 0
    outcome = combine(
        first,
        second,
        unit=unit,
        first_seeded_higher=True,
        first_elsewhere=first,
        second_elsewhere=second,
    )
    assert outcome.edge == 0


def test_a_built_comparison_decides_against_the_totals():
    """The first entrant loses both legs' totals but did better with each deal than the other
    table's player on the same seat: they win on the comparison."""
    outcome = combine(
        Leg(hands=(0, 0), points=(40, 60)),  # deal A: seat 0 is 20 behind here...
        Leg(hands=(0, 0), points=(80, 70)),  # deal B: seat 1 (them) is 10 behind here
        unit="points",
        first_seeded_higher=False,
        first_elsewhere=Leg(hands=(0, 0), points=(10, 90)),  # ...80 behind there: +60
        second_elsewhere=Leg(hands=(0, 0), points=(100, 50)),  # 50 behind there: +40
    )
    assert outcome.points == (110, 140) and outcome.edge == 100 and outcome.winner == 0
    forfeited = Leg(hands=(0, 0), points=(0, 0), forfeited_by=1)
    no_comparison = combine(
        Leg(hands=(0, 0), points=(40, 60)),
        Leg(hands=(0, 0), points=(80, 70)),
        unit="points",
        first_seeded_higher=False,
        first_elsewhere=forfeited,  # cut short there: nothing to compare with
        second_elsewhere=Leg(hands=(0, 0), points=(100, 50)),
    )
    assert no_comparison.edge is None and no_comparison.winner == 1  # the totals decide


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


# --- a duplicate knockout across tables -----------------------------------------------------
def seeds_shown(table) -> list:
    table.refresh_from_db()
    state = table_state(table, 0)
    record = record_with_seeds(table)
    return [state["table"]["fair_deal"]["seed"], *(hand["seed"] for hand in record["hands"])]


def finished_leg(match: TournamentMatch):
    """Check the match in, play its leg out, and return the finished table."""
    table = check_in_both(match)
    play_out(table)
    table.refresh_from_db()
    return table


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_duplicate_knockout_of_four_plays_each_deal_at_two_tables_its_seeds_hidden(
    monkeypatch, client
):
    monkeypatch.setattr(plans, "tournament_player_limit", lambda *, host: 20)
    tournament, _ = tournament_with(4, scoring="target", match_length=50, duplicate=True)
    assert tournament.format_description == "Winner advances, duplicate"
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    one, two = sorted(checking_in(tournament), key=lambda m: m.slot)

    leg_one = finished_leg(one)
    one.refresh_from_db()
    assert one.status == TournamentMatch.Status.WAITING  # table two's deals are not played yet
    # Its seed withheld from its own players, its record refused (every surface:
    # test_duplicate_deals_withheld.py).
    assert leg_one.deals_withheld and table_state(leg_one, 0)["table"]["fair_deal"]["seed"] is None
    with pytest.raises(games.NotYourSeat):  # nobody watches it: two's players included
        games.open_table(public_id=leg_one.public_id, player=as_player(two.first.user))
    client.force_login(two.first.user)
    assert client.get(f"/tables/{leg_one.public_id}/").status_code == 403
    page = client.get(f"/tournaments/{tournament.public_id}/").content.decode()
    assert "First leg played: the second waits for the other table&#x27;s first leg." in page
    assert client.get(f"/tables/{leg_one.public_id}/replay/").status_code == 403

    leg_two = finished_leg(two)
    one.refresh_from_db()
    two.refresh_from_db()
    assert {one.status, two.status} == {TournamentMatch.Status.CHECK_IN}
    second_one, second_two = finished_leg(one), None
    assert second_one.deals_like_id == leg_two.pk  # table one plays table two's deals...
    seated = [s.user_id for s in second_one.seats.order_by("index")]
    assert seated == [one.second.user_id, one.first.user_id]  # ...with its seats swapped
    shared = min(len(deals_of(leg_two)), len(deals_of(second_one)))
    assert deals_of(second_one)[:shared] == deals_of(leg_two)[:shared]
    leg_two.refresh_from_db()
    leg_one.refresh_from_db()
    assert not leg_two.deals_private and None not in seeds_shown(leg_two)[1:]  # played twice
    assert leg_one.deals_withheld  # table two has still to play table one's deals
    one.refresh_from_db()
    assert one.status == TournamentMatch.Status.WAITING  # decided once table two has
    pair_one = [one.first.user, one.second.user]
    assert not Rating.objects.filter(user__in=pair_one, matches__gt=0).exists()  # not yet
    second_two = finished_leg(two)
    assert second_two.deals_like_id == leg_one.pk
    leg_one.refresh_from_db()
    assert not leg_one.deals_private and None not in seeds_shown(leg_one)[1:]
    for match in (one, two):
        match.refresh_from_db()
        assert match.status == TournamentMatch.Status.FINISHED and match.edge is not None
        for entrant in (match.first, match.second):  # each pair rated once, on both legs
            assert Rating.objects.get(user=entrant.user).matches == 1
        assert (match.winner_id == match.first_id) == (match.edge > 0) or match.edge == 0
    for player in {m.user for m in (one, two) for m in (m.first, m.second)}:
        seen = [
            seed
            for table in (leg_one, leg_two, second_one, second_two)
            if table.seats.filter(user=player).exists()
            for seed in deals_of(table)
        ]
        assert len(seen) == len(set(seen))  # nobody meets a deal twice

    page = client.get(f"/tournaments/{tournament.public_id}/").content.decode()
    assert "better than at the other table" in page or one.edge == 0 or two.edge == 0
    (final,) = checking_in(tournament)  # alone in its round: its own deals, seats swapped
    first_leg = finished_leg(final)
    final.refresh_from_db()
    second_leg = check_in_both(final)
    page = client.get(f"/tournaments/{tournament.public_id}/").content.decode()
    assert "on the first leg&#x27;s deals, seats swapped: no other table plays this round" in page
    play_out(second_leg)
    second_leg.refresh_from_db()
    assert second_leg.deals_like_id == first_leg.pk
    final.refresh_from_db()
    assert final.status == TournamentMatch.Status.FINISHED and final.edge is None
    assert (
        final.first_points == load(first_leg.record).scores[0] + load(second_leg.record).scores[1]
    )
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == final.winner_id
    first_leg.refresh_from_db()
    assert not first_leg.deals_private


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("format", "count", "rounds"), [("swiss", 6, 2), ("round_robin", 4, None)])
def test_a_duplicate_swiss_or_round_robin_replays_each_deal_at_another_table(
    monkeypatch, format, count, rounds
):
    """Three matches a round (a Swiss of six) go round as one group of three, two (a round
    robin of four) as a pair: each second leg replays another table's first leg, never its own."""
    monkeypatch.setattr(plans, "tournament_player_limit", lambda *, host: 20)
    tournament, _ = tournament_with(
        count, format=format, rounds=rounds, scoring="best_of", match_length=1, duplicate=True
    )
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    while Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING:
        for match in checking_in(tournament):
            play_out(check_in_both(match))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.champion_id
    played = tournament.matches.exclude(second=None).select_related("table", "first_leg")
    for number in {m.round for m in played}:
        in_round = [m for m in played if m.round == number]
        firsts = {m.first_leg_id for m in in_round}
        replayed = [m.table.deals_like_id for m in in_round]
        assert sorted(replayed) == sorted(firsts)  # each first leg replayed once...
        assert all(m.table.deals_like_id != m.first_leg_id for m in in_round)  # ...elsewhere
        assert all(m.edge is not None for m in in_round)
        assert not any(m.first_leg.deals_private for m in in_round)  # all shown by the end


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_table_with_no_first_leg_leaves_its_partner_its_own_deals(monkeypatch):
    """Table two's first leg never happens (only one player checks in): table one's second
    leg replays its own first leg's deals, seats swapped, as a match alone would."""
    monkeypatch.setattr(plans, "tournament_player_limit", lambda *, host: 20)
    tournament, _ = tournament_with(4, scoring="best_of", match_length=1, duplicate=True)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    one, two = sorted(checking_in(tournament), key=lambda m: m.slot)
    leg = finished_leg(one)
    one.refresh_from_db()
    assert one.status == TournamentMatch.Status.WAITING
    services.check_in(player=two.first.user, match_id=two.pk)
    end_check_in_window(two)
    assert services.close_check_in(match_id=two.pk)
    one.refresh_from_db()
    assert one.status == TournamentMatch.Status.CHECK_IN
    second = finished_leg(one)
    assert second.deals_like_id == leg.pk
    one.refresh_from_db()
    assert one.status == TournamentMatch.Status.FINISHED and one.edge is None
