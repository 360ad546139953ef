"""``{% avatar spec %}``: a person's or a computer's avatar (accounts.avatars), drawn as the
table's script draws it (static/js/table/dom.js); ``large`` on a profile."""

from typing import Any

from django import template

from games.words import LEVEL_BADGES

register = template.Library()


@register.inclusion_tag("_avatar.html")
def avatar(spec: dict[str, str], large: bool = False) -> dict[str, Any]:
    level = spec.get("bot", "")
    return {"avatar": spec, "large": large, "badge": LEVEL_BADGES.get(level, "")}
