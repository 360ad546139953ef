"""Running a tournament: starting it (by the host, or by itself at the start time: the draw
from a fresh server seed, in the tournament's seeding) and calling it off."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from dominoes.language import speaking_to
from tournaments import host_emails, jobs, notices, swiss
from tournaments.models import Entrant, Tournament, TournamentMatch
from tournaments.services import formats, seeding
from tournaments.services.access import (
    TournamentError,
    bump,
    check_player_limit,
    locked,
    locked_for_host,
    require_draft,
)

OPEN = (TournamentMatch.Status.WAITING, TournamentMatch.Status.CHECK_IN)


def start_tournament(*, host: AbstractBaseUser, public_id: str) -> Tournament:
    """Draw the tournament from a fresh server seed (stored) and open the first round."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        require_draft(tournament, gettext("It has already started."))
        _start(tournament)
    return tournament


def tell_starting_soon(*, public_id: str, starts_at: str) -> int:
    """The job scheduled with a start time: tell the confirmed entrants it starts soon, if the
    tournament still starts at ``starts_at`` (ISO) and has not started. Returns how many were
    told."""
    tournament = Tournament.objects.filter(public_id=public_id).first()
    if tournament is None or tournament.starts_at is None:
        return 0
    if tournament.starts_at.isoformat() != starts_at:
        return 0
    soon = tournament.starts_at - timedelta(minutes=jobs.STARTING_SOON_MINUTES, seconds=5)
    if timezone.now() < soon:  # run early (RQ may by a second; the inline backend at once)
        return 0
    return notices.starting_soon(tournament_id=tournament.pk, minutes=jobs.STARTING_SOON_MINUTES)


def start_when_due(*, public_id: str) -> bool:
    """The automatic start at the host's start time (the job, the sweep, or a page opened
    after it): the database says whether it is still due, so a job run early, late or twice
    does nothing. A start that cannot happen (too few players, say) leaves the tournament
    taking entrants, with the reason for the host, and tells them. Returns whether it ran."""
    with transaction.atomic():
        try:
            tournament = locked(public_id)
        except TournamentError:
            return False
        if not (
            tournament.status == Tournament.Status.DRAFT
            and tournament.auto_start
            and tournament.starts_at is not None
            and tournament.starts_at <= timezone.now()
        ):
            return False
        try:
            # a refusal undoes only the draw's half-made rows; it is kept for the host, in theirs
            with transaction.atomic(), speaking_to(tournament.host):
                _start(tournament)
        except TournamentError as refusal:
            tournament.refresh_from_db()
            tournament.auto_start = False
            tournament.auto_start_refusal = str(refusal)[:300]
            bump(tournament, "auto_start", "auto_start_refusal")
            tell_auto_start_failed(tournament)
            return False
        tell_started(tournament)
    return True


def tell_started(tournament: Tournament) -> None:
    """Tell the entrants the tournament has started by itself (their first check-in is open)."""
    host_emails.send_started(tournament_id=tournament.pk)


def tell_auto_start_failed(tournament: Tournament) -> None:
    """Tell the host why the tournament did not start at its start time."""
    host_emails.send_auto_start_failed(tournament_id=tournament.pk)


def due_to_start(*, public_id: str | None = None) -> list[str]:
    """The public ids of the tournaments whose automatic start is due (the sweep's list), or
    of ``public_id`` alone if it is."""
    due = Tournament.objects.filter(
        status=Tournament.Status.DRAFT, auto_start=True, starts_at__lte=timezone.now()
    )
    if public_id is not None:
        due = due.filter(public_id=public_id)
    return list(due.values_list("public_id", flat=True))


def _start(tournament: Tournament) -> None:
    confirmed = list(tournament.entrants.filter(status=Entrant.Status.CONFIRMED).order_by("pk"))
    if len(confirmed) < 2:
        raise TournamentError(gettext("A tournament needs at least two confirmed entrants."))
    check_player_limit(tournament, len(confirmed))
    if tournament.format == Tournament.Format.SWISS and tournament.rounds > (
        most := swiss.max_rounds(len(confirmed))
    ):
        raise TournamentError(
            ngettext(
                "A Swiss of %(players)s players plays at most %(rounds)s round (half the "
                "players, so nobody meets anyone twice): set fewer rounds or add players.",
                "A Swiss of %(players)s players plays at most %(rounds)s rounds (half the "
                "players, so nobody meets anyone twice): set fewer rounds or add players.",
                most,
            )
            % {"players": len(confirmed), "rounds": most}
        )
    tournament.seed = secrets.randbits(63)
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = timezone.now()
    tournament.auto_start_refusal = ""
    bump(tournament, "seed", "status", "started_at", "auto_start_refusal")
    formats.draw(tournament, confirmed, seeding.seeded_order(tournament, confirmed))


def cancel_tournament(*, user: AbstractBaseUser, public_id: str, reason: str = "") -> Tournament:
    """The host calls the tournament off; open matches are cancelled, tables in play end
    without counting for it."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, user)
        if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise TournamentError(gettext("This tournament is already over."))
        call_off(tournament, reason or gettext("Cancelled by the host."))
    return tournament


def call_off(tournament: Tournament, reason: str) -> None:
    tournament.matches.filter(Q(status__in=OPEN) | Q(status=TournamentMatch.Status.PLAYING)).update(
        status=TournamentMatch.Status.CANCELLED, check_in_deadline=None
    )
    tournament.status = Tournament.Status.CANCELLED
    tournament.cancelled_reason = reason[:200]
    tournament.finished_at = timezone.now()
    bump(tournament, "status", "cancelled_reason", "finished_at")
