from django import template

from notifications import selectors

register = template.Library()


@register.simple_tag(takes_context=True)
def unread_notifications(context: template.Context) -> int:
    request = context.get("request")
    return selectors.unread_count(user=request.user) if request is not None else 0
