from django import template

from games.records import profiles

register = template.Library()


@register.filter
def profile_url(user_id: int) -> str:
    """``{{ user_id|profile_url }}``: the player's public profile
    (:mod:`games.records.profiles`)."""
    return profiles.profile_url(user_id)
