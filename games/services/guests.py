"""A guest who signs in: their seats become the account's."""

from __future__ import annotations

from functools import partial

from django.db import transaction

from games.models import Seat, Table
from games.records import results


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
                transaction.on_commit(
                    partial(results.record_results_logged, public_id=table.public_id)
                )
    return claimed
