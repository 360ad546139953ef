"""Rule options and the presets (docs/rules.md#presets).

:class:`Rules` is immutable and always valid: every way of making one checks the whole set of
options together, so the rest of the engine never meets a combination the rules refuse
(docs/rules.md#valid-rules).

>>> rules = Rules.for_preset("classic", seats=2)
>>> rules.stuck, rules.match
(<Stuck.DRAW: 'draw'>, Target(points=100))
>>> Rules.for_preset("brazilian", seats=4).teams
True
>>> Rules.for_preset("classic", seats=2, stuck="single_draw", match={"best_of": 3}).to_record()
{'preset': 'classic', 'seats': 2, 'stuck': 'single_draw', 'match': {'best_of': 3}}
>>> Rules.for_preset("brazilian", seats=3)
Traceback (most recent call last):
...
games.engine.errors.InvalidRules: brazilian is played by 2 or 4 seats, not 3
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import Any

from .bonuses import BONUS_RANGE, Bonuses
from .errors import InvalidRules
from .options import (
    TWO_SIDED_TIES,
    BestOf,
    BlockWinner,
    FirstOpener,
    MatchFormat,
    NextOpener,
    Scoring,
    SingleRound,
    Stuck,
    Target,
    TiedBlock,
    is_int,
    parse_match,
)


class Preset(StrEnum):
    CLASSIC = "classic"
    SINGLE_ROUND = "single_round"
    TEAM_DRAW = "team_draw"
    DRAW = "draw"
    BLOCK = "block"
    ALL_FIVES = "all_fives"
    BRAZILIAN = "brazilian"
    LATIN = "latin"
    PUERTO_RICAN = "puerto_rican"
    DOMINICAN = "dominican"


TILES_EACH_RANGE = range(5, 10)

PRESET_SEATS: dict[Preset, tuple[int, ...]] = {
    Preset.CLASSIC: (2,),
    Preset.SINGLE_ROUND: (2, 3, 4),
    Preset.TEAM_DRAW: (2, 4),
    Preset.DRAW: (2, 3, 4),
    Preset.BLOCK: (2, 3, 4),
    Preset.ALL_FIVES: (2, 3, 4),
    Preset.BRAZILIAN: (2, 4),
    Preset.LATIN: (4,),
    Preset.PUERTO_RICAN: (2, 3, 4),
    Preset.DOMINICAN: (4,),
}


#: The usual rules (docs/rules.md#options): every preset's, unless it says otherwise.
USUAL_RULES: Mapping[str, object] = MappingProxyType(
    {
        "reserve": 0,
        "score": Scoring.DIFFERENCE,
        "count_fives": False,
        "out_counts_partner": False,
        "tied_block": TiedBlock.NO_SCORE,
        "first_opener": FirstOpener.HIGHEST_DOUBLE,
        "next_opener": NextOpener.WINNER,
        "block_winner": BlockWinner.TEAM_TOTAL,
        "bonuses": Bonuses(),
        "hand_bonuses": False,
        "tranque_bonus": 0,
        "bonus_size": None,
        "spanish_federation": False,
    }
)

#: LA-7, the Spanish federation's rules: hand 1 by lot, then in turn, the winners score all
#: hands. One option naming three, as the players name them.
SPANISH_FEDERATION: Mapping[str, object] = MappingProxyType(
    {
        "first_opener": FirstOpener.LOT,
        "next_opener": NextOpener.ROTATE,
        "score": Scoring.ALL_HANDS,
    }
)


def _preset_defaults(preset: Preset, seats: int, *, spanish: bool = False) -> dict[str, Any]:
    """Every option of ``preset`` at ``seats``, spelled as the dataclass fields hold them
    (``spanish``: with :data:`SPANISH_FEDERATION`'s options in place of the preset's)."""
    defaults: dict[str, Any] = {
        "teams": False,
        "tiles_each": 7 if seats == 2 else 5,
        "stuck": Stuck.DRAW,
        **USUAL_RULES,
        "match": Target(100),
    }
    match preset:
        case Preset.SINGLE_ROUND:
            defaults |= {
                "score": Scoring.NONE,
                "tied_block": TiedBlock.SHARED,
                "first_opener": FirstOpener.LOWEST_DOUBLE_FROM_ONE,
                "match": SingleRound(),
            }
        case Preset.TEAM_DRAW:
            defaults |= {"teams": seats == 4, "tiles_each": 7, "score": Scoring.OTHERS}
        case Preset.BLOCK:
            defaults |= {"tiles_each": 7, "stuck": Stuck.PASS}
        case Preset.ALL_FIVES:
            defaults |= {"count_fives": True}
        case Preset.BRAZILIAN:
            defaults |= {
                "teams": seats == 4,
                "tiles_each": 7,
                "stuck": Stuck.PASS,
                "score": Scoring.OTHERS,
                "tied_block": TiedBlock.BLOCKER_LOSES,
                "next_opener": NextOpener.ROTATE,
                "match": Target(50),
            }
        case Preset.LATIN:  # LA-1..LA-6: brazilian's game with four seats, to 100
            defaults |= {
                "teams": True,
                "tiles_each": 7,
                "stuck": Stuck.PASS,
                "score": Scoring.OTHERS,
                "next_opener": NextOpener.ROTATE,
            }
        case Preset.PUERTO_RICAN:  # PR-1..PR-14
            defaults |= {
                "teams": seats == 4,
                "tiles_each": 7,
                "score": Scoring.ALL_HANDS,
                "match": Target(500),
                "hand_bonuses": True,
                "bonuses": Bonuses(capicu=100, chuchazo=100),
            }
            if seats == 4:
                defaults |= {"stuck": Stuck.PASS}
            else:
                defaults |= {"reserve": 2, "next_opener": NextOpener.AS_FIRST}
        case Preset.DOMINICAN:  # DO-1..DO-12
            defaults |= {
                "teams": True,
                "tiles_each": 7,
                "stuck": Stuck.PASS,
                "score": Scoring.OTHERS,
                "tied_block": TiedBlock.BLOCKER_WINS,
                "match": Target(200),
                "bonuses": Bonuses(
                    capicu=25, pase_salida=50, pase_salida_double=25, pase_corrido=25
                ),
            }
    if spanish:
        defaults |= SPANISH_FEDERATION
    return defaults


_ENUM_OPTIONS: dict[str, type[StrEnum]] = {
    "stuck": Stuck,
    "score": Scoring,
    "tied_block": TiedBlock,
    "first_opener": FirstOpener,
    "next_opener": NextOpener,
    "block_winner": BlockWinner,
}
_BOOL_OPTIONS = ("teams", "count_fives", "out_counts_partner", "hand_bonuses", "spanish_federation")


def _member[E: StrEnum](enum: type[E], value: object) -> E | None:
    """The member of ``enum`` whose value is ``value`` (only text can be), or None."""
    try:
        return enum(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _parse_option(key: str, value: object) -> object:
    if key in _ENUM_OPTIONS:
        enum = _ENUM_OPTIONS[key]
        member = _member(enum, value)
        if member is None:
            allowed = ", ".join(member.value for member in enum)
            raise InvalidRules(f"{key} is one of {allowed}, not {value!r}")
        return member
    if key in _BOOL_OPTIONS:
        if not isinstance(value, bool):
            raise InvalidRules(f"{key} is true or false, not {value!r}")
        return value
    if key == "tiles_each":
        if not is_int(value) or value not in TILES_EACH_RANGE:
            raise InvalidRules(f"tiles_each is a whole number from 5 to 9, not {value!r}")
        return value
    if key == "reserve":
        if not is_int(value) or value not in (0, 2):
            raise InvalidRules(f"reserve is 0 or 2, not {value!r}")
        return value
    if key == "match":
        return parse_match(value)
    if key in ("tranque_bonus", "bonus_size"):
        if not is_int(value) or value not in BONUS_RANGE:
            raise InvalidRules(f"{key} is a whole number from 0 to 100, not {value!r}")
        return value
    raise InvalidRules(f"{key!r} is not a rule option")


@dataclass(frozen=True)
class Rules:
    """A complete, valid set of options. Make one with :meth:`for_preset` or :meth:`from_record`."""

    preset: Preset
    seats: int
    teams: bool
    tiles_each: int
    stuck: Stuck
    reserve: int
    score: Scoring
    count_fives: bool
    out_counts_partner: bool
    tied_block: TiedBlock
    first_opener: FirstOpener
    next_opener: NextOpener
    match: MatchFormat
    block_winner: BlockWinner
    bonuses: Bonuses
    hand_bonuses: bool
    tranque_bonus: int
    bonus_size: int | None
    spanish_federation: bool

    def __post_init__(self) -> None:
        allowed = PRESET_SEATS[self.preset]
        if self.seats not in allowed:
            seats = " or ".join(str(n) for n in allowed)
            raise InvalidRules(f"{self.preset} is played by {seats} seats, not {self.seats}")
        if self.teams and self.seats != 4:
            raise InvalidRules("partners need 4 seats")
        if self.seats * self.tiles_each > 28:
            raise InvalidRules(
                f"{self.seats} seats of {self.tiles_each} tiles need more than 28 tiles"
            )
        if self.out_counts_partner and not self.teams:
            raise InvalidRules("out_counts_partner needs partners")
        if self.sides != 2 and isinstance(self.match, BestOf):
            raise InvalidRules(f"best_of needs two sides, not {self.sides}")
        if self.sides != 2 and self.tied_block in TWO_SIDED_TIES:
            raise InvalidRules(f"{self.tied_block} needs two sides, not {self.sides}")
        if self.out_counts_partner and self.score is Scoring.ALL_HANDS:
            raise InvalidRules("out_counts_partner adds nothing to all_hands")
        if self.score is Scoring.DIFFERENCE and self.block_winner is not BlockWinner.TEAM_TOTAL:
            # The winner of a block judged by one seat may hold the more pips: no margin.
            raise InvalidRules(f"difference needs block_winner team_total, not {self.block_winner}")
        if self.count_fives and self.scores_bonuses:
            raise InvalidRules("bonuses are for line games, not with count_fives")

    @classmethod
    def for_preset(cls, preset: str, *, seats: int, **options: object) -> Rules:
        """The preset's rules at ``seats``, changed by any ``options`` (house rules)."""
        return cls.from_record({"preset": preset, "seats": seats, **options})

    @classmethod
    def from_record(cls, data: object) -> Rules:
        """Read a record's ``rules`` object; anything unknown or out of range is refused."""
        if not isinstance(data, Mapping):
            raise InvalidRules("rules is an object with at least preset and seats")
        preset = _member(Preset, data.get("preset"))
        if preset is None:
            raise InvalidRules(f"{data.get('preset')!r} is not a preset")
        seats = data.get("seats")
        if not is_int(seats) or seats not in (2, 3, 4):
            raise InvalidRules(f"seats is 2, 3 or 4, not {seats!r}")
        spanish = _parse_option("spanish_federation", data.get("spanish_federation", False))
        values = _preset_defaults(preset, seats, spanish=bool(spanish))
        for key, value in data.items():
            if key == "bonuses":
                values[key] = Bonuses.from_record(value, base=values[key])
            elif key not in ("preset", "seats"):
                values[key] = _parse_option(key, value)
        return cls(preset=preset, seats=seats, **values)

    def to_record(self) -> dict[str, Any]:
        """The preset, the seats, and every option that differs from the preset."""
        return {k: dict(v) if isinstance(v, dict) else v for k, v in self._record.items()}

    @cached_property
    def _record(self) -> dict[str, Any]:
        """:meth:`to_record`, worked out once (rules never change; every update of a table
        shows them): never handed out, only copies of it."""
        defaults = _preset_defaults(self.preset, self.seats, spanish=self.spanish_federation)
        defaults["spanish_federation"] = False
        out: dict[str, Any] = {"preset": self.preset.value, "seats": self.seats}
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name in defaults and value != defaults[field.name]:
                if field.name == "bonuses":
                    value = value.to_record(base=defaults["bonuses"])
                out[field.name] = value.to_record() if field.name == "match" else value
        return {k: (v.value if isinstance(v, StrEnum) else v) for k, v in out.items()}

    @property
    def sides(self) -> int:
        """Who scores together: 2 teams with partners, else one side a seat."""
        return 2 if self.teams else self.seats

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    @cached_property
    def seating(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's side and the seat after it, computed once for the fast core."""
        seats = range(self.seats)
        return tuple(self.side_of(s) for s in seats), tuple((s + 1) % self.seats for s in seats)

    @cached_property
    def hand_constants(self) -> tuple[int, tuple[int, ...], tuple[int, ...], bool, bool, bool, int]:
        """What the fast core reads of the rules at each hand's start, computed once: seats,
        :attr:`seating`, counting fives, drawing when stuck, drawing once, the reserve."""
        side_of, nxt = self.seating
        return (
            self.seats,
            side_of,
            nxt,
            self.count_fives,
            self.stuck is not Stuck.PASS,
            self.stuck is Stuck.SINGLE_DRAW,
            self.reserve,
        )

    @cached_property
    def gain_factors(self) -> tuple[int, int, int]:
        """What a hand's winning side scores (docs/rules.md#scoring), for the fast core:
        ``a * all the pips - b * its own``, as ``(a, b after going out, b after a block)``
        (the partner's pips going out are added to all the pips by ``out_counts_partner``)."""
        match self.score:
            case Scoring.NONE:
                return (0, 0, 0)
            case Scoring.ALL_HANDS:
                return (1, 0, 0)
            case Scoring.DIFFERENCE:
                return (1, 1, 2)
        return (1, 1, 1)

    @cached_property
    def bonus_points(self) -> Bonuses:
        """What each event bonus is worth at this table (``bonus_size`` applied)."""
        return self.bonuses.sized(self.bonus_size)

    @cached_property
    def scores_bonuses(self) -> bool:
        """Whether any bonus is played: a hand then keeps and reports its bonus events."""
        return bool(self.bonus_points) or self.hand_bonuses or self.tranque_bonus > 0

    def forced_opening(self, hand_number: int) -> bool:
        """Whether the rules, not the opener, choose the opening tile of hand ``hand_number``
        (docs/rules.md#who-opens)."""
        if hand_number and self.next_opener is not NextOpener.AS_FIRST:
            return False
        return self.first_opener is not FirstOpener.LOT

    @property
    def can_draw(self) -> bool:
        """Whether a stuck seat ever draws (in Block the undealt tiles stay set aside)."""
        return self.stuck is not Stuck.PASS
