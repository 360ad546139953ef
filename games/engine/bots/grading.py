"""The coach's grading of one decision from the seat's view at that moment (games.coach runs
it over a finished hand). Pure, no Django, no I/O.

The grader is given a :class:`~games.engine.SeatView` and the move the seat played, never the
state: like the bots, it knows only what the seat knew then (its own tiles, the table, the
counts, and what the others' passes, draws and plays said). Master's search
(:func:`games.engine.bots.master.decide`) values every legal move over the deals consistent
with that view, weighed by how likely the others' plays were; a move's cost is how many points
its side gives up on average by the hand's end against the best move found. A forced move (one
legal move) is not graded.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..moves import DRAW, PASS, Move, encode
from ..tiles import ALL_TILES, BIT, IS_DOUBLE, PIPS
from ..view import SeatView
from .inference import Reader
from .knowledge import NUMBER_TILES, Knowledge
from .master import Budget, DealValues, best_of
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


#: The most points a grade may cost on average (the last grade takes the rest). Points are
#: what a side gains over the other by the hand's end: a pip count in block and draw games.
THRESHOLDS: tuple[tuple[Grade, float], ...] = (
    (Grade.BEST, 0.25),
    (Grade.GOOD, 1.5),
    (Grade.INACCURACY, 4.0),
    (Grade.MISTAKE, 8.0),
)

#: Sampling also stops once the cost is surely (two standard errors) at most this: within Good's
#: points of the best, a closer look would only move the grade between Best and Good.
SURELY_GOOD = THRESHOLDS[1][1]

#: A decision's accuracy is 100 at no cost and halves every this many points lost.
HALF_ACCURACY_POINTS = 6.0


def grade_of(cost: float) -> Grade:
    for grade, most in THRESHOLDS:
        if cost <= most:
            return grade
    return Grade.BLUNDER


def accuracy_of(cost: float) -> float:
    return 100.0 * math.pow(0.5, max(0.0, cost) / HALF_ACCURACY_POINTS)


@dataclass(frozen=True, slots=True)
class Graded:
    """One graded decision: the move played and the best one (:func:`move_parts`), what it
    cost, and why the best was better (:func:`reason`; None when it was played)."""

    ply: int  # the position of the move in the hand's history
    played: list[str]
    best: list[str]
    cost: float
    grade: Grade
    expected: float  # the best move's expected gain: what the position was worth
    reason: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "played": self.played,
            "best": self.best,
            "cost": round(self.cost, 2),
            "grade": self.grade.value,
            "expected": round(self.expected, 2),
            "reason": self.reason,
        }


def grade_decision(
    view: SeatView, played: Move, *, seed: int, budget: Budget = COACH_BUDGET
) -> Graded | None:
    """The grade of ``played`` from ``view`` (the seat's own view, on its turn); None when the
    move was forced. The same view and seed give the same grade."""
    knowledge = Knowledge.from_view(view)
    if len(knowledge.legal) < 2:
        return None
    code = encode(played)
    if code not in knowledge.legal:
        raise ValueError(f"{played} was not a legal move there")
    means = evaluate(knowledge, code, random.Random(seed), budget)
    best = best_of(knowledge, means)
    cost = max(0.0, means[best] - means[code])
    if cost <= THRESHOLDS[0][1]:
        best = code  # as good as the best found: no better move to show
    same_tile = best >> 2 == code >> 2 and best != code and code < DRAW
    return Graded(
        ply=len(view.history),
        played=move_parts(code, end=same_tile),
        best=move_parts(best, end=same_tile),
        cost=cost,
        grade=grade_of(cost),
        expected=means[best],
        reason=None if best == code else reason(knowledge, played=code, best=best),
    )


def evaluate(
    knowledge: Knowledge, played: int, rng: random.Random, budget: Budget
) -> dict[int, float]:
    """Every legal move's mean value over deals consistent with the view, weighed by how likely
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
            knowledge, _means(codes, weights, rows), played, weights, rows
        ):
            break
    return _means(codes, weights, rows)


def _means(codes: list[int], weights: list[float], rows: list[list[float]]) -> dict[int, float]:
    """The weighted mean of each move's values (0 for all when no deal had any weight)."""
    total = sum(weights)
    if total <= 0:
        return dict.fromkeys(codes, 0.0)
    return {
        code: sum(w * row[i] for w, row in zip(weights, rows, strict=True)) / total
        for i, code in enumerate(codes)
    }


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


def _scored(knowledge: Knowledge, code: int) -> int:
    """The points the move scores at once (All Fives' count)."""
    side = knowledge.rules.side_of(knowledge.seat)
    state = knowledge.public.copy()
    before = state.points[side]
    state.push(code)
    return state.points[side] - before


def _ends_after(knowledge: Knowledge, code: int) -> tuple[int, ...]:
    state = knowledge.public.copy()
    state.push(code)
    return tuple(sorted({state.ends[slot] for slot in state.open_slots if state.ends[slot] >= 0}))


def _fitting(mask: int, ends: tuple[int, ...]) -> int:
    numbers = 0
    for end in ends:
        numbers |= 1 << end
    return (mask & NUMBER_TILES[numbers]).bit_count()


def reason(knowledge: Knowledge, *, played: int, best: int) -> dict[str, Any]:
    """Why ``best`` was better than ``played``, from what the seat knew, as data the site puts
    in a player's words (games.coach.words): the first of a few readings that explains the
    difference (a partner or rival left with the numbers they lack, the seat's own control of
    the ends, a heavy double kept), else that it did better on average (``"average"``). The
    cost itself is shown beside it, not repeated here."""
    average = {"kind": "average"}
    if played >= DRAW or best >= DRAW:
        return average
    scored_best, scored_played = _scored(knowledge, best), _scored(knowledge, played)
    if scored_best > scored_played:
        return {"kind": "scored", "best": scored_best, "played": scored_played}
    own_after_best = knowledge.own & ~BIT[best >> 2]
    own_after_played = knowledge.own & ~BIT[played >> 2]
    ends_best, ends_played = _ends_after(knowledge, best), _ends_after(knowledge, played)
    # A partner (four seats as teams) or the next rival known to lack what the move leaves.
    seats = knowledge.rules.seats
    nxt = (knowledge.seat + 1) % seats
    partner = (knowledge.seat + 2) % seats if knowledge.rules.teams else None
    if partner is not None and _blocks(knowledge, partner, ends_played, ends_best):
        lacks = list(_void_numbers(knowledge, partner))
        return {"kind": "partner_blocked", "lacks": lacks, "ends": list(ends_played)}
    if _blocks(knowledge, nxt, ends_best, ends_played):
        lacks = list(_void_numbers(knowledge, nxt))
        return {"kind": "next_blocked", "lacks": lacks, "ends": list(ends_best)}
    heavy = best >> 2
    if IS_DOUBLE[heavy] and not IS_DOUBLE[played >> 2] and knowledge.own & BIT[heavy]:
        return {"kind": "double", "number": ALL_TILES[heavy].high}
    mine_best = _fitting(own_after_best, ends_best)
    mine_played = _fitting(own_after_played, ends_played)
    if mine_best > mine_played:
        return {
            "kind": "own_fit",
            "ends": list(ends_played),
            "played": mine_played,
            "best": mine_best,
        }
    out_best = _fitting(knowledge.unseen, ends_best)
    out_played = _fitting(knowledge.unseen, ends_played)
    if out_played > out_best:
        return {
            "kind": "out_fit",
            "ends": list(ends_played),
            "played": out_played,
            "best": out_best,
        }
    if PIPS[best >> 2] > PIPS[played >> 2]:
        return {"kind": "sheds", "pips": PIPS[best >> 2] - PIPS[played >> 2]}
    return average


def _void_numbers(knowledge: Knowledge, seat: int) -> tuple[int, ...]:
    return tuple(n for n in range(7) if knowledge.lacks(seat, n))


def _blocks(knowledge: Knowledge, seat: int, ends: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """Whether ``seat`` is known to lack every number of ``ends`` but not of ``other``."""
    lacked = bool(ends) and all(knowledge.lacks(seat, end) for end in ends)
    return lacked and not all(knowledge.lacks(seat, end) for end in other)
