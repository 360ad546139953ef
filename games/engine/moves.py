"""Moves: value objects for the public face, small integers for the fast core.

A move is exactly one of :class:`Play`, :class:`Draw` and :class:`Pass`. Inside the engine a play
is ``tile_index * 4 + end`` and draw and pass are two codes past the plays.

>>> Play.parse("6-2", "right")
Play(tile=Tile(6, 2), end=<End.RIGHT: 'right'>)
>>> decode(encode(Play.parse("6-2", "right")), opening=False)
Play(tile=Tile(6, 2), end=<End.RIGHT: 'right'>)
>>> decode(DRAW, opening=False), decode(PASS, opening=False)
(Draw(), Pass())

A move's JSON form (what views, records and the page spell) is its ``to_json()``, read back by
:func:`move_from_json`; a record's move adds the seat (:func:`move_to_record`).

>>> Play.parse("6-2", "right").to_json(), Draw().to_json()
({'play': '6-2', 'end': 'right'}, {'draw': True})
>>> move_from_json({"play": "6-2", "end": "right"}) == Play.parse("6-2", "right")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache

from .errors import InvalidMove, InvalidTile
from .tiles import ALL_TILES, NAMES, Tile


class End(StrEnum):
    """An open end of the line. ``up`` and ``down`` exist only on an All Fives spinner."""

    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"

    @property
    def slot(self) -> int:
        return _END_SLOTS[self]


_END_SLOTS = {End.LEFT: 0, End.RIGHT: 1, End.UP: 2, End.DOWN: 3}
END_OF_SLOT: tuple[End, ...] = (End.LEFT, End.RIGHT, End.UP, End.DOWN)
#: Plain text of each end (``End.value`` is a slower property lookup, paid per play shown).
_END_NAMES = {end: end.value for end in End}


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``tile`` on ``end``; the opening play of a hand names no end."""

    tile: Tile
    end: End | None = None

    @classmethod
    def parse(cls, tile: str, end: str | None = None) -> Play:
        if end is None:
            return cls(Tile.parse(tile))
        try:
            return cls(Tile.parse(tile), End(end))
        except ValueError:
            raise InvalidMove(f"{end!r} is not an end (left, right, up or down)") from None

    def __str__(self) -> str:
        return f"{self.tile}" if self.end is None else f"{self.tile} {self.end}"

    def to_json(self) -> dict[str, str | bool]:
        if self.end is None:
            return {"play": NAMES[self.tile.index]}
        return {"play": NAMES[self.tile.index], "end": _END_NAMES[self.end]}


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the next tile from the boneyard."""

    def __str__(self) -> str:
        return "draw"

    def to_json(self) -> dict[str, str | bool]:
        return {"draw": True}


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the turn go by."""

    def __str__(self) -> str:
        return "pass"

    def to_json(self) -> dict[str, str | bool]:
        return {"pass": True}


Move = Play | Draw | Pass

DRAW = 112
PASS = 113


def encode(move: Move) -> int:
    """The core's code of a move (an opening play is coded on the left slot)."""
    match move:
        case Play(tile=tile, end=end):
            return tile.index << 2 | (0 if end is None else end.slot)
        case Draw():
            return DRAW
        case Pass():
            return PASS
    raise TypeError(f"not a move: {move!r}")


def decode(code: int, *, opening: bool) -> Move:
    if opening and code < DRAW:
        return _OPENINGS[code >> 2]
    return _DECODED[code]


#: Every move as a value, made once (moves are immutable): a view decodes every legal move and
#: every history entry of every update.
_DECODED: tuple[Move, ...] = (
    *(Play(ALL_TILES[code >> 2], END_OF_SLOT[code & 3]) for code in range(DRAW)),
    Draw(),
    Pass(),
)
_OPENINGS = tuple(Play(tile) for tile in ALL_TILES)


_KINDS = ("play", "draw", "pass")
_MOVE_KEYS = frozenset({*_KINDS, "end"})


def move_from_json(data: object) -> Move:
    """Read a move as ``to_json()`` spells it, or raise :class:`InvalidMove` saying why."""
    if not isinstance(data, Mapping):
        raise InvalidMove("a move is an object with one of play, draw, pass")
    unknown = set(data) - _MOVE_KEYS
    if unknown:
        raise InvalidMove(f"a move has no {sorted(unknown)[0]!r}")
    kinds = [key for key in _KINDS if key in data]
    if len(kinds) != 1:
        raise InvalidMove("a move is exactly one of play, draw and pass")
    if "end" in data and kinds != ["play"]:
        raise InvalidMove("only a play names an end")
    if kinds == ["play"]:
        end = data.get("end")
        if end is not None and not isinstance(end, str):
            raise InvalidMove(f"{end!r} is not an end (left, right, up or down)")
        try:
            return Play.parse(data["play"], end)
        except InvalidTile as error:
            raise InvalidMove(str(error)) from None
    if data[kinds[0]] is not True:
        raise InvalidMove(f'a {kinds[0]} is written "{kinds[0]}": true')
    return Draw() if kinds == ["draw"] else Pass()


def move_to_record(seat: int, move: Move) -> dict[str, object]:
    """``{"seat": 1, "play": "6-2", "end": "right"}`` and the like.

    >>> move_to_record(1, Play.parse("6-2", "right"))
    {'seat': 1, 'play': '6-2', 'end': 'right'}
    """
    return {"seat": seat, **move.to_json()}


def move_from_record(data: object) -> tuple[int, Move]:
    """Read ``{"seat": 1, "play": "6-2", "end": "right"}``, ``{"seat": 0, "draw": true}``..."""
    if not isinstance(data, Mapping):
        raise InvalidMove("a move is an object with a seat and one of play, draw, pass")
    unknown = set(data) - _MOVE_KEYS - {"seat"}
    if unknown:
        raise InvalidMove(f"a move has no {sorted(unknown)[0]!r}")
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise InvalidMove("a move names its seat with a number")
    return seat, move_from_json({key: value for key, value in data.items() if key != "seat"})


@dataclass(frozen=True, slots=True)
class Entry:
    """One move of a hand's history with its seat (a draw does not name the tile)."""

    seat: int
    move: Move
    _record: dict[str, object] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Entries are made once per code (entry_of), so each spells its record once; every
        # caller gets a copy.
        object.__setattr__(self, "_record", move_to_record(self.seat, self.move))

    def to_json(self) -> dict[str, object]:
        return dict(self._record)


def history_to_record(history: list[int]) -> list[dict[str, object]]:
    """A hand's moves as a record spells them."""
    return [entry_of(code, i == 0).to_json() for i, code in enumerate(history)]


@cache
def entry_of(code: int, opening: bool) -> Entry:
    """One history code (``seat << 7 | move code``) as its entry, made once: a hand's history
    is spelled out at every update of its table."""
    return Entry(code >> 7, decode(code & 127, opening=opening))
