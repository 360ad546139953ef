"""The tournaments' emails. Django's mail API hands each message to a job with retries once
the transaction commits (:mod:`dominoes.mail`): a mail server that is down fails nothing here."""

from django.core.mail import send_mail, send_mass_mail
from django.db.models import Q

from accounts.selectors import display_name
from tournaments.models import Entrant, Invitation, Tournament


def send_invitation(*, invitation_id: int, link: str) -> bool:
    """Email the invitation's link to its address."""
    invitation = (
        Invitation.objects.select_related("tournament__host", "replaces__user", "match")
        .filter(pk=invitation_id)
        .first()
    )
    if invitation is None:
        return False
    tournament = invitation.tournament
    host = display_name(tournament.host)
    send_mail(
        subject=f"{host} invites you to {tournament.name}",
        message=(
            f"{host} invites you to play in {tournament.name}, a dominoes tournament "
            f"({tournament.format_description}, {tournament.match_description}).\n\n"
            f"{place_words(invitation)}"
            f"Sign up and join from this link (it works once):\n{link}\n\n"
            "If you did not expect this, ignore it: nothing happens."
        ),
        from_email=None,
        recipient_list=[invitation.email],
    )
    return True


def place_words(invitation: Invitation) -> str:
    """A replacement's place, in a sentence (nothing for a plain invitation)."""
    if invitation.replaces is None:
        return ""
    name = display_name(invitation.replaces.user)
    if invitation.match is None:
        return f"You take {name}'s place.\n\n"
    return (
        f"You take {name}'s place in round {invitation.match.round}, which is checking in "
        'now: sign up and accept soon, then press "I\'m ready".\n\n'
    )


def send_notice(*, tournament_id: int, text: str) -> int:
    """Email the host's notice to every entrant (confirmed or invited), one message each so
    nobody sees the others' addresses. Returns how many were sent."""
    tournament = Tournament.objects.select_related("host").get(pk=tournament_id)
    addresses = list(
        tournament.entrants.filter(
            Q(status=Entrant.Status.CONFIRMED) | Q(status=Entrant.Status.INVITED)
        ).values_list("user__email", flat=True)
    )
    subject = f"{tournament.name}: a notice from {display_name(tournament.host)}"
    return send_mass_mail([(subject, text, None, [address]) for address in addresses if address])
