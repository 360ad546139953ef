"""Ending a game against the computer early: the person resigns it (from the table), or drops
it (from Your games). A game between people is never ended this way: Leave and its rating
rules (:mod:`.presence`, :mod:`.clock`) hold there.

Resigning is a loss, as on any game site: the match ends as a forfeit of the person's seat
(``Table.forfeited_by``), its result recorded like any other finished match. Dropping a game
in which the person has not moved yet is what a good site calls aborting (lichess's rule: a
game nobody played counts for nothing): the table goes, nothing recorded; once they have
moved, dropping is resigning, so a list's button is never a way out of a loss.
"""

from __future__ import annotations

import enum
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from accounts.players import Player
from games.errors import TableError
from games.models import Seat, Table
from games.services._tables import locked_table, save_and_announce, seat_of


class Dropped(enum.Enum):
    """What dropping a game did: the table is gone (nobody had played), or it was resigned."""

    ABORTED = "aborted"
    RESIGNED = "resigned"


def resign_computer_game(*, public_id: str, player: Player) -> Table:
    """The person at a table against the computer resigns: the match is over, lost (the
    computer's side wins). NotYourSeat for anyone else; refused at a table with people and at
    a match already over."""
    with transaction.atomic():
        table = locked_table(public_id)
        seat = _own_computer_seat(table, player)
        _resign(table, seat)
    return table


def drop_computer_game(*, public_id: str, player: Player) -> Dropped:
    """Your games' Drop: a game against the computer the person has not moved in yet is
    aborted (the table deleted, nothing recorded), any other is resigned
    (:func:`resign_computer_game`). The same permissions."""
    with transaction.atomic():
        table = locked_table(public_id)
        seat = _own_computer_seat(table, player)
        if has_moved(table.record, seat.index):
            _resign(table, seat)
            return Dropped.RESIGNED
        table.delete()  # its seats, log and remarks with it (CASCADE); jobs find no table
    return Dropped.ABORTED


def _own_computer_seat(table: Table, player: Player) -> Seat:
    seat = seat_of(table, player)  # NotYourSeat for anyone without one
    if table.kind != Table.Kind.COMPUTER:
        raise TableError(
            gettext("A match with people is not resigned: leave it at the table instead.")
        )
    if seat.is_bot:  # never a person's, but the check costs nothing
        raise TableError(gettext("You have no seat at this table."))
    if table.finished:
        raise TableError(gettext("This match is already over."))
    return seat


def _resign(table: Table, seat: Seat) -> None:
    table.forfeited_by = seat.index
    table.finished = True
    table.deadline = None
    save_and_announce(table, "forfeited_by", "finished", "deadline", finished=True)


def has_moved(record: dict[str, Any], seat: int) -> bool:
    """The seat has a move in the match ``record``: a tile, a draw or a pass (a hand over
    counts too). Dropping such a game resigns it; Your games' button says which it does."""
    hands = record.get("hands", [])
    if len(hands) > 1:
        return True
    return any(move.get("seat") == seat for hand in hands for move in hand.get("moves", []))
