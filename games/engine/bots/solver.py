"""Exact play of one dealt hand once all its tiles are known: alpha-beta over the bit-mask state.

Master deals the tiles its seat cannot see (:mod:`.sampling`), and once few tiles remain it
solves each such deal exactly instead of playing it out with a quick policy. Two sides only (a
two-seat game, or partners): the value of a position is what the side to move will gain over
the other side from here to the end of the hand, All Fives counts included, with both sides
playing perfectly on the dealt tiles.

The search is negamax with alpha-beta pruning and a transposition table keyed on everything the
rest of the hand depends on (the hands as masks, the open ends, whose turn, the run of passes,
the boneyard drawn so far, the spinner's state); it is cut off after ``node_limit`` positions so
that a decision can fall back to a playout when a deal is still too big to solve, and at a
``deadline`` (a :func:`time.perf_counter` time) so that one deal's solve cannot hold a decision
past its time limit: the clock is read every ``CLOCK_EVERY`` positions, not at each one.

>>> import random
>>> from games.engine.deal import Deal
>>> from games.engine.rules import Rules
>>> rules = Rules.for_preset("block", seats=2)
>>> state = HandState.first(rules, Deal.shuffled(rules, random.Random(3)))
>>> Solver(node_limit=10**6).value(state) is not None
True
"""

from __future__ import annotations

from math import inf
from time import perf_counter

from ..hand import HandState
from ..moves import DRAW
from ..tiles import IS_DOUBLE, PIPS

EXACT, LOWER, UPPER = 0, 1, 2
#: Positions between two readings of the clock: a few milliseconds of search, and a reading
#: costs far less than one position.
CLOCK_EVERY = 256


class TooBig(Exception):
    """The position needs more nodes than the solver may visit."""


class OutOfTime(Exception):
    """The solver's deadline passed mid-search: its values so far are partial, so none is
    given (the caller drops the deal rather than weigh a half-solved one)."""


def gain(before: list[int], after: list[int], side: int) -> int:
    """Points ``side`` gained over the other side between two point lists (two sides)."""
    return (after[side] - before[side]) - (after[1 - side] - before[1 - side])


def key_of(state: HandState) -> tuple[object, ...]:
    """Everything the rest of the hand depends on; the points so far are left out because the
    solver's values are gains from here on."""
    return (
        tuple(state.hands),
        tuple(state.ends),
        state.turn,
        state.passes,
        state.drawn,
        state.drew,
        state.spinner,
        state.spinner_long,
        state.doubles,
        state.shorts,
    )


#: Each play code's place in :func:`ordered`, lowest first, looked up rather than worked out.
_PLACE = tuple(-(PIPS[code >> 2] * 2 + IS_DOUBLE[code >> 2]) for code in range(DRAW))


def ordered(codes: list[int], first: int) -> list[int]:
    """Heaviest tiles first (doubles ahead on equal pips): shedding weight is usually right, so
    alpha-beta cuts early. ``first`` (the best move found before, or -1) leads."""
    if codes[0] >= DRAW:
        return codes
    codes = sorted(codes, key=_PLACE.__getitem__)
    if first in codes:
        codes.remove(first)
        codes.insert(0, first)
    return codes


class Solver:
    """Solves positions of one deal; keep one per deal so its table serves every candidate."""

    __slots__ = ("_check_at", "deadline", "node_limit", "nodes", "side_of", "table")

    def __init__(self, *, node_limit: int, deadline: float = inf) -> None:
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        # The node count at which the limits are next looked at: the first position already,
        # so that a deadline passed before the search starts stops it at once.
        self._check_at = 0
        self.table: dict[tuple[object, ...], tuple[int, int, int]] = {}
        self.side_of: tuple[int, ...] = ()

    def value(self, state: HandState) -> int | None:
        """What the side to move gains over the other side from ``state`` on, or None when
        the position is bigger than the node limit allows; raises :class:`OutOfTime` when the
        deadline passes first."""
        self.side_of = state.side_of
        try:
            return self._search(state, -1000, 1000)
        except TooBig:
            return None

    def gains_after(self, state: HandState, codes: list[int], side: int) -> list[int] | None:
        """For each move in ``codes`` (legal for the seat to move, of ``side``): what ``side``
        gains over the other side by the hand's end, the move's own points included."""
        self.side_of = state.side_of
        out = []
        try:
            for code in codes:
                child = state.copy()
                child.push(code)
                now = gain(state.points, child.points, side)
                if child.result:
                    out.append(now)
                    continue
                later = self._search(child, -1000, 1000)
                out.append(now + (later if self.side_of[child.turn] == side else -later))
        except TooBig:
            return None
        return out

    def _check_limits(self) -> None:
        if self.nodes > self.node_limit:
            raise TooBig
        if perf_counter() > self.deadline:
            raise OutOfTime
        self._check_at = min(self.node_limit, self.nodes + CLOCK_EVERY - 1)

    def _search(self, state: HandState, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self._check_at:
            self._check_limits()
        key = key_of(state)
        known = self.table.get(key)
        best_move = -1
        if known is not None:
            value, bound, best_move = known
            if bound == EXACT:
                return value
            if bound == LOWER and value >= beta:
                return value
            if bound == UPPER and value <= alpha:
                return value
        side = self.side_of[state.turn]
        start_alpha = alpha
        best = -1000
        for code in ordered(state.legal_codes(), best_move):
            child = state.copy()
            child.push(code)
            now = gain(state.points, child.points, side)
            if child.result:
                score = now
            elif self.side_of[child.turn] == side:
                score = now + self._search(child, alpha - now, beta - now)
            else:
                score = now - self._search(child, now - beta, now - alpha)
            if score > best:
                best, best_move = score, code
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        bound = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        self.table[key] = (best, bound, best_move)
        return best
