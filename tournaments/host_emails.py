"""The emails that the host's actions send: the automatic start (or why it did not happen), a
replacement and an overridden result. As :mod:`tournaments.emails`, each is written in its
reader's language and goes through Django's mail API, handed to a job with retries once the
transaction commits."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext

from accounts.selectors import display_name_words
from tournaments.emails import Letter, send_each
from tournaments.models import Entrant, Tournament, TournamentMatch


def send_started(*, tournament_id: int) -> int:
    """Every confirmed entrant: the tournament has started, check in from its page."""
    tournament = Tournament.objects.get(pk=tournament_id)
    readers = get_user_model().objects.filter(
        tournament_entries__tournament=tournament,
        tournament_entries__status=Entrant.Status.CONFIRMED,
    )

    def write(reader: AbstractBaseUser) -> Letter:
        words = {"name": tournament.name}
        return (
            gettext("%(name)s has started") % words,
            gettext(
                "%(name)s has started at its start time. Open the tournament's page to check "
                "in for your first match."
            )
            % words,
        )

    return send_each(readers, write)


def send_auto_start_failed(*, tournament_id: int) -> int:
    """The host: the tournament did not start by itself, and why (kept in the host's words)."""
    tournament = Tournament.objects.select_related("host").get(pk=tournament_id)

    def write(host: AbstractBaseUser) -> Letter:
        words = {"name": tournament.name, "why": tournament.auto_start_refusal}
        return (
            gettext("%(name)s did not start") % words,
            gettext(
                "%(name)s could not start at its start time: %(why)s\n\nIt is still taking "
                "entrants: start it from its console when it is ready."
            )
            % words,
        )

    return send_each([tournament.host], write)


def send_replaced(*, tournament_id: int, replaced_id: int, substitute_id: int) -> int:
    """The substitute: they have a place; the replaced player: they no longer have one."""
    tournament = Tournament.objects.select_related("host").get(pk=tournament_id)
    users = get_user_model().objects.in_bulk([replaced_id, substitute_id])
    replaced, substitute = users[replaced_id], users[substitute_id]

    def write(reader: AbstractBaseUser) -> Letter:
        words = {  # in the reader's words: "Player 42" is "Jugador 42" to a Spanish reader
            "host": display_name_words(tournament.host),
            "name": tournament.name,
            "replaced": display_name_words(replaced),
            "substitute": display_name_words(substitute),
        }
        if reader.pk == substitute_id:
            return (
                gettext("You are in %(name)s") % words,
                gettext(
                    "%(host)s gave you %(replaced)s's place in %(name)s. Open the tournament's "
                    "page to see your matches."
                )
                % words,
            )
        return (
            gettext("Your place in %(name)s") % words,
            gettext("%(host)s gave your place in %(name)s to %(substitute)s.") % words,
        )

    return send_each([substitute, replaced], write)


def send_result_overridden(*, match_id: int) -> int:
    """Both players: the match's new result and the host's reason (in the host's words)."""
    match = TournamentMatch.objects.select_related(
        "tournament", "first__user", "second__user", "winner__user"
    ).get(pk=match_id)

    def write(reader: AbstractBaseUser) -> Letter:
        words = {
            "round": match.round,
            "first": display_name_words(match.first.user),
            "second": display_name_words(match.second.user),
            "winner": display_name_words(match.winner.user),
            "reason": match.override_reason,
        }
        return (
            gettext("%(name)s: a result was changed") % {"name": match.tournament.name},
            gettext(
                "The host set the result of round %(round)s (%(first)s v %(second)s): "
                "%(winner)s won.\n\nReason: %(reason)s"
            )
            % words,
        )

    return send_each([e.user for e in (match.first, match.second) if e], write)
