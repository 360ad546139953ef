"""Who may read the coach's reviews, and when: never while the hand can still be played.

- At a table against the computer or a casual table of people: a person sees the reviews of
  their own seat for every hand that is over, from the moment it ends.
- At a rated or tournament table: nothing until the match is over (a review between hands
  would be computer help in a game between people).
- Once the match is over, whoever may replay it sees every person's reviews with the replay.
- Never while another table has the match's deals still to play (``Table.deals_withheld``): a
  duplicate's first leg, whose reviews would coach the leg that replays them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import F

from accounts.players import Player
from games.engine import load
from games.models import HandReview, Table

from .words import decision_words


def after_the_match_only(table: Table) -> bool:
    """A rated table, or a tournament's (the tournament clock forfeits at the deadline)."""
    return table.rated or table.forfeit_at_deadline


def hands_over(table: Table) -> int:
    """How many hands of the table are over (the hand in play is not)."""
    if table.finished:
        return len(table.record.get("hands", []))
    if table.started_at is None:  # a friends table's lobby: no record of a match yet
        return 0
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
    if table.deals_withheld:  # the same deals to play again elsewhere: help for that table
        return []
    over = hands_over(table)
    rows = table.reviews.filter(seat=seat.index, hand__lt=over).order_by("hand")
    return [review_json(row) for row in rows]


def own_review(*, public_id: str, player: Player, hand: int) -> dict[str, Any] | None:
    """The player's own review of hand ``hand`` (0-based) if they may see it now (as
    :func:`own_reviews`), else None: what the table's socket sends its seat when the job has
    stored it."""
    table = Table.objects.prefetch_related("seats").get(public_id=public_id)
    return next((r for r in own_reviews(table=table, player=player) if r["hand"] == hand), None)


def match_reviews(table: Table) -> list[dict[str, Any]]:
    """Every review of a finished match (for its replay, whose hands are all shown)."""
    if not table.finished:
        return []
    return [review_json(row) for row in table.reviews.order_by("hand", "seat")]


def review_json(row: HandReview) -> dict[str, Any]:
    """A review as the pages read it, its words in the active language (the reader's)."""
    return {
        "hand": row.hand,
        "seat": row.seat,
        "accuracy": None if row.accuracy is None else round(row.accuracy),
        "luck": None if row.luck is None else round(row.luck, 1),
        # What the hand was worth, the scale of its grades (None: graded before it was kept).
        "worth": next((round(d["worth"]) for d in row.decisions if "worth" in d), None),
        "forced": row.forced,
        "decisions": [decision_words(decision) for decision in row.decisions],
        "critical": row.critical,
    }


@dataclass(frozen=True, slots=True)
class Skill:
    """Skill apart from the tiles: accuracy over the graded decisions (each decision counts
    once), and luck, what the deals were worth to master on average a hand (in points: above 0,
    good tiles)."""

    accuracy: float | None
    luck: float | None
    hands: int

    @classmethod
    def of(cls, rows: Iterable[HandReview]) -> Skill:
        total = graded = luck = 0.0
        hands = lucky = 0
        for row in rows:
            hands += 1
            if row.accuracy is not None and row.decisions:
                total += row.accuracy * len(row.decisions)
                graded += len(row.decisions)
            if row.luck is not None:
                luck += row.luck
                lucky += 1
        return cls(
            accuracy=total / graded if graded else None,
            luck=luck / lucky if lucky else None,
            hands=hands,
        )


def skill_by_match(results: Iterable[Any]) -> dict[int, Skill]:
    """For match results (rows with ``table_id`` and ``seat``), each one's :class:`Skill`,
    keyed by the result's id; a match with no review has none."""
    results = list(results)
    wanted = {(result.table_id, result.seat): result.id for result in results}
    rows: dict[int, list[HandReview]] = {}
    reviews = HandReview.objects.filter(table_id__in={table for table, _ in wanted})
    for row in reviews.only("table_id", "seat", "accuracy", "luck", "decisions"):
        key = wanted.get((row.table_id, row.seat))
        if key is not None:
            rows.setdefault(key, []).append(row)
    return {key: Skill.of(found) for key, found in rows.items()}


def skill_of(user: Any) -> Skill:
    """The player's skill over every finished match they played signed in, but for a
    duplicate's leg whose deals another table has still to play (its luck would tell what its
    tiles were worth, on the statistics page and the public profile)."""
    rows = HandReview.objects.filter(
        Table.deals_shown("table__"),
        table__finished=True,
        table__seats__user=user,
        table__seats__index=F("seat"),
    ).only("accuracy", "luck", "decisions")
    return Skill.of(rows)
