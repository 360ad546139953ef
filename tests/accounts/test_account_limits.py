"""Sign-ups, password resets and sign-ins that one client cannot abuse (allauth's rate limits,
ACCOUNT_RATE_LIMITS, with the site's client address): past a limit the answer is the 429 page
and nothing is stored or sent; a client's own X-Forwarded-For gives it no fresh budget; and
strangers' wrong passwords never lock the owner out of their usual address or browser."""

import time

import pytest
from accounts_support import PASSWORD, emailed_link, verified_user
from allauth.core.internal import ratelimit
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.test import Client, override_settings
from factories import post_sign_in

from accounts import sign_in_limits
from accounts.sign_in_limits import KNOWN_DEVICE_COOKIE

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

SIGNUPS_PER_HOUR = 10
RESETS_PER_EMAIL_PER_HOUR = 5
RESETS_PER_ADDRESS_PER_HOUR = 10
FAILURES_PER_ACCOUNT_AND_ADDRESS = 5
CAROL = "carol@example.com"
CAROLS_ADDRESS = "198.51.100.77"


class FakeClock:
    """allauth's limiter's clock, moved by the test (the cache keeps entries for the limits'
    whole periods, so only the limiter's idea of now matters)."""

    def __init__(self) -> None:
        self.now = time.time()

    def time(self) -> float:
        return self.now

    def monotonic(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)

    def advance(self, seconds: float) -> None:
        self.now += seconds


def behind_proxies(count: int):
    """Settings as the environment's TRUSTED_PROXY_COUNT gives them (allauth's mirror too)."""
    return override_settings(TRUSTED_PROXY_COUNT=count, ALLAUTH_TRUSTED_PROXY_COUNT=count)


@pytest.fixture
def clock(monkeypatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(ratelimit, "time", fake)
    return fake


def sign_up(client: Client, n: int, **environ: str):
    password = f"{PASSWORD}-{n}"
    return client.post(
        "/accounts/signup/",
        {
            "display_name": f"Player {n}",
            "email": f"player{n}@example.com",
            "password1": password,
            "password2": password,
        },
        **environ,
    )


def assert_refused(response) -> None:
    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many tries for now" in page
    assert "<style" not in page and " style=" not in page


@behind_proxies(0)
def test_a_rotating_forwarded_header_gives_sign_ups_no_fresh_budget():
    client = Client(REMOTE_ADDR="203.0.113.9")
    for n in range(SIGNUPS_PER_HOUR):
        response = sign_up(client, n, HTTP_X_FORWARDED_FOR=f"10.0.{n}.1")
        assert response.status_code == 302, n
    refused = sign_up(client, 99, HTTP_X_FORWARDED_FOR="10.0.99.1")
    assert_refused(refused)
    assert not get_user_model().objects.filter(email="player99@example.com").exists()
    assert get_user_model().objects.count() == SIGNUPS_PER_HOUR
    assert len(mail.outbox) == SIGNUPS_PER_HOUR


def test_the_sign_up_limit_holds_over_the_hour_not_just_the_minute(clock):
    client = Client(REMOTE_ADDR="203.0.113.9")
    for n in range(SIGNUPS_PER_HOUR):
        assert sign_up(client, n).status_code == 302
        clock.advance(5 * 60)
    assert_refused(sign_up(client, 99))
    assert get_user_model().objects.count() == SIGNUPS_PER_HOUR


@behind_proxies(1)
def test_behind_one_proxy_the_entry_the_proxy_appended_is_counted():
    client = Client(REMOTE_ADDR="127.0.0.1")
    for n in range(SIGNUPS_PER_HOUR):
        forwarded = f"10.0.{n}.1, 198.51.100.4"  # the client's forgery, then the proxy's entry
        assert sign_up(client, n, HTTP_X_FORWARDED_FOR=forwarded).status_code == 302
    assert_refused(sign_up(client, 98, HTTP_X_FORWARDED_FOR="10.9.9.9, 198.51.100.4"))
    # Another client behind the same proxy has its own budget.
    assert sign_up(client, 99, HTTP_X_FORWARDED_FOR="198.51.100.5").status_code == 302
    assert not get_user_model().objects.filter(email="player98@example.com").exists()


@behind_proxies(2)
def test_a_forwarded_header_shorter_than_the_proxies_is_answered_not_a_server_error():
    """allauth's own reading raised ImproperlyConfigured (a 500) here."""
    response = sign_up(Client(REMOTE_ADDR="127.0.0.1"), 1, HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert response.status_code == 302


def test_password_reset_mail_to_one_address_stops_at_its_limit(clock):
    verified_user("ada@example.com")
    client = Client()
    for n in range(RESETS_PER_EMAIL_PER_HOUR):
        response = client.post("/accounts/password/reset/", {"email": "ada@example.com"})
        assert response.status_code == 302, n
        clock.advance(2 * 60)
    assert len(mail.outbox) == RESETS_PER_EMAIL_PER_HOUR
    # From another address too: the limit is the inbox's.
    other = Client(REMOTE_ADDR="203.0.113.50")
    assert_refused(other.post("/accounts/password/reset/", {"email": "ada@example.com"}))
    assert len(mail.outbox) == RESETS_PER_EMAIL_PER_HOUR


def test_password_resets_from_one_address_stop_at_its_limit(clock):
    client = Client(REMOTE_ADDR="203.0.113.9")
    for n in range(RESETS_PER_ADDRESS_PER_HOUR):
        response = client.post("/accounts/password/reset/", {"email": f"someone{n}@example.com"})
        assert response.status_code == 302, n
        clock.advance(2 * 60)
    sent = len(mail.outbox)
    assert_refused(client.post("/accounts/password/reset/", {"email": "more@example.com"}))
    assert len(mail.outbox) == sent


def sign_in_from(client: Client, password: str, address: str, login: str = CAROL):
    return post_sign_in(client, login, password, REMOTE_ADDR=address)


def signed_in(response) -> bool:
    return response.status_code == 302 and response["Location"] == "/"


def test_a_stranger_guessing_is_throttled_and_the_owner_still_signs_in_elsewhere(clock):
    verified_user(CAROL)
    stranger = Client()
    for _ in range(FAILURES_PER_ACCOUNT_AND_ADDRESS):
        assert sign_in_from(stranger, "wrong-guess-1", "203.0.113.66").status_code == 200
        clock.advance(10)
    # Carol, from her own address and a browser that never signed in: her own budget.
    assert signed_in(sign_in_from(Client(), PASSWORD, CAROLS_ADDRESS))

    # The stranger's next guess is not even checked, the right password included.
    assert_refused(sign_in_from(stranger, PASSWORD, "203.0.113.66"))
    assert "_auth_user_id" not in stranger.session


def test_fifty_strangers_never_lock_the_owner_out_of_her_usual_browser():
    verified_user(CAROL)
    carol = Client()
    assert signed_in(sign_in_from(carol, PASSWORD, CAROLS_ADDRESS))
    assert KNOWN_DEVICE_COOKIE in carol.cookies
    carol.post("/accounts/logout/")

    answers = [
        sign_in_from(Client(), "wrong-guess-1", f"203.0.{n}.7").status_code for n in range(50)
    ]
    # A crowd of addresses is throttled on the account as a whole...
    assert answers.count(200) == 20 and answers.count(429) == 30
    assert_refused(sign_in_from(Client(), PASSWORD, "203.0.200.7"))
    # ...but not where the owner signed in before: her browser, even from another address.
    assert signed_in(sign_in_from(carol, PASSWORD, "192.0.2.10"))


def test_the_owners_successful_sign_ins_use_up_no_budget():
    verified_user(CAROL)
    carol = Client()
    for _ in range(2 * FAILURES_PER_ACCOUNT_AND_ADDRESS):
        assert signed_in(sign_in_from(carol, PASSWORD, CAROLS_ADDRESS))
        carol.post("/accounts/logout/")


def test_a_forged_known_device_cookie_is_a_stranger():
    verified_user(CAROL)
    for n in range(20):
        sign_in_from(Client(), "wrong-guess-1", f"203.0.{n}.7")
    forger = Client()
    forger.cookies[KNOWN_DEVICE_COOKIE] = "WyJhYmMiXQ:forged:signature"
    assert_refused(sign_in_from(forger, PASSWORD, "192.0.2.10"))


def test_a_password_reset_lets_the_owner_in_from_a_new_browser_again():
    verified_user(CAROL)
    for n in range(20):
        sign_in_from(Client(), "wrong-guess-1", f"203.0.{n}.7")
    new_browser = Client()
    assert_refused(sign_in_from(new_browser, PASSWORD, CAROLS_ADDRESS))

    new_browser.post("/accounts/password/reset/", {"email": CAROL}, REMOTE_ADDR=CAROLS_ADDRESS)
    form = new_browser.get(
        emailed_link("/accounts/password/reset/key/"), follow=True, REMOTE_ADDR=CAROLS_ADDRESS
    )
    new = "another-long-passphrase-7"
    new_browser.post(
        form.redirect_chain[-1][0],
        {"password1": new, "password2": new},
        REMOTE_ADDR=CAROLS_ADDRESS,
    )
    assert signed_in(sign_in_from(new_browser, new, CAROLS_ADDRESS))


def test_a_stranger_at_the_owners_address_never_locks_out_her_known_browser():
    """Shared Wi-Fi, one NAT: six wrong passwords from a stranger there locked Carol's usual
    browser out. Her browser keeps a budget of its own; a new browser there has today's."""
    verified_user(CAROL)
    carol = Client()
    assert signed_in(sign_in_from(carol, PASSWORD, CAROLS_ADDRESS))
    carol.post("/accounts/logout/")

    stranger = Client()
    answers = [
        sign_in_from(stranger, "wrong-guess-1", CAROLS_ADDRESS).status_code for _ in range(12)
    ]
    assert answers.count(200) == FAILURES_PER_ACCOUNT_AND_ADDRESS
    assert_refused(
        sign_in_from(Client(), PASSWORD, CAROLS_ADDRESS)
    )  # a new browser at that address

    assert signed_in(sign_in_from(carol, PASSWORD, CAROLS_ADDRESS))


def test_the_known_browsers_own_wrong_passwords_are_limited_and_only_its_own():
    verified_user(CAROL)
    carol, laptop = Client(), Client()
    for browser in (carol, laptop):
        assert signed_in(sign_in_from(browser, PASSWORD, CAROLS_ADDRESS))
        browser.post("/accounts/logout/")

    for _ in range(FAILURES_PER_ACCOUNT_AND_ADDRESS):
        assert sign_in_from(carol, "wrong-guess-1", CAROLS_ADDRESS).status_code == 200
    assert_refused(sign_in_from(carol, PASSWORD, CAROLS_ADDRESS))
    # Her other browser, at the same address, has its own budget.
    assert signed_in(sign_in_from(laptop, PASSWORD, CAROLS_ADDRESS))


def test_a_known_browser_of_another_account_is_a_stranger_to_this_one():
    verified_user(CAROL)
    verified_user("dave@example.com")
    dave = Client()
    assert signed_in(sign_in_from(dave, PASSWORD, CAROLS_ADDRESS, login="dave@example.com"))
    dave.post("/accounts/logout/")
    for _ in range(FAILURES_PER_ACCOUNT_AND_ADDRESS):
        assert sign_in_from(dave, "wrong-guess-1", CAROLS_ADDRESS).status_code == 200
    assert_refused(sign_in_from(dave, PASSWORD, CAROLS_ADDRESS))


def test_a_known_device_cookie_from_before_the_browsers_ids_keeps_its_own_budget():
    """Cookies set before the ids are a bare signed list of the accounts' tags."""
    verified_user(CAROL)
    carol = Client()
    carol.cookies[KNOWN_DEVICE_COOKIE] = signing.dumps(
        [sign_in_limits._device_tag(CAROL)], salt=sign_in_limits.KNOWN_DEVICE_SALT
    )
    for _ in range(12):
        sign_in_from(Client(), "wrong-guess-1", CAROLS_ADDRESS)
    assert signed_in(sign_in_from(carol, PASSWORD, CAROLS_ADDRESS))
    # Its next sign-in gave it an id of its own.
    assert signing.loads(
        carol.cookies[KNOWN_DEVICE_COOKIE].value, salt=sign_in_limits.KNOWN_DEVICE_SALT
    )["device"]
