"""Benchmark of the coach's review of one seat's hand (games.coach.review.review_hand): prints
one JSON object a line.

Twenty recorded hands, made here and the same every run (seeded): a medium bot at seat 0 (it
makes mistakes to grade) against hard bots, 10 two-seat All Fives hands, 5 two-seat classic
(draw) and 5 four-seat Brazilian (partners). Each hand's seat 0 is reviewed twice, with the
grading of before (a flat 48 deals a decision, master's ``decide``) and of now (paired deals
until the cost is known, up to ``COACH_BUDGET.max_deals``), alternating which goes first so
that both see the same load. Wall-clock seconds of the whole review; median and max of each,
and the ratio of the medians.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.coach.review import review_hand  # noqa: E402
from games.engine import Deal, Match, Rules  # noqa: E402
from games.engine.bots import Bot, Budget, grading  # noqa: E402
from games.engine.bots.master import decide  # noqa: E402
from games.engine.record import export  # noqa: E402

HANDS = (("all_fives", 2),) * 10 + (("classic", 2),) * 5 + (("brazilian", 4),) * 5
BEFORE = Budget(seconds=5.0, max_deals=48, exact_nodes=4000)


def recorded_hand(preset: str, seats: int, seed: int) -> dict:
    rules = Rules.for_preset(preset, seats=seats)
    match = Match(rules)
    match.start_hand(Deal.shuffled(rules, random.Random(seed)))
    bots = [Bot("medium" if seat == 0 else "hard", seed=seed + seat) for seat in range(seats)]
    while not (match.needs_deal or match.finished):
        seat = match.turn
        match.apply(seat, bots[seat].choose(match.view_for(seat)))
    return export(match)


def flat_48(knowledge, played, rng, budget):  # the grading before: one flat batch of deals
    return decide(knowledge, rng, BEFORE).means


def timed(record: dict, seed: int, *, before: bool) -> tuple[float, int]:
    patch = mock.patch.object(grading, "evaluate", flat_48) if before else mock.patch("builtins.id")
    with patch:
        started = time.perf_counter()
        review = review_hand(record, hand=0, seat=0, seed=seed)
        return time.perf_counter() - started, len(review.decisions)


def main() -> None:
    times: dict[str, list[float]] = {"before": [], "after": []}
    for number, (preset, seats) in enumerate(HANDS):
        record = recorded_hand(preset, seats, 1000 + number)
        order = ("before", "after") if number % 2 == 0 else ("after", "before")
        for name in order:
            seconds, graded = timed(record, number, before=name == "before")
            times[name].append(seconds)
            print(
                json.dumps(
                    {
                        "hand": number,
                        "preset": preset,
                        "grading": name,
                        "graded": graded,
                        "seconds": round(seconds, 3),
                    }
                )
            )
    summary = {
        name: {"median": round(statistics.median(t), 3), "max": round(max(t), 3), "n": len(t)}
        for name, t in times.items()
    }
    summary["ratio_of_medians"] = round(summary["after"]["median"] / summary["before"]["median"], 2)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
