from datetime import datetime

from django import template
from django.utils.timesince import timesince
from django.utils.translation import gettext, pgettext

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
    if words.startswith("0\xa0"):
        return gettext("Just now")
    return pgettext("time since, e.g. 5 minutes ago", "%(time)s ago") % {"time": words}
