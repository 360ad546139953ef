"""Errors of the table services: each message is for the player, in the language active where
it is raised (the request's, or the socket's: games.live.consumers)."""

from __future__ import annotations

from django.utils.translation import gettext


class TableError(Exception):
    """A request about a table that cannot be honoured; the message is for the player."""


class TableNotFound(TableError):
    def __init__(self) -> None:
        super().__init__(gettext("There is no such table."))


class NotYourSeat(TableError, PermissionError):
    def __init__(self) -> None:
        super().__init__(gettext("You have no seat at this table."))


class DealsWithheld(TableError):
    """The table's deals are still to be played at another table (``Table.deals_withheld``)."""

    def __init__(self) -> None:
        super().__init__(
            gettext(
                "Another table has still to play this match's deals: its replay opens once "
                "that table has finished."
            )
        )


class StaleVersion(TableError):
    def __init__(self, current: int) -> None:
        super().__init__(gettext("The table has changed since you last saw it: here it is now."))
        self.current = current


class SeatAway(TableError):
    """The player left their seat (or was gone past the grace): the computer plays it (where
    leaving forfeits, only the clock does) until they say they are back (``come_back``;
    opening the table again does too)."""

    def __init__(self) -> None:
        super().__init__(gettext("You are away: press I'm back to play again."))
