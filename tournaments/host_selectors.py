"""Reads for the host's console (:mod:`tournaments.host_views`): what it lists of one
tournament. Nothing here changes a row; the players' pages read :mod:`tournaments.selectors`."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser

from accounts.selectors import display_name_words
from billing import plans
from tournaments.models import Entrant, Invitation, Tournament, TournamentMatch
from tournaments.selectors import MatchRow, page, player_limit


@dataclass
class Console:
    """What a host's console shows of one tournament."""

    tournament: Tournament
    confirmed: list[tuple[Entrant, str]]
    requested: list[tuple[Entrant, str]]
    invited: list[tuple[Entrant, str]]
    checking_in: list[MatchRow]
    limit: plans.PlanLimit
    #: The most confirmed players: the plan's limit, or the host's cap below it.
    players: int = 0
    #: The played matches, latest round first: what the host may override.
    played: list[MatchRow] = field(default_factory=list)
    #: The matches at their tables now.
    playing: list[MatchRow] = field(default_factory=list)
    #: The emailed invitations not yet used (to join, or to take a player's place).
    emailed: list[Invitation] = field(default_factory=list)
    #: A running Swiss: the players still in, whom the host may drop.
    in_swiss: list[tuple[Entrant, str]] = field(default_factory=list)


def console(tournament: Tournament, host: AbstractBaseUser) -> Console:
    entrants = list(tournament.entrants.select_related("user").order_by("created_at"))

    def named(status: str) -> list[tuple[Entrant, str]]:
        return [(e, display_name_words(e.user)) for e in entrants if e.status == status]

    confirmed = named(Entrant.Status.CONFIRMED)
    if tournament.seeding == Tournament.Seeding.MANUAL:  # as the host's order will seed them
        confirmed.sort(
            key=lambda pair: (pair[0].host_order is None, pair[0].host_order or 0, pair[0].pk)
        )

    shown = page(tournament, host)
    rows = [row for _, slots in shown.rounds for row in slots if isinstance(row, MatchRow)]

    def in_status(status: str) -> list[MatchRow]:
        return [row for row in rows if row.match.status == status]

    swiss_running = (
        tournament.format == Tournament.Format.SWISS
        and tournament.status == Tournament.Status.RUNNING
    )
    return Console(
        tournament=tournament,
        confirmed=confirmed,
        requested=named(Entrant.Status.REQUESTED),
        invited=named(Entrant.Status.INVITED),
        checking_in=in_status(TournamentMatch.Status.CHECK_IN),
        limit=plans.limit_explanation(host=tournament.host),
        players=player_limit(tournament),
        played=sorted(in_status(TournamentMatch.Status.FINISHED), key=lambda r: -r.match.round),
        playing=in_status(TournamentMatch.Status.PLAYING),
        emailed=list(tournament.invitations.select_related("replaces__user", "match")),
        in_swiss=[pair for pair in confirmed if pair[0].withdrawn_after is None]
        if swiss_running
        else [],
    )
