"""What one seat may know: the only way the state of a hand leaves the engine during play.

A view holds the seat's own tiles, the table, every seat's tile count, the boneyard count, the
scores and the public history (plays, passes, that a seat drew). Other hands appear only once
the hand is over. A spectator's view (``seat=None``) holds no hand at all.

>>> import random
>>> from games.engine import Deal, Match, Rules
>>> rules = Rules.for_preset("draw", seats=2)
>>> match = Match(rules)
>>> match.start_hand(Deal.shuffled(rules, random.Random(5)))
>>> view = view_for(match, 1)
>>> len(view.hand), view.counts, view.boneyard
(7, (7, 7), 14)
>>> view_for(match, None).hand
()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .hand import RESULT_NAMES, HandState
from .match import Match, history_to_record
from .moves import DRAW, END_OF_SLOT, PASS
from .tiles import ALL_TILES, IS_DOUBLE, OTHER, tiles_of


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile on the table: ``outer`` is the number it shows away from the centre."""

    tile: str
    outer: int

    def to_json(self) -> dict[str, Any]:
        return {"tile": self.tile, "outer": self.outer}


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int | None
    rules: dict[str, Any]
    hand_number: int
    opener: int | None
    turn: int | None
    hand: tuple[str, ...]
    counts: tuple[int, ...]
    boneyard: int
    scores: tuple[int, ...]
    hand_points: tuple[int, ...]
    hand_wins: tuple[int, ...]
    opening: str | None
    arms: dict[str, tuple[Placement, ...]]
    ends: dict[str, int]
    spinner: dict[str, Any] | None
    count: int | None
    history: tuple[dict[str, Any], ...]
    legal: tuple[dict[str, Any], ...]
    result: dict[str, Any] | None
    finished: bool
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "rules": self.rules,
            "hand_number": self.hand_number,
            "opener": self.opener,
            "turn": self.turn,
            "hand": list(self.hand),
            "counts": list(self.counts),
            "boneyard": self.boneyard,
            "scores": list(self.scores),
            "hand_points": list(self.hand_points),
            "hand_wins": list(self.hand_wins),
            "table": {
                "opening": self.opening,
                **{arm: [p.to_json() for p in tiles] for arm, tiles in self.arms.items()},
            },
            "ends": self.ends,
            "spinner": self.spinner,
            "count": self.count,
            "history": list(self.history),
            "legal": list(self.legal),
            "result": self.result,
            "match": {
                "finished": self.finished,
                "winners": list(self.winners),
            },
        }


def view_for(match: Match, seat: int | None) -> SeatView:
    """The view of ``seat`` (or of a spectator, ``None``)."""
    rules = match.rules
    hand = match.hand
    if hand is None:
        return SeatView(
            seat=seat,
            rules=rules.to_record(),
            hand_number=0,
            opener=None,
            turn=None,
            hand=(),
            counts=(0,) * rules.seats,
            boneyard=0,
            scores=tuple(match.scores),
            hand_points=(0,) * rules.sides,
            hand_wins=tuple(match.hand_wins),
            opening=None,
            arms={},
            ends={},
            spinner=None,
            count=None,
            history=(),
            legal=(),
            result=None,
            finished=match.finished,
            winners=match.winners,
        )
    opening, arms, spinner = _layout(hand)
    ends = {
        END_OF_SLOT[slot].value: hand.ends[slot] for slot in hand.open_slots if hand.ends[slot] >= 0
    }
    return SeatView(
        seat=seat,
        rules=rules.to_record(),
        hand_number=len(match.deals) - 1,
        opener=hand.opener,
        turn=match.turn,
        hand=_own_tiles(hand, seat),
        counts=tuple(mask.bit_count() for mask in hand.hands),
        boneyard=len(hand.boneyard) - hand.drawn,
        scores=tuple(match.scores),
        hand_points=tuple(hand.points),
        hand_wins=tuple(match.hand_wins),
        opening=opening,
        arms=arms,
        ends=ends,
        spinner=spinner,
        count=hand.count() if hand.fives and opening else None,
        history=tuple(history_to_record(hand.history)),
        legal=_legal_for(match, hand, seat),
        result=_result(match, hand),
        finished=match.finished,
        winners=match.winners,
    )


#: The keys of a view (:meth:`SeatView.to_json`) that differ between seats: :func:`own_json`.
OWN_KEYS = ("seat", "hand", "legal")


def own_json(match: Match, seat: int | None) -> dict[str, Any]:
    """The part of ``seat``'s view that is its own: the seat, its tiles and its legal moves, as
    :meth:`SeatView.to_json` spells them. Every other key of a view is the same for every seat
    and for a spectator, so a server can build that part once for all of them.

    >>> import random
    >>> from games.engine import Deal, Rules
    >>> match = Match(Rules.for_preset("draw", seats=2))
    >>> match.start_hand(Deal.shuffled(match.rules, random.Random(5)))
    >>> spectator = view_for(match, None).to_json()
    >>> {**spectator, **own_json(match, 1)} == view_for(match, 1).to_json()
    True
    """
    hand = match.hand
    if hand is None:
        return {"seat": seat, "hand": [], "legal": []}
    return {
        "seat": seat,
        "hand": list(_own_tiles(hand, seat)),
        "legal": list(_legal_for(match, hand, seat)),
    }


def _own_tiles(hand: HandState, seat: int | None) -> tuple[str, ...]:
    return () if seat is None else tuple(str(t) for t in reversed(tiles_of(hand.hands[seat])))


#: Each tile's name, and each tile as placed showing each number outward: made once, not at
#: every update of every table.
_NAMES = tuple(str(tile) for tile in ALL_TILES)
_PLACEMENTS = tuple(tuple(Placement(name, outer) for outer in range(7)) for name in _NAMES)


def _layout(
    hand: HandState,
) -> tuple[str | None, dict[str, tuple[Placement, ...]], dict[str, Any] | None]:
    """The opening tile and, per end, the tiles laid on it from the centre outward."""
    arms: dict[str, list[Placement]] = {end.value: [] for end in END_OF_SLOT}
    opening: str | None = None
    spinner: dict[str, Any] | None = None
    values = [-1, -1, -1, -1]
    for entry in hand.history:
        code = entry & 127
        if code in (DRAW, PASS):
            continue
        tile = code >> 2
        if opening is None:
            opening = _NAMES[tile]
            values[0], values[1] = ALL_TILES[tile].high, ALL_TILES[tile].low
            if hand.fives and IS_DOUBLE[tile]:
                spinner = {"tile": opening, "arm": None, "index": None}
                values[2] = values[3] = ALL_TILES[tile].high
            continue
        slot = code & 3
        outer = OTHER[tile * 7 + values[slot]]
        values[slot] = outer
        arm = END_OF_SLOT[slot].value
        arms[arm].append(_PLACEMENTS[tile][outer])
        if hand.fives and spinner is None and IS_DOUBLE[tile]:
            spinner = {"tile": _NAMES[tile], "arm": arm, "index": len(arms[arm]) - 1}
            values[2] = values[3] = outer  # its short sides, once open, show its number
    return opening, {arm: tuple(tiles) for arm, tiles in arms.items() if tiles}, spinner


def _legal_for(match: Match, hand: HandState, seat: int | None) -> tuple[dict[str, Any], ...]:
    if seat is None or match.turn != seat:
        return ()
    opening = hand.ends[0] < 0
    out = []
    for code in hand.legal_codes():
        if code == DRAW:
            out.append({"draw": True})
        elif code == PASS:
            out.append({"pass": True})
        else:
            move: dict[str, Any] = {"play": _NAMES[code >> 2]}
            if not opening:
                move["end"] = END_OF_SLOT[code & 3].value
            if hand.fives:
                move["scores"] = _count_after(hand, code)
            out.append(move)
    return tuple(out)


def _count_after(hand: HandState, code: int) -> int:
    """What this play would score at once under All Fives (shown on the spot it would fill)."""
    trial = hand.copy()
    trial.push(code)
    total = trial.count()
    return total if total % 5 == 0 else 0


def _result(match: Match, hand: HandState) -> dict[str, Any] | None:
    """At a hand's end (or a match ended by a count): every hand shown, with the points."""
    if not hand.result and not match.finished:
        return None
    return {
        "result": RESULT_NAMES[hand.result],
        "winners": list(hand.winners),
        "points": list(hand.points),
        "hands": [[str(t) for t in reversed(tiles_of(mask))] for mask in hand.hands],
    }
