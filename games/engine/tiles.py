"""Tiles of the double-six set, and the index tables the fast core is built on.

A tile is a value object (:class:`Tile`); inside the engine a tile is its index 0..27 and a set of
tiles is a 28-bit mask, so that "which tiles in this hand fit a 5" is one ``&``.

>>> Tile.parse("4-6")
Tile(6, 4)
>>> str(Tile(6, 4)), Tile(6, 4).pips, Tile(3, 3).is_double
('6-4', 10, True)
>>> len(ALL_TILES), ALL_TILES[0], ALL_TILES[-1]
(28, Tile(0, 0), Tile(6, 6))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .errors import InvalidTile

HIGHEST = 6
TILE_COUNT = 28


def _index(high: int, low: int) -> int:
    return high * (high + 1) // 2 + low


class Tile:
    """One tile, written high half first. Instances are interned: ``Tile(6, 4) is Tile(4, 6)``."""

    __slots__ = ("high", "index", "low")
    high: int
    low: int
    index: int

    def __new__(cls, a: int, b: int) -> Tile:
        if not (isinstance(a, int) and isinstance(b, int)) or isinstance(a, bool):
            raise InvalidTile(f"a tile has two whole numbers, not {a!r} and {b!r}")
        if not (0 <= a <= HIGHEST and 0 <= b <= HIGHEST):
            raise InvalidTile(f"{a}-{b} is not a double-six tile")
        high, low = (a, b) if a >= b else (b, a)
        return ALL_TILES[_index(high, low)]

    @classmethod
    def _make(cls, high: int, low: int) -> Tile:
        tile = object.__new__(cls)
        object.__setattr__(tile, "high", high)
        object.__setattr__(tile, "low", low)
        object.__setattr__(tile, "index", _index(high, low))
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.high, self.low))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"6-4"`` (or ``"4-6"``, or ``"6:4"``).

        >>> Tile.parse("0-0").is_double
        True
        >>> Tile.parse("7-1")
        Traceback (most recent call last):
        ...
        games.engine.errors.InvalidTile: 7-1 is not a double-six tile

        Digits are ASCII ones (Python's ``int`` would also read other scripts' digits):

        >>> Tile.parse("\u0666-\u0664")
        Traceback (most recent call last):
        ...
        games.engine.errors.InvalidTile: a tile is written like 6-4, not '\u0666-\u0664'
        """
        if not isinstance(text, str):
            raise InvalidTile(f"a tile is written like 6-4, not {text!r}")
        parts = text.replace(":", "-").split("-")
        if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            raise InvalidTile(f"a tile is written like 6-4, not {text!r}")
        a, b = (int(p) for p in parts)
        if not (0 <= a <= HIGHEST and 0 <= b <= HIGHEST):
            raise InvalidTile(f"{text} is not a double-six tile")
        return cls(a, b)

    @classmethod
    def from_index(cls, index: int) -> Tile:
        return ALL_TILES[index]

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def has(self, number: int) -> bool:
        return number in (self.high, self.low)

    def __iter__(self) -> Iterator[int]:
        yield self.high
        yield self.low

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __str__(self) -> str:
        return NAMES[self.index]

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"


ALL_TILES: tuple[Tile, ...] = tuple(
    Tile._make(high, low) for high in range(HIGHEST + 1) for low in range(high + 1)
)
#: Each tile's name by index, written once: views spell every tile of every update.
NAMES: tuple[str, ...] = tuple(f"{tile.high}-{tile.low}" for tile in ALL_TILES)

# --- the fast representation --------------------------------------------------------------
#: ``BIT[i]`` is the mask of tile ``i`` alone.
BIT: tuple[int, ...] = tuple(1 << i for i in range(TILE_COUNT))
#: ``SUIT[n]`` is the mask of the seven tiles that show ``n``.
SUIT: tuple[int, ...] = tuple(
    sum(BIT[t.index] for t in ALL_TILES if t.has(n)) for n in range(HIGHEST + 1)
)
PIPS: tuple[int, ...] = tuple(t.pips for t in ALL_TILES)
HIGH: tuple[int, ...] = tuple(t.high for t in ALL_TILES)
LOW: tuple[int, ...] = tuple(t.low for t in ALL_TILES)
IS_DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in ALL_TILES)
#: ``OTHER[i * 7 + n]`` is the half of tile ``i`` left showing when its ``n`` half is matched,
#: or -1 when tile ``i`` does not show ``n``.
OTHER: tuple[int, ...] = tuple(
    (t.low if n == t.high else t.high) if t.has(n) else -1 for t in ALL_TILES for n in range(7)
)
FULL_SET = (1 << TILE_COUNT) - 1


def _subsets(mask: int) -> list[int]:
    subsets = [0]
    for i in range(TILE_COUNT):
        if mask >> i & 1:
            subsets += [subset | BIT[i] for subset in subsets]
    return subsets


#: ``PLAYS[slot][fits]``: the play codes (``tile * 4 + slot``) of the tiles in ``fits``, lowest
#: tile first, for every set of tiles that show one number (the tiles of a hand that fit an end):
#: a hand's plays on an end are one lookup instead of a loop over its bits.
PLAYS: tuple[dict[int, tuple[int, ...]], ...] = tuple(
    {
        fits: tuple(i << 2 | slot for i in range(TILE_COUNT) if fits >> i & 1)
        for suit in SUIT
        for fits in _subsets(suit)
    }
    for slot in range(4)
)


def indices(mask: int) -> list[int]:
    """Tile indices in a mask, lowest first.

    >>> indices(BIT[3] | BIT[27])
    [3, 27]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(tiles: Iterable[Tile]) -> int:
    mask = 0
    for tile in tiles:
        mask |= BIT[tile.index]
    return mask


def tiles_of(mask: int) -> list[Tile]:
    """The tiles of a mask, lowest index first."""
    return [ALL_TILES[i] for i in indices(mask)]


def _quarter_pips(shift: int) -> tuple[int, ...]:
    return tuple(sum(PIPS[shift + i] for i in range(7) if mask >> i & 1) for mask in range(1 << 7))


#: The pips of each 7-tile quarter of a mask, by table: a hand's pips are four lookups, paid
#: at the end of every simulated hand, not a loop over its tiles.
_Q0, _Q1, _Q2, _Q3 = (_quarter_pips(shift) for shift in (0, 7, 14, 21))


def pips_of(mask: int) -> int:
    """The pips of the tiles in a mask.

    >>> pips_of(BIT[Tile(6, 6).index] | BIT[Tile(1, 0).index])
    13
    """
    return _Q0[mask & 127] + _Q1[mask >> 7 & 127] + _Q2[mask >> 14 & 127] + _Q3[mask >> 21]
