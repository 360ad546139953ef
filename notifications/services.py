"""Telling a person something: a row for the bell, the bell told live, and an email.

Everything leaves after the commit: the email through Django's mail API, which hands it to a
job with retries (:mod:`dominoes.mail`), and the bell's announcement through the channel layer.
A rolled-back change tells nobody anything.
"""

from __future__ import annotations

from functools import partial

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from dominoes.broadcast import broadcast
from notifications import selectors
from notifications.models import Notification

CHANGED = "notifications.changed"


def group_name(user_id: int) -> str:
    return f"notifications-{user_id}"


def notify(
    *,
    user: AbstractBaseUser,
    kind: Notification.Kind,
    title: str,
    body: str = "",
    link: str = "",
    email: bool = True,
) -> Notification:
    """Tell ``user``: a notification in their list, the bell updated on every open page, and
    (``email``, with an address) the same by email with the link in full. The caller words it
    in ``user``'s language (``dominoes.language.speaking_to``): it is kept as written."""
    notification = Notification.objects.create(
        user=user, kind=kind, title=title[:140], body=body, link=link
    )
    transaction.on_commit(partial(ring_bell, user_id=user.pk))
    if email and user.email:
        send_mail(
            subject=title,
            message=_email_text(body, link),
            from_email=None,
            recipient_list=[user.email],
        )
    return notification


def mark_read(*, user: AbstractBaseUser, ids: list[int] | None = None) -> int:
    """Mark ``user``'s notifications read (``ids``, or all); returns how many changed."""
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        unread = unread.filter(pk__in=ids)
    changed = unread.update(read_at=timezone.now())
    if changed:
        transaction.on_commit(partial(ring_bell, user_id=user.pk))
    return changed


def ring_bell(*, user_id: int) -> None:
    """Tell the person's open pages the bell's state. The message carries the whole state (the
    unread count), not a change: a lost one is mended by the next, or by the page's fetch when
    its socket reconnects."""
    user = get_user_model()(pk=user_id)
    broadcast(group_name(user_id), {"type": CHANGED, **selectors.bell_state(user=user)})


def _email_text(body: str, link: str) -> str:
    lines = [body] if body else []
    if link:
        lines.append(f"{settings.SITE_URL}{link}")
    lines.append(
        gettext("Your notifications: %(link)s") % {"link": f"{settings.SITE_URL}/notifications/"}
    )
    return "\n\n".join(lines)
