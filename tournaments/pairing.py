"""Who meets whom: pure functions from a seed and results to brackets, rounds and standings.

No Django here. Entrants are any hashable values (the services pass entrant ids), and every
function is deterministic: the same entrants and seed always give the same bracket, so a
tournament's draw can be recomputed from the seed it stored.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass


def seeded_order[T: Hashable](entrants: Iterable[T], seed: int) -> list[T]:
    """The entrants shuffled by ``seed``: the recorded order every later tie-break falls
    back on. Uniform over all orders (Fisher-Yates with a seeded generator)."""
    order = list(entrants)
    random.Random(seed).shuffle(order)
    return order


# --- single elimination ("Winner advances") -------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pair[E]:
    """One slot of a round: ``second`` is None for a bye (elimination) or a rest (round robin)."""

    first: E
    second: E | None

    @property
    def is_bye(self) -> bool:
        return self.second is None


def bracket_size(count: int) -> int:
    """The first round's places: the smallest power of two holding ``count`` entrants."""
    if count < 2:
        raise ValueError("a tournament needs at least two entrants")
    size = 1
    while size < count:
        size *= 2
    return size


def elimination_rounds(count: int) -> int:
    """How many rounds a bracket of ``count`` entrants plays, the final included."""
    return bracket_size(count).bit_length() - 1


def first_round[T: Hashable](entrants: Sequence[T], seed: int) -> list[Pair[T]]:
    """The first round of a single-elimination bracket, slot by slot.

    The seed shuffles the entrants; the first ``byes`` of that uniformly shuffled order get the
    byes the bracket needs (so each entrant has the same chance of one), and the rest meet in
    order. Byes are spread over the slots: two bye holders meet in the second round only when
    byes fill more than half the slots.
    """
    order = seeded_order(entrants, seed)
    slots = bracket_size(len(order)) // 2
    byes = 2 * slots - len(order)
    # Spread evenly: with byes < slots the step is more than one, so the places are distinct.
    bye_slots = {index * slots // byes for index in range(byes)} if byes else set()
    holders = iter(order[:byes])
    players = iter(order[byes:])
    pairs = []
    for slot in range(slots):
        if slot in bye_slots:
            pairs.append(Pair(next(holders), None))
        else:
            pairs.append(Pair(next(players), next(players)))
    return pairs


def bracket_places(size: int) -> list[int]:
    """The seeds (from 1) in bracket order for ``size`` places, a power of two: the usual
    seeded bracket, where seed 1 meets the last seed and seeds 1 and 2 can meet only in the
    final (each doubling puts seed ``s`` beside ``2 * size + 1 - s``).

    >>> bracket_places(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    places = [1]
    while len(places) < size:
        total = 2 * len(places) + 1
        places = [seed for place in places for seed in (place, total - place)]
    return places


def seeded_bracket[T: Hashable](order: Sequence[T]) -> list[Pair[T]]:
    """The first round of a bracket over an order already seeded (by rating, or by the host),
    best first: the usual seeded placement, the byes going to the top seeds (a seed beyond
    the entrants is an empty place)."""
    places = bracket_places(bracket_size(len(order)))
    seat = [order[seed - 1] if seed <= len(order) else None for seed in places]
    pairs = []
    for index in range(0, len(seat), 2):
        first, second = seat[index], seat[index + 1]
        assert first is not None  # the better seed of a pair always exists
        pairs.append(Pair(first, second))
    return pairs


def next_round[T: Hashable](winners: Sequence[T]) -> list[Pair[T]]:
    """The next round: the winners of slots 2i and 2i+1 (in slot order) meet in slot i."""
    if len(winners) < 2 or len(winners) % 2:
        raise ValueError("a next round pairs an even number of winners, at least two")
    return [Pair(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


# --- round robin ----------------------------------------------------------------------------
def round_robin[T: Hashable](entrants: Sequence[T], seed: int) -> list[list[Pair[T]]]:
    """Every round of a round robin, by the circle method over the seeded order.

    Each pair meets exactly once and nobody plays twice in a round. An odd group adds an empty
    place: whoever meets it rests that round (a ``Pair`` with ``second`` None), and over the
    ``n`` rounds each of the ``n`` entrants rests exactly once.
    """
    return round_robin_in_order(seeded_order(entrants, seed))


def round_robin_in_order[T: Hashable](entrants: Sequence[T]) -> list[list[Pair[T]]]:
    """:func:`round_robin` over an order already seeded: the first meets the last in round 1."""
    order: list[T | None] = list(entrants)
    if len(order) < 2:
        raise ValueError("a tournament needs at least two entrants")
    if len(order) % 2:
        order.append(None)
    size = len(order)
    rounds = []
    for _ in range(size - 1):
        pairs = []
        for index in range(size // 2):
            first, second = order[index], order[size - 1 - index]
            if first is None:  # the resting player always comes first
                first, second = second, first
            pairs.append(Pair(first, second))
        rounds.append(pairs)
        # Keep the first place fixed and turn the others one step.
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


# --- standings ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Result[E]:
    """A played match: who met, who won, and the hands won and points scored by each."""

    first: E
    second: E
    winner: E
    hands: tuple[int, int] = (0, 0)
    points: tuple[int, int] = (0, 0)


@dataclass(frozen=True, slots=True)
class Tally[E]:
    """Each entrant's matches played, wins, hand and point differences, and opponents."""

    played: dict[E, int]
    wins: dict[E, int]
    hand_difference: dict[E, int]
    point_difference: dict[E, int]
    opponents: dict[E, list[E]]


def tally[T: Hashable](order: Sequence[T], results: Iterable[Result[T]]) -> Tally[T]:
    """Count the results for every entrant of ``order`` (the standings of every format)."""
    counted = Tally(
        played=dict.fromkeys(order, 0),
        wins=dict.fromkeys(order, 0),
        hand_difference=dict.fromkeys(order, 0),
        point_difference=dict.fromkeys(order, 0),
        opponents={entrant: [] for entrant in order},
    )
    for result in results:
        sides = (result.first, result.second)
        if result.winner not in sides:
            raise ValueError(f"the winner {result.winner!r} did not play this match")
        for side, entrant in enumerate(sides):
            other = 1 - side
            counted.played[entrant] += 1
            counted.opponents[entrant].append(sides[other])
            counted.hand_difference[entrant] += result.hands[side] - result.hands[other]
            counted.point_difference[entrant] += result.points[side] - result.points[other]
        counted.wins[result.winner] += 1
    return counted


@dataclass(frozen=True, slots=True)
class Standing[E]:
    entrant: E
    played: int
    wins: int
    hand_difference: int
    point_difference: int


def standings[T: Hashable](order: Sequence[T], results: Iterable[Result[T]]) -> list[Standing[T]]:
    """Round-robin standings, best first.

    Ranked by match wins, then wins in the matches among the players tied on match wins, then
    hand difference, then point difference, then ``order`` (the recorded seeded order). Rests
    count for nothing: neither a match nor a win.
    """
    results = list(results)
    counted = tally(order, results)
    played, wins = counted.played, counted.wins
    hands, points = counted.hand_difference, counted.point_difference
    head_to_head = dict.fromkeys(order, 0)
    for result in results:
        loser = result.second if result.winner == result.first else result.first
        if wins[result.winner] == wins[loser]:  # a match among players tied on wins
            head_to_head[result.winner] += 1
    place = {entrant: index for index, entrant in enumerate(order)}
    ranked = sorted(
        order,
        key=lambda e: (-wins[e], -head_to_head[e], -hands[e], -points[e], place[e]),
    )
    return [Standing(e, played[e], wins[e], hands[e], points[e]) for e in ranked]
