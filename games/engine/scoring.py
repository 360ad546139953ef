"""A hand's end: who wins a blocked hand, what the winners score, and the bonuses of the end.

Called once per hand by :class:`~games.engine.hand.HandState` (never per move), on its masks.
docs/rules.md#end-of-a-hand, #scoring and #bonuses state the rules.

>>> from games.engine.rules import Rules
>>> rules = Rules.for_preset("dominican", seats=4)
>>> block_winners(rules, [15, 11], [], blocker=0, opener=1)  # the lower team total wins
[1]
>>> block_winners(rules, [12, 12], [], blocker=0, opener=1)  # a tie: DO-5, the blocker's
[0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .bonuses import HAND_LADDER, Bonus, BonusName
from .moves import DRAW
from .options import BlockWinner, TiedBlock
from .rules import Rules
from .tiles import IS_DOUBLE, pips_of


class EndedHand(Protocol):
    """What the end of a hand's bonuses read of it: :class:`~games.engine.hand.HandState`,
    named by its shape (that module imports this one)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def history(self) -> list[int]: ...
    @property
    def last(self) -> int: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def ends(self) -> list[int]: ...
    @property
    def number(self) -> int: ...


#: Index of the double blank, la chucha (PR-7).
CHUCHA = 0


def block_winners(
    rules: Rules, side_pips: list[int], hands: list[int], *, blocker: int, opener: int
) -> list[int]:
    """The winning sides of a blocked hand from the sides' pips (and the seats' ``hands``), by
    ``block_winner``, a tie settled by ``tied_block`` (docs/rules.md#block-winner,
    #tied-block)."""
    side_of = rules.seating[0]
    judge = rules.block_winner
    if judge is BlockWinner.TEAM_TOTAL:
        lowest = min(side_pips)
        winners = [side for side, total in enumerate(side_pips) if total == lowest]
    else:
        seats: Sequence[int] = range(rules.seats)
        if judge is BlockWinner.BLOCKER_VS_NEXT:
            seats = (blocker, rules.seating[1][blocker])
        pips = {seat: pips_of(hands[seat]) for seat in seats}
        lowest = min(pips.values())
        winners = sorted({side_of[seat] for seat, held in pips.items() if held == lowest})
    if len(winners) < 2:
        return winners
    match rules.tied_block:
        case TiedBlock.NO_SCORE:
            return []
        case TiedBlock.BLOCKER_LOSES:
            return [1 - side_of[blocker]]
        case TiedBlock.BLOCKER_WINS:
            return [side_of[blocker]]
        case TiedBlock.OPENER_TEAM:
            return [side_of[opener]]
    return winners  # shared


def end_bonuses(hand: EndedHand, *, out: bool) -> list[Bonus]:
    """The bonuses the end of ``hand`` pays its winners (docs/rules.md#bonuses): ``out``, its
    last play went out; else it blocked."""
    rules, move = hand.rules, len(hand.history) - 1
    amounts = rules.bonus_points
    seat = hand.last if out else None
    last_tile = (hand.history[-1] & 127) >> 2
    found = []
    for side in hand.winners:
        if seat is None:
            if rules.tranque_bonus:
                found.append(Bonus(BonusName.TRANQUE_BONUS, side, None, rules.tranque_bonus, move))
        elif amounts.chuchazo and last_tile == CHUCHA:
            found.append(Bonus(BonusName.CHUCHAZO, side, seat, amounts.chuchazo, move))
        elif amounts.capicu and is_capicu(last_tile, hand.ends):
            found.append(Bonus(BonusName.CAPICU, side, seat, amounts.capicu, move))
        if rules.hand_bonuses and hand.number < len(HAND_LADDER):
            found.append(Bonus(BonusName.HAND_BONUS, side, seat, HAND_LADDER[hand.number], move))
    return found


def is_capicu(last_tile: int, ends: list[int]) -> bool:
    """PR-6: the last tile was no double and fitted both ends, which differed: so the ends it
    leaves show the same number (a non-double laid on ends a and b, a != b, leaves b and b).

    >>> from games.engine.tiles import Tile
    >>> is_capicu(Tile(5, 3).index, [3, 3])  # ends 3 and 5, 5-3 laid on the 5
    True
    >>> is_capicu(Tile(4, 2).index, [2, 4])  # ends 4 and 4, 4-2 laid on either
    False
    """
    return not IS_DOUBLE[last_tile] and ends[0] == ends[1]


def pase_corrido(rules: Rules, seat: int, move: int) -> list[Bonus]:
    """DO-8: every other seat passed in turn and ``seat`` plays again (move ``move``)."""
    points = rules.bonus_points.pase_corrido
    if not points:
        return []
    return [Bonus(BonusName.PASE_CORRIDO, rules.side_of(seat), seat, points, move)]


def pase_salida(rules: Rules, history: list[int], opener: int) -> list[Bonus]:
    """DO-7: the seat after the opener passes on the opening tile (the last entry of
    ``history``; in a game that draws, it may have drawn first): 25 on a double, else 50."""
    if any(entry & 127 != DRAW for entry in history[1:-1]):
        return []
    amounts = rules.bonus_points
    opening = (history[0] & 127) >> 2
    points = amounts.pase_salida_double if IS_DOUBLE[opening] else amounts.pase_salida
    if not points:
        return []
    return [Bonus(BonusName.PASE_SALIDA, rules.side_of(opener), opener, points, len(history) - 1)]
