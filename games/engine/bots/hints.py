"""Hints for a human seat: the master level's move, with the reason in words.

The reason is the hard level's feature in which the suggested play stands out most from the
other plays ("blocks 5s: your rival passed on 5").

>>> import random
>>> from games.engine import Deal, Match, Rules
>>> rules = Rules.for_preset("draw", seats=2)
>>> match = Match(rules)
>>> match.start_hand(Deal.shuffled(rules, random.Random(4)))
>>> suggestion = hint(match.view_for(match.turn))
>>> suggestion.move in match.legal_moves(), bool(suggestion.reason)
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields

from ..moves import DRAW, PASS, Move, decode
from ..rules import Stuck
from ..tiles import ALL_TILES
from ..view import SeatView
from .knowledge import Knowledge
from .master import Budget, decide
from .policies import Features, features

#: Well inside the 300 ms a hint may take, with room for building the knowledge and the words;
#: it holds under load because the clock is read inside a deal's solve too (bench/README.md).
HINT_BUDGET = Budget(seconds=0.2, max_deals=300)


@dataclass(frozen=True, slots=True)
class Hint:
    move: Move
    reason: str


def hint(view: SeatView, *, seed: int = 0, budget: Budget = HINT_BUDGET) -> Hint:
    """The suggested move for the seat of ``view`` (on its turn) and why."""
    knowledge = Knowledge.from_view(view)
    opening = not view.history
    codes = knowledge.legal
    if codes == [DRAW]:
        return Hint(decode(DRAW, opening=False), f"nothing fits {_ends(knowledge)}: draw")
    if codes == [PASS]:
        return Hint(decode(PASS, opening=False), f"nothing fits {_ends(knowledge)}: pass")
    if len(codes) == 1:
        tile = ALL_TILES[codes[0] >> 2]
        reason = f"{tile} must open" if opening else f"{tile} is the only play"
        return Hint(decode(codes[0], opening=opening), reason)
    code = decide(knowledge, random.Random(seed), budget).code
    return Hint(decode(code, opening=opening), _reason(knowledge, code))


def _ends(knowledge: Knowledge) -> str:
    public = knowledge.public
    numbers = sorted({public.ends[slot] for slot in public.open_slots})
    return "the open ends (" + ", ".join(str(n) for n in numbers) + ")"


def _reason(knowledge: Knowledge, code: int) -> str:
    readings = {c: features(knowledge, c) for c in knowledge.legal}
    chosen = readings[code]
    others = [f for c, f in readings.items() if c != code]
    best_name, best_gap = "", 0.0
    for field in fields(Features):
        mean = sum(getattr(f, field.name) for f in others) / len(others)
        gap = getattr(chosen, field.name) - mean
        if gap > best_gap:
            best_name, best_gap = field.name, gap
    return _words(knowledge, code, best_name)


def _words(knowledge: Knowledge, code: int, feature: str) -> str:
    tile = ALL_TILES[code >> 2]
    after = knowledge.public.copy()
    after.push(code)
    numbers = sorted({after.ends[slot] for slot in after.open_slots})
    match feature:
        case "blocks_rivals":
            return _blocking_words(knowledge, numbers)
        case "scores_count":
            return f"scores {after.count()} at once: the ends add up to {after.count()}"
        case "leaves_count":
            return "leaves the next player no easy count"
        case "keeps_control":
            return f"keeps a tile of yours for the ends it leaves ({_list(numbers)})"
        case "variety":
            return "keeps your numbers varied, so you can answer more ends"
        case "double":
            return f"gets the double {tile} out while it still fits"
        case "opens_for_partner":
            return "leaves numbers your partner can play"
        case "sheds":
            return f"sheds {tile.pips} pips: heavy tiles cost most if someone goes out"
    return "gives the best result over the deals it simulated"


def _blocking_words(knowledge: Knowledge, numbers: list[int]) -> str:
    rules, seat = knowledge.rules, knowledge.seat
    for rival in range(rules.seats):
        if rules.side_of(rival) == rules.side_of(seat):
            continue
        lacked = [n for n in numbers if knowledge.lacks(rival, n)]
        if lacked and len(lacked) == len(numbers):
            who = "your rival" if rules.seats == 2 else f"seat {rival + 1}"
            stuck = "passed" if rules.stuck is Stuck.PASS else "had to draw"
            blocked = " and ".join(f"{n}s" for n in lacked)
            return f"blocks {blocked}: {who} {stuck} on {_list(lacked)}"
    return f"leaves {_list(numbers)} open, which nobody else can still match"


def _list(numbers: list[int]) -> str:
    return " and ".join(str(n) for n in numbers)
