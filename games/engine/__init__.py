"""The rules engine: pure Python, no I/O, no Django.

The public face is typed value objects (:class:`Tile`, :class:`Play`, :class:`Rules`, ...) and a
checked :class:`Match`; inside, hands are bit masks and moves small integers (:mod:`.hand`) so
that bots can simulate thousands of deals.

Code outside the engine imports from here, or from the one public submodule
:mod:`games.engine.bots`; the other modules are the engine's inside (ruff's banned-api rule,
``[tool.ruff.lint.flake8-tidy-imports.banned-api]`` in pyproject.toml, refuses them).
"""

from .bonuses import HAND_LADDER, Bonus, Bonuses, BonusName
from .deal import Deal, new_seed
from .errors import (
    DominoesError,
    Illegal,
    IllegalMove,
    InvalidDeal,
    InvalidMove,
    InvalidRecord,
    InvalidRules,
    InvalidTile,
    NotYourTurn,
)
from .match import HandReport, Match
from .moves import (
    Draw,
    End,
    Entry,
    Move,
    Pass,
    Play,
    history_to_record,
    move_from_json,
    move_from_record,
    move_to_record,
)
from .options import (
    TARGET_RANGE,
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
)
from .record import FORMAT, ReplayError, ReplayReport, export, load, replay, replay_text, unreadable
from .rules import PRESET_SEATS, USUAL_RULES, Preset, Rules
from .tiles import ALL_TILES, Tile
from .view import (
    OWN_KEYS,
    Legal,
    Placement,
    Result,
    Revealed,
    SeatView,
    Spinner,
    own_json,
    reveal,
    view_for,
)

__all__ = [
    "ALL_TILES",
    "FORMAT",
    "HAND_LADDER",
    "OWN_KEYS",
    "PRESET_SEATS",
    "TARGET_RANGE",
    "USUAL_RULES",
    "BestOf",
    "BlockWinner",
    "Bonus",
    "BonusName",
    "Bonuses",
    "Deal",
    "DominoesError",
    "Draw",
    "End",
    "Entry",
    "FirstOpener",
    "HandReport",
    "Illegal",
    "IllegalMove",
    "NotYourTurn",
    "InvalidDeal",
    "InvalidMove",
    "InvalidRecord",
    "InvalidRules",
    "InvalidTile",
    "Legal",
    "Match",
    "MatchFormat",
    "Move",
    "NextOpener",
    "Pass",
    "Placement",
    "Play",
    "Preset",
    "ReplayError",
    "ReplayReport",
    "Result",
    "Revealed",
    "Rules",
    "Scoring",
    "SeatView",
    "SingleRound",
    "Spinner",
    "Stuck",
    "Target",
    "TiedBlock",
    "Tile",
    "export",
    "history_to_record",
    "load",
    "move_from_json",
    "move_from_record",
    "move_to_record",
    "new_seed",
    "own_json",
    "replay",
    "replay_text",
    "reveal",
    "unreadable",
    "view_for",
]
