"""Who plays: invitations, requests to join, confirmations, removals, and rematches."""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from functools import reduce

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from accounts.selectors import owns_email
from billing import plans
from dominoes import limits
from tournaments import notices, selectors
from tournaments.emails import send_invitation
from tournaments.models import Entrant, Invitation, Tournament
from tournaments.services import replacements
from tournaments.services.access import (
    NotYourTournament,
    TournamentError,
    bump,
    check_player_limit,
    entrant_of,
    locked,
    locked_for_host,
    manages,
    require_draft,
    spend,
)


def invite(*, host: AbstractBaseUser, public_id: str, user: AbstractBaseUser) -> Entrant:
    """The host invites ``user``; one who had asked to join is confirmed at once."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        require_draft(tournament, gettext("Entrants can no longer change."))
        _check_room(tournament, users={user.pk}, emails=set())
        return _invite(tournament, user)


def _invite(tournament: Tournament, user: AbstractBaseUser) -> Entrant:
    """:func:`invite`, ``tournament`` locked, its room checked."""
    entrant = tournament.entrants.filter(user=user).first()
    if entrant is None:
        entrant = Entrant(tournament=tournament, user=user, status=Entrant.Status.INVITED)
        _save_entrant(tournament, entrant)
        notices.invited(entrant=entrant)
    elif entrant.status == Entrant.Status.REQUESTED:
        entrant.status = Entrant.Status.CONFIRMED
        _save_entrant(tournament, entrant)
        notices.accepted(entrant=entrant)
    else:
        _save_entrant(tournament, entrant)
    return entrant


def _check_room(tournament: Tournament, *, users: set[int], emails: set[str]) -> None:
    """Invitations hold places under the plan: the players in or invited, with the emailed
    invitations still open, and ``users`` and ``emails`` about to be invited, may be no more
    than the host's plan allows; else nobody is invited, and the host is told the count and
    the limit with its plan's name. Asking to join holds no place (the host decides those), nor
    does the host's own cap: a host may invite more than they will take, first come first in."""
    held = tournament.entrants.filter(
        status__in=[Entrant.Status.CONFIRMED, Entrant.Status.INVITED]
    ).values_list("user_id", flat=True)
    emailed = tournament.invitations.filter(replaces=None).values_list("email", flat=True)
    places = len(set(held) | users) + len(set(emailed) | emails)
    if places > plans.tournament_player_limit(host=tournament.host):
        raise TournamentError(
            ngettext(
                "Invitations hold places: with these, %(count)s player would be in or invited. "
                "%(limit)s",
                "Invitations hold places: with these, %(count)s players would be in or "
                "invited. %(limit)s",
                places,
            )
            % {"count": places, "limit": plans.limit_explanation(host=tournament.host).message}
        )


@dataclass(frozen=True)
class Invited:
    """What an invitation by email did: the players invited (or confirmed, if they had asked),
    the addresses of no account (each emailed a link to sign up and join), and the text that
    is no address at all."""

    players: list[Entrant]
    newcomers: list[str]  # no account: emailed a link that signs them up
    malformed: list[str]


def invite_by_email(
    *, host: AbstractBaseUser, public_id: str, emails: str, site: str, address: str
) -> Invited:
    """The host invites the players with the accounts of ``emails`` (one address, or a pasted
    list separated by commas, semicolons, spaces or lines); an address of no account is sent
    a link (on ``site``, e.g. ``https://dominoes.example``) to sign up and join. All or
    nothing: a refusal (not the host, started, the plan's limit, which the invitations count
    toward, or the host's rate of invitations, :data:`limits.INVITATIONS`, counted from the
    client ``address``) invites nobody and sends nothing."""
    addresses = list(dict.fromkeys(a for a in re.split(r"[\s,;]+", emails) if a))
    if not addresses:
        raise TournamentError(gettext("Give at least one email address."))
    malformed = []
    for candidate in addresses:
        try:
            validate_email(candidate)
        except ValidationError:
            malformed.append(candidate)
    wanted = [a for a in addresses if a not in malformed]
    any_of = reduce(operator.or_, (Q(email__iexact=a) for a in wanted), Q(pk__in=[]))
    users = {user.email.lower(): user for user in get_user_model().objects.filter(any_of)}
    newcomers = [a for a in wanted if a.lower() not in users]
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        require_draft(tournament, gettext("Entrants can no longer change."))
        if not wanted:
            return Invited(players=[], newcomers=[], malformed=malformed)
        _check_room(
            tournament,
            users={user.pk for user in users.values()},
            emails={a.lower() for a in newcomers},
        )
        spend(limits.INVITATIONS, host=host, address=address, cost=len(wanted))
        players = [_invite(tournament, users[a.lower()]) for a in wanted if a.lower() in users]
        for newcomer in newcomers:
            invitation, _ = Invitation.objects.update_or_create(  # to join: no place taken
                tournament=tournament,
                email=newcomer.lower(),
                defaults={"replaces": None, "match": None},
            )
            link = site + reverse("tournaments:invitation", args=[invitation.token])
            send_invitation(invitation_id=invitation.pk, link=link)
        if newcomers:
            bump(tournament)
    return Invited(players=players, newcomers=newcomers, malformed=malformed)


def accept_invitation(*, player: AbstractBaseUser, token: str) -> Entrant:
    """A signed-in person accepts an emailed invitation. Its addressee (the address is one of
    their verified ones) joins, confirmed, or takes the place of the player the host replaced
    by them; the link works once. Anyone else the link reached (forwarded, shared) asks the
    host to join as on the tournament's page (``REQUESTED``, the host approves or not) and
    the invitation stays its addressee's; a replacement's place they cannot take."""
    if not player.is_authenticated:
        raise TournamentError(gettext("Sign in or sign up to accept the invitation."))
    public_id = (
        Invitation.objects.filter(token=token).values_list("tournament__public_id", flat=True)
    ).first()
    if public_id is None:
        raise TournamentError(gettext("This invitation has been used or withdrawn."))
    with transaction.atomic():
        tournament = locked(public_id)
        invitation = tournament.invitations.filter(token=token).first()
        if invitation is None:
            raise TournamentError(gettext("This invitation has been used or withdrawn."))
        if not owns_email(player, invitation.email):
            if invitation.replaces_id is not None:
                raise TournamentError(
                    gettext(
                        "This place was offered to another email address: sign in with the "
                        "address the invitation was sent to."
                    )
                )
            return _join(tournament, player)
        if invitation.replaces_id is not None:
            entrant = replacements.take_invited_place(tournament, invitation, player)
            invitation.delete()
            return entrant
        require_draft(tournament, gettext("Entrants can no longer change."))
        entrant = tournament.entrants.filter(user=player).first()
        if entrant is None or entrant.status != Entrant.Status.CONFIRMED:
            if selectors.is_full(tournament):
                raise TournamentError(gettext("This tournament is full."))
            entrant = entrant or Entrant(tournament=tournament, user=player)
            entrant.status = Entrant.Status.CONFIRMED
            _save_entrant(tournament, entrant)
        invitation.delete()
    return entrant


def accept_invitations_for(*, player: AbstractBaseUser, email: str) -> list[Entrant]:
    """``player`` has just confirmed ``email``: accept every invitation sent to it, as its
    link's "Accept" would. One that cannot be honoured now (full, started) is left for its page
    to say why. Returns the entries made."""
    tokens = Invitation.objects.filter(email__iexact=email).values_list("token", flat=True)
    joined = []
    for token in list(tokens):
        try:
            joined.append(accept_invitation(player=player, token=token))
        except TournamentError:
            continue
    return joined


def join(*, player: AbstractBaseUser, public_id: str) -> Entrant:
    """A signed-in player joins: accepting an invitation confirms them; otherwise they ask and
    the host confirms."""
    if not player.is_authenticated:
        raise TournamentError(gettext("Sign in to join a tournament."))
    with transaction.atomic():
        return _join(locked(public_id), player)


def _join(tournament: Tournament, player: AbstractBaseUser) -> Entrant:
    """:func:`join`, ``tournament`` locked."""
    require_draft(tournament, gettext("Entrants can no longer change."))
    entrant = tournament.entrants.filter(user=player).first()
    if entrant is not None and entrant.status != Entrant.Status.INVITED:
        return entrant  # asked already, or in
    if selectors.is_full(tournament):  # a player's words: the plan is the host's business
        raise TournamentError(gettext("This tournament is full."))
    asking = entrant is None
    if entrant is None:
        entrant = Entrant(tournament=tournament, user=player, status=Entrant.Status.REQUESTED)
    else:
        entrant.status = Entrant.Status.CONFIRMED
    _save_entrant(tournament, entrant)
    if asking:
        notices.asked_to_join(entrant=entrant)
    return entrant


def confirm_entrant(*, host: AbstractBaseUser, public_id: str, entrant_id: int) -> Entrant:
    """The host confirms a player who asked to join (or an invitation, on their word)."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        require_draft(tournament, gettext("Entrants can no longer change."))
        entrant = entrant_of(tournament, entrant_id)
        told = entrant.status != Entrant.Status.CONFIRMED
        entrant.status = Entrant.Status.CONFIRMED
        _save_entrant(tournament, entrant)
        if told:
            notices.accepted(entrant=entrant)
    return entrant


def remove_entrant(*, user: AbstractBaseUser, public_id: str, entrant_id: int) -> None:
    """The host removes an entrant, or a player withdraws, before the start."""
    with transaction.atomic():
        tournament = locked(public_id)
        entrant = entrant_of(tournament, entrant_id)
        if entrant.user_id != user.pk and not manages(user, tournament):
            raise NotYourTournament
        require_draft(tournament, gettext("Entrants can no longer change."))
        if entrant.user_id != user.pk and entrant.status == Entrant.Status.REQUESTED:
            notices.declined(tournament=tournament, user=entrant.user)
        entrant.delete()
        bump(tournament)


def _save_entrant(tournament: Tournament, entrant: Entrant) -> None:
    if entrant.status == Entrant.Status.CONFIRMED:
        others = tournament.entrants.filter(status=Entrant.Status.CONFIRMED)
        if entrant.pk:
            others = others.exclude(pk=entrant.pk)
        check_player_limit(tournament, others.count() + 1)
    entrant.save()
    bump(tournament)


def opt_in_rematch(*, player: AbstractBaseUser, public_id: str) -> Tournament:
    """An entrant asks for a rematch of a finished tournament; once every entrant has, a new
    tournament with the same host, entrants and rules is created (``tournament.rematch``),
    taking entrants until its host starts it."""
    with transaction.atomic():
        tournament = locked(public_id)
        if tournament.status != Tournament.Status.FINISHED:
            raise TournamentError(gettext("A rematch is for a finished tournament."))
        entrants = list(tournament.entrants.filter(status=Entrant.Status.CONFIRMED))
        mine = next((e for e in entrants if e.user_id == player.pk), None)
        if mine is None:
            raise TournamentError(gettext("Only the tournament's players can ask for a rematch."))
        if tournament.rematch_id is not None or mine.wants_rematch:
            return tournament
        mine.wants_rematch = True
        mine.save(update_fields=["wants_rematch"])
        if all(e.wants_rematch for e in entrants):
            check_player_limit(tournament, len(entrants))
            twin = Tournament.objects.create(
                host=tournament.host,
                name=tournament.name,
                preset=tournament.preset,
                format=tournament.format,
                scoring=tournament.scoring,
                match_length=tournament.match_length,
                rounds=tournament.rounds,  # a Swiss's (None for the others)
                # the host's words and ways carry over; the start time is for them to set
                description=tournament.description,
                rules_text=tournament.rules_text,
                time_zone=tournament.time_zone,
                check_in_minutes=tournament.check_in_minutes,
                player_cap=tournament.player_cap,
                seeding=tournament.seeding,
            )
            Entrant.objects.bulk_create(
                Entrant(tournament=twin, user_id=e.user_id, status=Entrant.Status.CONFIRMED)
                for e in entrants
            )
            tournament.rematch = twin
        bump(tournament, "rematch")
    return tournament


def _open_invitation(tournament: Tournament, invitation_id: int) -> Invitation:
    """One of the tournament's emailed invitations not yet used, while it can still be used."""
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.RUNNING):
        status = tournament.get_status_display().lower()
        raise TournamentError(
            gettext("This tournament is %(status)s: its invitations are closed.")
            % {"status": status}
        )
    invitation = tournament.invitations.filter(pk=invitation_id).first()
    if invitation is None:
        raise TournamentError(gettext("This invitation has been used or withdrawn."))
    return invitation


def resend_invitation(
    *, host: AbstractBaseUser, public_id: str, invitation_id: int, site: str, address: str
) -> Invitation:
    """Email an invitation's link again (the same link: one sent earlier still works),
    counted in the host's rate of invitations as a new one is."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        invitation = _open_invitation(tournament, invitation_id)
        spend(limits.INVITATIONS, host=host, address=address)
        link = site + reverse("tournaments:invitation", args=[invitation.token])
        send_invitation(invitation_id=invitation.pk, link=link)
    return invitation


def withdraw_invitation(*, host: AbstractBaseUser, public_id: str, invitation_id: int) -> str:
    """The host withdraws an emailed invitation: its link stops working and the place it held
    is free (a replacement's place stays its player's). Returns the address."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        invitation = _open_invitation(tournament, invitation_id)
        invitation.delete()
        bump(tournament)
    return invitation.email
