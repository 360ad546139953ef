"""What the site told a person: the bell's list. Only :mod:`notifications.services` writes it.

A notification is written for one person, from what that person may already see (a result, a
match to check in to, a champion): it never carries anything another page would hide.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy


class Notification(models.Model):
    class Kind(models.TextChoices):
        INVITED = "invited", gettext_lazy("Invitation")
        REQUESTED = "requested", gettext_lazy("Asking to join")
        ACCEPTED = "accepted", gettext_lazy("Entry accepted")
        DECLINED = "declined", gettext_lazy("Entry declined")
        STARTING = "starting", gettext_lazy("Starting soon")
        CHECK_IN = "check_in", gettext_lazy("Check-in open")
        RESULT = "result", pgettext_lazy("notification", "Result")
        CHAMPION = "champion", pgettext_lazy("notification", "Champion")
        NOTICE = "notice", pgettext_lazy("notification", "Notice")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="notifications", on_delete=models.CASCADE
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    title = models.CharField(max_length=140)
    body = models.TextField(blank=True)
    link = models.CharField(max_length=300, blank=True, help_text="A path on this site.")
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["user", "read_at"], name="unread_by_user")]

    def __str__(self) -> str:
        return self.title
