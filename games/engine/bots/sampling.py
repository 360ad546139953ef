"""Determinization: a full hand consistent with everything one seat knows.

The unseen tiles are dealt at random to the other seats (their exact counts, never a number a
seat is known to lack) and the rest go to the boneyard in random order. Only a bot's own
knowledge goes in, so a simulation can never use a tile the seat could not see.
"""

from __future__ import annotations

import random

from ..hand import HandState
from ..tiles import BIT, indices
from .knowledge import NUMBER_TILES, Knowledge

#: Deals tried with the deduced voids before falling back to counts alone (voids deduced from
#: a Single Draw can in rare cases leave no consistent deal of the exact counts).
ATTEMPTS = 24


class Sampler:
    """Deals hidden tiles for one decision; build once, deal as often as the budget allows."""

    __slots__ = ("_knowledge", "_order", "_unseen")

    def __init__(self, knowledge: Knowledge) -> None:
        self._knowledge = knowledge
        self._unseen = indices(knowledge.unseen)
        others = [s for s in range(knowledge.rules.seats) if s != knowledge.seat]
        # The most constrained seats first: they are the ones a random deal fails for.
        self._order = sorted(
            others, key=lambda s: knowledge.candidates(s).bit_count() - knowledge.counts[s]
        )

    def deal(self, rng: random.Random) -> HandState:
        """A full state: the public hand with hidden hands and boneyard dealt at random."""
        knowledge = self._knowledge
        unseen = self._unseen
        uniform = rng.random
        counts = knowledge.counts
        hands = [0] * knowledge.rules.seats
        for attempt in range(ATTEMPTS + 1):
            for i in range(len(unseen) - 1, 0, -1):
                j = int(uniform() * (i + 1))
                unseen[i], unseen[j] = unseen[j], unseen[i]
            free = knowledge.unseen
            dealt_all = True
            for seat in self._order:
                allowed = free
                if attempt < ATTEMPTS:
                    allowed &= ~NUMBER_TILES[knowledge.voids[seat]]
                need, mask = counts[seat], 0
                for tile in unseen:
                    if not need:
                        break
                    if allowed >> tile & 1:
                        mask |= BIT[tile]
                        need -= 1
                if need:
                    dealt_all = False
                    break
                hands[seat] = mask
                free &= ~mask
            if dealt_all:
                break
        hands[knowledge.seat] = knowledge.own
        state = knowledge.public.copy()
        state.hands = hands
        state.boneyard = tuple(tile for tile in unseen if free >> tile & 1)
        state.drawn = 0
        return state
