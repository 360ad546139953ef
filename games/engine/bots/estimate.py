"""Every legal move's values over the deals a grader drew (games.engine.bots.grading), and what
they say: each move's mean, what the hand is worth, how often a move wins it. Pure."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Estimate:
    """Every legal move's values over the deals drawn (a row a deal, a value a move, in
    ``codes``' order), each deal weighed by how likely the others' plays made it."""

    codes: list[int]
    weights: list[float]
    rows: list[list[float]]

    def means(self) -> dict[int, float]:
        return weighted_means(self.codes, self.weights, self.rows)

    def _mean(self, code: int, value: Callable[[float], float]) -> float:
        total = sum(self.weights)
        if total <= 0:
            return 0.0
        i = self.codes.index(code)
        return (
            sum(w * value(row[i]) for w, row in zip(self.weights, self.rows, strict=True)) / total
        )

    def worth(self, code: int) -> float:
        """What the hand is worth after ``code``: the points its result moves, either way, on
        average (the mean of the result's size)."""
        return self._mean(code, abs)

    def wins(self, code: int) -> float:
        """The share of the deals on which ``code``'s side ends the hand ahead (0 to 1)."""
        return self._mean(code, lambda value: 1.0 if value > 0 else 0.0)


def weighted_means(
    codes: list[int], weights: list[float], rows: list[list[float]]
) -> dict[int, float]:
    """The weighted mean of each move's values (0 for all when no deal had any weight)."""
    total = sum(weights)
    if total <= 0:
        return dict.fromkeys(codes, 0.0)
    return {
        code: sum(w * row[i] for w, row in zip(weights, rows, strict=True)) / total
        for i, code in enumerate(codes)
    }
