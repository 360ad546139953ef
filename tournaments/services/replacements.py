"""A player's place taken by another: an entrant replaced before the start, or a no-show
replaced while their match checks in. The substitute takes over the place itself (the entrant
row: its seed, its matches and results so far), so brackets and standings stay whole."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from tournaments import host_emails
from tournaments.models import Entrant, Tournament, TournamentMatch
from tournaments.services import formats
from tournaments.services.access import (
    TournamentError,
    bump,
    check_player_limit,
    locked_for_host,
    locked_match_for_host,
    require_draft,
)
from tournaments.services.entrants import entrant_of


def replace_entrant(
    *, host: AbstractBaseUser, public_id: str, entrant_id: int, email: str
) -> Entrant:
    """Before the start, the player with the account of ``email`` takes ``entrant_id``'s
    place (confirmed if the place was, invited if it was an invitation)."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        require_draft(tournament, "Once it has started, replace a player who does not check in.")
        entrant = entrant_of(tournament, entrant_id)
        if entrant.status == Entrant.Status.CONFIRMED:
            confirmed = tournament.entrants.filter(status=Entrant.Status.CONFIRMED).count()
            check_player_limit(tournament, confirmed)
        _take_place(tournament, entrant, _substitute(tournament, email))
    return entrant


def replace_no_show(
    *, host: AbstractBaseUser, public_id: str, match_id: int, entrant_id: int, email: str
) -> TournamentMatch:
    """While a match checks in, the player with the account of ``email`` takes the place of
    ``entrant_id``, who has not checked in; the substitute has a whole check-in window."""
    with transaction.atomic():
        tournament, match = locked_match_for_host(public_id, match_id, host)
        if match.status != TournamentMatch.Status.CHECK_IN:
            raise TournamentError("Only a player of a match checking in can be replaced.")
        if match.check_in_deadline <= timezone.now():
            raise TournamentError("Check-in for this match has closed.")
        sides = {match.first_id: "first", match.second_id: "second"}
        side = sides.get(entrant_id)
        if side is None:
            raise TournamentError("That player is not in this match.")
        if getattr(match, f"{side}_ready"):
            raise TournamentError("That player has checked in: only a no-show can be replaced.")
        entrant = match.first if side == "first" else match.second
        _take_place(tournament, entrant, _substitute(tournament, email))
        formats.push_check_in(match, formats.a_whole_window(tournament, match))
    return match


def _substitute(tournament: Tournament, email: str) -> AbstractBaseUser:
    email = email.strip()
    if not email:
        raise TournamentError("Give the substitute's email address.")
    user = get_user_model().objects.filter(email__iexact=email, is_active=True).first()
    if user is None:
        raise TournamentError(
            f"Nobody has an account with {email}: ask them to sign up first, then replace."
        )
    if tournament.entrants.filter(user=user).exists():
        raise TournamentError(f"{email} is in this tournament already.")
    return user


def _take_place(tournament: Tournament, entrant: Entrant, substitute: AbstractBaseUser) -> None:
    replaced = entrant.user
    entrant.user = substitute
    entrant.wants_rematch = False
    entrant.save(update_fields=["user", "wants_rematch"])
    bump(tournament)
    tell_replaced(tournament, replaced=replaced, substitute=substitute)


def tell_replaced(
    tournament: Tournament, *, replaced: AbstractBaseUser, substitute: AbstractBaseUser
) -> None:
    """Tell the substitute they are in, and the replaced player they are out."""
    host_emails.send_replaced(
        tournament_id=tournament.pk, replaced_id=replaced.pk, substitute_id=substitute.pk
    )
