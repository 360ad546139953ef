"""The values the rule options take (docs/rules.md#options): what a stuck seat does, how a
hand scores and who wins it, who opens, and the match formats with their record spelling.

>>> Scoring("all_hands")
<Scoring.ALL_HANDS: 'all_hands'>
>>> parse_match({"best_of": 3})
BestOf(hands=3)
>>> Target(100).to_record()
{'target': 100}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .errors import InvalidRules


class Stuck(StrEnum):
    """What a seat with no fitting tile does."""

    DRAW = "draw"
    SINGLE_DRAW = "single_draw"
    PASS = "pass"


class Scoring(StrEnum):
    """What the winning side of a hand scores."""

    OTHERS = "others"
    DIFFERENCE = "difference"
    NONE = "none"
    ALL_HANDS = "all_hands"


class BlockWinner(StrEnum):
    """Who wins a blocked hand (docs/rules.md#block-winner)."""

    TEAM_TOTAL = "team_total"
    LOWEST_SEAT = "lowest_seat"
    BLOCKER_VS_NEXT = "blocker_vs_next"


class TiedBlock(StrEnum):
    """What happens when a blocked hand ties for the lowest total."""

    NO_SCORE = "no_score"
    SHARED = "shared"
    BLOCKER_LOSES = "blocker_loses"
    BLOCKER_WINS = "blocker_wins"
    OPENER_TEAM = "opener_team"


#: The tie resolutions that name one of exactly two sides.
TWO_SIDED_TIES = (TiedBlock.BLOCKER_LOSES, TiedBlock.BLOCKER_WINS, TiedBlock.OPENER_TEAM)


class FirstOpener(StrEnum):
    HIGHEST_DOUBLE = "highest_double"
    LOWEST_DOUBLE_FROM_ONE = "lowest_double_from_one"
    LOT = "lot"


class NextOpener(StrEnum):
    WINNER = "winner"
    ROTATE = "rotate"
    AS_FIRST = "as_first"


@dataclass(frozen=True, slots=True)
class Target:
    """Hands until a side reaches ``points``."""

    points: int

    def to_record(self) -> dict[str, Any]:
        return {"target": self.points}


@dataclass(frozen=True, slots=True)
class BestOf:
    """The side with most hand wins out of ``hands`` (two sides only)."""

    hands: int

    def to_record(self) -> dict[str, Any]:
        return {"best_of": self.hands}


@dataclass(frozen=True, slots=True)
class SingleRound:
    """One hand decides."""

    def to_record(self) -> dict[str, Any]:
        return {"single_round": True}


MatchFormat = Target | BestOf | SingleRound

TARGET_RANGE = range(25, 501)
BEST_OF_RANGE = range(1, 6)


def parse_match(value: object) -> MatchFormat:
    if isinstance(value, Target | BestOf | SingleRound):
        return value
    if not isinstance(value, Mapping) or len(value) != 1:
        raise InvalidRules(
            'match is one of {"target": N}, {"best_of": N} or {"single_round": true}'
        )
    ((key, number),) = value.items()
    if key == "single_round":
        if number is not True:
            raise InvalidRules('match is {"single_round": true}')
        return SingleRound()
    if key not in ("target", "best_of"):
        raise InvalidRules(f"{key!r} is not a match format (target, best_of, single_round)")
    allowed = TARGET_RANGE if key == "target" else BEST_OF_RANGE
    if not is_int(number) or number not in allowed:
        raise InvalidRules(f"{key} is a whole number from {allowed.start} to {allowed.stop - 1}")
    return Target(number) if key == "target" else BestOf(number)


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
