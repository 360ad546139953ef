"""A newcomer invited by email: they sign up from the invitation's page with the address
filled in (its link passes it), and once they confirm that address the join is done, with no
second trip to the email: every open invitation to it is accepted, and the confirmation leads
to the tournament's page (``accounts.services.lead_after_confirmation``)."""

from django.contrib import messages
from django.urls import reverse
from django.utils.translation import gettext

from accounts.services import lead_after_confirmation
from tournaments import services


def on_email_confirmed(sender, *, request, email_address, **kwargs) -> None:
    """allauth's ``email_confirmed`` receiver: accept the invitations sent to the address."""
    joined = services.accept_invitations_for(player=email_address.user, email=email_address.email)
    if request is None or not joined:
        return
    for entrant in joined:
        messages.success(request, gettext("You are in %(name)s.") % {"name": entrant.tournament})
    tournament = joined[0].tournament
    lead_after_confirmation(
        request, path=reverse("tournaments:detail", args=[tournament.public_id])
    )
