from django import template
from django.contrib.auth.models import AbstractBaseUser

from accounts import selectors

register = template.Library()


@register.filter
def display_name(user: AbstractBaseUser) -> str:
    """``{{ user|display_name }}``: the name the player shows, in the reader's words
    (:func:`selectors.display_name_words`)."""
    return selectors.display_name_words(user)
