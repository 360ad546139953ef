"""Duplicate matches: each match is played twice on the same deals with the seats swapped, so
whoever held the good tiles in one leg holds the other's in the next and the luck of the deal
cancels. Pure: no Django (the tables are :mod:`tournaments.services.results`' business).

The first leg seats the match's first entrant at seat 0, the second leg the second entrant.
The match goes to the better total over both legs in the match's own terms (hands won for
best-of, points for a target), then the other, then the seeded order (the higher seed), the
last tie-break everywhere in the tournaments. A forfeit in either leg loses the match.

>>> first = Leg(hands=(2, 1), points=(150, 90))
>>> second = Leg(hands=(2, 0), points=(140, 60))  # seat 0 is now the second entrant
>>> combine(first, second, unit="points", first_seeded_higher=True)
Outcome(winner=1, hands=(2, 3), points=(210, 230), by_forfeit=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Leg:
    """One leg's table, by seat."""

    hands: tuple[int, int]
    points: tuple[int, int]
    forfeited_by: int | None = None  # the seat that lost on the clock


@dataclass(frozen=True)
class Outcome:
    """The match, by entrant (0: the match's first, 1: its second)."""

    winner: Literal[0, 1]
    hands: tuple[int, int]
    points: tuple[int, int]
    by_forfeit: bool


def by_entrant(leg: Leg, number: int) -> Leg:
    """Leg ``number`` (1 or 2) seen by entrant: the second leg swaps the seats."""
    if number == 1:
        return leg
    forfeited = None if leg.forfeited_by is None else 1 - leg.forfeited_by
    return Leg(leg.hands[::-1], leg.points[::-1], forfeited)  # type: ignore[arg-type]


def combine(
    first: Leg,
    second: Leg,
    *,
    unit: Literal["hands", "points"],
    first_seeded_higher: bool,
) -> Outcome:
    """The match from its two legs (each by seat, as its table records it)."""
    legs = [by_entrant(first, 1), by_entrant(second, 2)]
    hands = (sum(leg.hands[0] for leg in legs), sum(leg.hands[1] for leg in legs))
    points = (sum(leg.points[0] for leg in legs), sum(leg.points[1] for leg in legs))
    forfeits = [leg.forfeited_by for leg in legs if leg.forfeited_by is not None]
    if forfeits:
        return Outcome(1 - forfeits[0], hands, points, by_forfeit=True)  # type: ignore[arg-type]
    ranked = [hands, points] if unit == "hands" else [points, hands]
    for totals in ranked:
        if totals[0] != totals[1]:
            return Outcome(0 if totals[0] > totals[1] else 1, hands, points, by_forfeit=False)
    return Outcome(0 if first_seeded_higher else 1, hands, points, by_forfeit=False)
