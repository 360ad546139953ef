"""Upgrade and Manage billing at the HTTP boundary: what the site asks Stripe for (a recording
stand-in for the API: tests/stripe_support.py) and where it sends the person."""

import pytest
from billing_builders import customer_of, person, subscription
from django.utils import timezone
from stripe_support import API_KEY, CLUB_PRICE, StripeRecorder

from billing import services
from billing.models import Customer, Subscription

pytestmark = pytest.mark.django_db

CHECKOUT, PORTAL = "/billing/checkout/", "/billing/portal/"


def club(user, customer: str) -> None:
    """Mirror a paying Club subscription for the person."""
    services.mirror_subscription(
        subscription=subscription(f"sub_{user.pk}", customer, "active"),
        fetched_at=timezone.now(),
    )


def test_upgrade_opens_checkout_for_club_and_redirects_there(client, recorder):
    host = person("host@example.com")
    client.force_login(host)

    response = client.post(CHECKOUT)

    [made] = recorder.of("POST", "/v1/customers")
    assert made.fields == {"email": "host@example.com", "metadata[user_id]": str(host.pk)}
    customer = Customer.objects.get(user=host)
    [session] = recorder.of("POST", "/v1/checkout/sessions")
    assert session.api_key == API_KEY
    assert session.fields == {
        "mode": "subscription",
        "customer": customer.stripe_id,
        "line_items[0][price]": CLUB_PRICE,
        "line_items[0][quantity]": "1",
        "success_url": "http://testserver/billing/?checkout=success",
        "cancel_url": "http://testserver/billing/pricing/",
        "client_reference_id": str(host.pk),
        "subscription_data[metadata][user_id]": str(host.pk),
    }
    assert response.status_code == 303
    assert response["Location"] == f"{recorder.url}/checkout-page/cs_test_2"


def test_a_second_upgrade_reuses_the_stripe_customer(client, recorder):
    host = person()
    client.force_login(host)
    client.post(CHECKOUT)
    client.post(CHECKOUT)
    assert len(recorder.of("POST", "/v1/customers")) == 1
    sessions = recorder.of("POST", "/v1/checkout/sessions")
    assert len({s.fields["customer"] for s in sessions}) == 1 and len(sessions) == 2


def test_a_club_member_is_not_sent_to_checkout_again(client, recorder):
    host = person()
    customer_of(host, "cus_member")
    club(host, "cus_member")
    client.force_login(host)

    response = client.post(CHECKOUT, follow=True)

    assert recorder.requests == []
    assert response.redirect_chain == [("/billing/pricing/", 302)]
    assert "You are already on Club" in response.content.decode()


def test_manage_billing_opens_the_portal_for_the_persons_own_customer(client, recorder):
    host = person()
    customer_of(host, "cus_mine")
    client.force_login(host)

    response = client.post(PORTAL)

    [session] = recorder.of("POST", "/v1/billing_portal/sessions")
    assert session.fields == {
        "customer": "cus_mine",
        "return_url": "http://testserver/billing/",
    }
    assert response.status_code == 303
    assert response["Location"].startswith("https://billing.stripe.test/p/session/")


def test_no_one_opens_another_persons_portal(client, recorder):
    owner, other = person(), person()
    customer_of(owner, "cus_owner")
    client.force_login(other)

    response = client.post(PORTAL, {"customer": "cus_owner"}, follow=True)

    assert recorder.requests == []
    assert "You have no billing account yet" in response.content.decode()

    customer_of(other, "cus_other")
    client.post(PORTAL, {"customer": "cus_owner"})
    [session] = recorder.of("POST", "/v1/billing_portal/sessions")
    assert session.fields["customer"] == "cus_other"


def test_checkout_and_portal_need_a_signed_in_person_and_post(client, recorder):
    for url in (CHECKOUT, PORTAL):
        response = client.post(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(person())
    assert client.get(CHECKOUT).status_code == 405
    assert client.get(PORTAL).status_code == 405
    assert recorder.requests == []


def test_csrf_stays_on_for_upgrade(recorder):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(person())
    assert strict.post(CHECKOUT).status_code == 403
    assert recorder.requests == []


def test_without_configuration_nothing_is_asked_of_stripe(client, settings):
    settings.STRIPE_SECRET_KEY = ""
    settings.STRIPE_CLUB_PRICE = ""
    recorder = StripeRecorder()
    settings.STRIPE_API_BASE = recorder.url
    try:
        client.force_login(person())
        pricing = client.get("/billing/pricing/").content.decode()
        assert "Online payment is not configured on this site yet" in pricing
        assert "Upgrade to Club</button>" not in pricing
        response = client.post(CHECKOUT, follow=True)
        assert "Online payment is not configured on this site." in response.content.decode()
        assert recorder.requests == []
    finally:
        recorder.stop()


def test_when_stripe_is_unreachable_the_person_is_told(client, stripe_settings):
    stripe_settings.STRIPE_API_BASE = "http://127.0.0.1:9"  # nothing listens there
    host = person()
    client.force_login(host)

    response = client.post(CHECKOUT, follow=True)

    assert response.redirect_chain == [("/billing/pricing/", 302)]
    assert "Stripe could not be reached. Please try again." in response.content.decode()
    assert not Customer.objects.exists() and not Subscription.objects.exists()


def test_when_stripe_refuses_the_request_the_person_reads_what_stripe_said(client, recorder):
    said = "No such price: 'price_club_test'"
    error = {"type": "invalid_request_error", "message": said, "param": "line_items[0][price]"}
    recorder.failures["POST", "/v1/checkout/sessions"] = (400, {"error": error})
    client.force_login(person())

    response = client.post(CHECKOUT, follow=True)

    assert response.redirect_chain == [("/billing/pricing/", 302)]
    page = response.content.decode()
    assert f"Stripe refused the request: {said}" in page.replace("&#x27;", "'")
    assert "could not be reached" not in page
    assert not Subscription.objects.exists()
