"""Password hashing cannot starve the site: at most PASSWORD_HASHING_CONCURRENCY hashes run at
once in a process, and a sign-in that cannot get a turn soon is told "busy, try again" with
nothing changed. Sign-up does the same hashing work whether the email address is known or not,
so its answer tells nobody which addresses have accounts."""

import os
import sys
import threading

import pytest
from accounts_support import PASSWORD, probe, verified_user
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.db import connection
from django.test import Client, override_settings
from django.utils.module_loading import import_string

from accounts.hashers import HASHING_NICE, BoundedHashingMixin, hashing_slot
from dominoes import settings as site_settings

pytestmark = [pytest.mark.integration]

PROBE = ["accounts_support.BoundedProbeHasher"]


def test_the_sites_hashers_are_all_bounded():
    for path in site_settings.PASSWORD_HASHERS:
        assert issubclass(import_string(path), BoundedHashingMixin), path


@pytest.mark.django_db(transaction=True)
@override_settings(
    PASSWORD_HASHERS=PROBE, PASSWORD_HASHING_CONCURRENCY=2, PASSWORD_HASHING_WAIT_SECONDS=60
)
def test_concurrent_sign_ins_never_hash_more_than_the_bound_at_once():
    probe.reset(bound=2, hold=0.3)
    answers: list[int] = []

    def bogus_sign_in(n: int) -> None:
        try:
            response = Client().post(
                "/accounts/login/", {"login": f"nobody{n}@example.com", "password": "guess-1-2-3"}
            )
            answers.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=bogus_sign_in, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert answers == [200] * 6  # each told its password is wrong, none busy
    assert probe.calls >= 6
    assert probe.most == 2


@pytest.mark.django_db
@override_settings(
    PASSWORD_HASHERS=PROBE, PASSWORD_HASHING_CONCURRENCY=1, PASSWORD_HASHING_WAIT_SECONDS=0.05
)
def test_with_every_slot_busy_sign_in_and_sign_up_say_try_again_and_change_nothing():
    verified_user("carol@example.com")
    client = Client()
    with hashing_slot():  # the process's one slot, held as a flood would
        signing_in = client.post(
            "/accounts/login/", {"login": "carol@example.com", "password": PASSWORD}
        )
        signing_up = client.post(
            "/accounts/signup/",
            {
                "display_name": "Ada",
                "email": "ada@example.com",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
        )
    for response in (signing_in, signing_up):
        assert response.status_code == 503
        assert response["Retry-After"] == "5"
        assert "We are busy, try again in a moment" in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert not get_user_model().objects.filter(email="ada@example.com").exists()
    # The slot is back: the same sign-in now goes through.
    again = client.post("/accounts/login/", {"login": "carol@example.com", "password": PASSWORD})
    assert again["Location"] == "/"


def sign_up_hashes(email: str) -> int:
    probe.reset()
    response = Client().post(
        "/accounts/signup/",
        {"display_name": "Ada", "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"  # the same answer for both
    return probe.calls


@pytest.mark.django_db
@override_settings(PASSWORD_HASHERS=PROBE)
def test_sign_up_hashes_as_much_for_a_known_email_as_for_a_new_one():
    verified_user("known@example.com")
    new = sign_up_hashes("new@example.com")
    known = sign_up_hashes("known@example.com")
    assert new >= 1
    assert known == new
    assert get_user_model().objects.filter(email="known@example.com").count() == 1


class PriorityProbeHasher(MD5PasswordHasher):
    """Records the nice value of the thread each hash runs on."""

    seen: list[int] = []

    def encode(self, password, salt):
        self.seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
        return super().encode(password, salt)


class BoundedPriorityProbeHasher(BoundedHashingMixin, PriorityProbeHasher):
    pass


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a nice value per thread")
def test_hashes_run_at_the_lowest_priority_and_the_request_keeps_its_own():
    """A flood of sign-ins hashes behind the pages and moves of the same process."""
    PriorityProbeHasher.seen.clear()
    before = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    hashed = BoundedPriorityProbeHasher().encode("a password", "salt")
    assert hashed.startswith("md5$") and PriorityProbeHasher.seen == [HASHING_NICE]
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == before
