"""Reads of a person's notifications."""

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from notifications.models import Notification

#: How many the list shows (older ones stay in the database, read).
RECENT = 50


def unread_count(*, user: AbstractBaseUser) -> int:
    if not user.is_authenticated:
        return 0
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def recent(*, user: AbstractBaseUser, limit: int = RECENT) -> QuerySet[Notification]:
    return Notification.objects.filter(user=user)[:limit]


def bell_state(*, user: AbstractBaseUser) -> dict[str, object]:
    """What the bell shows: the unread count and the newest one's id (a page that has seen
    this id has nothing new to announce), with its title and link for a browser notification."""
    newest = Notification.objects.filter(user=user).values("pk", "title", "link").first()
    return {
        "unread": unread_count(user=user),
        "latest": newest["pk"] if newest else 0,
        "title": newest["title"] if newest else "",
        "link": newest["link"] if newest else "",
    }
