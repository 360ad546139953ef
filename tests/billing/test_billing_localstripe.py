"""End to end with localstripe (a local Stripe-compatible server): subscriptions made through
stripe-python, localstripe's signed webhooks delivered to the running site, and the mirrored
plan and limit following them."""

import pytest
from billing_builders import person
from stripe_support import eventually

from billing import plans, services
from billing.models import Subscription

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def mirrored_status(stripe_id: str) -> str | None:
    return Subscription.objects.filter(stripe_id=stripe_id).values_list("status", flat=True).first()


def test_the_limit_follows_the_subscription_from_active_to_canceled(localstripe, stripe_site):
    stripe_site(localstripe.url)
    host = person()
    customer = services.ensure_customer(user=host)
    plan = localstripe.club_plan()
    assert plans.tournament_player_limit(host=host) == 10

    created = localstripe.subscribe(customer=customer.stripe_id, plan=plan)

    eventually(lambda: mirrored_status(created["id"]) == "active", what="the active mirror")
    assert plans.tournament_player_limit(host=host) == 20
    assert Subscription.objects.get(stripe_id=created["id"]).user == host

    localstripe.client.v1.subscriptions.cancel(created["id"])

    eventually(lambda: mirrored_status(created["id"]) == "canceled", what="the canceled mirror")
    assert plans.tournament_player_limit(host=host) == 10


def test_a_subscription_whose_first_payment_fails_gives_no_plan(localstripe, stripe_site):
    stripe_site(localstripe.url)
    host = person()
    customer = services.ensure_customer(user=host)

    created = localstripe.subscribe(
        customer=customer.stripe_id, plan=localstripe.club_plan(), card="4000000000000341"
    )

    assert created["status"] == "incomplete"
    eventually(lambda: mirrored_status(created["id"]) == "incomplete", what="the mirror")
    assert plans.tournament_player_limit(host=host) == 10
