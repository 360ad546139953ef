"""Reads: what a player may see of a table. Nothing here changes a row."""

from typing import Any

from games.engine import Match, Rules, load
from games.fairness import commitment
from games.models import LogEntry, Table
from games.services import Player, TableNotFound


def table_for(public_id: str) -> Table:
    try:
        return (
            Table.objects.select_related("rematch")
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
    """The payload a client renders: the engine's view of ``seat`` and the table around it.

    The view is made by the engine for that seat alone (never filtered afterwards), so it holds
    no other hand and nothing of the boneyard's order.
    """
    rules = Rules.from_record(table.rules)
    match = load(table.record) if table.started_at is not None else Match(rules)
    return {
        "type": "state",
        "version": table.version,
        "table": {
            "id": table.public_id,
            "kind": table.kind,
            "started": table.started_at is not None,
            "seat_count": rules.seats,
            "deadline": table.deadline.isoformat() if table.deadline else None,
            "turn_seconds": table.turn_seconds,
            "grace_seconds": table.grace_seconds,
            "forfeited_by": table.forfeited_by,
            "rematch": {
                "votes": table.rematch_votes,
                "table": table.rematch.public_id if table.rematch_id else None,
            },
            "fair_deal": fair_deal(table, match),
            "show_hints": table.show_hints,
            "auto_pass": table.auto_pass,
            "can_undo": table.kind == Table.Kind.COMPUTER,
            "seats": [
                {
                    "index": seat_row.index,
                    "name": seat_row.name,
                    "bot": seat_row.bot_level or None,
                    "away": seat_row.away,
                }
                for seat_row in table.seats.all()
            ],
        },
        "view": match.view_for(seat).to_json(),
    }


def fair_deal(table: Table, match: Match) -> dict[str, Any] | None:
    """The current hand's commitment (the SHA-256 of its seed), and its seed once the hand is
    over (or the match, a forfeit included): never while the hand is played."""
    if match.hand is None:
        return None
    payload = (
        table.log.filter(kind=LogEntry.Kind.DEAL)
        .order_by("-position")
        .values_list("payload", flat=True)
        .first()
    )
    seed = payload["seed"]
    over = bool(match.hand.result) or match.finished or table.finished
    return {
        "hand": len(match.deals) - 1,
        "commitment": commitment(seed),
        "seed": seed if over else None,
    }
