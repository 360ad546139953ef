"""Reads: a bracket as its page draws it, every slot of every round, those not yet paired
with what is known of the players they await (:func:`tournaments.selectors.page`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext

from tournaments.models import TournamentMatch

if TYPE_CHECKING:
    from tournaments.selectors import MatchRow


@dataclass(frozen=True)
class AwaitedSlot:
    """A bracket's slot not yet paired, as far as it is known: each side the winner already
    through (a bye, a result), "Bob or Carl" while their match is undecided, or nobody yet."""

    first: str
    second: str
    match: None = None


def whole_bracket(
    rows: list[MatchRow], size: int, final_round: int
) -> list[tuple[int, list[MatchRow | AwaitedSlot]]]:
    """Every round of a bracket of ``size`` places, each slot with its match or what is known
    of the players it awaits."""
    placed = {(row.match.round, row.match.slot): row for row in rows}
    decided = (TournamentMatch.Status.BYE, TournamentMatch.Status.FINISHED)
    to_come = gettext("To be decided")

    def side(number: int, slot: int) -> str:
        feeder = placed.get((number, slot))
        if feeder is None:
            return to_come
        if feeder.match.status in decided and feeder.winner:
            return feeder.winner
        if feeder.second is None:
            return feeder.first
        return gettext("%(first)s or %(second)s") % {"first": feeder.first, "second": feeder.second}

    def slot_of(number: int, slot: int) -> MatchRow | AwaitedSlot:
        row = placed.get((number, slot))
        if row is not None:
            return row
        if number == 1:
            return AwaitedSlot(to_come, to_come)
        return AwaitedSlot(side(number - 1, 2 * slot), side(number - 1, 2 * slot + 1))

    return [
        (number, [slot_of(number, slot) for slot in range(size >> number)])
        for number in range(1, final_round + 1)
    ]
