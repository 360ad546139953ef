"""A player's place taken by another: an entrant replaced before the start, or a no-show
replaced while their match checks in. The substitute takes over the place itself (the entrant
row: its seed, its matches and results so far), so brackets and standings stay whole.

A substitute with an account takes the place at once. An address with no account is emailed
a link, as an invitation is: whoever signs up from it takes the place on accepting
(:func:`take_invited_place`), if it can still be taken then; until then it stays as it was."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from accounts.selectors import display_name
from tournaments import host_emails
from tournaments.emails import send_invitation
from tournaments.models import Entrant, Invitation, Tournament, TournamentMatch
from tournaments.services import formats
from tournaments.services.access import (
    TournamentError,
    bump,
    check_player_limit,
    entrant_of,
    locked_for_host,
    locked_match_for_host,
    require_draft,
)


@dataclass(frozen=True)
class Replacement:
    """What a replacement did: the place given at once, or (``emailed``: the newcomer's
    address) a link on its way, the place unchanged until they accept."""

    entrant: Entrant
    emailed: str = ""


def replace_entrant(
    *, host: AbstractBaseUser, public_id: str, entrant_id: int, email: str, site: str = ""
) -> Replacement:
    """Before the start, the player with the account of ``email`` takes ``entrant_id``'s
    place (confirmed if the place was, invited if it was an invitation); an address with no
    account is emailed a link (on ``site``, the settings' SITE_URL unless given) to sign up
    and take it."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        require_draft(
            tournament, gettext("Once it has started, replace a player who does not check in.")
        )
        entrant = entrant_of(tournament, entrant_id)
        if entrant.status == Entrant.Status.CONFIRMED:
            confirmed = tournament.entrants.filter(status=Entrant.Status.CONFIRMED).count()
            check_player_limit(tournament, confirmed)
        substitute = _substitute(tournament, email)
        if substitute is None:
            return _email_the_place(tournament, entrant, email, site=site, match=None)
        _take_place(tournament, entrant, substitute)
    return Replacement(entrant)


def replace_no_show(
    *,
    host: AbstractBaseUser,
    public_id: str,
    match_id: int,
    entrant_id: int,
    email: str,
    site: str = "",
) -> Replacement:
    """While a match checks in, the player with the account of ``email`` takes the place of
    ``entrant_id``, who has not checked in; the substitute has a whole check-in window. An
    address with no account is emailed a link to sign up and take it, and the window is
    pushed to a whole one from now (the host may extend it further)."""
    with transaction.atomic():
        tournament, match = locked_match_for_host(public_id, match_id, host)
        if match.status != TournamentMatch.Status.CHECK_IN:
            raise TournamentError(gettext("Only a player of a match checking in can be replaced."))
        if match.check_in_deadline <= timezone.now():
            raise TournamentError(gettext("Check-in for this match has closed."))
        sides = {match.first_id: "first", match.second_id: "second"}
        side = sides.get(entrant_id)
        if side is None:
            raise TournamentError(gettext("That player is not in this match."))
        if getattr(match, f"{side}_ready"):
            raise TournamentError(
                gettext("That player has checked in: only a no-show can be replaced.")
            )
        entrant = match.first if side == "first" else match.second
        substitute = _substitute(tournament, email)
        if substitute is None:
            replacement = _email_the_place(tournament, entrant, email, site=site, match=match)
        else:
            _take_place(tournament, entrant, substitute)
            replacement = Replacement(entrant)
        formats.push_check_in(match, formats.a_whole_window(tournament, match))
    return replacement


def take_invited_place(
    tournament: Tournament, invitation: Invitation, player: AbstractBaseUser
) -> Entrant:
    """``player`` accepts a replacement's emailed link (``tournament`` locked): they take the
    place, if it can still be taken. Refusals in the newcomer's words."""
    if tournament.entrants.filter(user=player).exists():
        raise TournamentError(
            gettext("You are in this tournament already: you cannot take another place.")
        )
    entrant = entrant_of(tournament, invitation.replaces_id)
    name = display_name(entrant.user)
    match = None
    if invitation.match_id is None:
        require_draft(
            tournament,
            gettext("%(name)s's place was to be taken before the start.") % {"name": name},
        )
    else:
        match = TournamentMatch.objects.select_for_update().get(pk=invitation.match_id)
        if (
            match.status != TournamentMatch.Status.CHECK_IN
            or match.check_in_deadline <= timezone.now()
        ):
            raise TournamentError(
                gettext(
                    "The check-in of %(name)s's match has closed: the place can no longer be taken."
                )
                % {"name": name}
            )
        side = "first" if match.first_id == entrant.pk else "second"
        if getattr(match, f"{side}_ready"):
            raise TournamentError(
                gettext("%(name)s checked in after all: the place is theirs.") % {"name": name}
            )
    if entrant.status == Entrant.Status.INVITED:  # the link answered the invitation
        confirmed = tournament.entrants.filter(status=Entrant.Status.CONFIRMED).count()
        check_player_limit(tournament, confirmed + 1)
        entrant.status = Entrant.Status.CONFIRMED
        entrant.save(update_fields=["status"])
    _take_place(tournament, entrant, player)
    if match is not None:
        formats.push_check_in(match, formats.a_whole_window(tournament, match))
    return entrant


def _substitute(tournament: Tournament, email: str) -> AbstractBaseUser | None:
    """The account of ``email``, or None for an address of no account."""
    email = email.strip()
    if not email:
        raise TournamentError(gettext("Give the substitute's email address."))
    try:
        validate_email(email)
    except ValidationError:
        raise TournamentError(
            gettext("%(email)s is not an email address.") % {"email": email}
        ) from None
    user = get_user_model().objects.filter(email__iexact=email, is_active=True).first()
    if user is not None and tournament.entrants.filter(user=user).exists():
        raise TournamentError(
            gettext("%(email)s is in this tournament already.") % {"email": email}
        )
    return user


def _email_the_place(
    tournament: Tournament,
    entrant: Entrant,
    email: str,
    *,
    site: str,
    match: TournamentMatch | None,
) -> Replacement:
    """Email ``email`` (no account) a link to sign up and take ``entrant``'s place (one link
    an address: a newer replacement or invitation for it takes the older one's place)."""
    address = email.strip().lower()
    invitation, _ = Invitation.objects.update_or_create(
        tournament=tournament, email=address, defaults={"replaces": entrant, "match": match}
    )
    link = (site or settings.SITE_URL) + reverse("tournaments:invitation", args=[invitation.token])
    send_invitation(invitation_id=invitation.pk, link=link)
    bump(tournament)
    return Replacement(entrant, emailed=address)


def _take_place(tournament: Tournament, entrant: Entrant, substitute: AbstractBaseUser) -> None:
    Invitation.objects.filter(replaces=entrant).delete()  # links to the place it had are void
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
