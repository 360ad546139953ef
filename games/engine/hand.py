"""One hand in play: the fast core that bots simulate and :class:`~games.engine.match.Match` wraps.

Hands are 28-bit masks, the table is four end values, moves are small integers
(:mod:`games.engine.moves`). :meth:`HandState.push` trusts its caller to pass one of
:meth:`HandState.legal_codes`; the checked, explained path is ``Match.apply``.

>>> from games.engine.rules import Rules
>>> from games.engine.deal import Deal
>>> import random
>>> rules = Rules.for_preset("draw", seats=2)
>>> hand = HandState.first(rules, Deal.shuffled(rules, random.Random(7)))
>>> rng = random.Random(1)
>>> while not hand.result:
...     hand.push(rng.choice(hand.legal_codes()))
>>> hand.result in (OUT, BLOCKED)
True
"""

from __future__ import annotations

from .bonuses import Bonus
from .deal import Deal
from .moves import DRAW, PASS
from .options import FirstOpener, NextOpener
from .rules import Rules
from .scoring import block_winners, end_bonuses, pase_corrido, pase_salida
from .tiles import (
    BIT,
    FULL_SET,
    HIGH,
    IS_DOUBLE,
    LOW,
    OTHER,
    PIPS,
    PLAYS,
    SUIT,
    TILE_COUNT,
    pips_of,
)

ONGOING, OUT, BLOCKED = 0, 1, 2
RESULT_NAMES = {ONGOING: None, OUT: "out", BLOCKED: "blocked"}

_LONG_SLOTS: tuple[int, ...] = (0, 1)
_ALL_SLOTS: tuple[int, ...] = (0, 1, 2, 3)
_LEFT, _RIGHT = PLAYS[0], PLAYS[1]
#: The doubles' tile indices in the order each first-opener rule looks for them.
_DOUBLE_ORDER = {
    opener: tuple(number * (number + 1) // 2 + number for number in numbers)
    for opener, numbers in (
        (FirstOpener.HIGHEST_DOUBLE, (6, 5, 4, 3, 2, 1, 0)),
        (FirstOpener.LOWEST_DOUBLE_FROM_ONE, (1, 2, 3, 4, 5, 6, 0)),
    )
}


def round_to_five(points: int) -> int:
    """All Fives rounding: remainders 0-2 go down, 3-4 go up.

    >>> round_to_five(12), round_to_five(13), round_to_five(15)
    (10, 15, 15)
    """
    return (points + 2) // 5 * 5


def first_hand_opening(rules: Rules, hands: list[int]) -> tuple[int, int]:
    """The seat that must open the first hand of a match, and the tile it must open with.

    The double the rules name first; with no double dealt, the heaviest tile (ties: the larger
    endpoint). Tiles left in the boneyard do not count.
    """
    for tile in _DOUBLE_ORDER[rules.first_opener]:
        bit = BIT[tile]
        for seat, mask in enumerate(hands):
            if mask & bit:
                return seat, tile
    dealt = [(PIPS[t], HIGH[t], t) for t in range(TILE_COUNT) if any(h & BIT[t] for h in hands)]
    tile = max(dealt)[2]
    return next(seat for seat, mask in enumerate(hands) if mask & BIT[tile]), tile


class HandState:
    """The full state of one hand, hidden tiles included. Never leaves the engine."""

    __slots__ = (
        "bonus",
        "boneyard",
        "doubles",
        "drawn",
        "drew",
        "ends",
        "events",
        "fives",
        "hands",
        "history",
        "last",
        "number",
        "nxt",
        "open_slots",
        "opener",
        "passes",
        "points",
        "required",
        "reserve",
        "result",
        "rules",
        "seats",
        "shorts",
        "side_of",
        "single_draw",
        "spinner",
        "spinner_long",
        "stuck_draws",
        "turn",
        "winners",
    )

    boneyard: tuple[int, ...]
    ends: list[int]
    events: tuple[Bonus, ...]
    hands: list[int]
    history: list[int]
    points: list[int]
    winners: tuple[int, ...]

    def __init__(
        self,
        rules: Rules,
        hands: list[int],
        boneyard: tuple[int, ...],
        *,
        opener: int,
        required: int,
        number: int = 0,
    ) -> None:
        """Start hand ``number`` of a match (0: the first) from hand masks and the boneyard's
        tile indices in drawing order: ``opener`` leads, with tile index ``required`` (or -1
        for any tile)."""
        self.rules = rules
        self.number = number
        # Bonus events are looked for only under rules that pay them: one flag a move.
        self.bonus = rules.scores_bonuses
        self.events = ()
        (
            self.seats,
            self.side_of,
            self.nxt,
            self.fives,
            self.stuck_draws,
            self.single_draw,
            self.reserve,
        ) = rules.hand_constants
        self.hands = hands
        self.boneyard = boneyard
        self.drawn = 0
        self.ends = [-1, -1, -1, -1]
        self.open_slots = _LONG_SLOTS
        self.turn = self.opener = opener
        self.required = required
        self.passes = 0
        self.drew = False
        self.last = -1
        self.history = []
        self.result = ONGOING
        self.winners = ()
        self.points = [0] * rules.sides
        self.spinner = -1
        self.spinner_long = 0
        self.doubles = 0
        self.shorts = 0

    @classmethod
    def dealt(cls, rules: Rules, deal: Deal, *, opener: int, number: int) -> HandState:
        """A later hand of a match: ``opener`` leads with any tile."""
        hands = deal.hand_masks()
        return cls(rules, hands, deal.boneyard_indices, opener=opener, required=-1, number=number)

    @classmethod
    def first(cls, rules: Rules, deal: Deal, *, number: int = 0) -> HandState:
        """A hand opened as the first of a match is (hand 0; every hand under ``next_opener:
        as_first``): its opener, and its opening tile unless by lot, are set by the rules."""
        hands = deal.hand_masks()
        if rules.first_opener is FirstOpener.LOT:
            opener, tile = deal.lot(), -1
        else:
            opener, tile = first_hand_opening(rules, hands)
        return cls(rules, hands, deal.boneyard_indices, opener=opener, required=tile, number=number)

    @classmethod
    def public(
        cls,
        rules: Rules,
        *,
        opener: int,
        boneyard_size: int,
        number: int = 0,
    ) -> HandState:
        """A hand whose tiles are placeholders, to follow the public part of a real one.

        Pushing the real hand's moves gives its table, turn, passes and counts; each hand holds
        every tile (so any play goes) and the boneyard is ``boneyard_size`` copies of tile 0. A
        simulation replaces both with tiles it deals before playing on.
        """
        hands = [FULL_SET] * rules.seats
        return cls(rules, hands, (0,) * boneyard_size, opener=opener, required=-1, number=number)

    def next_opener(self) -> int:
        """Who leads the hand after this finished one (docs/rules.md#later-hands)."""
        if self.rules.next_opener is NextOpener.ROTATE or not self.winners:
            return self.nxt[self.opener]
        if self.result == OUT:
            return self.last
        candidates = [s for s in range(self.seats) if self.side_of[s] in self.winners]
        return min(candidates, key=lambda s: (pips_of(self.hands[s]), s))

    def copy(self) -> HandState:
        """An independent copy, cheap enough to make before every simulated move."""
        twin = HandState.__new__(HandState)
        twin.rules, twin.seats, twin.side_of, twin.nxt = (
            self.rules,
            self.seats,
            self.side_of,
            self.nxt,
        )
        twin.fives, twin.stuck_draws, twin.single_draw = (
            self.fives,
            self.stuck_draws,
            self.single_draw,
        )
        twin.reserve, twin.boneyard, twin.drawn = self.reserve, self.boneyard, self.drawn
        twin.hands, twin.ends, twin.open_slots = self.hands[:], self.ends[:], self.open_slots
        twin.turn, twin.opener, twin.required = self.turn, self.opener, self.required
        twin.passes, twin.drew, twin.last = self.passes, self.drew, self.last
        twin.history, twin.result, twin.winners = self.history[:], self.result, self.winners
        twin.points, twin.spinner, twin.spinner_long = (
            self.points[:],
            self.spinner,
            self.spinner_long,
        )
        twin.doubles, twin.shorts = self.doubles, self.shorts
        twin.number, twin.bonus, twin.events = self.number, self.bonus, self.events
        return twin

    # --- moves ------------------------------------------------------------------------------
    def draw_possible(self) -> bool:
        """A stuck rule that draws, and more than ``reserve`` tiles left
        (docs/rules.md#no-draw-possible)."""
        return self.stuck_draws and len(self.boneyard) - self.drawn > self.reserve

    def playable_codes(self) -> list[int]:
        """The plays open to the seat to move (empty when it holds nothing that fits)."""
        codes = self.legal_codes()
        return [] if codes[0] >= DRAW else codes

    def legal_codes(self) -> list[int]:
        """Every legal move of the seat to move: its plays, else draw, else pass."""
        hand = self.hands[self.turn]
        ends = self.ends
        if ends[0] < 0:
            if self.required >= 0:
                return [self.required << 2]
            codes = []
            while hand:
                low = hand & -hand
                codes.append((low.bit_length() - 1) << 2)
                hand ^= low
        elif self.open_slots is _LONG_SLOTS:
            codes = [*_LEFT[hand & SUIT[ends[0]]], *_RIGHT[hand & SUIT[ends[1]]]]
        else:
            codes = []
            for slot in self.open_slots:
                codes += PLAYS[slot][hand & SUIT[ends[slot]]]
        if codes:
            return codes
        if self.draw_possible() and not (self.single_draw and self.drew):
            return [DRAW]
        return [PASS]

    def push(self, code: int) -> None:
        """Apply a legal move code for the seat to move."""
        seat = self.turn
        self.history.append(seat << 7 | code)
        if code < DRAW:
            tile = code >> 2
            left = self.hands[seat] ^ BIT[tile]
            self.hands[seat] = left
            ends = self.ends
            if ends[0] < 0:
                ends[0] = HIGH[tile]
                ends[1] = LOW[tile]
                if self.fives:
                    self._fives_opening(tile, seat)
            else:
                slot = code & 3
                ends[slot] = OTHER[tile * 7 + ends[slot]]
                if self.fives:
                    self._fives_play(tile, slot, seat)
                elif self.bonus and self.passes == self.seats - 1:
                    self._score_bonuses(pase_corrido(self.rules, seat, len(self.history) - 1))
            self.passes = 0
            self.drew = False
            self.last = seat
            if left:
                self.turn = self.nxt[seat]
            else:
                self._finish(OUT)
        elif code == DRAW:
            self.hands[seat] |= BIT[self.boneyard[self.drawn]]
            self.drawn += 1
            self.drew = True
        else:
            self.passes += 1
            self.drew = False
            if self.bonus and self.passes == 1 and seat == self.nxt[self.opener]:
                self._score_bonuses(pase_salida(self.rules, self.history, self.opener))
            if self.passes >= self.seats and not self.draw_possible():
                self._finish(BLOCKED)
            else:
                self.turn = self.nxt[seat]

    # --- All Fives --------------------------------------------------------------------------
    def _fives_opening(self, tile: int, seat: int) -> None:
        if IS_DOUBLE[tile]:
            self.spinner = tile
            self.spinner_long = 0b11
        self._score_count(seat)

    def _fives_play(self, tile: int, slot: int, seat: int) -> None:
        bit = 1 << slot
        if self.spinner < 0 and IS_DOUBLE[tile]:
            # The first double becomes the spinner: its side facing the line is covered and
            # its outer long side is this end, so it shows the spinner until a tile lands here.
            self.spinner = tile
            self.spinner_long = bit
        else:
            self.doubles = self.doubles & ~bit | (bit if IS_DOUBLE[tile] else 0)
            if slot >= 2:
                self.shorts |= bit
            elif self.spinner_long & bit:
                self.spinner_long &= ~bit
                if not self.spinner_long:
                    self.ends[2] = self.ends[3] = HIGH[self.spinner]
                    self.open_slots = _ALL_SLOTS
        self._score_count(seat)

    def count(self) -> int:
        """The open ends added up, as All Fives counts them."""
        ends, doubles, total = self.ends, self.doubles, 0
        for slot in _LONG_SLOTS:
            if not self.spinner_long >> slot & 1:
                total += ends[slot] << (doubles >> slot & 1)
        if self.spinner_long:
            total += HIGH[self.spinner] * 2
        for slot in (2, 3):
            if self.shorts >> slot & 1:
                total += ends[slot] << (doubles >> slot & 1)
        return total

    def _score_count(self, seat: int) -> None:
        total = self.count()
        if total and total % 5 == 0:
            self.points[self.side_of[seat]] += total

    # --- the end of the hand ----------------------------------------------------------------
    def side_pips(self) -> list[int]:
        pips = [0] * len(self.points)
        for seat, mask in enumerate(self.hands):
            pips[self.side_of[seat]] += pips_of(mask)
        return pips

    def _finish(self, result: int) -> None:
        rules = self.rules
        self.result = result
        pips = self.side_pips()
        out = result == OUT
        if out:
            winners = [self.side_of[self.last]]
        else:
            winners = block_winners(rules, pips, self.hands, blocker=self.last, opener=self.opener)
        self.winners = tuple(winners)
        of_all, of_own_out, of_own_blocked = rules.gain_factors
        of_own = of_own_out if out else of_own_blocked
        total = sum(pips)
        if out and rules.out_counts_partner:
            total += pips_of(self.hands[(self.last + 2) % 4])
        for side in winners:
            gained = of_all * total - of_own * pips[side]
            self.points[side] += round_to_five(gained) if self.fives else gained
        if self.bonus:
            self._score_bonuses(end_bonuses(self, out=out))

    # --- bonuses (docs/rules.md#bonuses) ----------------------------------------------------
    def _score_bonuses(self, found: list[Bonus]) -> None:
        for bonus in found:
            self.points[bonus.side] += bonus.points
        self.events += tuple(found)
