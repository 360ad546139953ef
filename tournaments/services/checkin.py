"""Check-in: "I'm ready", the match's table dealt once both are, and the window's close (a
lone ready player advances by forfeit; nobody ready cancels the tournament)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.selectors import display_name
from dominoes.language import speaking_to
from games import services as games
from tournaments import selectors
from tournaments.models import Tournament, TournamentMatch
from tournaments.services import absences, formats, legs, results, rounds
from tournaments.services.access import (
    TournamentError,
    bump,
    locked_match,
    locked_match_for_host,
    manages,
)
from tournaments.services.hosting import match_rules
from tournaments.services.rounds import call_off


def tournament_of_match(*, user: AbstractBaseUser, match_id: int) -> str:
    """The public id of the tournament of a match ``user`` plays or manages (the page their
    button sends them back to); TournamentNotFound for anyone else, as for no match at all:
    match ids count up, and a stranger must not learn every tournament's page from them."""
    match = (
        TournamentMatch.objects.select_related("tournament", "first", "second")
        .filter(pk=match_id)
        .first()
    )
    if match is None:
        raise selectors.TournamentNotFound
    players = [entrant.user_id for entrant in (match.first, match.second) if entrant is not None]
    if user.pk not in players and not manages(user, match.tournament):
        raise selectors.TournamentNotFound
    return match.tournament.public_id


def check_in(*, player: AbstractBaseUser, match_id: int) -> TournamentMatch:
    """The player presses "I'm ready"; once both are, the match table is dealt."""
    with transaction.atomic():
        tournament, match = locked_match(match_id)
        side = _side_of(match, player)
        if match.status != TournamentMatch.Status.CHECK_IN:
            raise TournamentError(gettext("This match is not checking in."))
        if match.check_in_deadline <= timezone.now():
            raise TournamentError(gettext("Check-in for this match has closed."))
        setattr(match, f"{side}_ready", True)
        match.save(update_fields=[f"{side}_ready"])
        if match.first_ready and match.second_ready:
            _deal_match(tournament, match)
        bump(tournament)
    return match


def _deal_match(tournament: Tournament, match: TournamentMatch) -> None:
    rules = match_rules(
        preset=tournament.preset, scoring=tournament.scoring, match_length=tournament.match_length
    )
    seated = (match.first, match.second)
    deals_like = None
    if match.first_leg_id is not None:  # a duplicate's second leg: the seats swapped
        seated = seated[::-1]
        deals_like = legs.second_leg_deals(tournament, match)
    players = [
        (games.Player(user_id=entrant.user_id, session_key=None), display_name(entrant.user))
        for entrant in seated
    ]
    match.table = games.create_seated_table(
        players=players,
        rules=rules,
        turn_seconds=games.TOURNAMENT_TURN_SECONDS,
        grace_seconds=games.TOURNAMENT_GRACE_SECONDS,
        forfeit_at_deadline=True,
        deals_like=deals_like,
        # a first leg's deals are played again at another table (or this one's second leg)
        deals_private=tournament.duplicate and match.first_leg_id is None,
    )
    match.status = TournamentMatch.Status.PLAYING
    match.check_in_deadline = None
    match.save(update_fields=["table", "status", "check_in_deadline"])


#: How far a host may push a check-in window's end at once.
EXTEND_MINUTES = range(1, 31)


def extend_check_in(
    *, host: AbstractBaseUser, public_id: str, match_id: int, minutes: int
) -> TournamentMatch:
    """The host gives a match's players ``minutes`` more to check in (the job scheduled for
    the old end finds the new one in the database and does nothing)."""
    if minutes not in EXTEND_MINUTES:
        raise TournamentError(
            gettext("Extend a check-in by %(low)s to %(high)s minutes.")
            % {"low": EXTEND_MINUTES.start, "high": EXTEND_MINUTES.stop - 1}
        )
    with transaction.atomic():
        tournament, match = locked_match_for_host(public_id, match_id, host)
        if match.status != TournamentMatch.Status.CHECK_IN:
            raise TournamentError(gettext("This match is not checking in."))
        later = max(match.check_in_deadline, timezone.now()) + timedelta(minutes=minutes)
        formats.push_check_in(match, later)
        bump(tournament)
    return match


def close_check_in(*, match_id: int) -> bool:
    """When the check-in window has ended: a lone ready player advances by forfeit; if neither
    checked in, the tournament is cancelled rather than inventing a result. The deadline is
    read from the database: called early, late or twice, this does nothing. Returns whether it
    closed the window."""
    with transaction.atomic():
        try:
            tournament, match = locked_match(match_id)
        except TournamentError:
            return False
        if (
            match.status != TournamentMatch.Status.CHECK_IN
            or match.check_in_deadline > timezone.now()
        ):
            return False
        if match.first_ready or match.second_ready:
            winner = match.first if match.first_ready else match.second
            absences.forfeit(tournament, match, winner=winner)
        else:
            with speaking_to(tournament.host):  # kept, and shown to every reader
                reason = gettext("Neither player checked in for round %(round)s.") % {
                    "round": match.round
                }
            call_off(tournament, reason)
    return True


def sweep_tournaments() -> int:
    """The safety net behind the jobs and the result signal (the deadline sweep calls it through
    ``settings.DEADLINE_SWEEPERS``, also after a deployment): close every check-in window that
    ended without its job, and record every finished table whose result was not heard (a
    process that died between the table's commit and the signal), and start every tournament
    whose automatic start is due. Returns how many it did."""
    expired = TournamentMatch.objects.filter(
        status=TournamentMatch.Status.CHECK_IN, check_in_deadline__lte=timezone.now()
    )
    unheard = TournamentMatch.objects.filter(
        status=TournamentMatch.Status.PLAYING, table__finished=True
    )
    started = sum(rounds.start_when_due(public_id=public_id) for public_id in rounds.due_to_start())
    closed = sum(close_check_in(match_id=pk) for pk in expired.values_list("pk", flat=True))
    return (
        started
        + closed
        + sum(
            results.record_table_result(public_id=public_id)
            for public_id in unheard.values_list("table__public_id", flat=True)
        )
    )


def enforce_check_ins(*, public_id: str) -> None:
    """Opening a tournament's page starts it if its automatic start is due, and closes its
    check-in windows that have ended."""
    if public_id in rounds.due_to_start(public_id=public_id):
        rounds.start_when_due(public_id=public_id)
    expired = TournamentMatch.objects.filter(
        tournament__public_id=public_id,
        status=TournamentMatch.Status.CHECK_IN,
        check_in_deadline__lte=timezone.now(),
    )
    for pk in expired.values_list("pk", flat=True):
        close_check_in(match_id=pk)


def _side_of(match: TournamentMatch, player: AbstractBaseUser) -> str:
    if match.first.user_id == player.pk:
        return "first"
    if match.second is not None and match.second.user_id == player.pk:
        return "second"
    raise TournamentError(gettext("You are not playing this match."))
