"""Who may do what, and the locked rows every change starts from.

Every change runs in one transaction with the tournament row locked (``select_for_update``,
the tournament first, then a match: one lock order), so a double click, a job run twice or a
result heard twice applies once, and bumps ``Tournament.version`` for the page's poll.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, Group, Permission
from django.db import transaction
from django.utils.translation import gettext, ngettext

from accounts.players import Player
from billing import plans
from dominoes import limits
from tournaments.models import Entrant, Tournament, TournamentMatch

HOSTS_GROUP = "Tournament hosts"
#: What a host may do in the admin (their own tournaments only, unless they may manage all).
HOST_PERMISSIONS = (
    "host_tournaments",
    "add_tournament",
    "change_tournament",
    "view_tournament",
    "add_entrant",
    "change_entrant",
    "delete_entrant",
    "view_entrant",
    "view_tournamentmatch",
)
MANAGE_ALL = "tournaments.manage_all_tournaments"


class TournamentError(Exception):
    """A request about a tournament that cannot be honoured; the message is for the person."""


class NotYourTournament(TournamentError, PermissionError):
    def __init__(self) -> None:
        super().__init__(gettext("Only the tournament's host can do that."))


def can_host(user: AbstractBaseUser) -> bool:
    """Hosts are staff with the "Can host tournaments" permission (superusers have it)."""
    return bool(user.is_active and user.is_staff and user.has_perm("tournaments.host_tournaments"))


def manages(user: AbstractBaseUser, tournament: Tournament) -> bool:
    """The host of ``tournament``, or staff allowed to manage every tournament."""
    return tournament.host_id == user.pk or (user.is_staff and user.has_perm(MANAGE_ALL))


def make_host(*, user: AbstractBaseUser) -> None:
    """Let ``user`` host tournaments: staff status and the "Tournament hosts" group (created
    with its permissions on first use)."""
    with transaction.atomic():
        group, _ = Group.objects.get_or_create(name=HOSTS_GROUP)
        group.permissions.add(
            *Permission.objects.filter(
                content_type__app_label="tournaments", codename__in=HOST_PERMISSIONS
            )
        )
        user.is_staff = True
        user.save(update_fields=["is_staff"])
        user.groups.add(group)


def check_player_limit(tournament: Tournament, confirmed: int) -> None:
    """The host's plan limit (said with the plan's words, for the host), then the host's own
    cap (a tournament a host chose to keep small)."""
    if confirmed > plans.tournament_player_limit(host=tournament.host):
        raise TournamentError(plans.limit_explanation(host=tournament.host).message)
    if tournament.player_cap is not None and confirmed > tournament.player_cap:
        raise TournamentError(
            ngettext(
                "This tournament is capped at %(players)s player: raise the cap in its "
                "settings for more.",
                "This tournament is capped at %(players)s players: raise the cap in its "
                "settings for more.",
                tournament.player_cap,
            )
            % {"players": tournament.player_cap}
        )


def spend(rate: limits.Rate, *, host: AbstractBaseUser, address: str, cost: int = 1) -> None:
    """Count ``cost`` of the host's ``rate`` (dominoes.limits: per host and per address), or
    refuse in its words, as any refusal here is said."""
    person = limits.person_key(Player(user_id=host.pk, session_key=None))
    try:
        limits.check(rate, person=person, address=address, cost=cost)
    except limits.Refused as refused:
        raise TournamentError(str(refused.message)) from None


def locked(public_id: str) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(public_id=public_id)
    except Tournament.DoesNotExist:
        raise TournamentError(gettext("There is no such tournament.")) from None


def locked_for_host(public_id: str, user: AbstractBaseUser) -> Tournament:
    tournament = locked(public_id)
    if not manages(user, tournament):
        raise NotYourTournament
    return tournament


def locked_match(match_id: int) -> tuple[Tournament, TournamentMatch]:
    """The match's tournament locked first (one lock order for every change), then the match."""
    tournament_id = (
        TournamentMatch.objects.filter(pk=match_id).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is None:
        raise TournamentError(gettext("There is no such match."))
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    match = (
        TournamentMatch.objects.select_for_update(of=("self",))
        .select_related("first__user", "second__user")
        .get(pk=match_id)
    )
    return tournament, match


def locked_match_for_host(
    public_id: str, match_id: int, user: AbstractBaseUser
) -> tuple[Tournament, TournamentMatch]:
    """:func:`locked_match`, for a match of the tournament ``public_id`` that ``user`` manages."""
    tournament, match = locked_match(match_id)
    if tournament.public_id != public_id:
        raise TournamentError(gettext("There is no such match in this tournament."))
    if not manages(user, tournament):
        raise NotYourTournament
    return tournament, match


def entrant_of(tournament: Tournament, entrant_id: int) -> Entrant:
    try:
        return tournament.entrants.select_related("user").get(pk=entrant_id)
    except Entrant.DoesNotExist:
        raise TournamentError(gettext("There is no such entrant in this tournament.")) from None


def require_draft(tournament: Tournament, why: str) -> None:
    if tournament.status != Tournament.Status.DRAFT:
        status = tournament.get_status_display().lower()
        raise TournamentError(
            gettext("This tournament is %(status)s. %(why)s") % {"status": status, "why": why}
        )


def bump(tournament: Tournament, *fields: str) -> None:
    tournament.version += 1
    tournament.save(update_fields=["version", *fields])
