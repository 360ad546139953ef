"""Results of finished matches: one :class:`MatchResult` per signed-in person's seat, and the
Glicko-2 ratings of rated matches. The only code that writes those rows.

It listens to :data:`games.signals.match_finished` (connected in :mod:`games.apps`). Recording
is idempotent: the table row is locked, seats already recorded are skipped (and a unique
constraint per table and seat backs that up), and ratings move only the first time a match is
recorded, so a signal sent twice, or a later call for seats that became a person's, counts
nothing twice.

Rules of counting:

- Guests (seats without a user) and the computer have no statistics.
- A match is **won** by the side the engine names sole winner, **drawn** by sides tied at the
  top (``Match.winners`` holds several), **lost** otherwise. When a seat forfeited (the
  tournament clock), its side loses and every other side wins.
- Hands played are the hands that ended (a forfeited hand in progress does not count); a hand
  is won by a side when the engine names it sole winner of the hand. Points for are the side's
  final score, points against the other sides' scores added up.
- **Rated** matches (``Table.rated``, decided by :func:`games.services.is_rated` when the
  match was dealt): an online table where every seat is a signed-in person from the start and
  there are two sides (two seats, or four as partners). Each player is
  rated against the other side: one opponent, or for partners the average of the two opponents
  (:func:`games.records.glicko2.team_average`), a win scoring 1, a draw 0.5, a loss 0. Ratings
  are kept per family (:mod:`games.records.families`).
  Leaving is no way out of a loss: a person who leaves a rated match, or is gone past the
  rejoin grace, forfeits it (:func:`games.services.hand_over_if_gone`), and their side loses.
- A match in which moves were taken back (undo, against the computer) is recorded **with
  take-backs**: counted apart from clean results in statistics, and never rated.
- A duplicate pair (a tournament's match played in two legs on the same deals, the seats
  swapped) is **one** rated result, never leg by leg: each leg is recorded unrated, and once
  the pair is decided (by its aggregate: :mod:`tournaments.duplicate`) :func:`rate_pair` rates
  its players once, the last leg's rows carrying the ratings before and after.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.db import transaction

from games.engine import Match, Rules, load
from games.models import MatchResult, Rating, Seat, Table
from games.records import glicko2
from games.records.families import family_of

logger = logging.getLogger(__name__)

_SCORE = {
    MatchResult.Outcome.WIN: 1.0,
    MatchResult.Outcome.DRAW: 0.5,
    MatchResult.Outcome.LOSS: 0.0,
}


def on_match_finished(sender: object, public_id: str, **kwargs: object) -> None:
    """The ``match_finished`` receiver (see :func:`record_results_logged`)."""
    record_results_logged(public_id=public_id)


def record_results_logged(*, public_id: str) -> None:
    """:func:`record_finished_match`, with a failure logged, never raised: what triggered it
    (the move that ended the match, a guest's sign-in) has already been saved and must not
    look failed to the player."""
    try:
        record_finished_match(public_id=public_id)
    except Exception:
        logger.exception("Recording the results of table %s failed", public_id)


def record_finished_match(*, public_id: str) -> list[MatchResult]:
    """Record the results of a finished match for every signed-in seat not recorded yet, and
    update ratings if the match is rated. Returns the rows it created (none the second time)."""
    with transaction.atomic():
        table = Table.objects.select_for_update().prefetch_related("seats").get(public_id=public_id)
        if not table.finished:
            return []
        recorded = set(table.results.values_list("seat", flat=True))
        seats = list(table.seats.all())
        match = load(table.record)
        rules = match.rules
        outcomes = side_outcomes(rules, match, table.forfeited_by)
        rated = not recorded and table.rated and not _duplicate_leg(table)
        rows = [
            _result_row(table, match, seat, seats, outcomes, rated)
            for seat in seats
            if seat.user_id is not None and seat.index not in recorded
        ]
        if rated:
            _update_ratings(rules, rows, outcomes)
        MatchResult.objects.bulk_create(rows)
    return rows


def _duplicate_leg(table: Table) -> bool:
    """One leg of a duplicate pair: dealt for another table (a first leg: withheld until it is
    replayed, then replayed; the sweep may record it that late) or from one (a second leg).
    Rated with its pair (:func:`rate_pair`), never alone."""
    if table.deals_private or table.deals_like_id is not None:
        return True
    return Table.objects.filter(deals_like=table).exists()


def rate_pair(*, legs: Sequence[str], winner: int) -> list[MatchResult]:
    """Rate a decided duplicate pair as one match: ``legs`` the public ids of its finished
    tables in the order played (one when a forfeit in the first decided it), ``winner`` the id
    of the user who won the pair. Each leg's results are recorded first (unrated); the last
    leg's rows then carry the ratings before and after. Nothing when a leg would not be rated
    as a match of its own (``Table.rated``, decided when it was dealt), when the winner has no
    seat at the last leg, or the second time. Returns the rows rated."""
    for public_id in legs:
        record_finished_match(public_id=public_id)
    with transaction.atomic():
        tables = {
            table.public_id: table
            for table in Table.objects.select_for_update().filter(public_id__in=legs).order_by("id")
        }
        last = tables[legs[-1]]
        rules = Rules.from_record(last.rules)
        rows = list(last.results.order_by("seat"))
        rated = all(table.rated for table in tables.values())
        sides = {row.user_id: rules.side_of(row.seat) for row in rows}
        if not rated or winner not in sides or any(row.rated for row in rows):
            return []
        outcomes = [
            MatchResult.Outcome.WIN if side == sides[winner] else MatchResult.Outcome.LOSS
            for side in range(rules.sides)
        ]
        _update_ratings(rules, rows, outcomes)
        for row in rows:
            row.rated = True
            row.save(update_fields=["rated", "rating_before", "rating_after"])
    return rows


def record_missing_results() -> int:
    """Record every finished match that has no result yet, oldest first (so ratings move in
    the order the matches ended): matches that ended before results were kept, or whose
    signal was lost with its process. Returns how many matches it recorded."""
    missing = (
        Table.objects.filter(finished=True, results__isnull=True, seats__user__isnull=False)
        .distinct()
        .order_by("updated_at", "id")
        .values_list("public_id", flat=True)
    )
    return sum(bool(record_finished_match(public_id=public_id)) for public_id in missing)


def side_outcomes(
    rules: Rules, match: Match, forfeited_by: int | None
) -> list[MatchResult.Outcome]:
    """Each side's outcome of a finished match (see the module's rules of counting)."""
    sides = range(rules.sides)
    if forfeited_by is not None:
        loser = rules.side_of(forfeited_by)
        return [
            MatchResult.Outcome.LOSS if side == loser else MatchResult.Outcome.WIN for side in sides
        ]
    winners = match.winners
    top = MatchResult.Outcome.WIN if len(winners) == 1 else MatchResult.Outcome.DRAW
    return [top if side in winners else MatchResult.Outcome.LOSS for side in sides]


def opponent_kind(rules: Rules, seat: Seat, seats: list[Seat]) -> str:
    """``"human"`` against people only, the computer's level against the computer alone (all
    at one level), ``"mixed"`` otherwise. Partners are not opponents."""
    side = rules.side_of(seat.index)
    opponents = [other for other in seats if rules.side_of(other.index) != side]
    if not any(other.is_bot for other in opponents):
        return MatchResult.HUMAN
    levels = {other.bot_level for other in opponents}
    if len(levels) == 1 and "" not in levels:
        return levels.pop()
    return MatchResult.MIXED


def _result_row(
    table: Table,
    match: Match,
    seat: Seat,
    seats: list[Seat],
    outcomes: list[MatchResult.Outcome],
    rated: bool,
) -> MatchResult:
    rules = match.rules
    side = rules.side_of(seat.index)
    scores = match.scores
    return MatchResult(
        user_id=seat.user_id,
        table=table,
        seat=seat.index,
        preset=rules.preset.value,
        family=family_of(rules.preset).value,
        seats=rules.seats,
        opponent=opponent_kind(rules, seat, seats),
        outcome=outcomes[side],
        forfeited=table.forfeited_by is not None and rules.side_of(table.forfeited_by) == side,
        take_backs=table.take_backs > 0,
        hands_played=len(match.reports),
        hands_won=sum(1 for report in match.reports if report.winners == (side,)),
        points_for=scores[side],
        points_against=sum(scores) - scores[side],
        finished_at=table.updated_at,
        rated=rated,
    )


def _update_ratings(
    rules: Rules, rows: list[MatchResult], outcomes: list[MatchResult.Outcome]
) -> None:
    """Rate every seat against the other side's (average) rating before this match, and fill
    in each row's rating before and after."""
    family = family_of(rules.preset).value
    users = [row.user_id for row in rows]
    fresh = glicko2.Glicko()
    Rating.objects.bulk_create(
        [
            Rating(
                user_id=user,
                family=family,
                rating=fresh.rating,
                rd=fresh.rd,
                volatility=fresh.volatility,
            )
            for user in users
        ],
        ignore_conflicts=True,
    )
    # Locked in one order, so two matches ending at once cannot deadlock on each other.
    ratings = {
        rating.user_id: rating
        for rating in Rating.objects.select_for_update()
        .filter(family=family, user_id__in=users)
        .order_by("user_id")
    }
    before = {
        row.seat: glicko2.Glicko(
            ratings[row.user_id].rating, ratings[row.user_id].rd, ratings[row.user_id].volatility
        )
        for row in rows
    }
    for row in rows:
        side = rules.side_of(row.seat)
        others = [before[seat] for seat in before if rules.side_of(seat) != side]
        opponent = glicko2.team_average(others)
        after = glicko2.rate(before[row.seat], [(opponent, _SCORE[outcomes[side]])])
        rating = ratings[row.user_id]
        row.rating_before, row.rating_after = rating.rating, after.rating
        rating.rating, rating.rd, rating.volatility = after.rating, after.rd, after.volatility
        rating.matches += 1
        rating.save(update_fields=["rating", "rd", "volatility", "matches", "updated_at"])
