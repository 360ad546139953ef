"""Running a tournament: starting it (the draw from a fresh server seed) and calling it off."""

from __future__ import annotations

import secrets

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournaments import swiss
from tournaments.models import Entrant, Tournament, TournamentMatch
from tournaments.services import formats
from tournaments.services.access import (
    TournamentError,
    bump,
    check_player_limit,
    locked_for_host,
    require_draft,
)

OPEN = (TournamentMatch.Status.WAITING, TournamentMatch.Status.CHECK_IN)


def start_tournament(*, host: AbstractBaseUser, public_id: str) -> Tournament:
    """Draw the tournament from a fresh server seed (stored) and open the first round."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        require_draft(tournament, "It has already started.")
        confirmed = list(tournament.entrants.filter(status=Entrant.Status.CONFIRMED).order_by("pk"))
        if len(confirmed) < 2:
            raise TournamentError("A tournament needs at least two confirmed entrants.")
        check_player_limit(tournament, len(confirmed))
        if tournament.format == Tournament.Format.SWISS and tournament.rounds > (
            most := swiss.max_rounds(len(confirmed))
        ):
            raise TournamentError(
                f"A Swiss of {len(confirmed)} players plays at most {most} rounds (half the "
                "players, so nobody meets anyone twice): set fewer rounds or add players."
            )
        tournament.seed = secrets.randbits(63)
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = timezone.now()
        bump(tournament, "seed", "status", "started_at")
        formats.draw(tournament, confirmed)
    return tournament


def cancel_tournament(*, user: AbstractBaseUser, public_id: str, reason: str = "") -> Tournament:
    """The host calls the tournament off; open matches are cancelled, tables in play end
    without counting for it."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, user)
        if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise TournamentError("This tournament is already over.")
        call_off(tournament, reason or "Cancelled by the host.")
    return tournament


def call_off(tournament: Tournament, reason: str) -> None:
    tournament.matches.filter(Q(status__in=OPEN) | Q(status=TournamentMatch.Status.PLAYING)).update(
        status=TournamentMatch.Status.CANCELLED, check_in_deadline=None
    )
    tournament.status = Tournament.Status.CANCELLED
    tournament.cancelled_reason = reason[:200]
    tournament.finished_at = timezone.now()
    bump(tournament, "status", "cancelled_reason", "finished_at")
