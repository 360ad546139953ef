"""The friends table's lobby: joining at a chosen seat (and so with a chosen partner: partners
sit opposite), moving to another free seat, un-joining, the host removing someone before the
start, a friend who comes after the start taking a computer's seat at the next deal, and the
host allowing partners to talk during the hands."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from accounts.players import Player
from games.engine import Rules
from games.errors import TableError
from games.models import Seat, Table
from games.services._tables import (
    locked_table,
    person_key,
    save_and_announce,
    seat_name,
    seat_of,
    seat_person,
)


def join_table(*, public_id: str, player: Player, name: str, seat: int | None = None) -> Table:
    """Before the start: sit at ``seat`` (None: the first free seat). After it, at a table
    where the computer holds seats: take the computer's seat ``seat`` (None: the first not
    promised to another friend) when the next hand is dealt (``Table.arrivals``)."""
    if player.user_id is None and not player.session_key:
        # Nobody could be known as this seat's player again (a guest socket without a session).
        raise TableError(gettext("Reload the page to join: your browser has no session here yet."))
    with transaction.atomic():
        table = locked_table(public_id)
        seats = list(table.seats.all())
        if player.seat_in(seats) is not None or _arrival_of(table, player) is not None:
            raise TableError(gettext("You already have a seat at this table."))
        if person_key(player) in table.removed:
            raise TableError(gettext("The host removed you from this table."))
        if table.started_at is None:
            seat_person(table, _free_seat(table, seats, seat), player, name)
            save_and_announce(table)
        else:
            arrival = _computer_seat(table, seats, seat)
            table.arrivals = [
                *table.arrivals,
                {
                    "seat": arrival,
                    "user": player.user_id,
                    "guest": "" if player.user_id else (player.session_key or ""),
                    "name": seat_name(player, name),
                },
            ]
            save_and_announce(table, "arrivals")
    return table


def choose_seat(*, public_id: str, player: Player, seat: int) -> Table:
    """Before the start, a person moves to another free seat (to sit opposite the partner they
    want). The host keeps the first seat: it is how the table knows its host."""
    with transaction.atomic():
        table = locked_table(public_id)
        mine = seat_of(table, player)
        _refuse_started(
            table, gettext("The game has started: seats are kept until the match ends.")
        )
        if mine.index == 0:
            raise TableError(
                gettext("The host keeps the first seat: the others choose theirs around it.")
            )
        if mine.index == seat:
            return table
        mine.index = _free_seat(table, list(table.seats.all()), seat)
        mine.save(update_fields=["index"])
        save_and_announce(table)
    return table


def unjoin_table(*, public_id: str, player: Player) -> Table:
    """The person gives their seat back before the start, or their promised computer's seat
    before the next deal. The host cannot: the table would have nobody to start it."""
    with transaction.atomic():
        table = locked_table(public_id)
        arrival = _arrival_of(table, player)
        if arrival is not None:
            table.arrivals = [a for a in table.arrivals if a is not arrival]
            save_and_announce(table, "arrivals")
            return table
        mine = seat_of(table, player)
        _refuse_started(
            table, gettext("The game has started: press Leave and the computer plays for you.")
        )
        if mine.index == 0:
            raise TableError(gettext("You are the host: the others are waiting for you to start."))
        mine.delete()
        save_and_announce(table)
    return table


def remove_from_table(*, public_id: str, player: Player, seat: int) -> Table:
    """The host removes the person at ``seat`` before the start; they may not join again."""
    with transaction.atomic():
        table = locked_table(public_id)
        if seat_of(table, player).index != 0:
            raise TableError(gettext("Only the host can remove someone from the table."))
        _refuse_started(table, gettext("The game has started: nobody can be removed now."))
        target = next((s for s in table.seats.all() if s.index == seat), None)
        if target is None or target.is_bot:
            raise TableError(gettext("Nobody sits at that seat."))
        if target.index == 0:
            raise TableError(gettext("You are the host: you cannot remove yourself."))
        target.delete()
        table.removed = [*table.removed, _key_of(target)]
        save_and_announce(table, "removed")
    return table


def allow_table_talk(*, public_id: str, player: Player, allowed: bool) -> Table:
    """The host of a friends table of partners lets them say phrases and reactions during the
    hands (``allowed``), or not (games.services.remarks), before the start: the friends who
    join see it. Such a match is never rated (games.services.rated); a tournament's table and
    a quick match's are dealt at once, so never allow it."""
    with transaction.atomic():
        table = locked_table(public_id)
        if seat_of(table, player).index != 0:
            raise TableError(gettext("Only the host decides whether partners may talk."))
        if table.forfeit_at_deadline:
            raise TableError(gettext("A tournament table never allows table talk during a hand."))
        _refuse_started(
            table, gettext("The game has started: table talk is decided before the start.")
        )
        if not Rules.from_record(table.rules).teams:
            raise TableError(gettext("Only a table of partners keeps quiet during the hands."))
        if table.table_talk != allowed:
            table.table_talk = allowed
            save_and_announce(table, "table_talk")
    return table


def _refuse_started(table: Table, refusal: str) -> None:
    if table.started_at is not None:
        raise TableError(refusal)


def _free_seat(table: Table, seats: list[Seat], wanted: int | None) -> int:
    """``wanted`` if it is a free seat of the table (None: the first free one), or TableError
    saying why not."""
    count = Rules.from_record(table.rules).seats
    taken = {seat.index for seat in seats}
    if wanted is None:
        free = [i for i in range(count) if i not in taken]
        if not free:
            raise TableError(gettext("Every seat at this table is taken."))
        return free[0]
    if not 0 <= wanted < count:
        raise TableError(
            gettext("This table has seats 1 to %(count)s: choose one of them.") % {"count": count}
        )
    if wanted in taken:
        raise TableError(gettext("Someone sits there already: choose a free seat."))
    return wanted


def _computer_seat(table: Table, seats: list[Seat], wanted: int | None) -> int:
    """A seat the computer plays and no friend is promised yet, for someone who came after
    the start (``wanted``, or the first one), or TableError saying why there is none."""
    if table.kind != Table.Kind.ONLINE or table.finished:
        raise TableError(gettext("This table has started: you can watch it."))
    promised = {arrival["seat"] for arrival in table.waiting_arrivals()}
    open_seats = [seat.index for seat in seats if seat.is_bot and seat.index not in promised]
    if not open_seats:
        raise TableError(
            gettext("This table has started and every seat is taken: you can watch it.")
        )
    if wanted is None:
        return open_seats[0]
    if wanted not in open_seats:
        raise TableError(gettext("Choose a seat the computer plays: you take it at the next hand."))
    return wanted


def _arrival_of(table: Table, player: Player) -> dict[str, Any] | None:
    key = person_key(player)
    waiting = table.waiting_arrivals()
    return next((a for a in waiting if _key(a["user"], a["guest"]) == key), None)


def _key_of(seat: Seat) -> str:
    return _key(seat.user_id, seat.guest)


def _key(user_id: int | None, guest: str) -> str:
    return person_key(Player(user_id=user_id, session_key=guest or None))
