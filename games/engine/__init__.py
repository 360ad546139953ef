"""The rules engine: pure Python, no I/O, no Django.

The public face is typed value objects (:class:`Tile`, :class:`Play`, :class:`Rules`, ...) and a
checked :class:`Match`; inside, hands are bit masks and moves small integers (:mod:`.hand`) so
that bots can simulate thousands of deals.
"""

from .deal import Deal, new_seed
from .errors import (
    DominoesError,
    IllegalMove,
    InvalidDeal,
    InvalidRecord,
    InvalidRules,
    InvalidTile,
)
from .match import HandReport, Match
from .moves import Draw, End, Move, Pass, Play
from .record import FORMAT, ReplayReport, export, load, replay, replay_text
from .rules import (
    BestOf,
    FirstOpener,
    MatchFormat,
    NextOpener,
    Preset,
    Rules,
    Scoring,
    SingleRound,
    Stuck,
    Target,
    TiedBlock,
)
from .tiles import ALL_TILES, Tile
from .view import OWN_KEYS, SeatView, own_json, view_for

__all__ = [
    "ALL_TILES",
    "FORMAT",
    "OWN_KEYS",
    "BestOf",
    "Deal",
    "DominoesError",
    "Draw",
    "End",
    "FirstOpener",
    "HandReport",
    "IllegalMove",
    "InvalidDeal",
    "InvalidRecord",
    "InvalidRules",
    "InvalidTile",
    "Match",
    "MatchFormat",
    "Move",
    "NextOpener",
    "Pass",
    "Play",
    "Preset",
    "ReplayReport",
    "Rules",
    "Scoring",
    "SeatView",
    "SingleRound",
    "Stuck",
    "Target",
    "TiedBlock",
    "Tile",
    "export",
    "load",
    "new_seed",
    "own_json",
    "replay",
    "replay_text",
    "view_for",
]
