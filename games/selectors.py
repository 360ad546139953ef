"""Reads: what a player may see of a table. Nothing here changes a row."""

from typing import Any

from games import snapshots
from games.models import Table
from games.services import Player, TableNotFound


def table_for(public_id: str) -> Table:
    try:
        return (
            # A tournament's table links back to it (the reverse one-to-one, by name only:
            # games imports nothing of tournaments); joined here, so it costs no query.
            Table.objects.select_related("rematch", "tournament_match__tournament")
            .prefetch_related("seats")
            .get(public_id=public_id)
        )
    except Table.DoesNotExist:
        raise TableNotFound from None


def seat_index_of(table: Table, player: Player) -> int | None:
    """The player's seat at the table, or None for a spectator."""
    for seat in table.seats.all():
        if player.owns(seat):
            return seat.index
    return None


def table_state(table: Table, seat: int | None) -> dict[str, Any]:
    """The payload a client renders for ``seat`` (None: a spectator) of a table row."""
    snapshot = snapshots.TableSnapshot.of(table, list(table.seats.all()))
    snapshots.remember(snapshot)
    return state_of(snapshot, seat)


def state_of(snapshot: snapshots.TableSnapshot, seat: int | None) -> dict[str, Any]:
    """The payload a client renders: the engine's view of ``seat`` and the table around it.

    The view is made by the engine for that seat alone (never filtered afterwards), so it holds
    no other hand and nothing of the boneyard's order. No database work: the event loop may
    call it.
    """
    return {
        "type": "state",
        "version": snapshot.version,
        "table": {
            "id": snapshot.public_id,
            "kind": snapshot.kind,
            "started": snapshot.started,
            "seat_count": snapshot.rules.seats,
            "deadline": snapshot.deadline.isoformat() if snapshot.deadline else None,
            "turn_seconds": snapshot.turn_seconds,
            "grace_seconds": snapshot.grace_seconds,
            "forfeited_by": snapshot.forfeited_by,
            "rematch": {
                "votes": list(snapshot.rematch_votes),
                "table": snapshot.rematch_public_id,
            },
            "fair_deal": dict(snapshot.fair_deal) if snapshot.fair_deal else None,
            "show_hints": snapshot.show_hints,
            "auto_pass": snapshot.auto_pass,
            "can_undo": snapshot.kind == Table.Kind.COMPUTER,
            "seats": [
                {
                    "index": seat_row.index,
                    "name": seat_row.name,
                    "bot": seat_row.bot_level or None,
                    "away": seat_row.away,
                }
                for seat_row in snapshot.seats
            ],
        },
        "view": snapshot.match.view_for(seat).to_json(),
    }
