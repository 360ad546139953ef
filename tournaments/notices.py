"""Who a tournament tells, and what: each event's notification (bell and email) for the
people it concerns, through :func:`notifications.services.notify`.

Called inside the services' transactions: everything leaves after the commit. The words say
only what the tournament page already shows each person (who plays whom, results, the
champion): never anything from inside a game. Each is written in its reader's language (their
preferences'), as it is kept and emailed: the person acting may speak another.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from accounts.selectors import display_name_words
from dominoes.language import each_in_their_language, speaking_to
from notifications.models import Notification
from notifications.services import notify
from tournaments.models import Entrant, Tournament, TournamentMatch
from tournaments.selectors import is_final, level_words

Kind = Notification.Kind


#: Where the tournament's page shows the reader's match and its "I'm ready" button.
MY_MATCH = "#my-match"


def page_of(tournament: Tournament) -> str:
    return reverse("tournaments:detail", args=[tournament.public_id])


def invited(*, entrant: Entrant) -> None:
    tournament = entrant.tournament
    with speaking_to(entrant.user):
        notify(
            user=entrant.user,
            kind=Kind.INVITED,
            title=gettext("%(host)s invites you to %(name)s")
            % {"host": display_name_words(tournament.host), "name": tournament.name},
            body=gettext("Accept the invitation on the tournament's page."),
            link=page_of(tournament),
        )


#: Where the host's console lists the players asking to join.
ASKING = "#entrants-title"


def asked_to_join(*, entrant: Entrant) -> None:
    """The host (bell and email): a player asks to join, to approve or decline on the console."""
    tournament = entrant.tournament
    with speaking_to(tournament.host):
        notify(
            user=tournament.host,
            kind=Kind.REQUESTED,
            title=gettext("%(player)s asks to join %(name)s")
            % {"player": display_name_words(entrant.user), "name": tournament.name},
            body=gettext("Approve or decline the entry on your console."),
            link=reverse("tournaments:console", args=[tournament.public_id]) + ASKING,
        )


def accepted(*, entrant: Entrant) -> None:
    tournament = entrant.tournament
    with speaking_to(entrant.user):
        notify(
            user=entrant.user,
            kind=Kind.ACCEPTED,
            title=gettext("You are in %(name)s") % {"name": tournament.name},
            body=gettext(
                "The host confirmed your entry. You are told when your first match is ready."
            ),
            link=page_of(tournament),
        )


def declined(*, tournament: Tournament, user: AbstractBaseUser) -> None:
    with speaking_to(user):
        notify(
            user=user,
            kind=Kind.DECLINED,
            title=gettext("Your entry to %(name)s was declined") % {"name": tournament.name},
            body=gettext("%(host)s, the host, did not take your entry.")
            % {"host": display_name_words(tournament.host)},
            link=page_of(tournament),
        )


def notice(*, tournament: Tournament, text: str) -> None:
    """The host's notice in the bell of every entrant it is emailed to (the email is
    :func:`tournaments.emails.send_notice`'s)."""
    entrants = tournament.entrants.filter(
        status__in=[Entrant.Status.CONFIRMED, Entrant.Status.INVITED]
    ).select_related("user")
    for entrant in each_in_their_language(entrants, lambda e: e.user):
        notify(
            user=entrant.user,
            kind=Kind.NOTICE,
            title=gettext("%(name)s: a notice from %(host)s")
            % {"name": tournament.name, "host": display_name_words(tournament.host)},
            body=text,
            link=page_of(tournament),
            email=False,
        )


def starting_soon(*, tournament_id: int, minutes: int | None = None) -> int:
    """Tell the confirmed entrants the tournament starts in ``minutes`` (from the job the
    start time schedules), or soon. Returns how many were told; none once it has started."""
    tournament = Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.DRAFT).first()
    if tournament is None:
        return 0
    entrants = list(
        tournament.entrants.filter(status=Entrant.Status.CONFIRMED).select_related("user")
    )
    for entrant in each_in_their_language(entrants, lambda e: e.user):
        if minutes is None:
            title = gettext("%(name)s starts soon") % {"name": tournament.name}
        else:
            title = ngettext(
                "%(name)s starts in %(minutes)s minute",
                "%(name)s starts in %(minutes)s minutes",
                minutes,
            ) % {"name": tournament.name, "minutes": minutes}
        notify(
            user=entrant.user,
            kind=Kind.STARTING,
            title=title,
            body=gettext("Be ready to check in to your first match."),
            link=page_of(tournament),
        )
    return len(entrants)


def check_in_open(*, match: TournamentMatch) -> None:
    """Both players: their match is open for check-in, with the link to press "I'm ready"."""
    tournament = match.tournament
    final = is_final(match)  # named as the bracket names it, not "round 3"
    for me, opponent in ((match.first, match.second), (match.second, match.first)):
        with speaking_to(me.user):
            said = {"round": match.round, "name": tournament.name}
            if final and match.first_leg_id:
                title = gettext("Check in now: the final of %(name)s, second leg") % said
            elif final:
                title = gettext("Check in now: the final of %(name)s") % said
            elif match.first_leg_id:
                title = gettext("Check in now: round %(round)s, second leg, of %(name)s") % said
            else:
                title = gettext("Check in now: round %(round)s of %(name)s") % said
            notify(
                user=me.user,
                kind=Kind.CHECK_IN,
                title=title,
                body=gettext(
                    'Your match against %(opponent)s is ready. Press "I\'m ready" on the '
                    "tournament's page before check-in closes."
                )
                % {"opponent": display_name_words(opponent.user)},
                link=page_of(tournament) + MY_MATCH,
            )


def result(*, match: TournamentMatch) -> None:
    """Both players: the result, in the match's own terms."""
    tournament = match.tournament
    final = is_final(match)
    for me, opponent in ((match.first, match.second), (match.second, match.first)):
        with speaking_to(me.user):
            said = {
                "opponent": display_name_words(opponent.user),
                "round": match.round,
                "name": tournament.name,
            }
            if final and match.winner_id == me.pk:
                title = gettext("You beat %(opponent)s in the final of %(name)s") % said
            elif final:
                title = gettext("%(opponent)s beat you in the final of %(name)s") % said
            elif match.winner_id == me.pk:
                title = gettext("You beat %(opponent)s in round %(round)s of %(name)s") % said
            else:
                title = gettext("%(opponent)s beat you in round %(round)s of %(name)s") % said
            notify(
                user=me.user,
                kind=Kind.RESULT,
                title=title,
                body=score_words(match, me_first=me.pk == match.first_id),
                link=page_of(tournament),
            )


def score_words(match: TournamentMatch, *, me_first: bool) -> str:
    """The score from the reader's side: "2–1 in hands", "100–64 in points", "By forfeit"."""
    if match.by_forfeit:
        return gettext("By forfeit.")
    hands = match.tournament.scoring == Tournament.Scoring.BEST_OF
    scores = (
        (match.first_hands, match.second_hands)
        if hands
        else (
            match.first_points,
            match.second_points,
        )
    )
    mine, theirs = scores if me_first else scores[::-1]
    said = {"mine": mine, "theirs": theirs}
    if match.edge:  # duplicate across tables: the same deals at the other table decided
        edge = f"{match.edge if me_first else -match.edge:+d}"
        if hands:
            words = gettext(
                "%(mine)s–%(theirs)s in hands; on the same deals as the other table: %(edge)s."
            )
        else:
            words = gettext(
                "%(mine)s–%(theirs)s in points; on the same deals as the other table: %(edge)s."
            )
        return words % {**said, "edge": edge}
    if mine == theirs:  # a duplicate level in its own terms: the other unit, then the seed
        winner = display_name_words(match.winner.user)
        return level_words(match, winner=winner) + "."
    if not hands:
        return gettext("%(mine)s–%(theirs)s in points.") % said
    return gettext("%(mine)s–%(theirs)s in hands.") % said


def champion(*, tournament: Tournament) -> None:
    """Every confirmed entrant: who won."""
    winner = tournament.champion
    entrants = tournament.entrants.filter(status=Entrant.Status.CONFIRMED).select_related("user")
    for entrant in each_in_their_language(entrants, lambda e: e.user):
        said = {"champion": display_name_words(winner.user), "name": tournament.name}
        if entrant.pk == winner.pk:
            title = gettext("You are the champion of %(name)s!") % said
        else:
            title = gettext("%(champion)s is the champion of %(name)s") % said
        notify(
            user=entrant.user,
            kind=Kind.CHAMPION,
            title=title,
            body=gettext("The final bracket and standings are on the tournament's page."),
            link=page_of(tournament),
        )
