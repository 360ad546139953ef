"""Stripe webhooks with real signatures: only a valid, fresh signature changes anything; a
repeated event id is applied once; events out of order never put an older state back.

The site fetches each named subscription again from Stripe: here the recording stand-in
(tests/stripe_support.py) serves the subscriptions in ``recorder.subscriptions``.
"""

import time
from datetime import timedelta

import pytest
from billing_builders import customer_of, event, person, subscription
from django.utils import timezone
from stripe_support import WEBHOOK_PATH as URL
from stripe_support import WEBHOOK_SECRET, deliver, signed

from billing import plans, services
from billing.models import Customer, Organisation, Subscription, WebhookEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_host(recorder):
    """A free host with a Stripe customer, and an active subscription waiting at Stripe."""
    host = person()
    customer_of(host, "cus_host")
    recorder.subscriptions["sub_1"] = subscription("sub_1", "cus_host", "active")
    return host


def nothing_changed(host) -> None:
    assert not WebhookEvent.objects.exists()
    assert not Subscription.objects.exists()
    assert plans.tournament_player_limit(host=host) == 10


def test_a_valid_event_mirrors_the_subscription_fetched_from_stripe(client, club_host, recorder):
    assert plans.tournament_player_limit(host=club_host) == 10
    body = event("customer.subscription.created", {"id": "sub_1", "customer": "cus_host"})

    response = deliver(client, body)

    assert response.status_code == 200 and response.content == b"applied"
    mirrored = Subscription.objects.get(stripe_id="sub_1")
    assert (mirrored.user, mirrored.status, mirrored.price_id) == (
        club_host,
        "active",
        "price_club_test",
    )
    assert mirrored.current_period_end > timezone.now() + timedelta(days=29)
    assert [r.path for r in recorder.of("GET", "/v1/subscriptions/sub_1")] == [
        "/v1/subscriptions/sub_1"
    ]
    assert plans.tournament_player_limit(host=club_host) == 20
    assert plans.limit_explanation(host=club_host).plan == "Club"


BAD_DELIVERIES = {
    "wrong secret": dict(secret="whsec_someone_else"),
    "stale timestamp": dict(age=305),
    "future timestamp": dict(age=-305),
    "no signature": dict(header=""),
    "no timestamp": dict(header="v1=" + "0" * 64),
    "garbage header": dict(header="t=abc,v1=zzz"),
}


@pytest.mark.parametrize("bad", BAD_DELIVERIES.values(), ids=BAD_DELIVERIES.keys())
def test_a_badly_signed_event_is_refused_and_changes_nothing(client, club_host, recorder, bad):
    body = event("customer.subscription.created", {"id": "sub_1", "customer": "cus_host"})

    response = deliver(client, body, **bad)

    assert response.status_code == 400
    nothing_changed(club_host)
    assert recorder.requests == []  # Stripe was not even asked


def test_an_altered_body_is_refused_and_changes_nothing(client, club_host, recorder):
    body = event("customer.subscription.created", {"id": "sub_1", "customer": "cus_host"})
    header = signed(body, WEBHOOK_SECRET)
    altered = body.replace("customer.subscription.created", "customer.subscription.updated")

    response = deliver(client, altered, header=header)

    assert response.status_code == 400
    nothing_changed(club_host)


def test_a_signed_body_that_is_not_an_event_is_refused(client, club_host):
    for body in ("not json", '{"id": "evt_1"}', "[1, 2]"):
        assert deliver(client, body).status_code == 400, body
    nothing_changed(club_host)


def test_the_webhook_refuses_everything_when_no_secret_is_configured(client, club_host, settings):
    body = event("customer.subscription.created", {"id": "sub_1", "customer": "cus_host"})
    settings.STRIPE_WEBHOOK_SECRET = ""

    assert deliver(client, body, secret="").status_code == 400
    assert deliver(client, body).status_code == 400
    nothing_changed(club_host)


def test_get_is_not_allowed(client, recorder):
    assert client.get(URL).status_code == 405


def test_a_repeated_event_id_is_applied_once(client, club_host, recorder):
    body = event("customer.subscription.created", {"id": "sub_1"}, event_id="evt_same")
    assert deliver(client, body).content == b"applied"
    # Stripe has since moved on; the second delivery of the same event must not re-apply it.
    recorder.subscriptions["sub_1"] = subscription("sub_1", "cus_host", "canceled")
    fetches = len(recorder.requests)

    response = deliver(client, body)

    assert response.status_code == 200 and response.content == b"duplicate"
    assert len(recorder.requests) == fetches
    assert Subscription.objects.get().status == "active"
    assert WebhookEvent.objects.filter(stripe_id="evt_same").count() == 1


def test_an_older_event_arriving_last_never_puts_back_the_older_state(client, club_host, recorder):
    now = int(time.time())
    created = event(
        "customer.subscription.created",
        subscription("sub_1", "cus_host", "active"),
        created=now - 60,
    )
    deleted = event(
        "customer.subscription.deleted",
        subscription("sub_1", "cus_host", "canceled", ended_at=now),
        created=now,
    )
    recorder.subscriptions["sub_1"] = subscription("sub_1", "cus_host", "canceled", ended_at=now)

    assert deliver(client, deleted).content == b"applied"
    assert deliver(client, created).content == b"applied"  # its body says "active": stale

    mirrored = Subscription.objects.get()
    assert mirrored.status == "canceled" and mirrored.ended_at is not None
    assert plans.tournament_player_limit(host=club_host) == 10


def test_a_slower_fetch_never_overwrites_a_newer_one(club_host):
    """Two webhooks at once: the fetch that started later wins, whichever commits first."""
    newer, older = timezone.now(), timezone.now() - timedelta(seconds=2)
    services.mirror_subscription(
        subscription=subscription("sub_1", "cus_host", "canceled"), fetched_at=newer
    )
    services.mirror_subscription(
        subscription=subscription("sub_1", "cus_host", "active"), fetched_at=older
    )
    mirrored = Subscription.objects.get()
    assert (mirrored.status, mirrored.fetched_at) == ("canceled", newer)


def test_checkout_completed_mirrors_the_new_subscription(client, club_host):
    session = {
        "id": "cs_1",
        "object": "checkout.session",
        "mode": "subscription",
        "customer": "cus_host",
        "subscription": "sub_1",
        "client_reference_id": str(club_host.pk),
    }
    assert deliver(client, event("checkout.session.completed", session)).content == b"applied"
    assert Subscription.objects.get().user == club_host
    assert plans.tournament_player_limit(host=club_host) == 20


def test_checkout_completed_links_a_customer_the_site_did_not_know(client, recorder):
    host = person()
    recorder.subscriptions["sub_9"] = subscription("sub_9", "cus_new", "active")
    session = {
        "mode": "subscription",
        "customer": "cus_new",
        "subscription": "sub_9",
        "client_reference_id": str(host.pk),
    }
    assert deliver(client, event("checkout.session.completed", session)).status_code == 200
    assert Customer.objects.get(stripe_id="cus_new").user == host
    assert plans.tournament_player_limit(host=host) == 20


@pytest.mark.parametrize("shape", ["invoice.subscription", "invoice.parent"])
def test_a_failed_renewal_falls_back_to_free_at_once(client, club_host, recorder, shape):
    deliver(client, event("customer.subscription.created", {"id": "sub_1"}))
    assert plans.tournament_player_limit(host=club_host) == 20
    recorder.subscriptions["sub_1"] = subscription("sub_1", "cus_host", "past_due")
    invoice = (
        {"id": "in_1", "subscription": "sub_1"}
        if shape == "invoice.subscription"
        else {"id": "in_1", "parent": {"subscription_details": {"subscription": "sub_1"}}}
    )

    assert deliver(client, event("invoice.payment_failed", invoice)).content == b"applied"

    assert Subscription.objects.get().status == "past_due"
    limit = plans.limit_explanation(host=club_host)
    assert (limit.plan, limit.players) == ("Free", 10)
    html = client_page(client, club_host)
    assert "past due, so Free limits apply" in html


def client_page(client, user) -> str:
    client.force_login(user)
    return client.get("/billing/").content.decode()


def test_cancelling_at_the_period_end_keeps_club_until_stripe_ends_it(client, club_host, recorder):
    recorder.subscriptions["sub_1"] = subscription(
        "sub_1", "cus_host", "active", cancel_at_period_end=True
    )
    deliver(client, event("customer.subscription.updated", {"id": "sub_1"}))
    assert plans.tournament_player_limit(host=club_host) == 20
    assert "Ends on" in client_page(client, club_host)

    recorder.subscriptions["sub_1"] = subscription("sub_1", "cus_host", "canceled")
    deliver(client, event("customer.subscription.deleted", {"id": "sub_1"}))
    assert plans.tournament_player_limit(host=club_host) == 10


def test_a_subscription_of_a_customer_the_site_does_not_know_is_not_stored(client, recorder):
    recorder.subscriptions["sub_x"] = subscription("sub_x", "cus_stranger", "active")
    response = deliver(client, event("customer.subscription.created", {"id": "sub_x"}))
    assert response.status_code == 200
    assert not Subscription.objects.exists()


def test_other_event_types_are_acknowledged_and_ignored(client, club_host, recorder):
    response = deliver(client, event("customer.created", {"id": "cus_host"}))
    assert (response.status_code, response.content) == (200, b"ignored")
    assert recorder.requests == []
    assert not Subscription.objects.exists()


def test_when_stripe_cannot_answer_nothing_is_stored_so_the_retry_applies(
    client, club_host, recorder
):
    body = event("customer.subscription.created", {"id": "sub_missing"}, event_id="evt_retry")

    assert deliver(client, body).status_code == 503
    assert not WebhookEvent.objects.exists()

    recorder.subscriptions["sub_missing"] = subscription("sub_missing", "cus_host", "active")
    assert deliver(client, body).content == b"applied"
    assert plans.tournament_player_limit(host=club_host) == 20


def test_an_organisation_subscription_gives_its_hosts_the_corporate_limit(client, recorder):
    host, outsider = person(), person()
    organisation = Organisation.objects.create(
        name="Acme", stripe_customer_id="cus_acme", tournament_player_limit=64
    )
    organisation.hosts.add(host)
    recorder.subscriptions["sub_acme"] = subscription("sub_acme", "cus_acme", "active")

    deliver(client, event("customer.subscription.created", {"id": "sub_acme"}))

    assert Subscription.objects.get().organisation == organisation
    limit = plans.limit_explanation(host=host)
    assert (limit.plan, limit.players, limit.upgrade_url) == ("Corporate", 64, None)
    assert plans.tournament_player_limit(host=outsider) == 10

    recorder.subscriptions["sub_acme"] = subscription("sub_acme", "cus_acme", "canceled")
    deliver(client, event("customer.subscription.deleted", {"id": "sub_acme"}))
    assert plans.tournament_player_limit(host=host) == 10


def test_without_a_secret_key_a_signed_event_waits_for_a_retry(client, club_host, settings):
    settings.STRIPE_SECRET_KEY = ""
    body = event("customer.subscription.created", {"id": "sub_1"})
    assert deliver(client, body).status_code == 503
    nothing_changed(club_host)
