"""The coach's grading of one decision from the seat's view at that moment (games.coach runs
it over a finished hand). Pure, no Django, no I/O.

The grader is given a :class:`~games.engine.SeatView` and the move the seat played, never the
state: like the bots, it knows only what the seat knew then (its own tiles, the table, the
counts, and what the others' passes, draws and plays said). Master's search
(:func:`games.engine.bots.master.decide`) values every legal move over the deals consistent
with that view, weighed by how likely the others' plays were; a move's cost is how many points
its side gives up on average by the hand's end against the best move found. A forced move (one
legal move) is not graded.

The cost is in the game's own units, on the scale of the hand's result: points of the hand for
the seat's side against the other side (what a side's score gains over the other's by the
hand's end, All Fives counts included). A grade and an accuracy are relative to what the hand
is worth (:func:`worth_of`: how many points its result moves either way on average, from the
seat's first decision), so that a 4-point slip is a Mistake in a two-player block hand worth 10
and only an Inaccuracy in an All Fives hand worth 40.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..moves import DRAW, PASS, Move, encode
from ..tiles import ALL_TILES
from ..view import SeatView
from .estimate import Estimate, weighted_means
from .inference import Reader
from .knowledge import Knowledge
from .master import Budget, DealValues, best_of
from .reasons import reason
from .sampling import Sampler

#: The coach's thinking per decision, at most: the solver takes the small positions, and deals
#: are drawn in batches until the played move's cost is known well enough (:func:`evaluate`), up
#: to ``max_deals``. A number of deals, not a time: the same view and seed give the same grade
#: however loaded the machine is (the seconds are only a guard against a runaway).
COACH_BUDGET = Budget(seconds=5.0, max_deals=1024, exact_nodes=4000)
#: Deals drawn between two looks at the estimate (the first look after one batch).
BATCH = 32
#: Sampling stops once the cost's standard error is at most this many points, or this share of
#: the cost (a big mistake need not be known to the half point to be graded)...
COST_ERROR = 0.5
COST_SHARE = 0.05
#: ... or once the played move, as the best, beats every other by this many standard errors
#: (or the grade is surely Good or better, :data:`SURELY_GOOD`).
CLEARLY_BEST = 3.0


class Grade(StrEnum):
    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: The most a grade may cost, as a share of what the hand is worth, and at least a number of
#: points (the last grade takes the rest): a slip of a point is never a Mistake however little
#: the hand is worth, and the estimate's own noise (half a point) never makes one.
THRESHOLDS: tuple[tuple[Grade, float, float], ...] = (
    (Grade.BEST, 0.02, 0.25),
    (Grade.GOOD, 0.10, 1.5),
    (Grade.INACCURACY, 0.25, 3.0),
    (Grade.MISTAKE, 0.50, 6.0),
)

#: What a hand is worth is taken as at least this many points (a position with little left to
#: win would make every slip look huge).
MIN_WORTH = 6.0

#: Sampling also stops once the cost is surely (two standard errors) at most this: within Good's
#: points of the best, a closer look would only move the grade between Best and Good.
SURELY_GOOD = THRESHOLDS[1][2]

#: A decision's accuracy is 100 at no cost and halves every this share of the hand's worth (a
#: move that gives away the whole hand's worth scores 25), or every this many points at least:
#: a move graded Inaccuracy keeps 70 or more, a Mistake 50 or more.
HALF_ACCURACY_SHARE = 0.5
HALF_ACCURACY_POINTS = 6.0


def most_for(grade: Grade, worth: float) -> float:
    """The most points ``grade`` may cost in a hand worth ``worth`` (never for Blunder)."""
    for named, share, floor in THRESHOLDS:
        if named is grade:
            return max(floor, share * max(worth, MIN_WORTH))
    raise ValueError(f"{grade} has no most: it takes the rest")


def grade_of(cost: float, worth: float) -> Grade:
    """The grade of a move that cost ``cost`` points in a hand worth ``worth``."""
    for grade, _, _ in THRESHOLDS:
        if cost <= most_for(grade, worth):
            return grade
    return Grade.BLUNDER


def accuracy_of(cost: float, worth: float) -> float:
    """100 at no cost, halving every :data:`HALF_ACCURACY_SHARE` of the hand's worth lost (or
    :data:`HALF_ACCURACY_POINTS`, whichever is more)."""
    half = max(HALF_ACCURACY_POINTS, HALF_ACCURACY_SHARE * worth)
    return 100.0 * math.pow(0.5, max(0.0, cost) / half)


@dataclass(frozen=True, slots=True)
class Graded:
    """One graded decision: the move played and the best one (:func:`move_parts`), what it
    cost, and why the best was better (:func:`reason`; None when it was played)."""

    ply: int  # the position of the move in the hand's history
    played: list[str]
    best: list[str]
    cost: float  # points of the hand given up on average, against the best move found
    grade: Grade
    expected: float  # the best move's expected gain: what the position was worth
    reason: dict[str, Any] | None
    worth: float = MIN_WORTH  # what the hand is worth, the scale of the grade

    @property
    def accuracy(self) -> float:
        return accuracy_of(self.cost, self.worth)

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "played": self.played,
            "best": self.best,
            "cost": round(self.cost, 2),
            "grade": self.grade.value,
            "expected": round(self.expected, 2),
            "reason": self.reason,
            "worth": round(self.worth, 1),
        }


def grade_decision(
    view: SeatView,
    played: Move,
    *,
    seed: int,
    budget: Budget = COACH_BUDGET,
    worth: float | None = None,
) -> Graded | None:
    """The grade of ``played`` from ``view`` (the seat's own view, on its turn); None when the
    move was forced. ``worth``: what the hand is worth (the review's, from the seat's first
    decision); None, this position's own (:func:`worth_of`). The same view and seed give the
    same grade."""
    knowledge = Knowledge.from_view(view)
    if len(knowledge.legal) < 2:
        return None
    code = encode(played)
    if code not in knowledge.legal:
        raise ValueError(f"{played} was not a legal move there")
    found = evaluate(knowledge, code, random.Random(seed), budget)
    means = found.means()
    best = best_of(knowledge, means)
    worth = worth_of(found, best) if worth is None else max(worth, MIN_WORTH)
    cost = max(0.0, means[best] - means[code])
    if cost <= most_for(Grade.BEST, worth):
        best = code  # as good as the best found: no better move to show
    same_tile = best >> 2 == code >> 2 and best != code and code < DRAW
    return Graded(
        ply=len(view.history),
        played=move_parts(code, end=same_tile),
        best=move_parts(best, end=same_tile),
        cost=cost,
        grade=grade_of(cost, worth),
        expected=means[best],
        reason=None if best == code else reason(knowledge, played=code, best=best, found=found),
        worth=worth,
    )


def worth_of(estimate: Estimate, code: int) -> float:
    """What a hand is worth from a position, for its grades: the result's mean size after the
    best move, at least :data:`MIN_WORTH`."""
    return max(MIN_WORTH, estimate.worth(code))


def evaluate(knowledge: Knowledge, played: int, rng: random.Random, budget: Budget) -> Estimate:
    """Every legal move's values over deals consistent with the view, weighed by how likely
    the others' plays made them. The same deals value every move (their differences are
    paired), and deals are drawn until the difference that grades ``played`` is known: the
    best move's lead over it within :data:`COST_ERROR` points or :data:`COST_SHARE` of it (one
    standard error), or ``played`` clearly the best, or ``budget.max_deals`` drawn (a quarter
    of it with four seats)."""
    sampler, reader = Sampler(knowledge), Reader(knowledge)
    valuer = DealValues(knowledge, budget.exact_nodes)
    codes = knowledge.legal
    weights: list[float] = []
    rows: list[list[float]] = []
    deadline = time.perf_counter() + budget.seconds
    # A deal of four hands plays out at about four times the cost of two (and never solves).
    cap = max(BATCH, budget.max_deals * 4 // knowledge.rules.seats**2)
    while len(rows) < cap:
        for _ in range(min(BATCH, cap - len(rows))):
            dealt = sampler.deal(rng)
            weights.append(reader.weight(dealt.hands))
            rows.append([float(value) for value in valuer.of(dealt)])
        if time.perf_counter() > deadline:
            break
        if sum(weights) > 0 and _known(
            knowledge, weighted_means(codes, weights, rows), played, weights, rows
        ):
            break
    return Estimate(codes, weights, rows)


def _known(
    knowledge: Knowledge,
    means: dict[int, float],
    played: int,
    weights: list[float],
    rows: list[list[float]],
) -> bool:
    """Whether the estimate grades ``played`` well enough (see :func:`evaluate`)."""
    codes = knowledge.legal
    best = best_of(knowledge, means)
    mine = codes.index(played)
    if best != played:
        cost = means[best] - means[played]
        error = _paired_error(weights, rows, codes.index(best), mine)
        return error <= max(COST_ERROR, COST_SHARE * cost) or cost + 2 * error <= SURELY_GOOD
    for other in range(len(codes)):
        if other == mine:
            continue
        lead = means[played] - means[codes[other]]
        error = _paired_error(weights, rows, mine, other)
        settled = error <= COST_ERROR or 2 * error <= SURELY_GOOD
        if not settled and lead < CLEARLY_BEST * error:
            return False
    return True


def _paired_error(weights: list[float], rows: list[list[float]], one: int, other: int) -> float:
    """The standard error of the weighted mean of ``one``'s value minus ``other``'s, deal by
    deal (the ratio estimator's: the weights are likelihoods known up to a constant)."""
    total = sum(weights)
    differences = [row[one] - row[other] for row in rows]
    mean = sum(w * d for w, d in zip(weights, differences, strict=True)) / total
    spread = sum(w * w * (d - mean) ** 2 for w, d in zip(weights, differences, strict=True))
    return math.sqrt(spread) / total


_SLOTS = ("left", "right", "up", "down")


def move_parts(code: int, *, end: bool = False) -> list[str]:
    """The move as data the site puts in words (games.coach.words): ``["draw"]``, ``["pass"]``,
    ``["6-4"]``, or with ``end`` the end it went on, ``["6-4", "left"]`` (when the same tile
    could go on two ends)."""
    if code == DRAW:
        return ["draw"]
    if code == PASS:
        return ["pass"]
    tile = str(ALL_TILES[code >> 2])
    return [tile, _SLOTS[code & 3]] if end else [tile]
