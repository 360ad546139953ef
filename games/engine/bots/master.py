"""The master level: a search over the deals the seat cannot see, solved exactly when it can be.

Each round deals the hidden tiles anew, consistent with what the seat knows (:mod:`.sampling`:
the counts, the numbers a seat passed or drew on), and weighs the deal by how likely the other
seats' plays were had they held those tiles (:mod:`.inference`: a seat that shed 6-5 on a 6
probably held no 6-6; the partner's plays read the same way). On that deal every candidate move
is then valued by what its side gains over the other side by the end of the hand:

- exactly, with both sides playing perfectly on the dealt tiles (:mod:`.solver`), when the hand
  has two sides and the deal solves within ``Budget.exact_nodes`` positions: in two-seat block
  from the first move, in draw games and with four seats once a few tiles have gone;
- otherwise by playing it out with a policy that sees the dealt hands (:mod:`.rollout`).

One deal serves every candidate, so the comparison is between moves, not between lucky and
unlucky deals; the move with the best weighted mean wins. All Fives counts are points gained
like any other, so master plays for the count as far as it pays by the hand's end.

The budget is a number of deals, with a time limit only as a guard: with a fixed seed the same
view gives the same move whenever the deals run out first, which they do with the small budgets
of the tests and the arena's capped runs. The guard is read between deals and, every few hundred
positions, inside a deal's exact solve: a solve still running at the time limit is dropped, deal
and all (a half-solved deal would weigh moves by the part of the tree searched first), and the
deals still owed to ``MIN_DEALS`` are played out.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from math import inf

from ..hand import HandState
from ..moves import DRAW
from .inference import Reader
from .knowledge import Knowledge
from .policies import features
from .rollout import finish
from .sampling import Sampler
from .solver import OutOfTime, Solver, gain

#: Deals every decision looks at, whatever the clock says.
MIN_DEALS = 8


@dataclass(frozen=True, slots=True)
class Budget:
    """How long master thinks: a cap on deals, the positions one deal's exact solution may
    visit (0: never solve), and a time limit as a guard (p95 under 1 s on a shared 2-core
    machine, ``bench/bots.py``)."""

    seconds: float = 0.6
    max_deals: int = 600
    exact_nodes: int = 6000


@dataclass(frozen=True, slots=True)
class Decision:
    code: int
    deals: int
    solved: int
    seconds: float
    means: dict[int, float]

    @property
    def playouts(self) -> int:
        """Candidate moves valued on a deal, exactly or played out."""
        return self.deals * len(self.means)


def played_out(dealt: HandState, code: int, side: int) -> float:
    """What ``side`` gains over the best other side by the hand's end after ``code``, the
    rest played by :func:`~.rollout.finish`."""
    state = dealt.copy()
    state.push(code)
    finish(state)
    if len(state.points) == 2:
        return gain(dealt.points, state.points, side)
    points = state.points
    return points[side] - max(p for s, p in enumerate(points) if s != side)


class DealValues:
    """Every candidate move's value on one sampled deal for ``knowledge``'s side: the same deal
    for every candidate, so that their differences are paired (common random numbers). Solved
    exactly while deals fit the solver's ``exact_nodes``, else played out (a deal too big to
    solve means the next ones are too)."""

    def __init__(self, knowledge: Knowledge, exact_nodes: int) -> None:
        self.codes = knowledge.legal
        self.side = knowledge.rules.side_of(knowledge.seat)
        self.exact_nodes = exact_nodes
        self.solving = knowledge.rules.sides == 2 and exact_nodes > 0
        self.solved = 0

    def of(self, dealt: HandState, deadline: float = inf) -> list[int] | list[float]:
        """The values on ``dealt``. Raises :class:`~.solver.OutOfTime` when its exact solve
        runs past ``deadline``: the caller drops the deal, and the later ones are played out
        (solving has had its time)."""
        if self.solving:
            solver = Solver(node_limit=self.exact_nodes, deadline=deadline)
            try:
                values = solver.gains_after(dealt, self.codes, self.side)
            except OutOfTime:
                self.solving = False
                raise
            self.solving = values is not None
            if values is not None:
                self.solved += 1
                return values
        return [played_out(dealt, code, self.side) for code in self.codes]


def decide(knowledge: Knowledge, rng: random.Random, budget: Budget) -> Decision:
    codes = knowledge.legal
    started = time.perf_counter()
    if len(codes) == 1:
        return Decision(codes[0], 0, 0, 0.0, {codes[0]: 0.0})
    sampler = Sampler(knowledge)
    reader = Reader(knowledge)
    valuer = DealValues(knowledge, budget.exact_nodes)
    totals = dict.fromkeys(codes, 0.0)
    weights = 0.0
    deals = 0
    deadline = started + budget.seconds
    while deals < budget.max_deals and (deals < MIN_DEALS or time.perf_counter() < deadline):
        dealt = sampler.deal(rng)
        weight = reader.weight(dealt.hands)
        try:
            values = valuer.of(dealt, deadline)
        except OutOfTime:  # a half-solved deal is dropped whole, never half-counted
            continue
        for code, value in zip(codes, values, strict=True):
            totals[code] += weight * value
        weights += weight
        deals += 1
    # The deals are weighed by chances that may all be tiny; only their ratios matter.
    means = {code: total / weights if weights else 0.0 for code, total in totals.items()}
    seconds = time.perf_counter() - started
    return Decision(best_of(knowledge, means), deals, valuer.solved, seconds, means)


def best_of(knowledge: Knowledge, means: dict[int, float]) -> int:
    """The best mean; among equal ones (solved deals often value several moves the same), the
    move the hard level likes best, so that a tie goes to the play that blocks or keeps
    control rather than to chance."""
    top = max(means.values())
    tied = [code for code, mean in means.items() if mean >= top - 1e-9]
    if len(tied) == 1 or tied[0] >= DRAW:
        return tied[0]
    return max(tied, key=lambda code: features(knowledge, code).total)
