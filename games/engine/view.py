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

The view holds the engine's own values (:class:`Tile`, moves, :class:`Rules`); its one spelling
as JSON, the state every connection is sent, is :meth:`SeatView.to_json`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .bonuses import Bonus
from .deal import Deal
from .hand import RESULT_NAMES, HandState
from .moves import DRAW, END_OF_SLOT, PASS, End, Entry, Move, decode, entry_of
from .rules import Rules
from .tiles import ALL_TILES, IS_DOUBLE, NAMES, OTHER, Tile, tiles_of


class MatchState(Protocol):
    """What a view reads of a match. :class:`~games.engine.match.Match` is the one kind; it is
    named by its shape so that this module needs nothing of ``match.py``, which imports it."""

    @property
    def rules(self) -> Rules: ...
    @property
    def _hand(self) -> HandState | None: ...
    @property
    def deals(self) -> Sequence[Deal]: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def scores(self) -> Sequence[int]: ...
    @property
    def hand_wins(self) -> Sequence[int]: ...
    @property
    def finished(self) -> bool: ...
    @property
    def winners(self) -> tuple[int, ...]: ...


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile on the table: ``outer`` is the number it shows away from the centre."""

    tile: Tile
    outer: int

    def to_json(self) -> dict[str, Any]:
        return {"tile": NAMES[self.tile.index], "outer": self.outer}


@dataclass(frozen=True, slots=True)
class Spinner:
    """All Fives: the first double, open on all four sides. ``arm`` and ``index`` place it on
    the table (both None: it is the opening tile)."""

    tile: Tile
    arm: End | None
    index: int | None

    def to_json(self) -> dict[str, Any]:
        arm = None if self.arm is None else self.arm.value
        return {"tile": str(self.tile), "arm": arm, "index": self.index}


@dataclass(frozen=True, slots=True)
class Legal:
    """A move the seat may make now; ``scores`` (All Fives plays only) is what it scores."""

    move: Move
    scores: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = self.move.to_json()
        if self.scores is not None:
            out["scores"] = self.scores
        return out


@dataclass(frozen=True, slots=True)
class Result:
    """How the hand ended (``result`` None: a count ended the match), every hand shown."""

    result: str | None
    winners: tuple[int, ...]
    points: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "winners": list(self.winners),
            "points": list(self.points),
            "hands": [_names(tiles) for tiles in self.hands],
        }


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat (``None``: a spectator) may know now, as the engine's values."""

    seat: int | None
    rules: Rules
    hand_number: int
    opener: int | None
    turn: int | None
    hand: tuple[Tile, ...]
    counts: tuple[int, ...]
    boneyard: int
    scores: tuple[int, ...]
    hand_points: tuple[int, ...]
    #: The bonus events of the hand so far, public as they happen (docs/rules.md#bonuses);
    #: their points are in ``hand_points``.
    bonuses: tuple[Bonus, ...]
    hand_wins: tuple[int, ...]
    opening: Tile | None
    arms: dict[End, tuple[Placement, ...]]
    ends: dict[End, int]
    spinner: Spinner | None
    count: int | None
    history: tuple[Entry, ...]
    legal: tuple[Legal, ...]
    result: Result | None
    finished: bool
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "rules": self.rules.to_record(),
            "hand_number": self.hand_number,
            "opener": self.opener,
            "turn": self.turn,
            "hand": _names(self.hand),
            "counts": list(self.counts),
            "boneyard": self.boneyard,
            "scores": list(self.scores),
            "hand_points": list(self.hand_points),
            "bonuses": [bonus.to_json() for bonus in self.bonuses],
            "hand_wins": list(self.hand_wins),
            "table": {
                "opening": None if self.opening is None else str(self.opening),
                **{arm.value: [p.to_json() for p in tiles] for arm, tiles in self.arms.items()},
            },
            "ends": {end.value: value for end, value in self.ends.items()},
            "spinner": None if self.spinner is None else self.spinner.to_json(),
            "count": self.count,
            "history": [entry.to_json() for entry in self.history],
            "legal": _legal_json(self.legal),
            "result": None if self.result is None else self.result.to_json(),
            "match": {
                "finished": self.finished,
                "winners": list(self.winners),
            },
        }


def view_for(match: MatchState, seat: int | None) -> SeatView:
    """The view of ``seat`` (or of a spectator, ``None``)."""
    rules = match.rules
    hand = match._hand
    if hand is None:
        return SeatView(
            seat=seat,
            rules=rules,
            hand_number=0,
            opener=None,
            turn=None,
            hand=(),
            counts=(0,) * rules.seats,
            boneyard=0,
            scores=tuple(match.scores),
            hand_points=(0,) * rules.sides,
            bonuses=(),
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
    ends = {END_OF_SLOT[slot]: hand.ends[slot] for slot in hand.open_slots if hand.ends[slot] >= 0}
    return SeatView(
        seat=seat,
        rules=rules,
        hand_number=len(match.deals) - 1,
        opener=hand.opener,
        turn=match.turn,
        hand=_own_tiles(hand, seat),
        counts=tuple(mask.bit_count() for mask in hand.hands),
        boneyard=len(hand.boneyard) - hand.drawn,
        scores=tuple(match.scores),
        hand_points=tuple(hand.points),
        bonuses=hand.events,
        hand_wins=tuple(match.hand_wins),
        opening=opening,
        arms=arms,
        ends=ends,
        spinner=spinner,
        count=hand.count() if hand.fives and opening else None,
        history=tuple(entry_of(code, i == 0) for i, code in enumerate(hand.history)),
        legal=_legal_for(match, hand, seat),
        result=_result(match, hand),
        finished=match.finished,
        winners=match.winners,
    )


#: The keys of a view (:meth:`SeatView.to_json`) that differ between seats: :func:`own_json`.
OWN_KEYS = ("seat", "hand", "legal")


def own_json(match: MatchState, seat: int | None) -> dict[str, Any]:
    """The part of ``seat``'s view that is its own: the seat, its tiles and its legal moves, as
    :meth:`SeatView.to_json` spells them. Every other key of a view is the same for every seat
    and for a spectator, so a server can build that part once for all of them.

    >>> import random
    >>> from games.engine import Deal, Match, Rules
    >>> match = Match(Rules.for_preset("draw", seats=2))
    >>> match.start_hand(Deal.shuffled(match.rules, random.Random(5)))
    >>> spectator = view_for(match, None).to_json()
    >>> {**spectator, **own_json(match, 1)} == view_for(match, 1).to_json()
    True
    """
    hand = match._hand
    if hand is None:
        return {"seat": seat, "hand": [], "legal": []}
    return {
        "seat": seat,
        "hand": _names(_own_tiles(hand, seat)),
        "legal": _legal_json(_legal_for(match, hand, seat)),
    }


def _names(tiles: tuple[Tile, ...]) -> list[str]:
    return [NAMES[tile.index] for tile in tiles]


def _hands(hand: HandState) -> tuple[tuple[Tile, ...], ...]:
    return tuple(_tiles(mask) for mask in hand.hands)


def _tiles(mask: int) -> tuple[Tile, ...]:
    """A hand's tiles as a view shows them, highest first."""
    return tuple(reversed(tiles_of(mask)))


def _legal_json(legal: tuple[Legal, ...]) -> list[dict[str, Any]]:
    return [option.to_json() for option in legal]


def _own_tiles(hand: HandState, seat: int | None) -> tuple[Tile, ...]:
    return () if seat is None else _tiles(hand.hands[seat])


#: Each tile as placed showing each number outward: made once, not at every update of every
#: table.
_PLACEMENTS = tuple(tuple(Placement(tile, outer) for outer in range(7)) for tile in ALL_TILES)


def _layout(
    hand: HandState,
) -> tuple[Tile | None, dict[End, tuple[Placement, ...]], Spinner | None]:
    """The opening tile and, per end, the tiles laid on it from the centre outward."""
    arms: dict[End, list[Placement]] = {end: [] for end in END_OF_SLOT}
    opening: Tile | None = None
    spinner: Spinner | None = None
    values = [-1, -1, -1, -1]
    for entry in hand.history:
        code = entry & 127
        if code in (DRAW, PASS):
            continue
        tile = code >> 2
        if opening is None:
            opening = ALL_TILES[tile]
            values[0], values[1] = opening.high, opening.low
            if hand.fives and IS_DOUBLE[tile]:
                spinner = Spinner(opening, None, None)
                values[2] = values[3] = opening.high
            continue
        slot = code & 3
        outer = OTHER[tile * 7 + values[slot]]
        values[slot] = outer
        arm = END_OF_SLOT[slot]
        arms[arm].append(_PLACEMENTS[tile][outer])
        if hand.fives and spinner is None and IS_DOUBLE[tile]:
            spinner = Spinner(ALL_TILES[tile], arm, len(arms[arm]) - 1)
            values[2] = values[3] = outer  # its short sides, once open, show its number
    return opening, {arm: tuple(tiles) for arm, tiles in arms.items() if tiles}, spinner


def _legal_for(match: MatchState, hand: HandState, seat: int | None) -> tuple[Legal, ...]:
    if seat is None or match.turn != seat:
        return ()
    opening = hand.ends[0] < 0
    return tuple(
        Legal(
            decode(code, opening=opening),
            _count_after(hand, code) if hand.fives and code < DRAW else None,
        )
        for code in hand.legal_codes()
    )


def _count_after(hand: HandState, code: int) -> int:
    """What this play would score at once under All Fives (shown on the spot it would fill)."""
    trial = hand.copy()
    trial.push(code)
    total = trial.count()
    return total if total % 5 == 0 else 0


def _result(match: MatchState, hand: HandState) -> Result | None:
    """At a hand's end (or a match ended by a count): every hand shown, with the points."""
    if not hand.result and not match.finished:
        return None
    return Result(
        result=RESULT_NAMES[hand.result],
        winners=tuple(hand.winners),
        points=tuple(hand.points),
        hands=_hands(hand),
    )


@dataclass(frozen=True, slots=True)
class Revealed:
    """The hand in play with nothing hidden: every seat's tiles and the undrawn boneyard, next
    tile first. For replaying a record and for audits; never sent to a seat in play."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    result: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "tiles": [_names(tiles) for tiles in self.hands],
            "boneyard": _names(self.boneyard),
            "result": self.result,
        }


def reveal(match: MatchState) -> Revealed | None:
    """Everything about the hand in play (None before the first deal)."""
    hand = match._hand
    if hand is None:
        return None
    return Revealed(
        hands=_hands(hand),
        boneyard=tuple(ALL_TILES[i] for i in hand.boneyard[hand.drawn :]),
        result=RESULT_NAMES[hand.result],
    )
