"""The plan rules, without Django: which plan a host's subscriptions give, what it allows, and
when a webhook signature's timestamp is too far from now.

Stripe's subscription statuses are the input (https://docs.stripe.com/billing/subscriptions/overview):
only ``active`` and ``trialing`` pay for a plan. ``past_due`` (the renewal payment failed, so the
paid period is over), ``unpaid``, ``incomplete``, ``incomplete_expired``, ``paused`` and
``canceled`` give Free limits. A subscription cancelled "at the period end" stays ``active``
until that end, so its plan lasts exactly as long as what was paid for.
"""

from collections.abc import Iterable
from dataclasses import dataclass

FREE = "Free"
CLUB = "Club"
CORPORATE = "Corporate"

FREE_TOURNAMENT_PLAYERS = 10
CLUB_TOURNAMENT_PLAYERS = 20
CORPORATE_DEFAULT_TOURNAMENT_PLAYERS = 100
CLUB_PRICE_TEXT = "US$5/month"

PAYING_STATUSES = frozenset({"active", "trialing"})

# How far a webhook's signed timestamp may be from our clock, either way, in seconds (Stripe's
# own default tolerance for old ones; stripe-python accepts any future one, so it is checked
# here too).
SIGNATURE_TOLERANCE_SECONDS = 300


@dataclass(frozen=True)
class Entitlement:
    """A plan and the most players a tournament of its host may have."""

    plan: str
    tournament_players: int


def pays_for_plan(status: str) -> bool:
    """Whether a subscription in this Stripe status gives its plan (else: Free limits).

    >>> pays_for_plan("active"), pays_for_plan("past_due"), pays_for_plan("canceled")
    (True, False, False)
    """
    return status in PAYING_STATUSES


def entitlement(
    *, club_statuses: Iterable[str], corporate_limits: Iterable[int] = ()
) -> Entitlement:
    """The best plan a host has: Free always; Club when one of the host's own subscriptions
    pays; Corporate (with its organisation's player limit) for each organisation of the host
    whose subscription pays (``corporate_limits``: the limits of those organisations only).
    The most players wins; on a tie the simpler plan is named.

    >>> entitlement(club_statuses=["canceled", "active"])
    Entitlement(plan='Club', tournament_players=20)
    >>> entitlement(club_statuses=["past_due"], corporate_limits=[100])
    Entitlement(plan='Corporate', tournament_players=100)
    """
    best = Entitlement(FREE, FREE_TOURNAMENT_PLAYERS)
    candidates = []
    if any(pays_for_plan(status) for status in club_statuses):
        candidates.append(Entitlement(CLUB, CLUB_TOURNAMENT_PLAYERS))
    candidates.extend(Entitlement(CORPORATE, limit) for limit in corporate_limits)
    for candidate in candidates:
        if candidate.tournament_players > best.tournament_players:
            best = candidate
    return best


def signature_timestamp(header: str) -> int | None:
    """The ``t=`` timestamp of a ``Stripe-Signature`` header, or None if it has none.

    >>> signature_timestamp("t=1700000000,v1=abc"), signature_timestamp("v1=abc")
    (1700000000, None)
    """
    for item in header.split(","):
        key, _, value = item.strip().partition("=")
        if key == "t":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def timestamp_problem(timestamp: int, *, now: float) -> str | None:
    """Why a signed timestamp is unacceptable (too old: a replay; too far ahead: not a clock we
    trust), or None when it is within the tolerance either way.

    >>> timestamp_problem(1000, now=1000.0) is None
    True
    >>> timestamp_problem(2000, now=1000.0)
    'the signature is dated 1000 s in the future'
    """
    if timestamp < now - SIGNATURE_TOLERANCE_SECONDS:
        return f"the signature is {int(now - timestamp)} s old"
    if timestamp > now + SIGNATURE_TOLERANCE_SECONDS:
        return f"the signature is dated {int(timestamp - now)} s in the future"
    return None
