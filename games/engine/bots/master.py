"""The master level: determinized Monte Carlo over the deals the seat cannot see.

Each round deals the hidden tiles anew, consistent with what the seat knows (:mod:`.sampling`),
then plays every candidate move out to the end of the hand with a quick policy for all seats.
The same deal serves every candidate in a round, so the comparison is between moves, not between
lucky and unlucky deals. The move with the best mean margin wins.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..hand import HandState
from ..moves import DRAW
from ..tiles import PIPS
from .knowledge import Knowledge
from .sampling import Sampler


@dataclass(frozen=True, slots=True)
class Budget:
    """How long master thinks: a time limit and a cap on deals."""

    seconds: float = 0.5
    max_deals: int = 400


@dataclass(frozen=True, slots=True)
class Decision:
    code: int
    deals: int
    playouts: int
    seconds: float
    means: dict[int, float]


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


def decide(knowledge: Knowledge, rng: random.Random, budget: Budget) -> Decision:
    codes = knowledge.legal
    started = time.perf_counter()
    if len(codes) == 1:
        return Decision(codes[0], 0, 0, 0.0, {codes[0]: 0.0})
    side = knowledge.rules.side_of(knowledge.seat)
    sampler = Sampler(knowledge)
    totals = dict.fromkeys(codes, 0)
    deals = 0
    deadline = started + budget.seconds
    while deals < budget.max_deals and (deals < 8 or time.perf_counter() < deadline):
        dealt = sampler.deal(rng)
        for code in codes:
            state = dealt.copy()
            state.push(code)
            playout(state)
            totals[code] += margin(state, side)
        deals += 1
    means = {code: total / deals for code, total in totals.items()}
    best = max(codes, key=lambda code: (means[code], PIPS[code >> 2] if code < DRAW else 0))
    return Decision(best, deals, deals * len(codes), time.perf_counter() - started, means)
