"""What an account keeps beside Django's user: the avatar a player chose (accounts.avatars) and
the handles they gave up (accounts.handles), whose links still lead to them."""

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

from accounts.avatars import COLOURS, EMOJIS


class Avatar(models.Model):
    """The avatar a player chose in settings; none (or blanks): initials on their own colour."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="avatar"
    )
    colour = models.CharField(
        max_length=12,
        blank=True,
        choices=[(colour, colour) for colour in COLOURS],
        help_text="Blank: the colour that follows from the account.",
    )
    emoji = models.CharField(
        max_length=12,
        blank=True,
        choices=[(key, key) for key in EMOJIS],
        help_text="Blank: the initials of the display name.",
    )

    def __str__(self) -> str:
        return f"Avatar of user {self.user_id}"


class FormerHandle(models.Model):
    """A handle a player changed away from: ``/players/<handle>/`` sends on to their profile
    (301), and nobody else may take it, so the links given out keep finding them."""

    handle = models.CharField(max_length=150)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="former_handles"
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("handle"), name="former_handle_unique_any_case")
        ]

    def __str__(self) -> str:
        return self.handle
