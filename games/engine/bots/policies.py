"""The honest levels' ways of choosing among legal move codes.

- easy: any legal move, at random.
- medium: sheds its heaviest playable tile (All Fives: the best immediate count first).
- hard: weighs, for each play, what it sheds, what it keeps, the numbers it leaves open against
  what each rival is known to lack, its partner, and in All Fives the counts it scores and
  leaves. Every weight is a named feature, so a hint can say why.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..hand import HandState
from ..moves import DRAW
from ..tiles import BIT, IS_DOUBLE, PIPS, SUIT
from .knowledge import NUMBER_TILES, Knowledge


def easy(codes: list[int], rng: random.Random) -> int:
    return codes[int(rng.random() * len(codes))]


def heaviest(codes: list[int]) -> int:
    """The play shedding most pips (the first such play); draw or pass when that is all."""
    best, best_pips = codes[0], -1
    for code in codes:
        if code < DRAW and PIPS[code >> 2] > best_pips:
            best, best_pips = code, PIPS[code >> 2]
    return best


def count_scored(state: HandState, code: int) -> int:
    """What a play scores at once under All Fives."""
    trial = state.copy()
    trial.push(code)
    total = trial.count()
    return total if total % 5 == 0 else 0


def medium(state: HandState, codes: list[int]) -> int:
    if state.fives and codes[0] < DRAW:
        best = max(count_scored(state, code) for code in codes)
        codes = [code for code in codes if count_scored(state, code) == best]
    return heaviest(codes)


@dataclass(frozen=True, slots=True)
class Features:
    """Why a play is good or bad, in points of the hard level's judgement."""

    sheds: float
    keeps_control: float
    variety: float
    blocks_rivals: float
    opens_for_partner: float
    scores_count: float
    leaves_count: float
    double: float

    @property
    def total(self) -> float:
        return (
            self.sheds
            + self.keeps_control
            + self.variety
            + self.blocks_rivals
            + self.opens_for_partner
            + self.scores_count
            + self.leaves_count
            + self.double
        )


def _open_numbers(state: HandState) -> int:
    numbers = 0
    for slot in state.open_slots:
        numbers |= 1 << state.ends[slot]
    return numbers


def features(knowledge: Knowledge, code: int) -> Features:
    """The hard level's reading of one play (code < DRAW) for the seat to move."""
    public = knowledge.public
    seat, rules = knowledge.seat, knowledge.rules
    tile = code >> 2
    after = public.copy()
    after.push(code)
    numbers = _open_numbers(after)
    open_tiles = NUMBER_TILES[numbers]
    keep = knowledge.own & ~BIT[tile]

    kept_numbers = 0
    for number in range(7):
        if keep & SUIT[number]:
            kept_numbers |= 1 << number
    blocks = 0.0
    partner_penalty = 0.0
    rivals = [s for s in range(rules.seats) if rules.side_of(s) != rules.side_of(seat)]
    following = after.turn
    for rival in rivals:
        # A rival known to lack every open number, or with no unseen tile to fit, is stuck.
        can_fit = knowledge.candidates(rival) & open_tiles
        if knowledge.voids[rival] & numbers == numbers or not can_fit:
            blocks += 6.0 if rival == following else 3.0
    if rules.teams:
        partner = (seat + 2) % 4
        if knowledge.voids[partner] & numbers == numbers:
            partner_penalty = -4.0 if partner == following else -2.0

    scored = leaves = 0.0
    if knowledge.rules.count_fives:
        total = after.count()
        scored = 2.0 * (total if total % 5 == 0 else 0)
        if following is not None and rules.side_of(following) != rules.side_of(seat):
            leaves = -1.0 * _best_reply_count(after, knowledge.candidates(following))

    return Features(
        sheds=float(PIPS[tile]),
        keeps_control=2.0 * min((keep & open_tiles).bit_count(), 2),
        variety=1.5 * kept_numbers.bit_count(),
        blocks_rivals=blocks,
        opens_for_partner=partner_penalty,
        scores_count=scored,
        leaves_count=leaves,
        double=3.0 if IS_DOUBLE[tile] else 0.0,
    )


def _best_reply_count(state: HandState, may_hold: int) -> int:
    """The best count the next seat could score with a tile it may hold."""
    best = 0
    state.hands[state.turn] = may_hold
    for code in state.playable_codes():
        best = max(best, count_scored(state, code))
    return best


def hard(knowledge: Knowledge) -> int:
    codes = knowledge.legal
    if codes[0] >= DRAW:
        return codes[0]
    return max(codes, key=lambda code: features(knowledge, code).total)
