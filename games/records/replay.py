"""The replay viewer's steps: a finished match replayed move by move with every hand shown.
No I/O: the engine, and Django's translations for the words.

A replay is the record replayed by the engine, one step for each deal and each move. Each step
holds what the viewer draws: the table, every seat's tiles, the boneyard, the scores and a
sentence for the move, in the active language (the viewer's). Only finished matches are
replayed with their hands shown (the views check that); this module trusts its caller on that
point.

When the hands' seeds are known (the site's own tables, or a downloaded record that carries
them), each hand says whether its deal follows from its seed (:mod:`games.fairness`).

>>> import random
>>> from games.engine import Deal, Match, Rules, export
>>> rules = Rules.for_preset("single_round", seats=2)
>>> match = Match(rules)
>>> deal, seed = Deal.secure(rules)
>>> match.start_hand(deal)
>>> rng = random.Random(1)
>>> while not match.finished:
...     match.apply(match.turn, rng.choice(match.legal_moves()))
>>> replay = build_replay(export(match), seeds=[seed])
>>> replay["hands"][0]["verified"], len(replay["steps"]) == 1 + len(match.histories[0])
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from games.engine import (
    Deal,
    Draw,
    HandReport,
    Match,
    Pass,
    Play,
    Rules,
    move_from_record,
    reveal,
)
from games.fairness import commitment, deal_follows
from games.words import joined


def build_replay(
    record: Mapping[str, Any],
    *,
    seeds: Sequence[str | None] = (),
    names: Sequence[str] = (),
) -> dict[str, Any]:
    """The viewer's data for a record the engine has already accepted (``load`` or ``replay``
    succeeded). ``seeds[i]`` is hand i's seed when known; ``names[i]`` seat i's name."""
    rules = Rules.from_record(record["rules"])
    names = list(names) or [
        gettext("Seat %(number)s") % {"number": i + 1} for i in range(rules.seats)
    ]
    sides = _side_names(rules, names)
    match = Match(rules)
    steps: list[dict[str, Any]] = []
    hands: list[dict[str, Any]] = []
    for number, hand_record in enumerate(record["hands"]):
        deal = Deal.from_record(rules, hand_record["deal"])
        match.start_hand(deal)
        seed = seeds[number] if number < len(seeds) else None
        hands.append(
            {
                "number": number + 1,
                "first_step": len(steps),
                "seed": seed,
                "commitment": None if seed is None else commitment(seed),
                "verified": None if seed is None else deal_follows(rules, seed, deal),
            }
        )
        steps.append(_step(match, number, gettext("The tiles are dealt.")))
        for data in hand_record["moves"]:
            seat, move = move_from_record(data)
            match.apply(seat, move)
            steps.append(_step(match, number, _words(names[seat], move)))
        report = match.reports[number] if len(match.reports) > number else None
        hands[-1]["words"] = _hand_words(report, sides)
    return {
        "names": names,
        "rules": rules.to_record(),
        "take_backs": take_backs_of(record),
        "teams": rules.teams,
        "sides": sides,
        "finished": match.finished,
        "summary": _summary(match, sides),
        "hands": hands,
        "steps": steps,
    }


def take_backs_of(record: Mapping[str, Any]) -> int:
    """How many times moves were taken back in the match, as its record says (the site adds
    ``"take_backs"`` to the record of a match played with them); 0 when it says nothing."""
    count = record.get("take_backs")
    return count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else 0


def seeds_of(record: Mapping[str, Any]) -> list[str | None]:
    """The seeds a record's hands carry (the site adds ``"seed"`` to each hand it exports)."""
    return [
        hand.get("seed") if isinstance(hand.get("seed"), str) else None
        for hand in record.get("hands", [])
        if isinstance(hand, Mapping)
    ]


def _side_names(rules: Rules, names: list[str]) -> list[str]:
    if rules.teams:
        return [joined([names[side], names[side + 2]]) for side in range(rules.sides)]
    return names


def _hand_words(report: HandReport | None, sides: list[str]) -> str:
    if report is None:
        return gettext("Not finished.")
    points = ", ".join(f"{sides[side]} +{p}" for side, p in enumerate(report.points) if p)
    if report.result is None:
        ended = gettext("The match ended on a count")
    elif len(report.winners) == 1:
        who = {"side": sides[report.winners[0]]}
        if report.result == "out":
            ended = gettext("%(side)s went out") % who
        else:
            ended = gettext("%(side)s won the blocked hand") % who
    elif report.winners:
        ended = gettext("Blocked: shared by %(sides)s") % {
            "sides": joined([sides[w] for w in report.winners])
        }
    else:
        ended = gettext("Blocked: a tie, nobody wins the hand")
    if not points:
        return gettext("%(ended)s.") % {"ended": ended}
    return gettext("%(ended)s: %(points)s.") % {"ended": ended, "points": points}


def _summary(match: Match, sides: list[str]) -> str:
    scores = ", ".join(f"{sides[side]} {score}" for side, score in enumerate(match.scores))
    if not match.finished:
        result = gettext("Not finished.")
    elif len(match.winners) == 1:
        result = gettext("%(side)s won the match.") % {"side": sides[match.winners[0]]}
    else:
        result = gettext("A draw between %(sides)s.") % {
            "sides": joined([sides[w] for w in match.winners])
        }
    # Games that keep no score (a single round) have nothing to add after the result.
    if not any(match.scores):
        return result
    return gettext("%(result)s Final score: %(scores)s.") % {"result": result, "scores": scores}


def _words(name: str, move: Draw | Pass | Play) -> str:
    match move:
        case Play(tile=tile, end=None):
            return gettext("%(name)s opens with %(tile)s.") % {"name": name, "tile": tile}
        case Play(tile=tile, end=end):
            return _END_WORDS[end.value] % {"name": name, "tile": tile}
        case Draw():
            return gettext("%(name)s draws a tile.") % {"name": name}
    return gettext("%(name)s passes.") % {"name": name}


_END_WORDS = {
    "left": gettext_lazy("%(name)s plays %(tile)s on the left."),
    "right": gettext_lazy("%(name)s plays %(tile)s on the right."),
    "up": gettext_lazy("%(name)s plays %(tile)s on the top."),
    "down": gettext_lazy("%(name)s plays %(tile)s on the bottom."),
}


def _step(match: Match, hand_number: int, words: str) -> dict[str, Any]:
    """What the viewer shows after a deal or a move: the public view, and every hand."""
    revealed = reveal(match)
    assert revealed is not None
    view = match.view_for(None).to_json()
    return {
        "hand": hand_number,
        "words": words,
        "turn": view["turn"],
        "table": view["table"],
        "spinner": view["spinner"],
        "ends": view["ends"],
        "count": view["count"],
        "scores": view["scores"],
        "hand_points": view["hand_points"],
        **revealed.to_json(),
    }
