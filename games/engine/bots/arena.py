"""Matches between two bot levels, with the luck of the deal cancelled out.

Every match of a set is played once per rotation of the sides: level A takes side 0, then side
1, and so on, on the very same sequence of deals. A deal that favours a seat favours each level
once. Pure and deterministic from its seed; the process pool lives in ``bench/arena.py``.

A player is a level's name or :data:`FROZEN`, master as it played in December 2026
(:mod:`.frozen`), which only the arena offers: the yardstick every new master is measured by.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Protocol

from ..deal import Deal
from ..match import Match
from ..moves import Move
from ..rules import Rules
from ..view import SeatView
from . import Bot, Budget, Level
from .frozen import FrozenMaster

#: Hands after which a match that cannot end (no score, no counts, to a target) is stopped.
MAX_HANDS = 200
FROZEN = "master-2026-12"
#: Every name the arena can seat: the levels, then the frozen master.
PLAYERS: tuple[str, ...] = (*(level.value for level in Level), FROZEN)


class Player(Protocol):
    def choose(self, view: SeatView) -> Move: ...


def player(name: str, *, seed: int, budget: Budget) -> Player:
    """The player called ``name`` (one of :data:`PLAYERS`); ``budget`` is master's."""
    if name == FROZEN:
        return FrozenMaster(seed=seed)
    return Bot(name, seed=seed, budget=budget)


@dataclass(frozen=True, slots=True)
class Game:
    """One match of the arena, from level A's point of view."""

    index: int
    rotation: int
    a_score: float  # 1 for a win, 1/k for a win shared by k sides, 0 for a loss
    a_points: int
    b_points: int  # the best of the other sides
    hands: int


def play(rules: Rules, levels: list[str], *, seed: str, budget: Budget) -> Match:
    """A whole match: ``levels[side]`` plays every seat of that side; deals follow ``seed``."""
    deals = random.Random(f"deals:{seed}")
    bots = [
        player(levels[rules.side_of(seat)], seed=hash_seed(f"bot:{seed}:{seat}"), budget=budget)
        for seat in range(rules.seats)
    ]
    match = Match(rules)
    while not match.finished and len(match.deals) < MAX_HANDS:
        match.start_hand(Deal.shuffled(rules, deals))
        while match.turn is not None:
            seat = match.turn
            match.apply(seat, bots[seat].choose(match.view_for(seat)))
    return match


def hash_seed(text: str) -> int:
    return random.Random(text).getrandbits(64)


def play_rotations(
    rules: Rules, a: str, b: str, *, seed: int, index: int, budget: Budget
) -> list[Game]:
    """Match ``index`` played once per rotation: A on side r, B on every other side."""
    games = []
    for rotation in range(rules.sides):
        levels = [a if side == rotation else b for side in range(rules.sides)]
        match = play(rules, levels, seed=f"{seed}:{index}", budget=budget)
        won = rotation in match.winners
        others = [points for side, points in enumerate(match.scores) if side != rotation]
        games.append(
            Game(
                index=index,
                rotation=rotation,
                a_score=1 / len(match.winners) if won else 0.0,
                a_points=match.scores[rotation],
                b_points=max(others),
                hands=len(match.deals),
            )
        )
    return games


def wilson_interval(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    >>> [round(x, 3) for x in wilson_interval(60, 100)]
    [0.502, 0.691]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)
