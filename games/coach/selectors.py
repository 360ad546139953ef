"""Who may read the coach's reviews, and when: never while the hand can still be played.

- At a table against the computer or a casual table of people: a person sees the reviews of
  their own seat for every hand that is over, from the moment it ends.
- At a rated or tournament table: nothing until the match is over (a review between hands
  would be computer help in a game between people).
- Once the match is over, whoever may replay it sees every person's reviews with the replay.
"""

from __future__ import annotations

from typing import Any

from accounts.players import Player
from games.engine import Rules, load
from games.models import HandReview, Table
from games.records.results import is_rated


def after_the_match_only(table: Table) -> bool:
    """A rated table, or a tournament's (the tournament clock forfeits at the deadline)."""
    seats = list(table.seats.all())
    rules = Rules.from_record(table.rules)
    return table.forfeit_at_deadline or is_rated(table, rules, seats)


def hands_over(table: Table) -> int:
    """How many hands of the table are over (the hand in play is not)."""
    if table.finished:
        return len(table.record.get("hands", []))
    match = load(table.record)
    return len(match.deals) if match.needs_deal else len(match.deals) - 1


def own_reviews(*, table: Table, player: Player) -> list[dict[str, Any]]:
    """The reviews the player may see now of their own seat at ``table`` (their hands that are
    over), oldest hand first; none at a rated or tournament table before the match ends."""
    seat = player.seat_in(table.seats.all())
    if seat is None or seat.is_bot:
        return []
    if not table.finished and after_the_match_only(table):
        return []
    over = hands_over(table)
    rows = table.reviews.filter(seat=seat.index, hand__lt=over).order_by("hand")
    return [review_json(row) for row in rows]


def match_reviews(table: Table) -> list[dict[str, Any]]:
    """Every review of a finished match (for its replay, whose hands are all shown)."""
    if not table.finished:
        return []
    return [review_json(row) for row in table.reviews.order_by("hand", "seat")]


def review_json(row: HandReview) -> dict[str, Any]:
    return {
        "hand": row.hand,
        "seat": row.seat,
        "accuracy": None if row.accuracy is None else round(row.accuracy),
        "luck": None if row.luck is None else round(row.luck, 1),
        "forced": row.forced,
        "decisions": row.decisions,
        "critical": row.critical,
    }


def match_accuracy(table: Table, seat: int) -> float | None:
    """The seat's accuracy over the match: the mean over its graded decisions of every hand."""
    return _mean_accuracy(table.reviews.filter(seat=seat))


def _mean_accuracy(rows: Any) -> float | None:
    total = count = 0.0
    for row in rows:
        graded = len(row.decisions)
        if row.accuracy is not None and graded:
            total += row.accuracy * graded
            count += graded
    return total / count if count else None
