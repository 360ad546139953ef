"""The engine's exceptions: each says precisely what was wrong, in English words a player can
read; an illegal move also says why as data (:class:`Illegal`), for the site to say it in the
player's language."""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class DominoesError(Exception):
    """Base of every error the engine raises."""


class InvalidTile(DominoesError, ValueError):
    """Text or numbers that are not a double-six tile."""


class InvalidRules(DominoesError, ValueError):
    """Rule options that are unknown, out of range, or do not fit together."""


class InvalidDeal(DominoesError, ValueError):
    """A deal that is not a deal of these rules (tile counts, duplicates, hand sizes)."""


class Illegal(StrEnum):
    """Why a move is illegal; the details an :class:`IllegalMove` carries are named after
    each."""

    MATCH_OVER = "match_over"
    HAND_OVER = "hand_over"
    HAND_NOT_OVER = "hand_not_over"
    NOT_DEALT = "not_dealt"
    OPENING_NAMES_NO_END = "opening_names_no_end"
    PLAY_NAMES_AN_END = "play_names_an_end"
    NOT_IN_HAND = "not_in_hand"  # tile
    OPENS_WITH = "opens_with"  # tile: the one the first hand must open with
    NO_SUCH_END = "no_such_end"  # end
    DOES_NOT_FIT = "does_not_fit"  # tile, end, value
    NOT_ON_THAT_END = "not_on_that_end"  # tile, end
    OPENER_PLAYS = "opener_plays"
    HOLDS_A_FIT = "holds_a_fit"  # tile (one that fits), move ("draw" or "pass")
    NO_DRAWING = "no_drawing"
    ONE_DRAW = "one_draw"
    RESERVE_LEFT = "reserve_left"  # count
    BONEYARD_EMPTY = "boneyard_empty"
    DRAW_FIRST = "draw_first"


class IllegalMove(DominoesError, ValueError):
    """A move the rules do not allow now; the state is left exactly as it was.

    ``why`` says which rule refused it (None for a refusal no rule names, such as a deal made
    for other rules) and ``details`` what the words need:

    >>> error = IllegalMove("6-4 is not in seat 0's hand", Illegal.NOT_IN_HAND, tile="6-4")
    >>> str(error), error.why, error.details
    ("6-4 is not in seat 0's hand", <Illegal.NOT_IN_HAND: 'not_in_hand'>, {'tile': '6-4'})
    """

    def __init__(self, message: str, why: Illegal | None = None, **details: Any) -> None:
        super().__init__(message)
        self.why = why
        self.details = details


class InvalidMove(DominoesError, ValueError):
    """Data that cannot be a move at all: not the form :meth:`Play.to_json` and the like write,
    a tile outside the double-six set, an end that does not exist. Apart from
    :class:`IllegalMove` (a move the rules refuse now), as python-chess keeps
    ``InvalidMoveError`` apart from ``IllegalMoveError``: a page that sends one is broken or
    forged, not a move behind.

    >>> from games.engine import move_from_json
    >>> move_from_json({"play": "6-2", "end": "middle"})
    Traceback (most recent call last):
        ...
    games.engine.errors.InvalidMove: 'middle' is not an end (left, right, up or down)
    >>> isinstance(InvalidMove("no"), IllegalMove)
    False
    """


class NotYourTurn(IllegalMove):
    """A move by a seat whose turn it is not (a page a move behind: the site says it in the
    player's words)."""


class InvalidRecord(DominoesError, ValueError):
    """A document that is not a readable ``dominoes-record/1``."""
