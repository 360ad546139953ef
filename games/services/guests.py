"""A guest who signs in: their seats become the account's (on Django's ``user_logged_in``,
connected in games.apps)."""

from __future__ import annotations

from functools import partial

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.http import HttpRequest

from accounts.guests import GUEST_SESSION_KEY
from accounts.players import Player
from accounts.selectors import guest_name
from games import signals
from games.models import Seat, Table
from games.services._tables import advance, is_own_name, match_of, own_name, save_and_announce

#: What the front door called a guest who wrote no name before seats took the person's own
#: name (:func:`own_name`): a name nobody chose, so signing in replaces it too.
OLD_GUEST_NAME = "Guest"


def claim_guest_seats(*, guest: str, user_id: int) -> int:
    """A guest signed in: their seats (``Seat.guest == guest``) become the account's, and the
    tables they created too. A seat that already has a user is never taken over, and at a table
    where the user already sits the guest's seat stays the guest's (one person, one seat).
    A moved seat keeps the token, so a socket opened before signing in still acts for it (and
    its closing is counted) until it reconnects as the account. Finished matches among them get
    their results for the account's new seats, after the commit (the guest's seats had none).
    A moved seat called by a name the person never chose (their own name as a guest, or what
    stood for it) takes the account's display name, announced as a change of the table.
    Returns the seats moved; a second call moves none."""
    if not guest:
        return 0
    claimed = 0
    account = ""  # the account's display name, read once if a seat needs it
    unchosen = {guest_name(guest), OLD_GUEST_NAME}
    with transaction.atomic():
        # Every table involved, locked in one order, so two sign-ins never deadlock.
        tables = (
            Table.objects.select_for_update()
            .filter(id__in=Seat.objects.filter(guest=guest, user__isnull=True).values("table_id"))
            .order_by("id")
            .prefetch_related("seats")
        )
        for table in tables:
            seats = list(table.seats.all())
            if any(seat.user_id == user_id for seat in seats):
                continue
            renamed = False
            for seat in seats:
                if seat.guest == guest and seat.user_id is None:
                    seat.user_id = user_id
                    if is_own_name(seat.name) or seat.name in unchosen:
                        account = account or own_name(Player(user_id, None))
                        seat.name, renamed = account, True
                    seat.save(update_fields=["user", "name"])
                    claimed += 1
                    if seat.index == 0 and table.created_by_id is None:
                        table.created_by_id = user_id  # seat 0 is the guest who made it
                        table.save(update_fields=["created_by"])
            if renamed and (table.started_at is None or table.finished):
                save_and_announce(table)
            elif renamed:  # a table being played: its clock and jobs go on as they were
                advance(table, match_of(table), off_the_log=True)
            if table.finished:
                transaction.on_commit(partial(_claimed, table.public_id))
    return claimed


def _claimed(public_id: str) -> None:
    signals.finished_seats_claimed.send(sender=Table, public_id=public_id)


def on_user_logged_in(
    sender: object, request: HttpRequest | None, user: AbstractBaseUser, **kwargs: object
) -> None:
    """The games this browser played as a guest become the account's. ``login()`` has already
    rotated the session key but kept the data, where the guest token is."""
    session = getattr(request, "session", None)
    if session is None:
        return
    token = session.get(GUEST_SESSION_KEY)
    if token:
        claim_guest_seats(guest=token, user_id=user.pk)
