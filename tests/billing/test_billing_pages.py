"""The pricing, billing and corporate pages, the plan selectors, the admin and who may see
what: each person sees only their own subscription and organisations."""

import pytest
from billing_builders import customer_of, person, subscription
from django.urls import reverse
from django.utils import timezone

from billing import plans, services
from billing.models import CorporateLead, Organisation

pytestmark = pytest.mark.django_db


def mirror(customer: str, status: str, sub_id: str, **changes) -> None:
    services.mirror_subscription(
        subscription=subscription(sub_id, customer, status, **changes), fetched_at=timezone.now()
    )


def test_the_pricing_page_compares_the_three_plans(client, stripe_settings):
    html = client.get("/billing/pricing/").content.decode()
    for text in (
        "Free",
        "US$0",
        "up to <strong>10 players",
        "Club",
        "US$5/month",
        "up to <strong>20 players",
        "Corporate",
        "100 players",
        'href="/billing/corporate/"',
    ):
        assert text in html, text
    assert "Sign in</a> to upgrade" in html
    assert "Upgrade to Club</button>" not in html  # only for signed-in people


def test_a_signed_in_free_host_gets_upgrade_and_a_club_member_manage_billing(
    client, stripe_settings
):
    host = person()
    client.force_login(host)
    html = client.get("/billing/pricing/").content.decode()
    assert 'action="/billing/checkout/"' in html and "Upgrade to Club</button>" in html

    customer_of(host, "cus_host")
    mirror("cus_host", "active", "sub_host")
    html = client.get("/billing/pricing/").content.decode()
    assert "Upgrade to Club</button>" not in html
    assert 'action="/billing/portal/"' in html and "Manage billing</button>" in html


def test_the_billing_page_needs_a_signed_in_person(client):
    response = client.get("/billing/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_free_hosts_billing_page_shows_the_limit_and_the_upgrade_path(client, stripe_settings):
    client.force_login(person())
    html = client.get("/billing/").content.decode()
    assert '<dd id="plan-name">Free</dd>' in html
    assert '<dd id="plan-limit">10</dd>' in html
    assert "Free allows 10 players. Club allows 20 players: upgrade." in html
    assert '<a href="/billing/pricing/">Upgrade to Club</a>' in html


def test_a_club_members_page_shows_status_and_renewal_date(client, stripe_settings):
    host = person()
    customer_of(host, "cus_host")
    mirror("cus_host", "active", "sub_host")
    client.force_login(host)
    html = client.get("/billing/").content.decode()
    assert '<dd id="plan-name">Club</dd>' in html and '<dd id="plan-limit">20</dd>' in html
    assert '<dd id="subscription-status">Active</dd>' in html
    assert "Renews on" in html and 'id="renewal-date"' in html


def test_nobody_sees_another_persons_subscription_or_organisation(client, stripe_settings):
    owner, other = person(), person()
    customer_of(owner, "cus_owner")
    mirror("cus_owner", "active", "sub_owner")
    organisation = Organisation.objects.create(name="Owner Corp", stripe_customer_id="cus_corp")
    organisation.hosts.add(owner)
    mirror("cus_corp", "active", "sub_corp")

    client.force_login(other)
    html = client.get("/billing/").content.decode()
    assert '<dd id="plan-name">Free</dd>' in html
    assert "subscription-status" not in html and "Owner Corp" not in html
    assert plans.tournament_player_limit(host=other) == 10

    client.force_login(owner)
    html = client.get("/billing/").content.decode()
    assert "Owner Corp" in html and '<dd id="plan-name">Corporate</dd>' in html


def test_the_admin_is_for_staff_only(client):
    client.force_login(person())
    for url in (
        "/admin/billing/organisation/",
        "/admin/billing/subscription/",
        "/admin/billing/corporatelead/",
    ):
        response = client.get(url)
        assert response.status_code == 302 and "/admin/login/" in response["Location"], url


def test_the_tournament_limit_of_each_plan():
    free, club, lapsed, corporate = person(), person(), person(), person()
    customer_of(club, "cus_club")
    mirror("cus_club", "trialing", "sub_club")
    customer_of(lapsed, "cus_lapsed")
    mirror("cus_lapsed", "past_due", "sub_lapsed")
    organisation = Organisation.objects.create(name="Big", stripe_customer_id="cus_big")
    organisation.hosts.add(corporate)
    assert plans.tournament_player_limit(host=corporate) == 10  # no subscription yet
    mirror("cus_big", "active", "sub_big")

    assert plans.tournament_player_limit(host=None) == 10
    assert plans.tournament_player_limit(host=free) == 10
    assert plans.tournament_player_limit(host=club) == 20
    assert plans.tournament_player_limit(host=lapsed) == 10
    assert plans.tournament_player_limit(host=corporate) == 100
    organisation.tournament_player_limit = 250
    organisation.save()
    assert plans.tournament_player_limit(host=corporate) == 250
    club_limit = plans.limit_explanation(host=club)
    assert (club_limit.plan, club_limit.upgrade_url) == ("Club", "/billing/corporate/")


def test_the_corporate_form_creates_a_lead_for_staff(client):
    host = person("boss@example.com")
    client.force_login(host)
    assert 'value="boss@example.com"' in client.get("/billing/corporate/").content.decode()

    response = client.post(
        "/billing/corporate/",
        {"name": "Ada", "email": "ada@acme.test", "organisation_name": "Acme", "players": "64"},
        follow=True,
    )

    assert "we will contact you about a corporate plan" in response.content.decode()
    lead = CorporateLead.objects.get()
    assert (lead.user, lead.organisation_name, lead.players, lead.handled) == (
        host,
        "Acme",
        64,
        False,
    )


def test_a_bad_corporate_form_shows_errors_and_stores_nothing(client):
    response = client.post(
        "/billing/corporate/",
        {"name": "", "email": "nope", "organisation_name": "X", "players": "0"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "Please correct the fields marked below." in html
    assert 'id="id_email_error"' in html and 'id="id_players_error"' in html
    assert not CorporateLead.objects.exists()


def test_staff_set_up_an_organisation_from_the_admin(client, recorder):
    staff = person()
    staff.is_staff = staff.is_superuser = True
    staff.save()
    organisation = Organisation.objects.create(name="Acme")
    client.force_login(staff)
    changelist = "/admin/billing/organisation/"

    client.post(
        changelist, {"action": "create_stripe_customer", "_selected_action": [organisation.pk]}
    )
    organisation.refresh_from_db()
    [made] = recorder.of("POST", "/v1/customers")
    assert made.fields == {"name": "Acme", "metadata[organisation_id]": str(organisation.pk)}
    assert organisation.stripe_customer_id.startswith("cus_test_")

    # Staff add the subscription in Stripe, then refresh (or Stripe's webhook arrives).
    listed = {"object": "list", "data": [subscription("sub_acme", organisation.stripe_customer_id)]}
    recorder.replies["GET", "/v1/subscriptions"] = listed
    response = client.post(
        changelist,
        {"action": "refresh_from_stripe", "_selected_action": [organisation.pk]},
        follow=True,
    )
    assert "1 subscription(s) mirrored" in response.content.decode()
    [listing] = recorder.of("GET", "/v1/subscriptions")
    assert listing.fields["customer"] == organisation.stripe_customer_id
    assert organisation.subscriptions.get().status == "active"
    host = person()
    organisation.hosts.add(host)
    assert plans.tournament_player_limit(host=host) == 100


def test_staff_start_an_invoiced_corporate_subscription_from_the_admin(client, recorder):
    staff = person()
    staff.is_staff = staff.is_superuser = True
    staff.save()
    organisation = Organisation.objects.create(name="Acme", stripe_customer_id="cus_acme")
    host = person()
    organisation.hosts.add(host)
    client.force_login(staff)
    start = {"action": "start_subscription", "_selected_action": [organisation.pk]}

    response = client.post("/admin/billing/organisation/", start, follow=True)
    assert "needs a Stripe customer and a corporate price first" in response.content.decode()
    assert recorder.requests == []

    organisation.stripe_price_id = "price_acme"
    organisation.save()
    recorder.replies["POST", "/v1/subscriptions"] = subscription("sub_acme", "cus_acme")
    client.post("/admin/billing/organisation/", start)

    [created] = recorder.of("POST", "/v1/subscriptions")
    assert created.fields == {
        "customer": "cus_acme",
        "items[0][price]": "price_acme",
        "items[0][quantity]": "1",
        "collection_method": "send_invoice",
        "days_until_due": "30",
        "metadata[organisation_id]": str(organisation.pk),
    }
    assert plans.tournament_player_limit(host=host) == 100

    response = client.post("/admin/billing/organisation/", start, follow=True)
    assert "already has an active subscription" in response.content.decode()
    assert len(recorder.of("POST", "/v1/subscriptions")) == 1


def test_the_sweep_refreshes_subscriptions_still_paying_after_their_period(recorder):
    from datetime import timedelta

    from django.core.management import call_command

    lapsed_host, current_host = person(), person()
    customer_of(lapsed_host, "cus_lapsed")
    customer_of(current_host, "cus_current")
    ended = int((timezone.now() - timedelta(hours=2)).timestamp())
    mirror("cus_lapsed", "active", "sub_lapsed", current_period_end=ended, items={"data": []})
    mirror("cus_current", "active", "sub_current")
    assert plans.tournament_player_limit(host=lapsed_host) == 20
    # The webhook telling the site Stripe ended it never came.
    recorder.subscriptions["sub_lapsed"] = subscription("sub_lapsed", "cus_lapsed", "canceled")

    call_command("refresh_subscriptions")

    assert [r.path for r in recorder.requests] == ["/v1/subscriptions/sub_lapsed"]
    assert plans.tournament_player_limit(host=lapsed_host) == 10
    assert plans.tournament_player_limit(host=current_host) == 20
    call_command("refresh_subscriptions")
    assert len(recorder.requests) == 1  # a canceled one is not fetched again


def test_a_corporate_host_is_not_offered_club_and_a_former_member_keeps_the_portal(
    client, stripe_settings
):
    host = person()
    organisation = Organisation.objects.create(name="Acme", stripe_customer_id="cus_acme")
    organisation.hosts.add(host)
    mirror("cus_acme", "active", "sub_acme")
    client.force_login(host)
    html = client.get("/billing/pricing/").content.decode()
    assert "Upgrade to Club</button>" not in html and "Manage billing" not in html

    customer_of(host, "cus_host")
    mirror("cus_host", "canceled", "sub_host")
    html = client.get("/billing/").content.decode()
    assert '<dd id="plan-name">Corporate</dd>' in html and "Upgrade to Club</button>" not in html
    assert "Manage billing</button>" in html  # invoices of the former Club subscription


def test_the_plan_status_is_the_signed_in_persons_own_and_changes_with_their_plan(client):
    url = reverse("billing:status")
    answer = client.get(url)
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")

    host, other = person(), person()
    mirror(customer_of(other).stripe_id, "active", "sub_other")
    client.force_login(host)
    answer = client.get(url)
    assert answer["Cache-Control"].startswith("max-age=0")
    assert answer.json() == {"plan": "Free", "players": 10, "subscription_status": None}
    assert client.get(url, {"user": other.pk}).json()["plan"] == "Free"  # never another's
    assert client.post(url).status_code == 405

    mirror(customer_of(host).stripe_id, "active", "sub_host")
    assert client.get(url).json() == {
        "plan": "Club",
        "players": 20,
        "subscription_status": "active",
    }


def test_after_checkout_the_page_polls_the_plan_until_it_is_confirmed(client):
    host = person()
    client.force_login(host)
    waiting = client.get(reverse("billing:account"), {"checkout": "success"}).content.decode()
    assert f'data-status-url="{reverse("billing:status")}" data-plan="Free"' in waiting
    assert "js/billing.js" in waiting

    mirror(customer_of(host).stripe_id, "active", "sub_host")
    confirmed = client.get(reverse("billing:account"), {"checkout": "success"}).content.decode()
    assert "Your Club subscription is active." in confirmed
    assert "js/billing.js" not in confirmed
