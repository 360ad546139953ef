"""How many wrong passwords are allowed, and whose: the budgets of a sign-in, counted before any
password is hashed (allauth's rate limiter, ``ACCOUNT_RATE_LIMITS`` in settings).

allauth keys its own failure budget by the account alone: five wrong passwords from anywhere
locked the owner out, and a stranger could renew that forever. Here every attempt counts in
three budgets:

* ``login_failed`` per address: one address trying many accounts (or one, fast);
* ``login_failed`` per (account, address): one address guessing one account's password; the
  owner's own address has its own budget, which strangers elsewhere cannot touch;
* ``login_failed_account`` per account, across all addresses: a crowd of addresses guessing
  one password. Strangers can exhaust it, so it does not apply to a browser the account has
  signed in from before (OWASP's "device cookie"): a signed cookie set at each successful
  sign-in names (by a keyed hash) the accounts that signed in there. The owner's usual
  browser still signs in; only a new browser waits, or resets the password (which empties
  that budget).

A successful sign-in gives back what it took (allauth rolls the usage back), so only failures
count. The key of a budget is the login as typed, lowercased: an unknown address is counted
like a known one, so the answers tell nothing about which accounts exist.
"""

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
    here = _at_address(request, account)
    usage = ratelimit.consume(request, app=APP, action=BY_ADDRESS, key=here)
    if usage is None or is_known_device(request, login=login):
        return usage
    account_usage = ratelimit.consume(request, app=APP, action=BY_ACCOUNT, key=account)
    if account_usage is None:
        usage.rollback()
        return None
    return RateLimitUsage(usage=[*usage.usage, *account_usage.usage])


def clear_account(request: HttpRequest, *, login: str) -> None:
    """After a password reset (proof of the mailbox): the account's budgets start afresh, the
    one shared with strangers and this address's."""
    account = account_key(login)
    ratelimit.clear(request, app=APP, action=BY_ACCOUNT, key=account)
    ratelimit.clear(request, app=APP, action=BY_ADDRESS, key=_at_address(request, account))


def _device_tag(account: str) -> str:
    """What the cookie holds for an account: a keyed hash, so the cookie never shows an
    email address to whoever else uses the browser."""
    return salted_hmac(KNOWN_DEVICE_SALT, account, algorithm="sha256").hexdigest()[:32]


def _known_tags(request: HttpRequest) -> list[str]:
    value = request.COOKIES.get(KNOWN_DEVICE_COOKIE)
    if not value:
        return []
    try:
        tags = signing.loads(value, salt=KNOWN_DEVICE_SALT, max_age=KNOWN_DEVICE_MAX_AGE)
    except signing.BadSignature:
        return []
    return [tag for tag in tags if isinstance(tag, str)] if isinstance(tags, list) else []


def is_known_device(request: HttpRequest, *, login: str) -> bool:
    """Whether this browser has signed in to the account ``login`` names before."""
    return _device_tag(account_key(login)) in _known_tags(request)


def remember_device(request: HttpRequest, response: HttpResponse, *, login: str) -> None:
    """Mark this browser as one the account signs in from (the newest first). The cookie holds
    accounts' tags, signed, out of scripts' reach; it is renewed at every sign-in."""
    tag = _device_tag(account_key(login))
    tags = [tag, *(known for known in _known_tags(request) if known != tag)]
    response.set_cookie(
        KNOWN_DEVICE_COOKIE,
        signing.dumps(tags[:KNOWN_DEVICE_ACCOUNTS], salt=KNOWN_DEVICE_SALT),
        max_age=KNOWN_DEVICE_MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
