"""A guest who signs in: their seats become the account's (on Django's ``user_logged_in``,
connected in games.apps)."""

from __future__ import annotations

from functools import partial

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.http import HttpRequest

from accounts.guests import GUEST_SESSION_KEY
from games import signals
from games.models import Seat, Table


def claim_guest_seats(*, guest: str, user_id: int) -> int:
    """A guest signed in: their seats (``Seat.guest == guest``) become the account's, and the
    tables they created too. A seat that already has a user is never taken over, and at a table
    where the user already sits the guest's seat stays the guest's (one person, one seat).
    A moved seat keeps the token, so a socket opened before signing in still acts for it (and
    its closing is counted) until it reconnects as the account. Finished matches among them get
    their results for the account's new seats, after the commit (the guest's seats had none).
    Returns the seats moved; a second call moves none."""
    if not guest:
        return 0
    claimed = 0
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
            for seat in seats:
                if seat.guest == guest and seat.user_id is None:
                    seat.user_id = user_id
                    seat.save(update_fields=["user"])
                    claimed += 1
                    if seat.index == 0 and table.created_by_id is None:
                        table.created_by_id = user_id  # seat 0 is the guest who made it
                        table.save(update_fields=["created_by"])
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
