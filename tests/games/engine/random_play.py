"""Random rules, random matches and mutated records, for the property and differential tests."""

import copy
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from games.engine import ALL_TILES, Deal, InvalidRules, Match, Preset, Rules, export
from games.engine.rules import PRESET_SEATS

OPTION_VALUES: dict[str, list[Any]] = {
    "teams": [True, False],
    "tiles_each": [5, 6, 7, 8, 9],
    "stuck": ["draw", "single_draw", "pass"],
    "reserve": [0, 2],
    "score": ["others", "difference", "none", "all_hands"],
    "count_fives": [True, False],
    "out_counts_partner": [True, False],
    "tied_block": ["no_score", "shared", "blocker_loses", "blocker_wins", "opener_team"],
    "first_opener": ["highest_double", "lowest_double_from_one", "lot"],
    "next_opener": ["winner", "rotate", "as_first"],
    "block_winner": ["team_total", "lowest_seat", "blocker_vs_next"],
    "bonuses": [
        {"capicu": 100},
        {"chuchazo": 50, "pase_corrido": 25},
        {"pase_salida": 50, "pase_salida_double": 25},
        {"capicu": 0, "chuchazo": 0},
    ],
    "hand_bonuses": [True, False],
    "tranque_bonus": [0, 100],
    "bonus_size": [30, 0],
    "spanish_federation": [True, False],
    "match": [
        {"target": 25},
        {"target": 60},
        {"best_of": 1},
        {"best_of": 2},
        {"best_of": 3},
        {"best_of": 4},
        {"best_of": 5},
        {"single_round": True},
    ],
}

#: Enough hands for any match that can end; matches with no way to end (score none, no
#: counting, to a target) are cut here.
MAX_HANDS = 25


def random_rules(rng: random.Random) -> Rules:
    """A valid preset, seat count and set of house rules, each option changed now and then."""
    while True:
        preset = rng.choice(list(Preset))
        options = {key: rng.choice(values) for key, values in OPTION_VALUES.items()}
        chosen = {key: value for key, value in options.items() if rng.random() < 0.3}
        try:
            return Rules.for_preset(preset, seats=rng.choice(PRESET_SEATS[preset]), **chosen)
        except InvalidRules:
            continue


def play_random_match(rules: Rules, rng: random.Random, *, stop_after: int | None = None) -> Match:
    """Random legal moves (through the checked API) until the match ends or ``stop_after``."""
    match = Match(rules)
    moves = 0
    while not match.finished and len(match.deals) < MAX_HANDS:
        if match.needs_deal:
            match.start_hand(Deal.shuffled(rules, rng))
        while match.turn is not None:
            if stop_after is not None and moves >= stop_after:
                return match
            match.apply(match.turn, rng.choice(match.legal_moves()))
            moves += 1
    return match


def states_of_random_match(rules: Rules, rng: random.Random) -> Iterator[Match]:
    """Every state a random match passes through, the match itself mutated in between."""
    match = Match(rules)
    while not match.finished and len(match.deals) < MAX_HANDS:
        match.start_hand(Deal.shuffled(rules, rng))
        yield match
        while match.turn is not None:
            match.apply(match.turn, rng.choice(match.legal_moves()))
            yield match


def random_record(rng: random.Random) -> dict[str, Any]:
    """The record of a random match, finished or stopped part way, sometimes damaged."""
    stop_after = rng.randint(0, 150) if rng.random() < 0.3 else None
    record = export(play_random_match(random_rules(rng), rng, stop_after=stop_after))
    return damage(record, rng) if rng.random() < 0.6 else record


def damage(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One random change of the kinds a forged or corrupted record has."""
    record = copy.deepcopy(record)
    hands = record["hands"]
    kind = rng.randrange(11)
    if kind == 8:
        record["rules"][rng.choice(list(OPTION_VALUES))] = rng.choice(
            [v for values in OPTION_VALUES.values() for v in values] + [None, "x", 3, -1]
        )
        return record
    if kind == 9:
        record[rng.choice(["format", "hands"])] = rng.choice([None, "dominoes-record/2", {}, 1])
        return record
    if not hands:
        return record
    hand = rng.choice(hands)
    moves, deal = hand["moves"], hand["deal"]
    if kind == 0 and moves:
        moves.pop(rng.randrange(len(moves)))
    elif kind == 1 and moves:
        rng.choice(moves)["seat"] = rng.randrange(5)
    elif kind == 2 and moves:
        rng.choice(moves)["end"] = rng.choice(["left", "right", "up", "down", None])
    elif kind == 3 and moves:
        rng.choice(moves)["play"] = str(rng.choice(ALL_TILES))
    elif kind == 4:
        extra = rng.choice([{"draw": True}, {"pass": True}, {"draw": False}, {"play": "9-9"}])
        moves.insert(rng.randrange(len(moves) + 1), {"seat": rng.randrange(4), **extra})
    elif kind == 5:
        moves.append(copy.deepcopy(rng.choice(moves)) if moves else {"seat": 0, "pass": True})
    elif kind == 6:
        hands.append(copy.deepcopy(rng.choice(hands)))
    elif kind == 7 and deal["boneyard"]:
        seat = rng.randrange(len(deal["hands"]))
        i, j = rng.randrange(len(deal["hands"][seat])), rng.randrange(len(deal["boneyard"]))
        deal["hands"][seat][i], deal["boneyard"][j] = deal["boneyard"][j], deal["hands"][seat][i]
    elif kind == 10:
        deal["hands"][0] = deal["hands"][0][:-1]
    return record


seeds = st.integers(min_value=0, max_value=2**32 - 1)
