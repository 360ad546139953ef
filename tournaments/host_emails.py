"""The emails that the host's actions send: the automatic start (or why it did not happen), a
replacement and an overridden result. As :mod:`tournaments.emails`, each goes through
Django's mail API, handed to a job with retries once the transaction commits."""

from django.contrib.auth import get_user_model
from django.core.mail import send_mail, send_mass_mail

from accounts.selectors import display_name
from tournaments.models import Entrant, Tournament, TournamentMatch


def send_started(*, tournament_id: int) -> int:
    """Every confirmed entrant: the tournament has started, check in from its page."""
    tournament = Tournament.objects.get(pk=tournament_id)
    addresses = tournament.entrants.filter(status=Entrant.Status.CONFIRMED).values_list(
        "user__email", flat=True
    )
    subject = f"{tournament.name} has started"
    text = (
        f"{tournament.name} has started at its start time. Open the tournament's page to "
        "check in for your first match."
    )
    return send_mass_mail([(subject, text, None, [a]) for a in addresses if a])


def send_auto_start_failed(*, tournament_id: int) -> int:
    """The host: the tournament did not start by itself, and why."""
    tournament = Tournament.objects.select_related("host").get(pk=tournament_id)
    return send_mail(
        subject=f"{tournament.name} did not start",
        message=(
            f"{tournament.name} could not start at its start time: "
            f"{tournament.auto_start_refusal}\n\nIt is still taking entrants: start it from "
            "its console when it is ready."
        ),
        from_email=None,
        recipient_list=[tournament.host.email],
    )


def send_replaced(*, tournament_id: int, replaced_id: int, substitute_id: int) -> int:
    """The substitute: they have a place; the replaced player: they no longer have one."""
    tournament = Tournament.objects.select_related("host").get(pk=tournament_id)
    users = get_user_model().objects.in_bulk([replaced_id, substitute_id])
    replaced, substitute = users[replaced_id], users[substitute_id]
    host = display_name(tournament.host)
    messages = [
        (
            f"You are in {tournament.name}",
            f"{host} gave you {display_name(replaced)}'s place in {tournament.name}. Open the "
            "tournament's page to see your matches.",
            None,
            [substitute.email],
        ),
        (
            f"Your place in {tournament.name}",
            f"{host} gave your place in {tournament.name} to {display_name(substitute)}.",
            None,
            [replaced.email],
        ),
    ]
    return send_mass_mail([m for m in messages if m[3][0]])


def send_result_overridden(*, match_id: int) -> int:
    """Both players: the match's new result and the host's reason."""
    match = TournamentMatch.objects.select_related(
        "tournament", "first__user", "second__user", "winner__user"
    ).get(pk=match_id)
    subject = f"{match.tournament.name}: a result was changed"
    text = (
        f"The host set the result of round {match.round} "
        f"({display_name(match.first.user)} v {display_name(match.second.user)}): "
        f"{display_name(match.winner.user)} won.\n\nReason: {match.override_reason}"
    )
    addresses = [e.user.email for e in (match.first, match.second) if e and e.user.email]
    return send_mass_mail([(subject, text, None, [a]) for a in addresses])
