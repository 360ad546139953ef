"""Who a tournament tells, and what: each event's notification (bell and email) for the
people it concerns, through :func:`notifications.services.notify`.

Called inside the services' transactions: everything leaves after the commit. The words say
only what the tournament page already shows each person (who plays whom, results, the
champion): never anything from inside a game.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse

from accounts.selectors import display_name
from notifications.models import Notification
from notifications.services import notify
from tournaments.models import Entrant, Tournament, TournamentMatch

Kind = Notification.Kind


#: Where the tournament's page shows the reader's match and its "I'm ready" button.
MY_MATCH = "#my-match"


def page_of(tournament: Tournament) -> str:
    return reverse("tournaments:detail", args=[tournament.public_id])


def invited(*, entrant: Entrant) -> None:
    tournament = entrant.tournament
    notify(
        user=entrant.user,
        kind=Kind.INVITED,
        title=f"{display_name(tournament.host)} invites you to {tournament.name}",
        body="Accept the invitation on the tournament's page.",
        link=page_of(tournament),
    )


def accepted(*, entrant: Entrant) -> None:
    tournament = entrant.tournament
    notify(
        user=entrant.user,
        kind=Kind.ACCEPTED,
        title=f"You are in {tournament.name}",
        body="The host confirmed your entry. You are told when your first match is ready.",
        link=page_of(tournament),
    )


def declined(*, tournament: Tournament, user: AbstractBaseUser) -> None:
    notify(
        user=user,
        kind=Kind.DECLINED,
        title=f"Your entry to {tournament.name} was declined",
        body=f"{display_name(tournament.host)}, the host, did not take your entry.",
        link=page_of(tournament),
    )


def notice(*, tournament: Tournament, text: str) -> None:
    """The host's notice in the bell of every entrant it is emailed to (the email is
    :func:`tournaments.emails.send_notice`'s)."""
    entrants = tournament.entrants.filter(
        status__in=[Entrant.Status.CONFIRMED, Entrant.Status.INVITED]
    ).select_related("user")
    for entrant in entrants:
        notify(
            user=entrant.user,
            kind=Kind.NOTICE,
            title=f"{tournament.name}: a notice from {display_name(tournament.host)}",
            body=text,
            link=page_of(tournament),
            email=False,
        )


def starting_soon(*, tournament_id: int, when: str = "soon") -> int:
    """Tell the confirmed entrants the tournament starts ``when`` (e.g. "at 19:00", from the
    job the start time schedules). Returns how many were told; none once it has started."""
    tournament = Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.DRAFT).first()
    if tournament is None:
        return 0
    entrants = tournament.entrants.filter(status=Entrant.Status.CONFIRMED).select_related("user")
    for entrant in entrants:
        notify(
            user=entrant.user,
            kind=Kind.STARTING,
            title=f"{tournament.name} starts {when}",
            body="Be ready to check in to your first match.",
            link=page_of(tournament),
        )
    return len(entrants)


def check_in_open(*, match: TournamentMatch) -> None:
    """Both players: their match is open for check-in, with the link to press "I'm ready"."""
    tournament = match.tournament
    leg = ", second leg" if match.first_leg_id else ""
    for me, opponent in ((match.first, match.second), (match.second, match.first)):
        notify(
            user=me.user,
            kind=Kind.CHECK_IN,
            title=f"Check in now: round {match.round}{leg} of {tournament.name}",
            body=(
                f"Your match against {display_name(opponent.user)} is ready. Press "
                "\"I'm ready\" on the tournament's page before check-in closes."
            ),
            link=page_of(tournament) + MY_MATCH,
        )


def result(*, match: TournamentMatch) -> None:
    """Both players: the result, in the match's own terms."""
    tournament = match.tournament
    for me, opponent in ((match.first, match.second), (match.second, match.first)):
        won = match.winner_id == me.pk
        name = display_name(opponent.user)
        title = f"You beat {name}" if won else f"{name} beat you"
        notify(
            user=me.user,
            kind=Kind.RESULT,
            title=f"{title} in round {match.round} of {tournament.name}",
            body=score_words(match, me_first=me.pk == match.first_id),
            link=page_of(tournament),
        )


def score_words(match: TournamentMatch, *, me_first: bool) -> str:
    """The score from the reader's side: "2–1 in hands", "100–64 in points", "By forfeit"."""
    if match.by_forfeit:
        return "By forfeit."
    if match.tournament.scoring == Tournament.Scoring.BEST_OF:
        scores, unit = (match.first_hands, match.second_hands), "hands"
    else:
        scores, unit = (match.first_points, match.second_points), "points"
    mine, theirs = scores if me_first else scores[::-1]
    if match.edge:  # duplicate across tables: the same deals at the other table decided
        edge = match.edge if me_first else -match.edge
        return f"{mine}–{theirs} in {unit}; on the same deals as the other table: {edge:+d}."
    if mine == theirs and unit == "hands":  # a duplicate level on hands: points decided
        points = (match.first_points, match.second_points)[:: 1 if me_first else -1]
        return f"{mine}–{theirs} in hands, {points[0]}–{points[1]} in points."
    return f"{mine}–{theirs} in {unit}."


def champion(*, tournament: Tournament) -> None:
    """Every confirmed entrant: who won."""
    winner = tournament.champion
    name = display_name(winner.user)
    for entrant in tournament.entrants.filter(status=Entrant.Status.CONFIRMED).select_related(
        "user"
    ):
        notify(
            user=entrant.user,
            kind=Kind.CHAMPION,
            title=(
                f"You are the champion of {tournament.name}!"
                if entrant.pk == winner.pk
                else f"{name} is the champion of {tournament.name}"
            ),
            body="The final bracket and standings are on the tournament's page.",
            link=page_of(tournament),
        )
