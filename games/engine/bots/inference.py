"""How likely the other seats' past plays were under a dealt guess at their hands.

Voids (a pass, a draw) say what a seat cannot hold; a play says more softly what it probably
did not hold. A seat that laid 6-5 on a 6 while holding 6-6 passed over its heaviest tile and a
double, which players rarely do, so a guessed deal that gives it 6-6 then is less likely than
one that does not. Master weighs each deal it samples by the product, over the other seats'
plays in this hand (partner included: that is how it reads its partner), of the chance that the
play was chosen among the tiles the seat held then that fit, under a simple model of a player:
a softmax over each fitting tile's pips, doubles weighing extra.

A seat's hand at an earlier play is its dealt hand now plus the tiles it played since; a seat
that drew since then may have held less, so such plays are not read (a draw game's plays before
a draw say nothing certain about the tiles drawn after).

>>> from games.engine.tiles import Tile
>>> six_six, six_five = Tile(6, 6).index, Tile(6, 5).index
>>> round(choice_chance(six_five, 1 << six_five | 1 << six_six), 3)
0.148
>>> choice_chance(six_five, 1 << six_five)
1.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..hand import HandState
from ..moves import DRAW, PASS
from ..tiles import BIT, FULL_SET, IS_DOUBLE, PIPS, SUIT, TILE_COUNT
from .knowledge import Knowledge

#: How sharply the modelled player prefers heavy tiles: each pip multiplies a tile's odds by
#: e^0.35 (about 1.4); a double counts 4 pips more. Gentle on purpose: people and bots differ.
SHARPNESS = 0.35
DOUBLE_EXTRA = 4
#: Each tile's unnormalised chance of being chosen.
APPEAL: tuple[float, ...] = tuple(
    math.exp(SHARPNESS * (PIPS[t] + DOUBLE_EXTRA * IS_DOUBLE[t])) for t in range(TILE_COUNT)
)


def choice_chance(tile: int, options: int) -> float:
    """The chance that the modelled player lays ``tile`` when the tiles of ``options`` fit."""
    total = 0.0
    while options:
        low = options & -options
        total += APPEAL[low.bit_length() - 1]
        options ^= low
    return APPEAL[tile] / total


@dataclass(frozen=True, slots=True)
class Observation:
    """Seat ``seat`` laid ``tile`` where the tiles of ``fits`` fitted; ``since`` holds the
    tiles it laid afterwards."""

    seat: int
    tile: int
    fits: int
    since: int


class Reader:
    """The plays of one hand worth reading, worked out once per decision from the knowledge."""

    __slots__ = ("observations",)

    def __init__(self, knowledge: Knowledge) -> None:
        public = knowledge.public
        replay = HandState.public(
            knowledge.rules,
            opener=public.opener,
            boneyard_size=len(public.boneyard),
            number=public.number,
        )
        moves = [(entry >> 7, entry & 127) for entry in public.history]
        found: list[tuple[int, int, int, int]] = []  # seat, tile, fits, index
        for index, (seat, code) in enumerate(moves):
            readable = code < DRAW and seat != knowledge.seat
            if readable and not (index == 0 and knowledge.forced_opening):
                found.append((seat, code >> 2, _fitting(replay), index))
            replay.push(code)
        observations = []
        for seat, tile, fits, index in found:
            later = [code for who, code in moves[index + 1 :] if who == seat]
            if DRAW in later:
                continue
            since = 0
            for code in later:
                if code != PASS:
                    since |= BIT[code >> 2]
            observations.append(Observation(seat, tile, fits, since))
        self.observations = tuple(observations)

    def weight(self, hands: list[int]) -> float:
        """The chance of the plays read, had the other seats held ``hands`` (now)."""
        chance = 1.0
        for seen in self.observations:
            held = hands[seen.seat] | seen.since | BIT[seen.tile]
            chance *= choice_chance(seen.tile, held & seen.fits)
        return chance


def _fitting(state: HandState) -> int:
    """The tiles that fit an open end (every tile before the opening)."""
    if state.ends[0] < 0:
        return FULL_SET
    fits = 0
    for slot in state.open_slots:
        fits |= SUIT[state.ends[slot]]
    return fits
