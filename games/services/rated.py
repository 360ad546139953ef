"""Which tables are rated: decided once, when a match is dealt first, and stored
(``Table.rated``), which the live tables (a person leaving a rated table for good loses it)
and the records (ratings move) read."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Rules
from games.models import Seat, Table


def is_rated(table: Table, rules: Rules, seats: Sequence[Seat]) -> bool:
    """An online table of two sides where every seat is a signed-in person from the start
    (no friend came late to a computer's seat), played without take-backs and without table
    talk during the hands (partners who may talk could signal: games.services.remarks)."""
    people = all(seat.user_id is not None and not seat.is_bot for seat in seats)
    clean = not table.take_backs and not table.arrivals and not table.table_talk
    return table.kind == Table.Kind.ONLINE and rules.sides == 2 and people and clean
