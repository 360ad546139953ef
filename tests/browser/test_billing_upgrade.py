"""Upgrading in Chromium: a free host sees the 10-player limit and the way up, goes through
Checkout (the recording stand-in's page, creating the subscription in localstripe), and once
localstripe's signed webhook reaches the site the billing page (polling) says Club and 20
players by itself. A free host meets the limit where they admit players, the tournament admin:
the 11th confirmation is refused with the way up, and after Club's webhook the 20th passes and
the 21st is refused. Also: the corporate contact form, the pricing page on a phone, and
axe-core on the billing pages."""

import re

import pytest
import stripe_support
from browser_support import axe_report, axe_violations
from django.contrib.auth import get_user_model
from factories import sign_in
from playwright.sync_api import expect
from stripe_support import CLUB_PRICE, StripeRecorder, eventually

from billing import plans
from billing import services as billing
from billing.models import CorporateLead
from tournaments import services as tournaments
from tournaments.models import Entrant

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

# The billing fixtures (tests/billing/conftest.py has them for the billing tests).
stripe_settings = stripe_support.stripe_settings
localstripe_server = stripe_support.localstripe_server
localstripe = stripe_support.localstripe
stripe_site = stripe_support.stripe_site


def person(email: str):
    return get_user_model().objects.create_user(username=email, email=email, password="x")


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
    expect(page.locator("#checkout-success")).to_have_text(
        "Thank you! Your Club subscription is active."
    )
    expect(page.locator("#plan-name")).to_have_text("Club")
    expect(page.locator("#subscription-status")).to_have_text("Active")
    expect(page.locator("#renewal-date")).to_be_visible()
    expect(page.locator("#limit-explanation")).to_contain_text("Club allows 20 players.")
    expect(page.get_by_role("button", name="Manage billing")).to_be_visible()
    expect(page.get_by_role("button", name="Upgrade to Club")).to_have_count(0)


def confirm_in_the_admin(page, emails: list[str]) -> None:
    """On a tournament's admin page, add ``emails`` as confirmed entrants and save."""
    first = int(page.input_value("#id_entrants-INITIAL_FORMS"))
    for index, email in enumerate(emails, start=first):
        if index > first:
            page.locator("#entrants-group .add-row a").click()
        page.fill(f"#id_entrants-{index}-email", email)
        page.select_option(f"#id_entrants-{index}-status", "confirmed")
    page.get_by_role("button", name="Save and continue editing").click()


def confirmed(tournament) -> int:
    return tournament.entrants.filter(status=Entrant.Status.CONFIRMED).count()


def test_a_free_host_meets_the_limit_in_the_admin_and_club_raises_it_to_20(
    page, stripe_site, localstripe
):
    site = stripe_site(localstripe.url)
    host = person("host@example.com")
    tournaments.make_host(user=host)
    tournament = tournaments.create_tournament(host=host, name="Club night")
    players = [person(f"player{number}@example.com").email for number in range(1, 22)]
    sign_in(page, site.url, host)
    change = f"{site.url}/admin/tournaments/tournament/{tournament.pk}/change/"
    page.goto(change)
    expect(page.locator(".field-player_limit")).to_contain_text("10 (Free)")

    confirm_in_the_admin(page, players[:10])
    expect(page.locator(".messagelist")).to_contain_text("was changed successfully")
    assert confirmed(tournament) == 10

    confirm_in_the_admin(page, players[10:11])
    refusal = page.locator("#entrants-group .errorlist.nonform")
    expect(refusal).to_have_text(
        "Free allows 10 players. Club allows 20 players: upgrade. Upgrade to Club"
    )
    upgrade = refusal.get_by_role("link", name="Upgrade to Club")
    expect(upgrade).to_have_attribute("href", "/billing/pricing/")
    assert confirmed(tournament) == 10
    upgrade.click()
    expect(page.get_by_role("heading", name="Plans")).to_be_visible()

    # Club arrives as Stripe tells it: a subscription in localstripe, its signed webhook.
    customer = billing.ensure_customer(user=host)
    localstripe.subscribe(customer=customer.stripe_id, plan=localstripe.club_plan())
    eventually(lambda: plans.tournament_player_limit(host=host) == 20, what="the Club webhook")

    page.goto(change)
    expect(page.locator(".field-player_limit")).to_contain_text("20 (Club)")
    confirm_in_the_admin(page, players[10:20])
    expect(page.locator(".messagelist")).to_contain_text("was changed successfully")
    assert confirmed(tournament) == 20

    confirm_in_the_admin(page, players[20:])
    expect(refusal).to_contain_text("Club allows 20 players.")
    expect(refusal.get_by_role("link", name="Ask about a corporate plan")).to_be_visible()
    assert confirmed(tournament) == 20


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


def test_the_billing_pages_have_no_axe_violations(page, stripe_site, localstripe):
    site = stripe_site(localstripe.url)
    sign_in(page, site.url, person("axe@example.com"))
    for path in ("/billing/pricing/", "/billing/", "/billing/corporate/"):
        page.goto(site.url + path)
        assert not (found := axe_violations(page)), f"{path}:\n{axe_report(found)}"
    page.get_by_role("button", name="Send").click()  # the form with its errors
    found = axe_violations(page)
    assert not found, "the corporate form with errors:\n" + axe_report(found)
