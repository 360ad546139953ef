from datetime import datetime

from django import template
from django.utils.timesince import timesince

from notifications import selectors

register = template.Library()


@register.simple_tag(takes_context=True)
def unread_notifications(context: template.Context) -> int:
    request = context.get("request")
    return selectors.unread_count(user=request.user) if request is not None else 0


@register.filter
def ago(moment: datetime) -> str:
    """How long ago, in words: "Just now" under a minute ("0 minutes ago" otherwise)."""
    words = timesince(moment)
    return "Just now" if words.startswith("0\xa0") else f"{words} ago"
