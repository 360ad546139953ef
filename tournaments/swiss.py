"""Swiss: every round pairs players of equal scores who have not met, for as many rounds as the
host sets. Pure functions, like :mod:`tournaments.pairing` (no Django; entrants are any
hashable values; the same entrants, order and results always give the same round).

- A win scores one match point; so does a bye (as in every Swiss: the bye holder could not
  play), though a bye is no match played. A loss, forfeited or not, scores none.
- Pairing: players are ranked (below); the highest-ranked unpaired player meets, within their
  score group, the player half a group below them (1 v 3 and 2 v 4 in a group of four, the
  Dutch way), else the highest they can meet from the groups below (a floater). Nobody meets
  the same opponent twice.
- An odd number of players: the lowest-ranked player without a bye yet has the bye.
- A player the host dropped (withdrawn) is paired no more; their results stay in the
  standings and count in their opponents' Buchholz.
- The ranking (the standings and the pairing order): match points, then opponents' scores
  (Buchholz: the sum of the match points of everyone one has played), then hand difference,
  then point difference, then the recorded seeded order.

A pairing without repeats exists for every round up to :func:`max_rounds` (Dirac's theorem:
in the graph of the pairs not yet played, with a stand-in player for the bye, every player
still has at least half the others to meet, so it holds a Hamiltonian cycle and with it a
pairing); the search below finds one whenever one exists.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass

from tournaments.pairing import Pair, Result, tally


class NoPairing(ValueError):
    """No round without a repeated pairing exists (more rounds than :func:`max_rounds`)."""


def max_rounds(count: int) -> int:
    """The most rounds a Swiss of ``count`` players may be set to: half the players, rounded
    up (see the module's note on why a pairing then always exists)."""
    if count < 2:
        raise ValueError("a tournament needs at least two entrants")
    return (count + 1) // 2


@dataclass(frozen=True, slots=True)
class SwissStanding[E]:
    entrant: E
    played: int
    match_points: int
    opponents_score: int  # Buchholz
    hand_difference: int
    point_difference: int
    had_bye: bool


def standings[T: Hashable](
    order: Sequence[T], results: Iterable[Result[T]], byes: Iterable[T] = ()
) -> list[SwissStanding[T]]:
    """The Swiss standings, best first (ranked as the module says); ``byes`` names each bye
    holder once per bye."""
    counted = tally(order, results)
    played, hands, pips = counted.played, counted.hand_difference, counted.point_difference
    points = dict(counted.wins)
    had_bye = set()
    for holder in byes:
        points[holder] += 1
        had_bye.add(holder)
    opponents = counted.opponents
    buchholz = {entrant: sum(points[o] for o in opponents[entrant]) for entrant in order}
    place = {entrant: index for index, entrant in enumerate(order)}
    ranked = sorted(order, key=lambda e: (-points[e], -buchholz[e], -hands[e], -pips[e], place[e]))
    return [
        SwissStanding(e, played[e], points[e], buchholz[e], hands[e], pips[e], e in had_bye)
        for e in ranked
    ]


def next_round[T: Hashable](
    order: Sequence[T],
    results: Iterable[Result[T]],
    byes: Iterable[T] = (),
    withdrawn: Collection[T] = (),
) -> list[Pair[T]]:
    """The next round's pairs, best-ranked first; a bye, if any, is the last pair (``second``
    None); the ``withdrawn`` are left out. Raises :class:`NoPairing` when every possible round
    repeats a pairing."""
    results, byes = list(results), list(byes)
    table = standings(order, results, byes)
    ranking = [standing.entrant for standing in table if standing.entrant not in withdrawn]
    score = {standing.entrant: standing.match_points for standing in table}
    met = {frozenset((result.first, result.second)) for result in results}
    if len(ranking) < 2:
        raise ValueError("a tournament needs at least two entrants")
    if len(ranking) % 2 == 0:
        pairs = _pair(ranking, score, met, set())
        if pairs is None:
            raise NoPairing("every pairing of this round repeats a match")
        return pairs
    had_bye = set(byes)
    for holder in reversed(ranking):  # the lowest-ranked first
        if holder in had_bye:
            continue
        pairs = _pair([e for e in ranking if e != holder], score, met, set())
        if pairs is not None:
            return [*pairs, Pair(holder, None)]
    raise NoPairing("every pairing of this round repeats a match or a bye")


def _pair[T: Hashable](
    players: list[T], score: dict[T, int], met: set[frozenset[T]], dead_ends: set[tuple[T, ...]]
) -> list[Pair[T]] | None:
    """Pairs for ``players`` (ranked, best first) with no repeat, preferring partners as the
    module says; None if there are none. ``dead_ends`` remembers the remainders already
    found impossible, so the search never explores one twice."""
    if not players:
        return []
    if tuple(players) in dead_ends:
        return None
    top, rest = players[0], players[1:]
    group = [p for p in rest if score[p] == score[top]]
    below = [p for p in rest if score[p] != score[top]]
    half = max((len(group) + 1) // 2 - 1, 0)  # top's partner: half a group down
    for partner in [*group[half:], *group[:half], *below]:
        if frozenset((top, partner)) in met:
            continue
        paired = _pair([p for p in rest if p != partner], score, met, dead_ends)
        if paired is not None:
            return [Pair(top, partner), *paired]
    dead_ends.add(tuple(players))
    return None
