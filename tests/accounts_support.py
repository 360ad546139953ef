"""Accounts for the tests: a verified user who can sign in with email and password at once."""

import json
import re

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model

PASSWORD = "tile-rack-4-spinner"


def verified_user(email: str, *, display_name: str = "", password: str = PASSWORD):
    """A user whose email address is verified (allauth's mandatory verification is passed)."""
    user = get_user_model().objects.create_user(
        username=email.partition("@")[0], email=email, password=password, first_name=display_name
    )
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def seat_on_page(html: str) -> int | None:
    """The seat the table page was rendered for (None: watching), from its embedded state."""
    found = re.search(r'<script id="table-state" [^>]*>(.*?)</script>', html, re.S)
    assert found, "the page embeds the table's state"
    return json.loads(found.group(1))["view"]["seat"]
