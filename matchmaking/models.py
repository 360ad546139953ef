"""The quick match queue: one row a person looking for a game, in PostgreSQL.

PostgreSQL rather than Redis: a match ends in a table, which is PostgreSQL rows; taking the
entries and creating the table in one transaction means nobody is ever matched without a seat,
seated twice, or seated while their entry says waiting, across any number of server processes
and through a restart of any of them. Redis would need a second commit to agree with the first.
"""

import secrets

from django.conf import settings
from django.db import models

from accounts.names import DISPLAY_NAME_MAX


def new_public_id() -> str:
    return secrets.token_urlsafe(12)


class Entry(models.Model):
    """A person in the queue of one game (preset and seat count), rated or casual."""

    class State(models.TextChoices):
        WAITING = "waiting"
        MATCHED = "matched"
        LEFT = "left", "Left the queue"
        #: Its lease ran out and the sweep took it out of the queue: its page closed while no
        #: server could hear it say so (a restart). A page that was only cut off puts it back
        #: in at its next heartbeat (matchmaking.services.heartbeat).
        GONE = "gone", "Page gone"

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    preset = models.CharField(max_length=16)
    seats = models.PositiveSmallIntegerField()
    rated = models.BooleanField(help_text="Signed-in players of a two-sided game, by rating.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    guest = models.CharField(max_length=64, blank=True, help_text="A guest's session token.")
    name = models.CharField(max_length=DISPLAY_NAME_MAX)
    rating = models.FloatField(help_text="The person's rating in the game's family when joining.")
    state = models.CharField(max_length=8, choices=State.choices, default=State.WAITING)
    joined_at = models.DateTimeField()
    lease_until = models.DateTimeField(
        help_text="The waiting page renews it while open; an entry past it is never matched."
    )
    matched_at = models.DateTimeField(null=True, blank=True)
    table = models.ForeignKey(
        "games.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name_plural = "entries"
        indexes = [
            # The pairing's read: the waiting entries of one queue, oldest first.
            models.Index(
                fields=["preset", "seats", "rated", "joined_at"],
                name="queue_waiting",
                condition=models.Q(state="waiting"),
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} for {self.preset} ({self.seats}): {self.state}"


class OpenTable(models.Model):
    """A friends table its host listed in the lobby: anyone may find it there and join."""

    table = models.OneToOneField(
        "games.Table", on_delete=models.CASCADE, related_name="open_listing"
    )
    listed_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.table.public_id} in the lobby"
