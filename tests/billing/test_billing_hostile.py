"""Billing against hostile or mistaken input: malformed events signed with the webhook secret
are refused (never a server error), and staff who may only look at organisations cannot run
the actions that call Stripe."""

import pytest
from billing_builders import customer_of, event, person
from django.contrib.auth.models import Permission
from stripe_support import deliver

from billing.models import Customer, Organisation, WebhookEvent

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "body",
    [
        '{"id": "evt_1", "type": "customer.subscription.updated", "data": {"object": null}}',
        '{"id": "evt_1", "type": "customer.subscription.updated", "data": {"object": []}}',
        '{"id": ["evt_1"], "type": "customer.subscription.updated", "data": {"object": {}}}',
        '{"id": "evt_1", "type": 7, "data": {"object": {}}}',
        '{"id": "' + "e" * 300 + '", "type": "invoice.payment_failed", "data": {"object": {}}}',
        '{"id": "", "type": "invoice.payment_failed", "data": {"object": {}}}',
    ],
    ids=["object-null", "object-list", "id-list", "type-number", "id-too-long", "id-empty"],
)
def test_a_signed_event_of_the_wrong_shape_is_refused(client, recorder, body):
    response = deliver(client, body)
    assert response.status_code == 400
    assert not WebhookEvent.objects.exists() and recorder.requests == []


@pytest.mark.parametrize(
    "data",
    [
        {"parent": ["not", "an", "object"]},
        {"parent": {"subscription_details": "sub_1"}},
        {"subscription": 42},
        {"subscription": {"id": ["sub_1"]}},
    ],
)
def test_a_failed_payment_naming_no_subscription_properly_is_ignored(client, recorder, data):
    response = deliver(client, event("invoice.payment_failed", data))
    assert response.content == b"ignored"
    assert recorder.requests == []  # nothing fetched from Stripe for a malformed reference


def test_a_checkout_for_a_person_id_that_is_not_a_number_links_no_one(client, recorder):
    host = person()
    recorder.subscriptions["sub_9"] = {"id": "sub_9", "customer": "cus_new", "status": "active"}
    session = {
        "mode": "subscription",
        "customer": "cus_new",
        "subscription": "sub_9",
        "client_reference_id": "\u00b2",  # a digit to str.isdigit, not a number to int()
    }
    assert deliver(client, event("checkout.session.completed", session)).status_code == 200
    assert not Customer.objects.filter(stripe_id="cus_new").exists()
    assert not Customer.objects.filter(user=host).exists()


def test_staff_who_may_only_look_cannot_run_the_stripe_actions(client, recorder):
    viewer = person()
    viewer.is_staff = True
    viewer.save()
    viewer.user_permissions.add(Permission.objects.get(codename="view_organisation"))
    organisation = Organisation.objects.create(
        name="Acme", stripe_customer_id="cus_acme", stripe_price_id="price_acme"
    )
    customer_of(person(), "cus_other")
    client.force_login(viewer)
    changelist = "/admin/billing/organisation/"
    page = client.get(changelist)
    assert page.status_code == 200  # they may look
    for action in ("create_stripe_customer", "start_subscription", "refresh_from_stripe"):
        assert f'value="{action}"' not in page.content.decode()
        client.post(changelist, {"action": action, "_selected_action": [organisation.pk]})
    assert recorder.requests == []
    assert not organisation.subscriptions.exists()
