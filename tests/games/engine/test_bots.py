"""Computer opponents: legal, honest (a seat's view and nothing more), and explained hints."""

import random

import pytest
from engine_builders import decisive_block, play, start
from hypothesis import HealthCheck, given, settings
from random_play import random_rules, seeds, states_of_random_match

from games.engine import ALL_TILES, Deal, End, IllegalMove, Match, Play, Rules, Tile
from games.engine.bots import Bot, Budget, HintReason, Level, Why, hint
from games.engine.bots.arena import play_rotations
from games.engine.bots.knowledge import NUMBER_TILES, Knowledge
from games.engine.bots.sampling import Sampler
from games.engine.record import export, move_from_record

# The deal cap decides, never the clock (which is read inside a solve too, and would make a
# loaded machine's choices differ from a quiet one's).
QUICK = Budget(seconds=60.0, max_deals=6, exact_nodes=500)
walks = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def bots(seed: int = 0) -> list[Bot]:
    return [Bot(level, seed=seed, budget=QUICK) for level in Level]


@walks
@given(seed=seeds)
def test_every_level_plays_a_legal_move_in_every_preset(seed):
    rng = random.Random(seed)
    for match in states_of_random_match(random_rules(rng), rng):
        if match.turn is None or rng.random() < 0.6:
            continue
        view = match.view_for(match.turn)
        for bot in bots(seed):
            assert bot.choose(view) in match.legal_moves()


def same_view_other_hidden_tiles(match: Match, rng: random.Random) -> Match | None:
    """The first hand replayed on a deal where two tiles hidden from the seat to move, held by
    different holders (another seat or the boneyard), change places.

    None when the changed deal makes a recorded move illegal (a seat would then have held a
    tile that fits where it passed or drew, or another double would open).
    """
    seat, hand = match.turn, match._hand
    undrawn = set(hand.boneyard[hand.drawn :])
    holder = {
        tile.index: other
        for other, mask in enumerate(hand.hands)
        if other != seat
        for tile in ALL_TILES
        if mask >> tile.index & 1
    } | dict.fromkeys(undrawn, "boneyard")
    pairs = [(x, y) for x in holder for y in holder if x < y and holder[x] != holder[y]]
    if not pairs:
        return None
    x, y = rng.choice(pairs)
    order = [{x: y, y: x}.get(tile, tile) for tile in match.deals[-1].order]
    twin = Match(match.rules)
    twin.start_hand(Deal(match.rules.seats, match.rules.tiles_each, tuple(order)))
    if twin._hand.opener != hand.opener:
        return None
    try:
        for move in export(match)["hands"][-1]["moves"]:
            twin.apply(*move_from_record(move))
    except IllegalMove:
        return None
    return twin


@walks
@given(seed=seeds)
def test_a_bot_chooses_the_same_for_any_two_states_that_share_its_view(seed):
    rng = random.Random(seed)
    for match in states_of_random_match(random_rules(rng), rng):
        if match.turn is None or len(match.deals) > 1 or rng.random() < 0.5:
            continue
        twin = same_view_other_hidden_tiles(match, rng)
        if twin is None:
            continue
        assert (twin._hand.hands, twin._hand.boneyard) != (match._hand.hands, match._hand.boneyard)
        view, twin_view = match.view_for(match.turn), twin.view_for(match.turn)
        assert view == twin_view
        for bot, twin_bot in zip(bots(seed), bots(seed), strict=True):
            assert bot.choose(view) == twin_bot.choose(twin_view)


@walks
@given(seed=seeds)
def test_deals_a_bot_imagines_respect_what_it_knows_and_nothing_more(seed):
    rng = random.Random(seed)
    for match in states_of_random_match(random_rules(rng), rng):
        if match.turn is None or rng.random() < 0.7:
            continue
        seat = match.turn
        knowledge = Knowledge.from_view(match.view_for(seat))
        real = match._hand
        table = 0
        for entry in real.history:
            if entry & 127 < 112:
                table |= 1 << ((entry & 127) >> 2)
        assert knowledge.own == real.hands[seat]
        assert knowledge.unseen == ((1 << 28) - 1) & ~table & ~real.hands[seat]
        for other in range(match.rules.seats):
            # What another seat is deduced to lack, it really lacks.
            if other != seat:
                assert not real.hands[other] & NUMBER_TILES[knowledge.voids[other]]
        sampler = Sampler(knowledge)
        for _ in range(5):
            dealt = sampler.deal(rng)
            assert dealt.hands[seat] == real.hands[seat]
            counts = [mask.bit_count() for mask in dealt.hands]
            assert counts == [mask.bit_count() for mask in real.hands]
            hidden = 0
            for other, mask in enumerate(dealt.hands):
                if other != seat:
                    hidden |= mask
                    assert not mask & NUMBER_TILES[knowledge.voids[other]]
            for tile in dealt.boneyard:
                hidden |= 1 << tile
            assert hidden == knowledge.unseen
            assert len(dealt.boneyard) == len(real.boneyard) - real.drawn
            assert dealt.ends == real.ends and dealt.turn == real.turn


def test_a_seat_that_drew_while_stuck_lacks_the_numbers_it_was_stuck_on():
    rules = Rules.for_preset("draw", seats=2)
    match = start(
        rules,
        ["6-6 6-4 4-4 1-0 0-0 2-0 3-0", "5-5 5-3 3-3 5-2 2-2 2-1 1-1"],
        boneyard="4-1 6-5",
    )
    play(match, "0 6-6, 1 draw, 1 draw, 1 6-5 left")
    assert Knowledge.from_view(match.view_for(0)).voids[1] == 1 << 6


def test_a_seat_that_passed_lacks_every_number_it_passed_on():
    assert Knowledge.from_view(blocking_position().view_for(0)).voids[1] == 1 << 6 | 1 << 3


def test_medium_sheds_its_heaviest_playable_tile():
    rules = Rules.for_preset("block", seats=2)
    match = start(rules, ["6-6 6-1 6-5 2-2 1-0 0-0 2-0", "5-5 5-3 3-3 5-2 4-4 2-1 1-1"])
    play(match, "0 6-6, 1 pass")
    assert Bot(Level.MEDIUM).choose(match.view_for(0)).tile == Tile(6, 5)


def test_medium_in_all_fives_takes_the_best_count_first():
    rules = Rules.for_preset("all_fives", seats=2)
    match = start(rules, ["6-6 6-5 6-1 4-0 2-2 1-0 0-0", "6-4 4-3 3-3 6-2 4-4 2-1 1-1"])
    play(match, "0 6-6, 1 6-4 right")
    # Open: the spinner's left side (both halves, 12) and 4. On the spinner 6-5 makes
    # 5 + 4 = 9 and 6-1 makes 1 + 4 = 5; 4-0 on the right makes 12 + 0 = 12. Only 6-1 scores,
    # though 6-5 is heavier.
    assert Bot(Level.MEDIUM).choose(match.view_for(0)) == Play(Tile(6, 1), End.LEFT)


def blocking_position() -> Match:
    """Seat 1 has passed on 6 and on 3; seat 0 can keep both ends on those numbers."""
    rules = Rules.for_preset("block", seats=2)
    match = start(rules, ["6-6 6-3 3-3 6-1 1-0 0-0 2-0", "5-5 5-4 4-4 4-2 2-2 5-2 4-1"])
    play(match, "0 6-6, 1 pass, 0 6-3 left, 1 pass")
    return match


def test_hard_blocks_the_numbers_a_rival_lacks():
    match = blocking_position()
    assert Bot(Level.HARD).choose(match.view_for(0)) == Play(Tile(3, 3), End.LEFT)


def test_hard_and_master_take_the_block_that_wins():
    match = decisive_block()
    for level in (Level.HARD, Level.MASTER):
        assert Bot(level, budget=QUICK).choose(match.view_for(1)) == Play(Tile(1, 1), End.LEFT)


def test_a_hint_names_its_reason():
    suggestion = hint(decisive_block().view_for(1))
    assert suggestion.move.tile == Tile(1, 1)
    assert suggestion.reason == HintReason(Why.BLOCKS, numbers=(1, 3))


@pytest.mark.parametrize(
    ("hands", "moves", "reason"),
    [
        (
            ["6-6 6-3 3-3 6-1 1-0 0-0 2-0", "5-5 5-4 4-4 4-2 2-2 5-2 4-1"],
            "",
            HintReason(Why.MUST_OPEN, tile="6-6"),
        ),
        (
            ["6-6 6-3 3-3 6-1 1-0 0-0 2-0", "5-5 5-4 4-4 4-2 2-2 5-2 4-1"],
            "0 6-6",
            HintReason(Why.PASS, numbers=(6,)),
        ),
    ],
)
def test_a_forced_move_is_explained(hands, moves, reason):
    match = start(Rules.for_preset("block", seats=2), hands)
    play(match, moves)
    assert hint(match.view_for(match.turn)).reason == reason


def test_arena_games_are_deterministic_from_the_seed_and_mirrored():
    rules = Rules.for_preset("classic", seats=2, match={"target": 25})
    first = play_rotations(rules, "medium", "easy", seed=3, index=0, budget=QUICK)
    again = play_rotations(rules, "medium", "easy", seed=3, index=0, budget=QUICK)
    assert first == again
    assert [game.rotation for game in first] == [0, 1]


def test_every_tile_is_known_to_the_view_or_unseen():
    match = blocking_position()
    knowledge = Knowledge.from_view(match.view_for(0))
    shown = {Tile(6, 6), Tile(6, 3)}
    own = {t for t in ALL_TILES if knowledge.own >> t.index & 1}
    unseen = {t for t in ALL_TILES if knowledge.unseen >> t.index & 1}
    assert shown | own | unseen == set(ALL_TILES)
    assert not (own & unseen) and not (shown & (own | unseen))
