"""Who acts: a signed-in user, or a guest known by the guest token of their browser session
(:mod:`accounts.guests`). Other apps read it (a table's seats are found through it)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol


class Occupied(Protocol):
    """A place a person or the computer holds: a table's seat, as a row or a snapshot."""

    @property
    def is_bot(self) -> bool: ...

    @property
    def user_id(self) -> int | None: ...

    @property
    def guest(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Player:
    """Who is acting: a signed-in user, or a guest known by the guest token of their browser
    session (``session_key``: see :mod:`accounts.guests`)."""

    user_id: int | None
    session_key: str | None

    def owns(self, seat: Occupied) -> bool:
        if seat.is_bot:
            return False
        if self.user_id is not None and seat.user_id == self.user_id:
            return True
        return bool(self.session_key) and seat.guest == self.session_key

    def seat_in[S: Occupied](self, seats: Iterable[S]) -> S | None:
        """The player's seat among ``seats`` (a table's rows or its snapshot's), or None for
        a spectator: the one way a person's seat is found."""
        return next((seat for seat in seats if self.owns(seat)), None)
