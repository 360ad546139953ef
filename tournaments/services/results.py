"""Results: a tournament table's end, heard from ``games.signals.match_finished`` (or found by
the sweep), recorded once, and the tournament moved on."""

from __future__ import annotations

import logging

from django.db import transaction

from games.engine import Match, load
from games.models import Table
from tournaments import duplicate
from tournaments.models import Tournament, TournamentMatch
from tournaments.services import formats
from tournaments.services.access import bump, locked_match

logger = logging.getLogger(__name__)


def on_match_finished(sender, *, public_id: str, **kwargs) -> None:
    """``games.signals.match_finished`` receiver: a tournament table's result counts.

    It runs after the table's own commit, in the request or job that ended the match: a failure
    here is logged rather than shown to the player whose move went through, and the sweep
    records the result later."""
    if not TournamentMatch.objects.filter(table__public_id=public_id).exists():
        return
    try:
        record_table_result(public_id=public_id)
    except Exception:
        logger.exception("recording the tournament result of table %s failed", public_id)


def record_table_result(*, public_id: str) -> bool:
    """Record the result of the finished table ``public_id`` (played out or forfeited on the
    clock) and move the tournament on. Idempotent: a result heard twice counts once."""
    with transaction.atomic():
        try:
            match_id = TournamentMatch.objects.get(table__public_id=public_id).pk
        except TournamentMatch.DoesNotExist:
            return False
        tournament, match = locked_match(match_id)
        table = Table.objects.get(public_id=public_id)
        if match.status != TournamentMatch.Status.PLAYING or not table.finished:
            return False
        played = load(table.record)
        leg = _leg_of(table, played)
        if match.first_leg_id is not None:
            _second_leg_played(tournament, match, leg)
        elif tournament.duplicate and leg.forfeited_by is None:
            _first_leg_played(match, leg)
            bump(tournament)
            return True
        else:
            forfeited = leg.forfeited_by is not None
            winner_seat = 1 - leg.forfeited_by if forfeited else played.winners[0]
            match.winner = match.first if winner_seat == 0 else match.second
            match.by_forfeit = forfeited
            match.first_hands, match.second_hands = leg.hands
            match.first_points, match.second_points = leg.points
        match.status = TournamentMatch.Status.FINISHED
        match.save()
        bump(tournament)
        formats.after_result(tournament, match)
    return True


def _leg_of(table: Table, played: Match) -> duplicate.Leg:
    """The table's result by seat: hands won outright, points, who lost on the clock."""
    hands = [0, 0]
    for report in played.reports:
        if report.result is not None and len(report.winners) == 1:
            hands[report.winners[0]] += 1
    return duplicate.Leg(
        hands=(hands[0], hands[1]),
        points=(played.scores[0], played.scores[1]),
        forfeited_by=table.forfeited_by,
    )


def _first_leg_played(match: TournamentMatch, leg: duplicate.Leg) -> None:
    """A duplicate's first leg is over: its score is kept and the match checks in again for
    the second leg, on the same deals with the seats swapped (:mod:`.checkin` deals it)."""
    match.first_hands, match.second_hands = leg.hands
    match.first_points, match.second_points = leg.points
    match.first_leg = match.table
    match.table = None
    match.first_ready = match.second_ready = False
    match.save()
    formats.open_match(match)


def _second_leg_played(tournament: Tournament, match: TournamentMatch, leg: duplicate.Leg) -> None:
    first_leg = duplicate.Leg(
        hands=(match.first_hands, match.second_hands),
        points=(match.first_points, match.second_points),
    )
    unit = "hands" if tournament.scoring == Tournament.Scoring.BEST_OF else "points"
    outcome = duplicate.combine(
        first_leg,
        leg,
        unit=unit,
        first_seeded_higher=(match.first.seed_position or 0) <= (match.second.seed_position or 0),
    )
    match.winner = match.first if outcome.winner == 0 else match.second
    match.by_forfeit = outcome.by_forfeit
    match.first_hands, match.second_hands = outcome.hands
    match.first_points, match.second_points = outcome.points
