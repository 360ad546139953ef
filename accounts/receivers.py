"""What the accounts app does when Django or allauth signals something."""

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from accounts.guests import GUEST_SESSION_KEY
from games import services


@receiver(user_logged_in, dispatch_uid="accounts.claim_guest_seats")
def claim_guest_seats(sender, request, user, **kwargs) -> None:
    """The games this browser played as a guest become the account's. ``login()`` has already
    rotated the session key but kept the data, where the guest token is."""
    if request is None or not hasattr(request, "session"):
        return
    token = request.session.get(GUEST_SESSION_KEY)
    if token:
        services.claim_guest_seats(guest=token, user_id=user.pk)
