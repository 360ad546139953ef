"""A hand's review for one seat: every decision it made, graded from its view at that moment.

Pure (no Django). The record of the match is replayed move by move; before each of the seat's
moves the seat's :class:`~games.engine.SeatView` is taken, exactly as a bot on that turn would
get it, and only that view is graded (:mod:`.grading`): the hands revealed at the end never
reach the grader.

Luck is the deal's worth to a reference player: master's expected result at the seat's first
decision (before it had played anything), so that a player sees what the tiles gave apart from
what they made of them.

Every cost is in points of the hand, and every grade and accuracy is relative to what the hand
was worth at that first decision (the size of its result on average: the scale of the "+11" a
hand ends with), the same scale for each of the seat's decisions in the hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.engine import Deal, Match, Rules, move_from_record
from games.engine.bots import COACH_BUDGET, Budget, Grade, Graded, grade_decision

#: The moments that cost most, shown on the replay with the better move and why.
CRITICAL_MOMENTS = 3


class HandNotOver(Exception):
    """The hand can still be played: it is not reviewed (its review would be advice)."""


@dataclass(frozen=True, slots=True)
class SeatReview:
    hand: int  # 0-based
    seat: int
    decisions: list[Graded] = field(default_factory=list)
    forced: int = 0
    luck: float | None = None

    @property
    def worth(self) -> float | None:
        """What the hand was worth, the scale of every grade (None: nothing graded)."""
        return self.decisions[0].worth if self.decisions else None

    @property
    def accuracy(self) -> float | None:
        if not self.decisions:
            return None
        return sum(d.accuracy for d in self.decisions) / len(self.decisions)

    @property
    def critical(self) -> list[Graded]:
        """The costliest moments graded Inaccuracy or worse."""
        costly = [d for d in self.decisions if d.grade not in (Grade.BEST, Grade.GOOD)]
        return sorted(costly, key=lambda d: -d.cost)[:CRITICAL_MOMENTS]

    def to_json(self) -> dict[str, Any]:
        accuracy = self.accuracy
        return {
            "hand": self.hand,
            "seat": self.seat,
            "accuracy": None if accuracy is None else round(accuracy, 1),
            "luck": None if self.luck is None else round(self.luck, 2),
            "worth": None if self.worth is None else round(self.worth, 1),
            "forced": self.forced,
            "decisions": [d.to_json() for d in self.decisions],
            "critical": [d.ply for d in self.critical],
        }


def review_hand(
    record: Mapping[str, Any],
    *,
    hand: int,
    seat: int,
    seed: int = 0,
    budget: Budget = COACH_BUDGET,
) -> SeatReview:
    """``seat``'s decisions in hand ``hand`` (0-based) of ``record`` (a record the engine
    accepted). Raises :class:`HandNotOver` unless the record holds that hand to its end."""
    rules = Rules.from_record(record["rules"])
    hands = record["hands"]
    if hand >= len(hands):
        raise HandNotOver(f"hand {hand + 1} was not dealt")
    match = Match(rules)
    for number, hand_record in enumerate(hands[: hand + 1]):
        match.start_hand(Deal.from_record(rules, hand_record["deal"]))
        if number < hand:
            for data in hand_record["moves"]:
                match.apply(*move_from_record(data))
    if not _ends(rules, match, hands[hand]["moves"]):
        raise HandNotOver(f"hand {hand + 1} is still being played")
    decisions: list[Graded] = []
    forced = 0
    luck: float | None = None
    worth: float | None = None  # the hand's, from the first decision: every grade's scale
    for ply, data in enumerate(hands[hand]["moves"]):
        mover, move = move_from_record(data)
        if mover == seat:
            view = match.view_for(seat)
            graded = grade_decision(view, move, seed=seed + ply, budget=budget, worth=worth)
            if graded is None:
                forced += 1
            else:
                decisions.append(graded)
                if luck is None:  # the seat's first real decision: what its deal was worth
                    luck, worth = graded.expected, graded.worth
        match.apply(mover, move)
    return SeatReview(hand=hand, seat=seat, decisions=decisions, forced=forced, luck=luck)


def _ends(rules: Rules, match: Match, moves: list[Any]) -> bool:
    """Whether ``moves`` take the hand in play to its end (on a copy: ``match`` stays at the
    hand's start)."""
    probe = match.copy()
    for data in moves:
        probe.apply(*move_from_record(data))
    return probe.needs_deal or probe.finished
