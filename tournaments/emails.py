"""The tournaments' emails, sent by jobs (:mod:`tournaments.jobs`)."""

from django.core.mail import send_mail

from accounts.selectors import display_name
from tournaments.models import Invitation


def send_invitation(*, invitation_id: int, link: str) -> bool:
    """Email the invitation's link to its address; nothing if it was used or withdrawn since.
    A failure raises, so the job is tried again."""
    invitation = (
        Invitation.objects.select_related("tournament__host").filter(pk=invitation_id).first()
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
            f"Sign up and join from this link (it works once):\n{link}\n\n"
            "If you did not expect this, ignore it: nothing happens."
        ),
        from_email=None,
        recipient_list=[invitation.email],
    )
    return True
