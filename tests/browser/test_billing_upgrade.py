"""Upgrading in Chromium: a free host sees the 10-player limit and the way up, goes through
Checkout (the recording stand-in's page, creating the subscription in localstripe), and once
localstripe's signed webhook reaches the site the billing page (polling) says Club and 20
players by itself. Also: the corporate contact form, the pricing page on a phone, and axe-core
on the billing pages."""

import re

import pytest
import stripe_support
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect
from stripe_support import CLUB_PRICE, StripeRecorder

from billing.models import CorporateLead

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

# The billing fixtures (tests/billing/conftest.py has them for the billing tests).
stripe_settings = stripe_support.stripe_settings
localstripe_server = stripe_support.localstripe_server
localstripe = stripe_support.localstripe
stripe_site = stripe_support.stripe_site


def person(email: str):
    return get_user_model().objects.create_user(username=email, email=email, password="x")


def sign_in(page, site_url: str, user) -> None:
    """Give the browser a session of ``user`` (signing in itself is allauth's, tested there)."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": cookie, "url": site_url}])


@pytest.fixture
def checkout_stand_in(localstripe):
    """Checkout's stand-in in front of localstripe, selling Club as a localstripe plan."""
    running = StripeRecorder(backend=localstripe)
    running.plans_by_price[CLUB_PRICE] = localstripe.club_plan()
    yield running
    running.stop()


def test_a_free_host_upgrades_to_club_and_gets_20_players(page, stripe_site, checkout_stand_in):
    site = stripe_site(checkout_stand_in.url)
    host = person("host@example.com")
    sign_in(page, site.url, host)

    page.goto(site.url + "/")
    page.get_by_role("link", name="Billing").click()
    expect(page.get_by_role("heading", name="Your plan and billing")).to_be_visible()
    expect(page.locator("#plan-name")).to_have_text("Free")
    expect(page.locator("#plan-limit")).to_have_text("10")
    explanation = page.locator("#limit-explanation")
    expect(explanation).to_contain_text("Free allows 10 players. Club allows 20 players: upgrade.")

    explanation.get_by_role("link", name="Upgrade to Club").click()
    expect(page.get_by_role("heading", name="Plans")).to_be_visible()
    page.get_by_role("button", name="Upgrade to Club").click()

    expect(page.get_by_role("heading", name="Pay for Club")).to_be_visible()
    [session] = checkout_stand_in.of("POST", "/v1/checkout/sessions")
    assert session.fields["mode"] == "subscription"
    assert session.fields["line_items[0][price]"] == CLUB_PRICE
    page.get_by_role("button", name="Subscribe").click()

    page.wait_for_url(re.compile(r"/billing/\?checkout=success$"))
    expect(page.locator("#checkout-success")).to_be_visible()
    # No reload by hand: the page polls the plan and shows itself again once the webhook came.
    expect(page.locator("#plan-limit")).to_have_text("20", timeout=15_000)
    expect(page).to_have_url(re.compile(r"/billing/$"))
    expect(page.locator("#plan-name")).to_have_text("Club")
    expect(page.locator("#subscription-status")).to_have_text("Active")
    expect(page.locator("#renewal-date")).to_be_visible()
    expect(page.locator("#limit-explanation")).to_contain_text("Club allows 20 players.")
    expect(page.get_by_role("button", name="Manage billing")).to_be_visible()
    expect(page.get_by_role("button", name="Upgrade to Club")).to_have_count(0)


def test_the_pricing_page_fits_a_phone(phone, stripe_site, localstripe):
    site = stripe_site(localstripe.url)
    sign_in(phone, site.url, person("phone@example.com"))
    phone.goto(site.url + "/billing/pricing/")
    expect(phone.get_by_role("button", name="Upgrade to Club")).to_be_visible()
    overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0


def test_asking_for_a_corporate_plan(page, server):
    page.goto(server + "/billing/pricing/")
    page.get_by_role("link", name="Contact us").click()
    expect(page.get_by_role("heading", name="A corporate plan")).to_be_visible()

    page.get_by_label("Your name").fill("Ada")
    page.get_by_label("Email").fill("not an address")
    page.get_by_label("Organisation").fill("Acme")
    page.get_by_label("Players in your largest tournament").fill("64")
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("alert")).to_contain_text("Please correct the fields marked below.")
    expect(page.locator("#id_email_error")).to_be_visible()
    assert not CorporateLead.objects.exists()

    page.get_by_label("Email").fill("ada@acme.test")
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("status")).to_contain_text("we will contact you")
    lead = CorporateLead.objects.get()
    assert (lead.organisation_name, lead.players, lead.email) == ("Acme", 64, "ada@acme.test")


def axe_violations(page) -> list[dict]:
    response = Axe().run(page).response
    assert response["passes"], "axe-core checked nothing"
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in response["violations"]]


def test_the_billing_pages_have_no_axe_violations(page, stripe_site, localstripe):
    site = stripe_site(localstripe.url)
    sign_in(page, site.url, person("axe@example.com"))
    for path in ("/billing/pricing/", "/billing/", "/billing/corporate/"):
        page.goto(site.url + path)
        assert not axe_violations(page), path
    page.get_by_role("button", name="Send").click()  # the form with its errors
    assert not axe_violations(page), "the corporate form with errors"
