"""Deals: who holds which tiles and the boneyard's order.

A deal is one ordering of the 28 tiles: seat 0's hand, then seat 1's, ..., then the boneyard
(``boneyard[0]`` is drawn first). In Block the boneyard is the set-aside tiles, never drawn.

>>> rules = Rules.for_preset("classic", seats=2)
>>> deal = Deal.from_seed(rules, "example")
>>> [len(hand) for hand in deal.hands], len(deal.boneyard)
([7, 7], 14)
>>> Deal.from_seed(rules, "example") == deal
True
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import InvalidDeal, InvalidTile
from .rules import Rules
from .tiles import ALL_TILES, BIT, TILE_COUNT, Tile

_EVERY_INDEX = frozenset(range(TILE_COUNT))
#: Fisher-Yates' steps: each position from the last down, with the count of positions to draw from.
_SHUFFLE_STEPS = tuple((i, i + 1) for i in range(TILE_COUNT - 1, 0, -1))


class Deal:
    """Hands and boneyard for ``seats`` seats of ``tiles_each`` tiles, as one tile order."""

    __slots__ = ("order", "seats", "tiles_each")
    seats: int
    tiles_each: int
    order: tuple[int, ...]

    def __init__(self, seats: int, tiles_each: int, order: tuple[int, ...]) -> None:
        if len(order) != TILE_COUNT or set(order) != _EVERY_INDEX:
            raise InvalidDeal("a deal holds each of the 28 tiles exactly once")
        if seats * tiles_each > TILE_COUNT:
            raise InvalidDeal(f"{seats} hands of {tiles_each} need more than 28 tiles")
        self.seats, self.tiles_each, self.order = seats, tiles_each, tuple(order)

    @classmethod
    def _trusted(cls, seats: int, tiles_each: int, order: list[int]) -> Deal:
        # For orders that are a permutation by construction (shuffles): skips the checks.
        deal = cls.__new__(cls)
        deal.seats, deal.tiles_each, deal.order = seats, tiles_each, tuple(order)
        return deal

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return (self.seats, self.tiles_each, self.order) == (
            other.seats,
            other.tiles_each,
            other.order,
        )

    def __hash__(self) -> int:
        return hash((self.seats, self.tiles_each, self.order))

    def __repr__(self) -> str:
        return f"Deal(seats={self.seats}, tiles_each={self.tiles_each}, order={self.order})"

    @classmethod
    def shuffled(cls, rules: Rules, rng: random.Random) -> Deal:
        """A deal from any random generator (simulations, tests); live games use :meth:`secure`.

        Fisher-Yates on ``rng.random()``, cheaper than ``rng.shuffle`` (bench/RESULTS.md,
        "Measured by hand"), which matters to bots that deal thousands of simulated hands.
        """
        order = list(range(TILE_COUNT))
        uniform = rng.random
        for i, choices in _SHUFFLE_STEPS:
            j = int(uniform() * choices)
            order[i], order[j] = order[j], order[i]
        return cls._trusted(rules.seats, rules.tiles_each, order)

    @classmethod
    def from_seed(cls, rules: Rules, seed: str) -> Deal:
        """The deal a seed determines: a Fisher-Yates shuffle driven by SHA-256(seed, counter).

        Portable on purpose: anyone given the seed can check the deal (provably fair play).
        """
        order = list(range(TILE_COUNT))
        stream = _Sha256Stream(seed)
        for i in range(TILE_COUNT - 1, 0, -1):
            j = stream.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return cls._trusted(rules.seats, rules.tiles_each, order)

    @classmethod
    def secure(cls, rules: Rules) -> tuple[Deal, str]:
        """A deal from a fresh cryptographically secure seed, returned with the seed."""
        seed = new_seed()
        return cls.from_seed(rules, seed), seed

    @classmethod
    def from_hands(
        cls, rules: Rules, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]
    ) -> Deal:
        if len(hands) != rules.seats:
            raise InvalidDeal(f"{rules.seats} seats need {rules.seats} hands, not {len(hands)}")
        for seat, hand in enumerate(hands):
            if len(hand) != rules.tiles_each:
                raise InvalidDeal(
                    f"seat {seat} holds {len(hand)} tiles instead of {rules.tiles_each}"
                )
        order = [tile.index for hand in hands for tile in hand] + [t.index for t in boneyard]
        seen = 0
        for index in order:
            if seen & BIT[index]:
                raise InvalidDeal(f"{ALL_TILES[index]} is dealt twice")
            seen |= BIT[index]
        if len(order) != TILE_COUNT:
            raise InvalidDeal(f"a deal holds all 28 tiles, not {len(order)}")
        return cls(rules.seats, rules.tiles_each, tuple(order))

    @classmethod
    def from_record(cls, rules: Rules, data: object) -> Deal:
        """Read ``{"hands": [["6-6", ...], ...], "boneyard": [...]}``."""
        if not isinstance(data, Mapping):
            raise InvalidDeal("a deal is an object with hands and boneyard")
        hands, boneyard = data.get("hands"), data.get("boneyard")
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise InvalidDeal("a deal's hands are a list of lists of tiles")
        if not isinstance(boneyard, list):
            raise InvalidDeal("a deal's boneyard is a list of tiles")
        try:
            return cls.from_hands(
                rules,
                [[Tile.parse(text) for text in hand] for hand in hands],
                [Tile.parse(text) for text in boneyard],
            )
        except InvalidTile as error:
            raise InvalidDeal(str(error)) from None

    def to_record(self) -> dict[str, Any]:
        return {
            "hands": [[str(tile) for tile in hand] for hand in self.hands],
            "boneyard": [str(tile) for tile in self.boneyard],
        }

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        k = self.tiles_each
        return tuple(
            tuple(ALL_TILES[i] for i in self.order[s * k : (s + 1) * k]) for s in range(self.seats)
        )

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        return tuple(ALL_TILES[i] for i in self.order[self.seats * self.tiles_each :])

    @property
    def boneyard_indices(self) -> tuple[int, ...]:
        return self.order[self.seats * self.tiles_each :]

    def lot(self) -> int:
        """``first_opener: lot``: the seat that opens, drawn by the deal's own shuffle, so the
        record (and the fair deal's seed) reproduces it. Seat 0's first ``seats`` tiles in the
        deal's order stand for the seats in seat order; the highest names the opener. The order
        of a hand's tiles is uniformly random and independent of which tiles anyone holds, so
        every seat is equally likely and the draw tells nobody anything (docs/rules.md#lot).

        >>> first = [Tile(2, 1), Tile(6, 0), Tile(0, 0), Tile(5, 5)]  # 6-0 is the highest
        >>> rest = [tile for tile in ALL_TILES if tile not in first]
        >>> Deal(4, 7, tuple(tile.index for tile in first + rest)).lot()
        1
        """
        drawn = self.order[: self.seats]
        return drawn.index(max(drawn))

    def hand_masks(self) -> list[int]:
        """The fast core's hands: one 28-bit mask a seat."""
        k, order, bit = self.tiles_each, self.order, BIT.__getitem__
        # The bits of distinct tiles never carry, so their sum is their union.
        return [sum(map(bit, order[start : start + k])) for start in range(0, self.seats * k, k)]


def new_seed() -> str:
    """256 bits from the operating system's secure generator, as hex."""
    return secrets.token_hex(32)


class _Sha256Stream:
    """Unbiased integers below a bound from SHA-256 in counter mode."""

    __slots__ = ("_buffer", "_counter", "_seed")

    def __init__(self, seed: str) -> None:
        self._seed = seed.encode()
        self._counter = 0
        self._buffer = b""

    def _word(self) -> int:
        if len(self._buffer) < 4:
            block = self._seed + b":" + str(self._counter).encode()
            self._buffer += hashlib.sha256(block).digest()
            self._counter += 1
        word, self._buffer = self._buffer[:4], self._buffer[4:]
        return int.from_bytes(word, "big")

    def below(self, bound: int) -> int:
        # Rejection sampling: the top of the 32-bit range that would favour small values is
        # thrown away, so every result is exactly equally likely.
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            word = self._word()
            if word < limit:
                return word % bound
