from django import template

from games.records import profiles

register = template.Library()


@register.filter
def profile_url(handle: str) -> str:
    """``{{ user.username|profile_url }}``: the player's public profile at their handle
    (:mod:`games.records.profiles`)."""
    return profiles.profile_url_of(handle)
