"""How many wrong passwords are allowed, and whose: the budgets of a sign-in, counted before any
password is hashed (allauth's rate limiter, ``ACCOUNT_RATE_LIMITS`` in settings).

allauth keys its own failure budget by the account alone: five wrong passwords from anywhere
locked the owner out, and a stranger could renew that forever. Here a browser that has signed
in to the account before (a *known device*, OWASP's "device cookie": a signed cookie set at
each successful sign-in holds the browser's own random id and names, by a keyed hash, the
accounts that signed in there) keeps a budget of its own for that account,
``login_failed_device`` per (account, device), and only that one: strangers at the owner's
address (shared Wi-Fi, an office behind one NAT) or anywhere else cannot touch it, since only
the site can sign such a cookie. Every other attempt counts in three budgets:

* ``login_failed`` per address: one address trying many accounts (or one, fast);
* ``login_failed`` per (account, address): one address guessing one account's password; the
  owner's own address has its own budget, which strangers elsewhere cannot touch;
* ``login_failed_account`` per account, across all addresses: a crowd of addresses guessing
  one password. Strangers can exhaust it, so it does not apply to a known device. The owner's
  usual browser still signs in; only a new browser waits, or resets the password (which
  empties that budget).

A successful sign-in gives back what it took (allauth rolls the usage back), so only failures
count. The key of a budget is the login as typed, lowercased: an unknown address is counted
like a known one, so the answers tell nothing about which accounts exist.
"""

import hashlib
import secrets

from allauth.core.internal import ratelimit
from allauth.core.internal.ratelimit import RateLimitUsage
from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

from dominoes import client_address

APP = "allauth.account"
BY_ADDRESS = "login_failed"  # its per-ip rates: the address; its per-key rates: (account, address)
BY_ACCOUNT = "login_failed_account"
BY_DEVICE = "login_failed_device"  # its per-key rates: (account, known device)

KNOWN_DEVICE_COOKIE = "known_device"
KNOWN_DEVICE_SALT = "accounts.known-device"
KNOWN_DEVICE_MAX_AGE = 365 * 24 * 3600
#: The accounts a browser remembers: a shared family computer signs in to a few, not more.
KNOWN_DEVICE_ACCOUNTS = 5


def account_key(login: str) -> str:
    return login.strip().lower()


def _at_address(request: HttpRequest, account: str) -> str:
    """The key of the (account, address) budget."""
    return f"{account}|{client_address.of_request(request)}"


def consume_attempt(request: HttpRequest, *, login: str) -> RateLimitUsage | None:
    """Take one attempt from each budget that applies, or None (nothing taken) when one is
    spent. The usage is given back by allauth when the password turns out right."""
    account = account_key(login)
    device = known_device(request, login=login)
    if device is not None:
        return ratelimit.consume(request, app=APP, action=BY_DEVICE, key=f"{account}|{device}")
    here = _at_address(request, account)
    usage = ratelimit.consume(request, app=APP, action=BY_ADDRESS, key=here)
    if usage is None:
        return None
    account_usage = ratelimit.consume(request, app=APP, action=BY_ACCOUNT, key=account)
    if account_usage is None:
        usage.rollback()
        return None
    return RateLimitUsage(usage=[*usage.usage, *account_usage.usage])


def clear_account(request: HttpRequest, *, login: str) -> None:
    """After a password reset (proof of the mailbox): the account's budgets start afresh, the
    one shared with strangers, this address's and this browser's."""
    account = account_key(login)
    ratelimit.clear(request, app=APP, action=BY_ACCOUNT, key=account)
    ratelimit.clear(request, app=APP, action=BY_ADDRESS, key=_at_address(request, account))
    device = known_device(request, login=login)
    if device is not None:
        ratelimit.clear(request, app=APP, action=BY_DEVICE, key=f"{account}|{device}")


def _device_tag(account: str) -> str:
    """What the cookie holds for an account: a keyed hash, so the cookie never shows an
    email address to whoever else uses the browser."""
    return salted_hmac(KNOWN_DEVICE_SALT, account, algorithm="sha256").hexdigest()[:32]


def _remembered(request: HttpRequest) -> tuple[str | None, list[str]]:
    """The browser's id and the tags of the accounts it has signed in to, from its cookie. A
    cookie of before the ids (a bare list of tags) is known by a digest of itself until its
    next sign-in gives it an id."""
    value = request.COOKIES.get(KNOWN_DEVICE_COOKIE)
    if not value:
        return None, []
    try:
        payload = signing.loads(value, salt=KNOWN_DEVICE_SALT, max_age=KNOWN_DEVICE_MAX_AGE)
    except signing.BadSignature:
        return None, []
    device = hashlib.sha256(value.encode()).hexdigest()[:32]
    if isinstance(payload, dict):
        device = payload.get("device") if isinstance(payload.get("device"), str) else None
        payload = payload.get("accounts")
    if not isinstance(payload, list):
        return device, []
    return device, [tag for tag in payload if isinstance(tag, str)]


def known_device(request: HttpRequest, *, login: str) -> str | None:
    """This browser's id if it has signed in to the account ``login`` names before, else None."""
    device, tags = _remembered(request)
    return device if _device_tag(account_key(login)) in tags else None


def remember_device(request: HttpRequest, response: HttpResponse, *, login: str) -> None:
    """Mark this browser as one the account signs in from (the newest first). The cookie holds
    the browser's id (kept for good) and accounts' tags, signed, out of scripts' reach; it is
    renewed at every sign-in."""
    device, tags = _remembered(request)
    tag = _device_tag(account_key(login))
    tags = [tag, *(known for known in tags if known != tag)]
    payload = {
        "device": device or secrets.token_urlsafe(16),
        "accounts": tags[:KNOWN_DEVICE_ACCOUNTS],
    }
    response.set_cookie(
        KNOWN_DEVICE_COOKIE,
        signing.dumps(payload, salt=KNOWN_DEVICE_SALT),
        max_age=KNOWN_DEVICE_MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
