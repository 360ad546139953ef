"""Results: a tournament table's end, heard from ``games.signals.match_finished`` (or found by
the sweep), recorded once, and the tournament moved on."""

from __future__ import annotations

import logging

from django.db import transaction

from games.engine import load
from games.models import Table
from games.records import results as records
from tournaments import duplicate
from tournaments.models import Tournament, TournamentMatch
from tournaments.services import formats, legs
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
        leg = legs.leg_of(table)
        if match.first_leg_id is not None:
            legs.publish([table.deals_like])  # the deals it replayed are played everywhere
            match.status = TournamentMatch.Status.WAITING  # until the other table's result
            match.save(update_fields=["status"])
            bump(tournament)
            decide_second_legs(tournament, match.round)
            return True
        if tournament.duplicate and leg.forfeited_by is None:
            _first_leg_played(tournament, match, leg)
            bump(tournament)
            return True
        forfeited = leg.forfeited_by is not None
        winner_seat = 1 - leg.forfeited_by if forfeited else load(table.record).winners[0]
        match.winner = match.first if winner_seat == 0 else match.second
        match.by_forfeit = forfeited
        match.first_hands, match.second_hands = leg.hands
        match.first_points, match.second_points = leg.points
        match.status = TournamentMatch.Status.FINISHED
        match.save()
        if tournament.duplicate:  # a first leg lost on the clock: the pair's one result
            records.rate_pair(legs=[table.public_id], winner=match.winner.user_id)
        bump(tournament)
        formats.after_result(tournament, match)
    return True


def _first_leg_played(tournament: Tournament, match: TournamentMatch, leg: duplicate.Leg) -> None:
    """A duplicate's first leg is over: its score is kept and the match waits for its second
    leg's deals (another table's first leg, or its own: :mod:`.legs`), then checks in again."""
    match.first_hands, match.second_hands = leg.hands
    match.first_points, match.second_points = leg.points
    match.first_leg = match.table
    match.table = None
    match.first_ready = match.second_ready = False
    match.status = TournamentMatch.Status.WAITING
    match.save()
    formats.open_second_legs(tournament, match.round)


def decide_second_legs(tournament: Tournament, number: int) -> None:
    """Decide every match of round ``number`` whose two legs are played and whose deals' other
    tables have finished, and move the tournament on after each."""
    played = tournament.matches.filter(
        round=number,
        status=TournamentMatch.Status.WAITING,
        first_leg__isnull=False,
        table__finished=True,
    ).select_related("first", "second", "first_leg", "table__deals_like", "tournament")
    for match in played:
        leg = legs.leg_of(match.table)
        # a forfeit decides at once; else the other tables' results on the same deals
        compared = (
            (None, None) if leg.forfeited_by is not None else legs.elsewhere(tournament, match)
        )
        if compared is None:
            continue
        _second_leg_played(tournament, match, leg, *compared)
        match.status = TournamentMatch.Status.FINISHED
        match.save()
        # Rated once, as decided on both legs (never leg by leg: games.records.results).
        legs_played = [match.first_leg.public_id, match.table.public_id]
        records.rate_pair(legs=legs_played, winner=match.winner.user_id)
        bump(tournament)
        formats.after_result(tournament, match)


def _second_leg_played(
    tournament: Tournament,
    match: TournamentMatch,
    leg: duplicate.Leg,
    first_elsewhere: duplicate.Leg | None,
    second_elsewhere: duplicate.Leg | None,
) -> None:
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
        first_elsewhere=first_elsewhere,
        second_elsewhere=second_elsewhere,
    )
    match.winner = match.first if outcome.winner == 0 else match.second
    match.by_forfeit = outcome.by_forfeit
    match.edge = outcome.edge
    match.first_hands, match.second_hands = outcome.hands
    match.first_points, match.second_points = outcome.points
