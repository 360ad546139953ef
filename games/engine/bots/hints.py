"""Hints for a human seat: the master level's move, and why.

The reason is the hard level's feature in which the suggested play stands out most from the
other plays (it blocks 5s: the rival passed on 5), given as data: the site words it in the
reader's language (games.coach.words).

>>> import random
>>> from games.engine import Deal, Match, Rules
>>> rules = Rules.for_preset("draw", seats=2)
>>> match = Match(rules)
>>> match.start_hand(Deal.shuffled(rules, random.Random(4)))
>>> suggestion = hint(match.view_for(match.turn))
>>> suggestion.move in match.legal_moves(), isinstance(suggestion.reason.why, Why)
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from ..moves import DRAW, PASS, Move, decode
from ..options import Stuck
from ..tiles import ALL_TILES
from ..view import SeatView
from .knowledge import Knowledge
from .master import Budget, decide
from .policies import Features, features

#: Well inside the 300 ms a hint may take, with room for building the knowledge and the words;
#: it holds under load because the clock is read inside a deal's solve too (bench/RESULTS.md).
HINT_BUDGET = Budget(seconds=0.2, max_deals=300)


class Why(StrEnum):
    """What a hint's reason says (the words are the site's, in the reader's language)."""

    MUST_OPEN = "must_open"  # ``tile`` must open the hand
    ONLY_PLAY = "only_play"  # ``tile`` is the only play
    DRAW = "draw"  # nothing fits the open ends ``numbers``: draw
    PASS = "pass"  # nothing fits the open ends ``numbers``: pass
    BLOCKS = "blocks"  # the rival (``rival``) passed or drew (``drew``) on ``numbers``
    LEAVES_OPEN = "leaves_open"  # leaves ``numbers`` open, which nobody else can still match
    SCORES = "scores"  # scores ``amount`` at once
    LEAVES_COUNT = "leaves_count"  # leaves the next player no easy count
    KEEPS_CONTROL = "keeps_control"  # keeps a tile for the ends it leaves, ``numbers``
    VARIETY = "variety"  # keeps the seat's numbers varied
    DOUBLE = "double"  # gets the double ``tile`` out while it still fits
    OPENS_FOR_PARTNER = "opens_for_partner"  # leaves numbers the partner can play
    SHEDS = "sheds"  # sheds ``amount`` pips
    SIMULATED = "simulated"  # the best result over the deals simulated


@dataclass(frozen=True, slots=True)
class HintReason:
    """Why a hint suggests its move, as data.

    >>> reason = HintReason(Why.BLOCKS, numbers=(1, 3))
    >>> HintReason.from_json(reason.to_json()) == reason
    True
    """

    why: Why
    tile: str | None = None
    numbers: tuple[int, ...] = ()
    amount: int | None = None
    #: BLOCKS: the blocked rival's seat when there are several rivals (None: the only one),
    #: and whether the rules made them draw (else they passed).
    rival: int | None = None
    drew: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"why": self.why.value} | {
            field.name: list(value) if isinstance(value, tuple) else value
            for field in fields(self)
            if field.name != "why"
            and (value := getattr(self, field.name)) != field.default
            and value != ()
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HintReason:
        return cls(
            Why(data["why"]),
            tile=data.get("tile"),
            numbers=tuple(data.get("numbers", ())),
            amount=data.get("amount"),
            rival=data.get("rival"),
            drew=data.get("drew", False),
        )


@dataclass(frozen=True, slots=True)
class Hint:
    move: Move
    reason: HintReason


def hint(view: SeatView, *, seed: int = 0, budget: Budget = HINT_BUDGET) -> Hint:
    """The suggested move for the seat of ``view`` (on its turn) and why."""
    knowledge = Knowledge.from_view(view)
    opening = not view.history
    codes = knowledge.legal
    if codes in ([DRAW], [PASS]):
        why = Why.DRAW if codes == [DRAW] else Why.PASS
        return Hint(decode(codes[0], opening=False), HintReason(why, numbers=_ends(knowledge)))
    if len(codes) == 1:
        tile = str(ALL_TILES[codes[0] >> 2])
        reason = HintReason(Why.MUST_OPEN if opening else Why.ONLY_PLAY, tile=tile)
        return Hint(decode(codes[0], opening=opening), reason)
    code = decide(knowledge, random.Random(seed), budget).code
    return Hint(decode(code, opening=opening), _reason(knowledge, code))


def _ends(knowledge: Knowledge) -> tuple[int, ...]:
    public = knowledge.public
    return tuple(sorted({public.ends[slot] for slot in public.open_slots}))


def _reason(knowledge: Knowledge, code: int) -> HintReason:
    readings = {c: features(knowledge, c) for c in knowledge.legal}
    chosen = readings[code]
    others = [f for c, f in readings.items() if c != code]
    best_name, best_gap = "", 0.0
    for field in fields(Features):
        mean = sum(getattr(f, field.name) for f in others) / len(others)
        gap = getattr(chosen, field.name) - mean
        if gap > best_gap:
            best_name, best_gap = field.name, gap
    return _why(knowledge, code, best_name)


def _why(knowledge: Knowledge, code: int, feature: str) -> HintReason:
    tile = ALL_TILES[code >> 2]
    after = knowledge.public.copy()
    after.push(code)
    numbers = tuple(sorted({after.ends[slot] for slot in after.open_slots}))
    match feature:
        case "blocks_rivals":
            return _blocking(knowledge, numbers)
        case "scores_count":
            return HintReason(Why.SCORES, amount=after.count())
        case "leaves_count":
            return HintReason(Why.LEAVES_COUNT)
        case "keeps_control":
            return HintReason(Why.KEEPS_CONTROL, numbers=numbers)
        case "variety":
            return HintReason(Why.VARIETY)
        case "double":
            return HintReason(Why.DOUBLE, tile=str(tile))
        case "opens_for_partner":
            return HintReason(Why.OPENS_FOR_PARTNER)
        case "sheds":
            return HintReason(Why.SHEDS, amount=tile.pips)
    return HintReason(Why.SIMULATED)


def _blocking(knowledge: Knowledge, numbers: tuple[int, ...]) -> HintReason:
    rules, seat = knowledge.rules, knowledge.seat
    for rival in range(rules.seats):
        if rules.side_of(rival) == rules.side_of(seat):
            continue
        lacked = tuple(n for n in numbers if knowledge.lacks(rival, n))
        if lacked and len(lacked) == len(numbers):
            return HintReason(
                Why.BLOCKS,
                numbers=lacked,
                rival=None if rules.seats == 2 else rival,
                drew=rules.stuck is not Stuck.PASS,
            )
    return HintReason(Why.LEAVES_OPEN, numbers=numbers)
