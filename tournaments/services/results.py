"""Results: a tournament table's end, heard from ``games.signals.match_finished`` (or found by
the sweep), recorded once, and the tournament moved on."""

from __future__ import annotations

import logging

from django.db import transaction

from games.engine import load
from games.models import Table
from tournaments.models import TournamentMatch
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
        if table.forfeited_by is not None:
            winner_seat = 1 - table.forfeited_by
            match.by_forfeit = True
        else:
            winner_seat = played.winners[0]
        hands = [0, 0]
        for report in played.reports:
            if report.result is not None and len(report.winners) == 1:
                hands[report.winners[0]] += 1
        match.winner = match.first if winner_seat == 0 else match.second
        match.first_hands, match.second_hands = hands
        match.first_points, match.second_points = played.scores
        match.status = TournamentMatch.Status.FINISHED
        match.save()
        bump(tournament)
        formats.after_result(tournament, match)
    return True
