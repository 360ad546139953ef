"""The replay viewer's steps: a finished match replayed move by move with every hand shown.
Pure: no Django.

A replay is the record replayed by the engine, one step for each deal and each move. Each step
holds what the viewer draws: the table, every seat's tiles, the boneyard, the scores and a
sentence for the move. Only finished matches are replayed with their hands shown (the views
check that); this module trusts its caller on that point.

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

_END_WORDS = {"left": "the left", "right": "the right", "up": "the top", "down": "the bottom"}


def build_replay(
    record: Mapping[str, Any],
    *,
    seeds: Sequence[str | None] = (),
    names: Sequence[str] = (),
) -> dict[str, Any]:
    """The viewer's data for a record the engine has already accepted (``load`` or ``replay``
    succeeded). ``seeds[i]`` is hand i's seed when known; ``names[i]`` seat i's name."""
    rules = Rules.from_record(record["rules"])
    names = list(names) or [f"Seat {i + 1}" for i in range(rules.seats)]
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
        steps.append(_step(match, number, "The tiles are dealt."))
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
        return [f"{names[side]} and {names[side + 2]}" for side in range(rules.sides)]
    return names


def _hand_words(report: HandReport | None, sides: list[str]) -> str:
    if report is None:
        return "Not finished."
    points = ", ".join(f"{sides[side]} +{p}" for side, p in enumerate(report.points) if p)
    if report.result is None:
        ended = "The match ended on a count"
    elif len(report.winners) == 1:
        how = "went out" if report.result == "out" else "won the blocked hand"
        ended = f"{sides[report.winners[0]]} {how}"
    elif report.winners:
        ended = "Blocked: shared by " + " and ".join(sides[w] for w in report.winners)
    else:
        ended = "Blocked: a tie, nobody wins the hand"
    return f"{ended}{': ' + points if points else ''}."


def _summary(match: Match, sides: list[str]) -> str:
    scores = ", ".join(f"{sides[side]} {score}" for side, score in enumerate(match.scores))
    # Games that keep no score (a single round) have nothing to add after the result.
    score_words = f" Final score: {scores}." if any(match.scores) else ""
    if not match.finished:
        return f"Not finished.{score_words}"
    if len(match.winners) == 1:
        return f"{sides[match.winners[0]]} won the match.{score_words}"
    tied = " and ".join(sides[w] for w in match.winners)
    return f"A draw between {tied}.{score_words}"


def _words(name: str, move: Draw | Pass | Play) -> str:
    match move:
        case Play(tile=tile, end=None):
            return f"{name} opens with {tile}."
        case Play(tile=tile, end=end):
            return f"{name} plays {tile} on {_END_WORDS[end.value]}."
        case Draw():
            return f"{name} draws a tile."
    return f"{name} passes."


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
