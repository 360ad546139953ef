"""Accounts for the tests: a verified user who can sign in with email and password at once, and
password hashers that report how much hashing a request did (and how much at once)."""

import json
import re
import threading

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.core import mail

from accounts.hashers import BoundedHashingMixin

PASSWORD = "tile-rack-4-spinner"


def verified_user(email: str, *, display_name: str = "", password: str = PASSWORD):
    """A user whose email address is verified (allauth's mandatory verification is passed)."""
    user = get_user_model().objects.create_user(
        username=email.partition("@")[0], email=email, password=password, first_name=display_name
    )
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def emailed_link(path_prefix: str) -> str:
    """The link to ``path_prefix`` in the last email sent (Django's outbox)."""
    found = re.search(rf"https?://[^/\s]+({re.escape(path_prefix)}\S+)", mail.outbox[-1].body)
    assert found, mail.outbox[-1].body
    return found.group(1)


def seat_on_page(html: str) -> int | None:
    """The seat the table page was rendered for (None: watching), from its embedded state."""
    found = re.search(r'<script id="table-state" [^>]*>(.*?)</script>', html, re.S)
    assert found, "the page embeds the table's state"
    return json.loads(found.group(1))["view"]["seat"]


class HashingProbe:
    """What the probe hashers saw: hashes started, and the most running at once. Each hash
    waits up to ``hold`` seconds for one more than ``bound`` to join it, so that hashes that
    can overlap do, without the test depending on how fast the machine is."""

    def __init__(self) -> None:
        self.condition = threading.Condition()
        self.reset()

    def reset(self, *, bound: int = 1, hold: float = 0.0) -> None:
        with self.condition:
            self.bound, self.hold = bound, hold
            self.active = self.most = self.calls = 0

    def hashing(self) -> None:
        with self.condition:
            self.calls += 1
            self.active += 1
            self.most = max(self.most, self.active)
            self.condition.notify_all()
            self.condition.wait_for(lambda: self.active > self.bound, timeout=self.hold)
            self.active -= 1


probe = HashingProbe()


class ProbeHasher(MD5PasswordHasher):
    """A fast hasher that reports each hash to :data:`probe`."""

    def encode(self, password, salt):
        probe.hashing()
        return super().encode(password, salt)


class BoundedProbeHasher(BoundedHashingMixin, ProbeHasher):
    """The probe behind the site's per-process bound (accounts.hashers)."""
