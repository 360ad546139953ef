"""Master's search: the exact endgame solver, the reading of past plays, the playout policy."""

import random

import pytest
from engine_builders import decisive_block, play, start
from hypothesis import HealthCheck, given, settings
from random_play import random_rules, seeds

from games.engine import Deal, Match, Rules, Tile
from games.engine.bots import Bot, Budget, Level, rollout
from games.engine.bots.arena import FROZEN, player
from games.engine.bots.frozen import FrozenMaster
from games.engine.bots.inference import APPEAL, Reader, choice_chance
from games.engine.bots.knowledge import Knowledge
from games.engine.bots.master import MIN_DEALS, decide
from games.engine.bots.solver import OutOfTime, Solver, gain
from games.engine.hand import HandState
from games.engine.tiles import BIT, SUIT

QUICK = Budget(seconds=5.0, max_deals=6)
walks = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def brute_force(state: HandState) -> int:
    """What the side to move gains over the other side with perfect play, by trying every
    sequence of moves to the end of the hand."""
    side = state.side_of[state.turn]
    values = []
    for code in state.legal_codes():
        child = state.copy()
        child.push(code)
        now = gain(state.points, child.points, side)
        if child.result:
            values.append(now)
        else:
            later = brute_force(child)
            values.append(now + (later if state.side_of[child.turn] == side else -later))
    return max(values)


def endgame(rules: Rules, rng: random.Random, tiles_left: int) -> HandState | None:
    """A hand played at random until at most ``tiles_left`` tiles are in the hands."""
    state = HandState.first(rules, Deal.shuffled(rules, rng))
    while not state.result and sum(h.bit_count() for h in state.hands) > tiles_left:
        state.push(rng.choice(state.legal_codes()))
    return None if state.result else state


@walks
@given(seed=seeds)
def test_the_solver_agrees_with_trying_every_sequence_of_moves(seed):
    rng = random.Random(seed)
    rules = random_rules(rng)
    while rules.sides != 2:
        rules = random_rules(rng)
    state = endgame(rules, rng, tiles_left=6 if rules.seats == 2 else 8)
    if state is None:
        return
    assert Solver(node_limit=10**6).value(state) == brute_force(state)
    codes = state.legal_codes()
    side = state.side_of[state.turn]
    gains = Solver(node_limit=10**6).gains_after(state, codes, side)
    assert gains is not None and max(gains) == brute_force(state)


def test_the_solver_values_each_move_as_trying_every_sequence_does():
    """Seat 1 has passed on 6 and on 3; seat 0 chooses between 3-3 and 6-1 with 10 tiles out."""
    rules = Rules.for_preset("block", seats=2)
    match = start(rules, ["6-6 6-3 3-3 6-1 1-0 0-0 2-0", "5-5 5-4 4-4 4-2 2-2 5-2 4-1"])
    play(match, "0 6-6, 1 pass, 0 6-3 left, 1 pass")
    state = match._hand.copy()
    codes = state.legal_codes()
    expected = []
    for code in codes:
        child = state.copy()
        child.push(code)
        expected.append(gain(state.points, child.points, 0) - brute_force(child))
    assert Solver(node_limit=10**5).gains_after(state, codes, 0) == expected


def test_the_solver_gives_up_past_its_node_limit():
    rules = Rules.for_preset("brazilian", seats=4)
    state = HandState.first(rules, Deal.shuffled(rules, random.Random(0)))
    assert Solver(node_limit=50).value(state) is None


def test_a_solve_whose_deadline_has_passed_stops_at_its_first_position():
    rules = Rules.for_preset("block", seats=2)
    state = HandState.first(rules, Deal.shuffled(rules, random.Random(3)))
    solver = Solver(node_limit=10**6, deadline=0.0)
    with pytest.raises(OutOfTime):
        solver.gains_after(state, state.legal_codes(), 0)
    assert solver.nodes == 1


def test_a_deal_cut_off_by_the_clock_is_dropped_and_the_rest_played_out():
    """Out of time before the first solve (a 2-seat block hand, which master solves from the
    first move): every solve stops at its first position, its deal is dropped, and the decision
    still rests on MIN_DEALS deals, played out."""
    match = shed_six_five()
    view = match.view_for(match.turn)
    decision = decide(Knowledge.from_view(view), random.Random(1), Budget(seconds=0.0))
    assert (decision.deals, decision.solved) == (MIN_DEALS, 0)
    assert decision.code in Knowledge.from_view(view).legal


def capped_points():
    """Two decision points each of five presets, from random hands played a few moves."""
    rng = random.Random(22)
    for preset, seats in (
        ("classic", 2),
        ("brazilian", 4),
        ("block", 2),
        ("all_fives", 4),
        ("draw", 2),
    ):
        rules = Rules.for_preset(preset, seats=seats)
        found = 0
        while found < 2:
            match = Match(rules)
            match.start_hand(Deal.shuffled(rules, rng))
            for _ in range(rng.randrange(0, 14)):
                if match.turn is None:
                    break
                match.apply(match.turn, rng.choice(match.legal_moves()))
            if match.turn is None or len(match.legal_moves()) < 2:
                continue
            found += 1
            yield match.view_for(match.turn)


def test_with_its_deals_capped_and_time_to_spare_master_decides_as_it_always_has():
    """Move code, deals and deals solved exactly, as master decided them before the clock was
    read inside the solver (main at 181c11e): arena runs with a deal cap stay comparable."""
    capped = Budget(seconds=60.0, max_deals=40)
    decided = [
        (d.code, d.deals, d.solved)
        for d in (
            decide(Knowledge.from_view(view), random.Random(7), capped) for view in capped_points()
        )
    ]
    assert decided == [
        (64, 40, 7),
        (97, 40, 0),
        (29, 40, 0),
        (76, 40, 40),
        (96, 40, 40),
        (72, 40, 40),
        (44, 40, 0),
        (17, 40, 0),
        (36, 40, 0),
        (29, 40, 6),
    ]


def shed_six_five() -> Match:
    """Seat 1 answered 6-6 with 6-5 (holding 6-4 too, a lighter 6); seat 0 then played 5-1."""
    rules = Rules.for_preset("block", seats=2)
    match = start(rules, ["6-6 5-1 3-3 3-1 1-0 0-0 2-0", "6-5 6-4 4-4 4-2 2-2 5-2 4-1"])
    play(match, "0 6-6, 1 6-5 left, 0 5-1 left, 1 6-4 right")
    return match


def test_a_play_is_read_against_the_tiles_that_fitted_then():
    knowledge = Knowledge.from_view(shed_six_five().view_for(0))
    reader = Reader(knowledge)
    six_five, six_four = Tile(6, 5).index, Tile(6, 4).index
    # The forced opening and seat 0's own plays say nothing; seat 1's two plays do.
    assert [(o.seat, o.tile) for o in reader.observations] == [(1, six_five), (1, six_four)]
    first = reader.observations[0]
    assert first.fits == SUIT[6] and first.since == BIT[six_four]
    # Holding no other 6 then, 6-5 was forced; with 6-4 in hand too (it played it next), 6-5
    # was the heavier choice; with 6-3 also held, the chance falls again.
    hand_now = BIT[Tile(4, 4).index]
    assert reader.weight([0, hand_now]) == choice_chance(six_five, BIT[six_five] | BIT[six_four])
    six_three = Tile(6, 3).index
    heavier = APPEAL[six_five] / (APPEAL[six_five] + APPEAL[six_four] + APPEAL[six_three])
    then = APPEAL[six_four] / (APPEAL[six_four] + APPEAL[six_three])
    assert reader.weight([0, hand_now | BIT[six_three]]) == pytest.approx(heavier * then)


def test_a_deal_that_gives_a_rival_the_double_it_passed_over_weighs_less():
    """Seat 1 laid 5-3 on a 5 end: a deal where it still holds 5-5 is several times less
    likely than one where it holds 5-0 instead."""
    rules = Rules.for_preset("block", seats=2)
    match = start(rules, ["6-6 6-5 2-2 3-1 1-0 0-0 2-0", "6-4 5-3 5-5 4-2 4-4 5-0 4-1"])
    play(match, "0 6-6, 1 6-4 left, 0 6-5 right, 1 5-3 right")
    reader = Reader(Knowledge.from_view(match.view_for(0)))
    with_double = reader.weight([0, BIT[Tile(5, 5).index]])
    with_blank = reader.weight([0, BIT[Tile(5, 0).index]])
    assert with_blank > 3 * with_double


def test_plays_before_a_draw_are_not_read():
    """Seat 1 drew 3-0 and 5-5 after laying 6-5: its hand then is not known, so only 5-5 is read."""
    rules = Rules.for_preset("draw", seats=2)
    match = start(
        rules,
        ["6-6 6-4 4-4 1-0 0-0 2-0 4-1", "6-5 3-3 3-2 2-2 2-1 1-1 3-1"],
        boneyard="3-0 5-5",
    )
    play(match, "0 6-6, 1 6-5 left, 0 6-4 right, 1 draw, 1 draw, 1 5-5 left")
    reader = Reader(Knowledge.from_view(match.view_for(0)))
    assert [o.tile for o in reader.observations] == [Tile(5, 5).index]


def test_master_chooses_the_same_for_the_same_view_and_seed():
    rules = Rules.for_preset("brazilian", seats=4)
    rng = random.Random(5)
    for _ in range(6):
        match = Match(rules)
        match.start_hand(Deal.shuffled(rules, rng))
        for _ in range(rng.randrange(1, 12)):
            match.apply(match.turn, rng.choice(match.legal_moves()))
        view = match.view_for(match.turn)
        first = Bot(Level.MASTER, seed=9, budget=QUICK).choose(view)
        assert Bot(Level.MASTER, seed=9, budget=QUICK).choose(view) == first


def test_master_solves_two_seat_block_exactly_from_the_first_move():
    match = shed_six_five()
    knowledge = Knowledge.from_view(match.view_for(match.turn))
    decision = decide(knowledge, random.Random(1), QUICK)
    assert decision.solved == decision.deals == QUICK.max_deals


def test_the_frozen_master_is_seated_by_name_and_repeats_itself():
    view = shed_six_five().view_for(0)
    chosen = [player(FROZEN, seed=3, budget=QUICK).choose(view) for _ in range(2)]
    assert isinstance(player(FROZEN, seed=3, budget=QUICK), FrozenMaster)
    assert chosen[0] == chosen[1] and chosen[0] in [legal.move for legal in view.legal]


def test_the_playout_policy_leaves_a_rival_nothing_to_play():
    """Seat 1 holds 1-1 and 5-1 at ends 1 and 3; seat 0 holds 5-5 4-4 5-4 4-2: 1-1 (lighter)
    leaves it nothing, 5-1 opens a 5 for it."""
    match = decisive_block()
    assert Tile.from_index(rollout.choose(match._hand.copy()) >> 2) == Tile(1, 1)
