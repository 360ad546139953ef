"""Absences the host records while a tournament runs: a no-show (the match not played, the
opponent wins by forfeit, as when check-in closes with one player ready) and a player dropped
from a running Swiss (paired no more; their results stay in the standings)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext, ngettext

from tournaments import swiss
from tournaments.models import Entrant, Tournament, TournamentMatch
from tournaments.services import formats
from tournaments.services.access import (
    TournamentError,
    bump,
    entrant_of,
    locked_for_host,
    locked_match_for_host,
)

CHECKING_IN = TournamentMatch.Status.CHECK_IN


def record_no_show(
    *, host: AbstractBaseUser, public_id: str, match_id: int, absent_id: int
) -> TournamentMatch:
    """The host records that ``absent_id`` (an entrant of the match) did not come: a match
    checking in is decided at once, their opponent winning by forfeit (a forfeit counts as a
    win and a loss with no hands or points, in every format)."""
    with transaction.atomic():
        tournament, match = locked_match_for_host(public_id, match_id, host)
        if tournament.status != Tournament.Status.RUNNING:
            raise TournamentError(gettext("The tournament is not running."))
        if match.status != TournamentMatch.Status.CHECK_IN:
            raise TournamentError(
                gettext(
                    "Only a match checking in can be recorded as a no-show: a match at its "
                    "table ends on its clock."
                )
            )
        if absent_id not in (match.first_id, match.second_id):
            raise TournamentError(gettext("The absent player must be one of the match's two."))
        forfeit(
            tournament, match, winner=match.second if absent_id == match.first_id else match.first
        )
    return match


def forfeit(tournament: Tournament, match: TournamentMatch, *, winner: Entrant) -> None:
    """Decide a match checking in for ``winner`` by forfeit and move the tournament on."""
    match.winner = winner
    match.by_forfeit = True
    match.status = TournamentMatch.Status.FINISHED
    match.check_in_deadline = None
    match.save(update_fields=["winner", "by_forfeit", "status", "check_in_deadline"])
    bump(tournament)
    formats.after_result(tournament, match)


def drop_from_swiss(*, host: AbstractBaseUser, public_id: str, entrant_id: int) -> Entrant:
    """The host drops a player from a running Swiss: a match of theirs checking in goes to
    their opponent by forfeit, and from the next round on they are paired no more; their
    results stay (their opponents' Buchholz counts them). Refused while their match is at its
    table (it ends on its clock), and when the players left could not fill the rounds without
    a repeated pairing (:func:`tournaments.swiss.max_rounds`)."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        if (
            tournament.format != Tournament.Format.SWISS
            or tournament.status != Tournament.Status.RUNNING
        ):
            raise TournamentError(
                gettext(
                    "Only a running Swiss drops players: elsewhere, record a no-show at check-in."
                )
            )
        entrant = entrant_of(tournament, entrant_id)
        if entrant.status != Entrant.Status.CONFIRMED or entrant.withdrawn_after is not None:
            raise TournamentError(gettext("This player is not in the tournament any more."))
        staying = (
            tournament.entrants.filter(
                status=Entrant.Status.CONFIRMED, withdrawn_after__isnull=True
            ).count()
            - 1
        )
        if staying >= 2 and tournament.rounds > swiss.max_rounds(staying):
            raise TournamentError(
                ngettext(
                    "With %(players)s player left, a Swiss cannot pair %(rounds)s rounds "
                    "without a repeat: record their matches as no-shows instead.",
                    "With %(players)s players left, a Swiss cannot pair %(rounds)s rounds "
                    "without a repeat: record their matches as no-shows instead.",
                    staying,
                )
                % {"players": staying, "rounds": tournament.rounds}
            )
        # The latest round is paired as soon as the one before ends: theirs, if any, is there.
        current = tournament.matches.order_by("-round").values_list("round", flat=True).first()
        theirs = (
            tournament.matches.select_for_update(of=("self",))
            .filter(Q(first=entrant) | Q(second=entrant), round=current)
            .select_related("first", "second")
            .first()
        )
        if theirs is not None and theirs.status not in (*formats.DECIDED, CHECKING_IN):
            raise TournamentError(
                gettext("%(name)s's match is being played: drop them once it is over.")
                % {"name": entrant}
            )
        entrant.withdrawn_after = current
        entrant.save(update_fields=["withdrawn_after"])
        bump(tournament)
        if theirs is not None and theirs.status == CHECKING_IN:
            opponent = theirs.second if theirs.first_id == entrant.pk else theirs.first
            forfeit(tournament, theirs, winner=opponent)
    return entrant
