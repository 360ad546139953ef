"""``{% avatar spec %}``: a person's or a computer's avatar (accounts.avatars), drawn as the
table's script draws it (static/js/table/dom.js); ``large`` on a profile."""

from typing import Any

from django import template

register = template.Library()


@register.inclusion_tag("_avatar.html")
def avatar(spec: dict[str, str], large: bool = False) -> dict[str, Any]:
    return {"avatar": spec, "large": large}
