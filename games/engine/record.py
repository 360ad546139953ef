"""Game records (``dominoes-record/1``): export a match, load one, replay and report.

The format and the report are docs/rules.md#records.

>>> from games.engine import Deal, Match, Rules
>>> import random
>>> rules = Rules.for_preset("block", seats=2)
>>> match = Match(rules)
>>> match.start_hand(Deal.shuffled(rules, random.Random(3)))
>>> rng = random.Random(4)
>>> while match.turn is not None:
...     match.apply(match.turn, rng.choice(match.legal_moves()))
>>> report = replay(export(match))
>>> report.ok, report.hands == match.reports
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .deal import Deal
from .errors import IllegalMove, InvalidDeal, InvalidMove, InvalidRecord, InvalidRules
from .match import HandReport, Match
from .moves import history_to_record, move_from_record
from .rules import Rules

FORMAT = "dominoes-record/1"


def export(match: Match) -> dict[str, Any]:
    """The match so far as a record: rules, and each hand's deal and moves."""
    hands = [
        {"deal": deal.to_record(), "moves": history_to_record(history)}
        for deal, history in zip(match.deals, match.histories, strict=True)
    ]
    return {"format": FORMAT, "rules": match.rules.to_record(), "hands": hands}


@dataclass(frozen=True, slots=True)
class ReplayError:
    hand: int | None
    move: int | None
    reason: str


@dataclass(slots=True)
class ReplayReport:
    """What replaying a record found; :meth:`to_json` is one line of ``manage.py replay``."""

    readable: bool
    hands: list[HandReport] = field(default_factory=list)
    finished: bool = False
    winners: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    error: ReplayError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_json(self, file: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {} if file is None else {"file": file}
        out |= {
            "ok": self.ok,
            "hands": [hand.to_json() for hand in self.hands],
            "match": {
                "finished": self.finished,
                "winners": sorted(self.winners),
                "scores": list(self.scores),
            },
        }
        if self.error is not None:
            out["error"] = {
                "hand": self.error.hand,
                "move": self.error.move,
                "reason": self.error.reason,
            }
        return out


def replay_text(text: str | bytes) -> ReplayReport:
    """Replay a record given as JSON text."""
    try:
        record = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        return unreadable(f"not JSON: {error}")
    return replay(record)


def replay(record: object) -> ReplayReport:
    """Replay a parsed record, stopping at the first illegal deal or move."""
    report, _match = _replay(record)
    return report


def load(record: object) -> Match:
    """The match a record describes, or :class:`InvalidRecord` saying where it goes wrong."""
    report, match = _replay(record)
    if report.error is not None:
        where = "" if report.error.hand is None else f"hand {report.error.hand}: "
        raise InvalidRecord(where + report.error.reason)
    assert match is not None
    return match


def unreadable(reason: str, *, sides: int = 0) -> ReplayReport:
    """The report of a document that is not a readable record (exit status 2)."""
    return ReplayReport(readable=False, scores=(0,) * sides, error=ReplayError(None, None, reason))


def _replay(record: object) -> tuple[ReplayReport, Match | None]:
    if not isinstance(record, Mapping):
        return unreadable("not a record: a record is a JSON object"), None
    try:
        rules = Rules.from_record(record.get("rules"))
    except InvalidRules as error:
        return unreadable(f"rules: {error}"), None
    if record.get("format") != FORMAT:
        return unreadable(f'not a record: "format" must be "{FORMAT}"', sides=rules.sides), None
    hands = record.get("hands")
    if not isinstance(hands, list):
        return unreadable("hands must be a list", sides=rules.sides), None
    match = Match(rules)
    listed: list[HandReport] = []

    def report(error: ReplayError | None = None) -> tuple[ReplayReport, Match]:
        scores = listed[-1].scores if listed else (0,) * rules.sides
        result = ReplayReport(True, listed, match.finished, match.winners, scores, error)
        return result, match

    for number, hand in enumerate(hands):
        if match.finished:
            return report(ReplayError(number, None, "the match is already over"))
        if not match.needs_deal:
            return report(ReplayError(number, None, f"hand {number - 1} is not finished"))
        if not isinstance(hand, Mapping) or not isinstance(hand.get("moves"), list):
            return report(ReplayError(number, None, "a hand is an object with deal and moves"))
        try:
            match.start_hand(Deal.from_record(rules, hand.get("deal")))
        except InvalidDeal as error:
            return report(ReplayError(number, None, str(error)))
        reports_before = len(match.reports)
        for index, data in enumerate(hand["moves"]):
            try:
                seat, move = move_from_record(data)
                match.apply(seat, move)
            except (InvalidMove, IllegalMove) as error:
                listed.extend(match.reports[reports_before:])
                return report(ReplayError(number, index, str(error)))
        listed.extend(match.reports[reports_before:])
    # A record that simply stops lists its unfinished last hand (docs/rules.md#replay-report); an
    # unfinished hand followed by another is not listed: the next hand is the error.
    partial = match.partial_report()
    if partial is not None:
        listed.append(partial)
    return report()
