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

#: Quick random deals tried before the exhaustive search.
ATTEMPTS = 8
#: Nodes the exhaustive search may visit (it needs far fewer: the tightest tiles go first).
SEARCH_NODES = 20_000


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
        dealt = (
            self._greedy(rng, respect_voids=True)
            or self._search(rng)
            # Only if the voids admit no deal at all (they are deduced soundly, so never in
            # play): the counts alone.
            or self._greedy(rng, respect_voids=False)
        )
        assert dealt is not None
        hands, boneyard = dealt
        hands[knowledge.seat] = knowledge.own
        state = knowledge.public.copy()
        state.hands = hands
        state.boneyard = boneyard
        state.drawn = 0
        return state

    def _greedy(
        self, rng: random.Random, *, respect_voids: bool
    ) -> tuple[list[int], tuple[int, ...]] | None:
        """Shuffle, then let each seat, the most constrained first, take the first tiles it
        may hold. Fast, and almost always enough."""
        knowledge, unseen, uniform = self._knowledge, self._unseen, rng.random
        for _ in range(ATTEMPTS):
            for i in range(len(unseen) - 1, 0, -1):
                j = int(uniform() * (i + 1))
                unseen[i], unseen[j] = unseen[j], unseen[i]
            free = knowledge.unseen
            hands = [0] * knowledge.rules.seats
            for seat in self._order:
                allowed = free & ~NUMBER_TILES[knowledge.voids[seat]] if respect_voids else free
                need, mask = knowledge.counts[seat], 0
                for tile in unseen:
                    if not need:
                        break
                    if allowed >> tile & 1:
                        mask |= BIT[tile]
                        need -= 1
                if need:
                    break
                hands[seat] = mask
                free &= ~mask
            else:
                return hands, tuple(tile for tile in unseen if free >> tile & 1)
        return None

    def _search(self, rng: random.Random) -> tuple[list[int], tuple[int, ...]] | None:
        """Backtracking over the tiles, the fewest possible holders first: finds a deal that
        respects every void whenever one exists (the boneyard may hold any tile)."""
        knowledge = self._knowledge
        boneyard = knowledge.rules.seats  # the holder index past the last seat
        capacity = list(knowledge.counts) + [
            len(self._unseen) - sum(knowledge.counts[s] for s in self._order)
        ]
        holders_of = {
            tile: [s for s in self._order if not NUMBER_TILES[knowledge.voids[s]] >> tile & 1]
            + [boneyard]
            for tile in self._unseen
        }
        tiles = sorted(self._unseen, key=lambda tile: (len(holders_of[tile]), rng.random()))
        holder_of: dict[int, int] = {}
        budget = [SEARCH_NODES]

        def place(i: int) -> bool:
            if i == len(tiles):
                return True
            budget[0] -= 1
            if budget[0] < 0:
                return False
            tile = tiles[i]
            options = [h for h in holders_of[tile] if capacity[h]]
            rng.shuffle(options)
            for holder in options:
                capacity[holder] -= 1
                holder_of[tile] = holder
                if place(i + 1):
                    return True
                capacity[holder] += 1
            return False

        if not place(0):
            return None
        hands = [0] * knowledge.rules.seats
        for tile, holder in holder_of.items():
            if holder != boneyard:
                hands[holder] |= BIT[tile]
        piles = [tile for tile in tiles if holder_of[tile] == boneyard]
        rng.shuffle(piles)
        return hands, tuple(piles)
