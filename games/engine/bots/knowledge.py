"""What one seat knows, read from its view alone, in the fast representation.

A bot never sees the state: it rebuilds the public table from the view's history, counts the
tiles it cannot see, and deduces from passes and draws which numbers each rival lacks.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import HandState
from ..moves import DRAW, encode
from ..rules import Rules
from ..tiles import BIT, FULL_SET, SUIT
from ..view import SeatView


def _tiles_showing(numbers: int) -> int:
    mask = 0
    for number in range(7):
        if numbers >> number & 1:
            mask |= SUIT[number]
    return mask


#: ``NUMBER_TILES[m]``: the tiles showing any number of the number mask ``m`` (bit n: n).
NUMBER_TILES: tuple[int, ...] = tuple(_tiles_showing(m) for m in range(128))


@dataclass(slots=True)
class Knowledge:
    """One seat's knowledge of the hand in play."""

    rules: Rules
    seat: int
    own: int
    unseen: int
    voids: list[int]
    counts: list[int]
    public: HandState
    legal: list[int]
    scores: list[int]
    #: A hand whose opening tile the rules chose, not the opener (the first of a match).
    forced_opening: bool

    @classmethod
    def from_view(cls, view: SeatView) -> Knowledge:
        if view.seat is None or view.turn != view.seat:
            raise ValueError("a bot is asked to move only on its own turn")
        # A seat to move has a hand dealt, so an opener.
        assert view.opener is not None
        rules = view.rules
        codes = [encode(entry.move) for entry in view.history]
        draws = sum(1 for code in codes if code == DRAW)
        public = HandState.public(
            rules,
            opener=view.opener,
            boneyard_size=view.boneyard + draws,
            number=view.hand_number,
        )
        voids = [0] * rules.seats
        played = 0
        for entry, code in zip(view.history, codes, strict=True):
            if code >= DRAW:
                stuck_on = 0
                for slot in public.open_slots:
                    stuck_on |= 1 << public.ends[slot]
                seat = entry.seat
                # After drawing while stuck, every tile held lacks these numbers, but tiles
                # drawn now may show numbers it lacked before: only the new void is certain.
                voids[seat] = stuck_on if code == DRAW else voids[seat] | stuck_on
            else:
                played |= BIT[code >> 2]
            public.push(code)
        own = 0
        for tile in view.hand:
            own |= BIT[tile.index]
        unseen = FULL_SET & ~played & ~own
        return cls(
            rules=rules,
            seat=view.seat,
            own=own,
            unseen=unseen,
            voids=voids,
            counts=list(view.counts),
            public=public,
            legal=[encode(option.move) for option in view.legal],
            scores=list(view.scores),
            forced_opening=rules.forced_opening(view.hand_number),
        )

    def lacks(self, seat: int, number: int) -> bool:
        return bool(self.voids[seat] >> number & 1)

    def candidates(self, seat: int) -> int:
        """Unseen tiles ``seat`` may hold, given the numbers it is known to lack."""
        return self.unseen & ~NUMBER_TILES[self.voids[seat]]
