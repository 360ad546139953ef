"""Bonuses: points a side gains for a named event, beyond the pips (docs/rules.md#bonuses).

The Caribbean partnership games pay for how a hand is won (capicú, chuchazo, a blocked win),
for which hand of the match it is (the hand-number ladder) and for passes forced on the
opponents (pase de salida, pase corrido). :class:`Bonuses` is how much each named event is
worth under a table's rules; :class:`Bonus` is one that happened, scored where it happened.

>>> Bonuses(capicu=100).to_record()
{'capicu': 100}
>>> Bonuses.from_record({"capicu": 25}, base=Bonuses(chuchazo=100))
Bonuses(capicu=25, chuchazo=100, pase_salida=0, pase_salida_double=0, pase_corrido=0)
>>> Bonus(BonusName.CAPICU, side=0, seat=2, points=100, move=27).to_json()
{'name': 'capicu', 'side': 0, 'seat': 2, 'points': 100, 'move': 27}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any

from .errors import InvalidRules

#: The points any one bonus may be worth (PR-11: 0..100).
BONUS_RANGE = range(0, 101)
#: The hand-number ladder (PR-5): the side that wins hand 1 of the match gains 100, hand 2 75,
#: hand 3 50, hand 4 25, later hands nothing.
HAND_LADDER = (100, 75, 50, 25)


class BonusName(StrEnum):
    """The stable name of a bonus event (the page translates it)."""

    CAPICU = "capicu"
    CHUCHAZO = "chuchazo"
    HAND_BONUS = "hand_bonus"
    TRANQUE_BONUS = "tranque_bonus"
    PASE_SALIDA = "pase_salida"
    PASE_CORRIDO = "pase_corrido"


@dataclass(frozen=True, slots=True)
class Bonuses:
    """What each bonus named in a record's ``bonuses`` object is worth (0: not played).

    ``pase_salida`` is paid when the opening tile is not a double, ``pase_salida_double`` when
    it is (DO-7: 50 and 25); both are the event ``pase_salida``.
    """

    capicu: int = 0
    chuchazo: int = 0
    pase_salida: int = 0
    pase_salida_double: int = 0
    pase_corrido: int = 0

    @classmethod
    def from_record(cls, data: object, *, base: Bonuses) -> Bonuses:
        """``base`` (the preset's) changed by the named amounts of ``data``."""
        if not isinstance(data, Mapping):
            raise InvalidRules("bonuses is an object of named bonus -> points")
        names = {field.name for field in fields(cls)}
        for name, points in data.items():
            if name not in names:
                raise InvalidRules(f"{name!r} is not a bonus ({', '.join(sorted(names))})")
            if not isinstance(points, int) or isinstance(points, bool) or points not in BONUS_RANGE:
                raise InvalidRules(f"bonus {name} is a whole number from 0 to 100, not {points!r}")
        return replace(base, **data)

    def to_record(self, *, base: Bonuses | None = None) -> dict[str, int]:
        """The amounts that differ from ``base`` (every amount played, without one)."""
        out = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if value != (0 if base is None else getattr(base, field.name)):
                out[field.name] = value
        return out

    def sized(self, size: int | None) -> Bonuses:
        """DO-12's ``bonus_size``: every bonus played is worth ``size`` instead."""
        if size is None:
            return self
        return Bonuses(**{f.name: size if getattr(self, f.name) else 0 for f in fields(self)})

    def __bool__(self) -> bool:
        return any(getattr(self, field.name) for field in fields(self))


@dataclass(frozen=True, slots=True)
class Bonus:
    """A bonus that happened: ``side`` gained ``points`` for ``name`` at the hand's move
    ``move`` (its index in the hand's moves). ``seat`` made it, or is None when a side earned it
    as a whole (the tranque and hand-number bonuses of a blocked hand)."""

    name: BonusName
    side: int
    seat: int | None
    points: int
    move: int

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name.value,
            "side": self.side,
            "seat": self.seat,
            "points": self.points,
            "move": self.move,
        }
