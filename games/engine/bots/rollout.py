"""Playing a dealt hand to its end quickly, for the deals still too big to solve exactly.

Every tile is known in a sampled deal, so the policy may look at the hands: each seat sheds
weight, prefers a double, keeps a tile for the ends it leaves, and above all leaves the next
seat nothing to play when that seat is a rival (and something when it is a partner). In All
Fives a count scored now comes first. It is deterministic: the deals supply the variety.

>>> import random
>>> from games.engine.deal import Deal
>>> from games.engine.rules import Rules
>>> rules = Rules.for_preset("brazilian", seats=4)
>>> state = HandState.first(rules, Deal.shuffled(rules, random.Random(1)))
>>> finish(state)
>>> bool(state.result)
True
"""

from __future__ import annotations

from ..hand import HandState
from ..moves import DRAW
from ..tiles import BIT, HIGH, IS_DOUBLE, LOW, OTHER, PIPS, SUIT
from .policies import count_scored

#: What each consideration is worth, in pips.
BLOCKS_RIVAL = 10
BLOCKS_PARTNER = -6
DOUBLE = 3
KEEPS_CONTROL = 2
COUNT = 2  # per point an All Fives count scores


def choose(state: HandState) -> int:
    """The policy's move for the seat to move."""
    codes = state.legal_codes()
    if len(codes) == 1 or codes[0] >= DRAW:
        return codes[0]
    seat = state.turn
    hand = state.hands[seat]
    following = state.nxt[seat]
    rival_follows = state.side_of[following] != state.side_of[seat]
    their_hand = state.hands[following]
    ends = state.ends
    slots = state.open_slots
    opening = ends[0] < 0
    best, best_score = codes[0], -1 << 30
    for code in codes:
        tile = code >> 2
        if opening:
            reach = SUIT[HIGH[tile]] | SUIT[LOW[tile]]
        else:
            played = code & 3
            reach = SUIT[OTHER[tile * 7 + ends[played]]]
            for slot in slots:
                if slot != played:
                    reach |= SUIT[ends[slot]]
        score = PIPS[tile] + (DOUBLE if IS_DOUBLE[tile] else 0)
        if not their_hand & reach:
            score += BLOCKS_RIVAL if rival_follows else BLOCKS_PARTNER
        if hand & ~BIT[tile] & reach:
            score += KEEPS_CONTROL
        if state.fives:
            score += COUNT * count_scored(state, code)
        if score > best_score:
            best, best_score = code, score
    return best


def finish(state: HandState) -> None:
    """Play ``state`` to the end of the hand with :func:`choose` for every seat."""
    while not state.result:
        state.push(choose(state))
