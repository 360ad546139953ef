"""Moves: value objects for the public face, small integers for the fast core.

A move is exactly one of :class:`Play`, :class:`Draw` and :class:`Pass`. Inside the engine a play
is ``tile_index * 4 + end`` and draw and pass are two codes past the plays.

>>> Play.parse("6-2", "right")
Play(tile=Tile(6, 2), end=<End.RIGHT: 'right'>)
>>> decode(encode(Play.parse("6-2", "right")), opening=False)
Play(tile=Tile(6, 2), end=<End.RIGHT: 'right'>)
>>> decode(DRAW, opening=False), decode(PASS, opening=False)
(Draw(), Pass())
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .errors import IllegalMove
from .tiles import ALL_TILES, Tile


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
            raise IllegalMove(f"{end!r} is not an end (left, right, up or down)") from None

    def __str__(self) -> str:
        return f"{self.tile}" if self.end is None else f"{self.tile} {self.end}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the next tile from the boneyard."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the turn go by."""

    def __str__(self) -> str:
        return "pass"


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
    if code == DRAW:
        return Draw()
    if code == PASS:
        return Pass()
    tile = ALL_TILES[code >> 2]
    return Play(tile) if opening else Play(tile, END_OF_SLOT[code & 3])


def move_to_record(seat: int, move: Move) -> dict[str, Any]:
    """``{"seat": 1, "play": "6-2", "end": "right"}`` and the like.

    >>> move_to_record(1, Play.parse("6-2", "right"))
    {'seat': 1, 'play': '6-2', 'end': 'right'}
    """
    match move:
        case Play(tile=tile, end=None):
            return {"seat": seat, "play": str(tile)}
        case Play(tile=tile, end=end):
            return {"seat": seat, "play": str(tile), "end": end.value}
        case Draw():
            return {"seat": seat, "draw": True}
        case Pass():
            return {"seat": seat, "pass": True}
    raise TypeError(f"not a move: {move!r}")
