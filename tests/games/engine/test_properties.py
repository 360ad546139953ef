"""Properties of the engine over random presets, house rules, deals and moves (hypothesis)."""

import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from random_play import play_random_match, random_rules, seeds, states_of_random_match

from games.engine import (
    ALL_TILES,
    BestOf,
    Draw,
    End,
    IllegalMove,
    Match,
    Pass,
    Play,
    SingleRound,
    Stuck,
    Target,
    Tile,
    export,
    replay,
)

walks = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def first_opening_tile(match: Match) -> Tile:
    """docs/rules.md#who-opens, worked out from the dealt hands without the engine's tables."""
    dealt = [tile for hand in match.deals[-1].hands for tile in hand]
    order = [6, 5, 4, 3, 2, 1, 0]
    if match.rules.first_opener == "lowest_double_from_one":
        order = [1, 2, 3, 4, 5, 6, 0]
    for number in order:
        if Tile(number, number) in dealt:
            return Tile(number, number)
    return max(dealt, key=lambda tile: (tile.pips, tile.high))


def brute_force_legal(match: Match) -> set[object]:
    """Every move docs/rules.md#a-turn allows the seat to move, by trying each tile on each end."""
    seat = match.turn
    view = match.view_for(seat).to_json()
    rules = match.rules
    hand = {Tile.parse(text) for text in view["hand"]}
    if view["table"]["opening"] is None:
        opened_as_first = view["hand_number"] == 0 or rules.next_opener == "as_first"
        if opened_as_first and rules.first_opener != "lot":
            return {Play(first_opening_tile(match))}
        return {Play(tile) for tile in hand}
    plays = {
        Play(tile, End(end))
        for tile in ALL_TILES
        for end, number in view["ends"].items()
        if tile in hand and tile.has(number)
    }
    if plays:
        return plays
    history = view["history"]
    drew_this_turn = bool(history) and history[-1] == {"seat": seat, "draw": True}
    can_draw = (
        rules.stuck != Stuck.PASS
        and view["boneyard"] > rules.reserve
        and not (rules.stuck == Stuck.SINGLE_DRAW and drew_this_turn)
    )
    return {Draw()} if can_draw else {Pass()}


def tile_texts(tiles) -> set[str]:
    return {str(tile) for tile in tiles}


@walks
@given(seed=seeds)
def test_legal_moves_agree_with_brute_force(seed):
    rng = random.Random(seed)
    for match in states_of_random_match(random_rules(rng), rng):
        if match.turn is not None:
            assert set(match.legal_moves()) == brute_force_legal(match)


@walks
@given(seed=seeds)
def test_the_28_tiles_are_conserved_at_every_step(seed):
    rng = random.Random(seed)
    for match in states_of_random_match(random_rules(rng), rng):
        deal = match.deals[-1]
        views = [match.view_for(seat).to_json() for seat in range(match.rules.seats)]
        history = views[0]["history"]
        draws = sum(1 for move in history if move.get("draw"))
        table = [move["play"] for move in history if "play" in move]
        held = [tile for view in views for tile in view["hand"]]
        undrawn = [str(tile) for tile in deal.boneyard[draws:]]
        everything = held + table + undrawn
        assert len(everything) == 28
        assert set(everything) == tile_texts(ALL_TILES)
        assert [view["counts"] for view in views] == [[len(v["hand"]) for v in views]] * len(views)


@walks
@given(seed=seeds)
def test_a_seat_never_sees_another_hand_or_the_boneyard(seed):
    rng = random.Random(seed)
    for match in states_of_random_match(random_rules(rng), rng):
        hand = match._hand
        if hand.result or match.finished:
            continue  # at a hand's end all hands are shown
        deal = match.deals[-1]
        draws = sum(1 for entry in hand.history if entry & 127 == 112)
        hidden_boneyard = tile_texts(deal.boneyard[draws:])
        holdings = [tile_texts(t for t in ALL_TILES if h & (1 << t.index)) for h in hand.hands]
        for seat in [None, *range(match.rules.seats)]:
            text = json.dumps(match.view_for(seat).to_json())
            others = set().union(*(h for s, h in enumerate(holdings) if s != seat))
            for secret in others | hidden_boneyard:
                assert f'"{secret}"' not in text, (seat, secret)
            if seat is None:
                assert match.view_for(None).hand == ()


@walks
@given(seed=seeds)
def test_illegal_moves_change_nothing(seed):
    rng = random.Random(seed)
    every_move = [Draw(), Pass()] + [Play(tile, end) for tile in ALL_TILES for end in (None, *End)]
    for match in states_of_random_match(random_rules(rng), rng):
        if match.turn is None or rng.random() < 0.7:
            continue
        before = (export(match), [match.view_for(s).to_json() for s in range(match.rules.seats)])
        legal = brute_force_legal(match)
        illegal = [move for move in every_move if move not in legal]
        wrong_seat = (match.turn + 1) % match.rules.seats
        attempts = [(match.turn, move) for move in rng.sample(illegal, 8)]
        attempts.append((wrong_seat, next(iter(legal))))
        for seat, move in attempts:
            with pytest.raises(IllegalMove):
                match.apply(seat, move)
        after = (export(match), [match.view_for(s).to_json() for s in range(match.rules.seats)])
        assert after == before


@walks
@given(seed=seeds)
def test_every_random_match_ends_with_a_valid_result(seed):
    rng = random.Random(seed)
    rules = random_rules(rng)
    match = play_random_match(rules, rng)
    running = [0] * rules.sides
    for report in match.reports:
        assert report.result in ("out", "blocked", None)
        assert list(report.winners) == sorted(set(report.winners))
        assert set(report.winners) <= set(range(rules.sides))
        assert all(points >= 0 for points in report.points)
        if rules.count_fives:
            assert all(points % 5 == 0 for points in report.points)
        if report.result == "out":
            assert len(report.winners) == 1
        running = [total + gained for total, gained in zip(running, report.points, strict=True)]
        assert list(report.scores) == running
    assert list(match.scores) == running
    match rules.match:
        case Target(points=target) if match.finished:
            best = max(match.scores)
            assert best >= target
            assert match.winners == tuple(s for s, v in enumerate(match.scores) if v == best)
        case BestOf(hands=hands):
            assert match.finished
            (winner,) = match.winners
            assert 2 * match.hand_wins[winner] > hands or (
                hands % 2 == 0 and match.hand_wins[0] == match.hand_wins[1]
            )
        case SingleRound():
            assert match.finished
            assert match.winners == match.reports[-1].winners


@walks
@given(seed=seeds, stop=seeds)
def test_export_then_replay_reproduces_every_result(seed, stop):
    rng = random.Random(seed)
    rules = random_rules(rng)
    *_, match = itertools.islice(states_of_random_match(rules, rng), stop % 300 + 1)
    report = replay(json.loads(json.dumps(export(match))))
    assert report.ok
    partial = match.partial_report()
    assert report.hands == match.reports + ([partial] if partial else [])
    assert report.finished == match.finished
    assert report.winners == match.winners


@walks
@given(seed=seeds)
def test_bonus_events_are_named_and_counted_in_the_points(seed):
    rng = random.Random(seed)
    rules = random_rules(rng)
    match = play_random_match(rules, rng)
    for report, history in zip(match.reports, match.histories, strict=False):
        if not rules.scores_bonuses:
            assert report.bonuses is None
            continue
        gained = [0] * rules.sides
        for bonus in report.bonuses:
            assert bonus.points > 0 and 0 <= bonus.move < len(history)
            assert bonus.seat is None or rules.side_of(bonus.seat) == bonus.side
            gained[bonus.side] += bonus.points
        assert all(g <= p for g, p in zip(gained, report.points, strict=True))
