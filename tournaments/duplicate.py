"""Duplicate matches: each match is played in two legs with the seats swapped, so that the luck
of the deal cancels. Pure: no Django (the tables are :mod:`tournaments.services.legs`' business).

Across tables: in a round of two or more matches the tables go in groups (pairs in slot
order, the last three together when their number is odd), and each match's second leg plays
the first leg's deals of the next table of its group, the seats swapped (:func:`source`). No
player meets a deal twice, and each deal is played at two tables: a player's result on a deal
is compared with the same seat's at the other table (:func:`edge`). A match alone in its
round has no other table: its second leg replays its own first leg's deals, seats swapped.

The first leg seats the match's first entrant at seat 0, the second leg the second entrant.
The match goes to the forfeit's opponent, else the better edge in the match's own terms
(hands won for best-of, points for a target); when level, or with no comparison (a deal not
played at another table, or cut short there by a forfeit), the better total over both legs in
those terms, then in the other, then the higher seed, the last tie-break everywhere in the
tournaments. (So the result's words always name what decided it.)

>>> first = Leg(hands=(2, 1), points=(150, 90))
>>> second = Leg(hands=(2, 0), points=(140, 60))  # seat 0 is now the second entrant
>>> combine(first, second, unit="points", first_seeded_higher=True)
Outcome(winner=1, hands=(2, 3), points=(210, 230), by_forfeit=False, edge=None)
>>> [source(slot, [0, 1, 2, 3, 4]) for slot in range(5)]
[1, 0, 3, 4, 2]
>>> source(0, [0])
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Unit = Literal["hands", "points"]


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
    edge: int | None = None  # the first entrant's edge over the other tables, in the unit


def group(index: int, count: int) -> range:
    """The places (0 to ``count`` - 1, in slot order) of the group of tables of place
    ``index``: pairs, the last three together when ``count`` is odd, alone when it is 1."""
    if count % 2 and count >= 3 and index >= count - 3:
        return range(count - 3, count)
    start = index - index % 2
    return range(start, min(start + 2, count))


def source(slot: int, played: Sequence[int]) -> int:
    """The slot whose first leg's deals the match in ``slot`` plays in its second leg, among
    the round's ``played`` slots (its two-player matches): the next table of its group, the
    last its first; itself when alone in its round."""
    order = sorted(played)
    index = order.index(slot)
    places = group(index, len(order))
    return order[places[(index - places.start + 1) % len(places)]]


def net(leg: Leg, seat: int, unit: Unit) -> int:
    """What ``seat`` scored more than the other seat at ``leg``'s table, in ``unit``."""
    scores = leg.hands if unit == "hands" else leg.points
    return scores[seat] - scores[1 - seat]


def edge(
    first: Leg, second: Leg, first_elsewhere: Leg | None, second_elsewhere: Leg | None, unit: Unit
) -> int | None:
    """The first entrant's edge on the deals of their two legs: on each, their net score
    minus the net score of the same seat at the other table that played the deal
    (``first_elsewhere`` played the first leg's deals, ``second_elsewhere`` the second's, each
    by seat as its table recorded it). None when a deal has nothing to compare with (not
    played elsewhere, or cut short there by a forfeit)."""
    if any(
        leg is None or leg.forfeited_by is not None for leg in (first_elsewhere, second_elsewhere)
    ):
        return None
    on_first = net(first, 0, unit) - net(first_elsewhere, 0, unit)  # type: ignore[arg-type]
    on_second = net(second, 1, unit) - net(second_elsewhere, 1, unit)  # type: ignore[arg-type]
    return on_first + on_second


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
    unit: Unit,
    first_seeded_higher: bool,
    first_elsewhere: Leg | None = None,
    second_elsewhere: Leg | None = None,
) -> Outcome:
    """The match from its two legs (each by seat, as its table records it), compared with the
    tables that played the same deals (``first_elsewhere``, ``second_elsewhere``: see
    :func:`edge`) when there are."""
    legs = [by_entrant(first, 1), by_entrant(second, 2)]
    hands = (sum(leg.hands[0] for leg in legs), sum(leg.hands[1] for leg in legs))
    points = (sum(leg.points[0] for leg in legs), sum(leg.points[1] for leg in legs))
    forfeits = [leg.forfeited_by for leg in legs if leg.forfeited_by is not None]
    if forfeits:
        return Outcome(1 - forfeits[0], hands, points, by_forfeit=True)  # type: ignore[arg-type]
    across = edge(first, second, first_elsewhere, second_elsewhere, unit)
    if across:
        return Outcome(0 if across > 0 else 1, hands, points, False, across)
    ranked = [hands, points] if unit == "hands" else [points, hands]
    for totals in ranked:
        if totals[0] != totals[1]:
            return Outcome(0 if totals[0] > totals[1] else 1, hands, points, False, across)
    return Outcome(0 if first_seeded_higher else 1, hands, points, False, across)
