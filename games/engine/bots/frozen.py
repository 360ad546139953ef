"""Master as it played until December 2026, frozen: the yardstick the arena measures master by.

Not a level of the site (:class:`~games.engine.bots.Level` does not name it); ``bench/arena.py``
plays it as ``master-2026-12``. Kept as it was, so that "new master against old master" keeps
meaning the same thing; change nothing here but what the engine's own changes force.

Determinized Monte Carlo over the deals the seat cannot see.

Each round deals the hidden tiles anew, consistent with what the seat knows (:mod:`.sampling`),
then plays every candidate move out to the end of the hand with a quick policy for all seats.
The same deal serves every candidate in a round, so the comparison is between moves, not between
lucky and unlucky deals. The move with the best mean margin wins.
"""

from __future__ import annotations

import random

from ..hand import HandState
from ..moves import DRAW, Move, decode
from ..tiles import PIPS
from ..view import SeatView
from .knowledge import Knowledge
from .sampling import Sampler

#: What master had in December 2026: at most 400 deals, within half a second. The cap is what
#: stopped it (after about 14 ms of CPU), so the frozen copy keeps only the cap: it then plays
#: the same on a loaded machine, and the same from the same seed.
FROZEN_DEALS = 400


def playout(state: HandState) -> None:
    """Finish the hand: every seat sheds its heaviest playable tile."""
    while not state.result:
        codes = state.legal_codes()
        best = codes[0]
        if best < DRAW and len(codes) > 1:
            best_pips = -1
            for code in codes:
                if PIPS[code >> 2] > best_pips:
                    best, best_pips = code, PIPS[code >> 2]
        state.push(best)


def margin(state: HandState, side: int) -> int:
    """Points this hand for ``side`` minus the best of the other sides."""
    points = state.points
    return points[side] - max(p for s, p in enumerate(points) if s != side)


class FrozenMaster:
    """December 2026's master, with :class:`~games.engine.bots.Bot`'s ``choose``."""

    def __init__(self, *, seed: int = 0, deals: int = FROZEN_DEALS) -> None:
        self._rng = random.Random(seed)
        self._deals = deals

    def choose(self, view: SeatView) -> Move:
        knowledge = Knowledge.from_view(view)
        return decode(decide(knowledge, self._rng, self._deals), opening=not view.history)


def decide(knowledge: Knowledge, rng: random.Random, max_deals: int) -> int:
    codes = knowledge.legal
    if len(codes) == 1:
        return codes[0]
    side = knowledge.rules.side_of(knowledge.seat)
    sampler = Sampler(knowledge)
    totals = dict.fromkeys(codes, 0)
    deals = 0
    while deals < max_deals:
        dealt = sampler.deal(rng)
        for code in codes:
            state = dealt.copy()
            state.push(code)
            playout(state)
            totals[code] += margin(state, side)
        deals += 1
    means = {code: total / deals for code, total in totals.items()}
    return max(codes, key=lambda code: (means[code], PIPS[code >> 2] if code < DRAW else 0))
