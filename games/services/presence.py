"""Who is at the table: a socket opening it, closing, the heartbeat; leaving and coming back."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.players import Player
from games.errors import NotYourSeat, TableError, TableNotFound
from games.models import Seat, Table
from games.services import schedule
from games.services._tables import advance, locked_table, match_of, save_and_announce, seat_of
from games.services.clock import REJOIN_GRACE_SECONDS, read_on_time


@dataclass(frozen=True, slots=True)
class Opened:
    """A table as a socket of the player opened it: their seat (None: a spectator) and, at an
    online table, the row of that seat, whose presence the socket counts for
    (games.live.presence)."""

    seat: int | None
    presence_seat_id: int | None


def open_table(*, public_id: str, player: Player) -> Opened:
    """A socket of the player opened the table, or they just took a seat over it: its deadline
    enforced first (a turn whose time ran out is played), their seat found, NotYourSeat for
    anyone else at a table against the computer (it has no spectators), and at an online
    table the person is here, and back if they had gone."""
    table = read_on_time(public_id=public_id, read=partial(_with_seats, public_id))
    seat = player.seat_in(table.seats.all())
    if seat is None and (table.kind == Table.Kind.COMPUTER or table.deals_withheld):
        raise NotYourSeat  # no spectators (a duplicate's deals to come elsewhere: none yet)
    if seat is None or table.kind != Table.Kind.ONLINE:
        return Opened(seat.index if seat else None, None)
    # Opening the table again is coming back: the seat is the player's again.
    row = seat_connected(public_id=public_id, player=player)
    return Opened(seat.index, row.pk if row is not None else None)


def _with_seats(public_id: str) -> Table:
    try:
        return Table.objects.prefetch_related("seats").get(public_id=public_id)
    except Table.DoesNotExist:
        raise TableNotFound from None


def seat_connected(*, public_id: str, player: Player) -> Seat | None:
    """A socket of the player opened: they are here, and back if they had gone. Returns their
    seat (None for a spectator)."""
    with transaction.atomic():
        table = locked_table(public_id)
        seat = player.seat_in(table.seats.all())
        if seat is None:
            return None
        seat.seen_at = timezone.now()
        seat.save(update_fields=["seen_at"])
    if seat.away or (seat.left_at is not None and not table.finished):
        come_back(public_id=public_id, player=player)
    return seat


def seats_seen(*, seat_ids: list[int]) -> None:
    """The people of these seats still have a socket open (games.live.presence's heartbeat)."""
    if seat_ids:
        Seat.objects.filter(pk__in=seat_ids).update(seen_at=timezone.now())


def seat_disconnected(*, public_id: str, player: Player) -> None:
    """The player's last socket in a server process closed: unless another process still
    serves them (its heartbeat keeps them seen), the grace of casual tables begins."""
    with transaction.atomic():
        table = locked_table(public_id)
        seat = player.seat_in(table.seats.all())
        if seat is None:
            return
        seat.seen_at = timezone.now()
        seat.save(update_fields=["seen_at"])
        if table.kind == Table.Kind.ONLINE and not table.forfeit_at_deadline:
            transaction.on_commit(
                partial(
                    schedule.schedule_gone_check,
                    public_id=public_id,
                    seat_index=seat.index,
                    seconds=REJOIN_GRACE_SECONDS,
                )
            )


def leave_table(*, public_id: str, player: Player) -> Table:
    """The player leaves. At a casual table the computer plays their seat until they come
    back. Where leaving forfeits (a rated or a tournament's match) they lose the match unless
    back within the rejoin grace, and meanwhile nothing plays for them but the clock (their
    time runs, and what the stand-in plays when it is out is shown as played for them): so
    leaving a hard position and coming back gains nothing, and two people who both leave do
    not have the computer play their match out."""
    return _set_away(public_id, player, away=True)


def come_back(*, public_id: str, player: Player) -> Table:
    """The player is back: their seat is theirs again (from their next turn); where leaving
    forfeits, only within the grace (a match lost is lost)."""
    return _set_away(public_id, player, away=False)


def _set_away(public_id: str, player: Player, *, away: bool) -> Table:
    with transaction.atomic():
        table = locked_table(public_id)
        seat = seat_of(table, player)
        if table.kind != Table.Kind.ONLINE:
            raise TableError(gettext("Leaving and coming back are for tables with friends."))
        playing = table.started_at is not None and not table.finished
        if playing and table.leaving_forfeits:
            _set_left(table, seat, left=away)
            return table
        if seat.away == away:
            return table
        seat.away = away
        seat.save(update_fields=["away"])
        if not playing:
            # Nothing to play: a finished match (a forfeit's too, which its moves do not show)
            # must not be decided again from its moves.
            save_and_announce(table)
            return table
        match = match_of(table)
        if match.turn == seat.index:
            # The turn changes hands (the computer's cue is no person's clock): it starts anew.
            table.deadline = None
        advance(table, match, off_the_log=True)
    return table


def _set_left(table: Table, seat: Seat, *, left: bool) -> None:
    """Leave or come back where leaving forfeits: the seat stays the person's (its clock runs
    as before); Leave dates it, once (leaving again does not start the grace anew), and checks
    after the grace whether they are back (hand_over_if_gone)."""
    if (seat.left_at is not None) == left:
        return
    seat.left_at = timezone.now() if left else None
    seat.save(update_fields=["left_at"])
    save_and_announce(table)
    if left:
        transaction.on_commit(
            partial(
                schedule.schedule_gone_check,
                public_id=table.public_id,
                seat_index=seat.index,
                seconds=REJOIN_GRACE_SECONDS,
            )
        )
