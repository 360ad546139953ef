"""The plan rules without Django (billing/policy.py): entitlements and signature times."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from billing.policy import (
    CLUB,
    CORPORATE,
    FREE,
    PAYING_STATUSES,
    SIGNATURE_TOLERANCE_SECONDS,
    Entitlement,
    entitlement,
    pays_for_plan,
    signature_timestamp,
    timestamp_problem,
)

STATUSES = [
    "active",
    "trialing",
    "past_due",
    "unpaid",
    "canceled",
    "incomplete",
    "incomplete_expired",
    "paused",
]


@pytest.mark.parametrize("status", STATUSES)
def test_only_active_and_trialing_subscriptions_pay_for_a_plan(status):
    assert pays_for_plan(status) == (status in {"active", "trialing"})


def test_the_three_plans_and_their_limits():
    assert entitlement(club_statuses=[]) == Entitlement(FREE, 10)
    assert entitlement(club_statuses=["active"]) == Entitlement(CLUB, 20)
    assert entitlement(club_statuses=["past_due"]) == Entitlement(FREE, 10)
    assert entitlement(club_statuses=["canceled", "trialing"]) == Entitlement(CLUB, 20)
    assert entitlement(club_statuses=[], corporate_limits=[100]) == Entitlement(CORPORATE, 100)
    assert entitlement(club_statuses=["active"], corporate_limits=[16]) == Entitlement(CLUB, 20)


@given(
    club_statuses=st.lists(st.sampled_from(STATUSES), max_size=4),
    corporate_limits=st.lists(st.integers(min_value=1, max_value=10_000), max_size=3),
)
def test_the_best_plan_wins_and_never_less_than_free(club_statuses, corporate_limits):
    granted = entitlement(club_statuses=club_statuses, corporate_limits=corporate_limits)
    paying_club = any(status in PAYING_STATUSES for status in club_statuses)
    expected = max([10, *([20] if paying_club else []), *corporate_limits])
    assert granted.tournament_players == expected
    assert granted.plan != CLUB or paying_club
    assert granted.plan != CORPORATE or granted.tournament_players in corporate_limits
    assert (granted.plan == FREE) == (granted.tournament_players == 10)


def test_each_plan_explains_its_limit_and_the_way_up():
    from django.utils import translation

    from billing.plans import explanation  # in the reader's words: Django's translation

    with translation.override("en"):
        assert explanation(Entitlement(FREE, 10)) == (
            "Free allows 10 players. Club allows 20 players: upgrade."
        )
        assert explanation(Entitlement(CLUB, 20)) == (
            "Club allows 20 players. A corporate plan allows more: contact us."
        )
        assert "allows 64 players" in explanation(Entitlement(CORPORATE, 64))
    with translation.override("es"):
        assert explanation(Entitlement(FREE, 10)).startswith("Gratis permite 10 jugadores.")


@pytest.mark.parametrize(
    ("header", "timestamp"),
    [
        ("t=1700000000,v1=abc,v0=def", 1700000000),
        ("v1=abc, t=12", 12),
        ("v1=abc", None),
        ("t=,v1=abc", None),
        ("t=soon", None),
        ("", None),
    ],
)
def test_the_signature_timestamp_is_read_from_the_header(header, timestamp):
    assert signature_timestamp(header) == timestamp


@given(now=st.integers(min_value=10**9, max_value=2 * 10**9), offset=st.integers(-(10**6), 10**6))
def test_a_signature_is_accepted_within_the_tolerance_either_way(now, offset):
    problem = timestamp_problem(now + offset, now=float(now))
    assert (problem is None) == (abs(offset) <= SIGNATURE_TOLERANCE_SECONDS)
    if problem is not None:
        assert ("future" in problem) == (offset > 0)


def test_the_examples_in_the_policy_docstrings_hold():
    import doctest

    from billing import policy

    results = doctest.testmod(policy)
    assert results.attempted >= 5 and results.failed == 0
