"""Hostile HTTP requests against the site's views (Django's test client, real PostgreSQL):
hypothesis posts garbage to the setup form, the corporate form, the settings page and the
billing endpoints, opens table pages by garbage ids and sends Stripe's webhook garbage, signed
and unsigned. Never a 500: a clear 4xx (or the form again, with its errors), and nothing is
stored for a request that was refused."""

import itertools
import json
import time
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from stripe_support import WEBHOOK_SECRET, signed

from billing.models import CorporateLead, WebhookEvent
from games.forms import SetupForm
from games.models import Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
    database=None,
)

# Text as a browser (or a script pretending to be one) might send it: control characters, NUL,
# very long values, numbers of every size.
hostile_text = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=20),
    st.sampled_from(["\x00", "0" * 400, "-1", "1e309", "NaN", "<script>", "' OR 1=1 --"]),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.just("x" * 5000),
)


def field_values(name: str, field) -> st.SearchStrategy:
    choices = [str(value) for value, _ in getattr(field, "choices", [])]
    valid = st.sampled_from(choices) if choices else st.sampled_from(["30", "3", "on", "Al"])
    return st.one_of(valid, hostile_text, st.lists(hostile_text, max_size=3))


SETUP_FIELDS = SetupForm().fields
setup_posts = st.fixed_dictionaries(
    {}, optional={name: field_values(name, field) for name, field in SETUP_FIELDS.items()}
)
# Any field name at all, beside the form's own.
stray_fields = st.dictionaries(st.text(min_size=1, max_size=10), hostile_text, max_size=3)


_numbers = itertools.count(1)


def person():
    number = next(_numbers)
    return get_user_model().objects.create_user(
        username=f"visitor{number}", email=f"visitor{number}@example.com", password="x"
    )


def readable(response) -> bool:
    """Not a server error, and a refusal in words (a 4xx has a body; a 405 names the methods
    that are allowed)."""
    if response.status_code == 405:
        return bool(response["Allow"])
    return response.status_code < 500 and (response.status_code < 400 or bool(response.content))


def shows_errors(response) -> bool:
    """The form came back with its errors marked (templates: form-errors, field-error), or was
    refused before it in words (a NUL in a field: dominoes.request_input, 400)."""
    if response.status_code == 400:
        return b"(NUL)" in response.content
    return b'class="form-errors"' in response.content or b'class="field-error"' in response.content


@pytest.fixture
def browser():
    """A client that also enforces CSRF, with a token as a page would give it."""
    client = Client(enforce_csrf_checks=True)
    client.get("/play/")
    return client, client.cookies["csrftoken"].value


@FUZZ
@given(data=setup_posts, stray=stray_fields)
def test_the_setup_form_answers_garbage_with_its_errors_and_creates_nothing(browser, data, stray):
    client, token = browser
    tables = Table.objects.count()
    response = client.post("/play/", {**stray, **data, "csrfmiddlewaretoken": token})
    assert readable(response)
    if response.status_code == 302:  # the data happened to be a valid game
        assert response["Location"].startswith("/tables/")
        assert Table.objects.count() == tables + 1
    else:
        assert response.status_code in (200, 400) and shows_errors(response)
        assert Table.objects.count() == tables


@FUZZ
@given(public_id=st.text(max_size=40), method=st.sampled_from(["get", "post", "put", "delete"]))
def test_table_pages_with_garbage_ids_are_not_found(public_id, method):
    response = getattr(Client(), method)(f"/tables/{quote(public_id, safe='')}/")
    assert readable(response)
    # A NUL is refused before any page (dominoes.request_input): no id holds one.
    assert response.status_code in ((400,) if "\x00" in public_id else (404, 405))


@FUZZ
@given(
    path=st.sampled_from(["/billing/checkout/", "/billing/portal/", "/billing/corporate/"]),
    data=st.dictionaries(
        st.sampled_from(["name", "email", "organisation_name", "players", "message", "price"]),
        hostile_text,
    ),
)
def test_billing_forms_answer_garbage_without_a_server_error(path, data):
    client = Client()
    client.force_login(person())
    leads = CorporateLead.objects.count()
    response = client.post(path, data)
    assert readable(response)
    if path == "/billing/corporate/" and response.status_code != 302:
        assert shows_errors(response)
        assert CorporateLead.objects.count() == leads


@FUZZ
@given(display_name=hostile_text, stray=stray_fields)
def test_the_settings_page_answers_garbage_without_a_server_error(display_name, stray):
    client = Client()
    client.force_login(person())
    response = client.post("/accounts/settings/", {**stray, "display_name": display_name})
    assert readable(response)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=300),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
event_types = st.one_of(
    st.sampled_from(
        [
            "customer.subscription.created",
            "customer.subscription.updated",
            "customer.subscription.deleted",
            "checkout.session.completed",
            "invoice.payment_failed",
            "charge.refunded",
        ]
    ),
    json_values,
)
# Shaped like an event, with any value in each place.
events = st.fixed_dictionaries(
    {"id": json_values, "type": event_types, "data": st.one_of(json_values, st.builds(dict))},
) | st.fixed_dictionaries(
    {
        "id": st.text(max_size=400),
        "type": event_types,
        "data": st.fixed_dictionaries({"object": json_values}),
    }
)


@FUZZ
@given(body=st.binary(max_size=300), header=hostile_text)
def test_unsigned_webhook_garbage_is_refused(body, header):
    with override_settings(STRIPE_WEBHOOK_SECRET=WEBHOOK_SECRET):
        response = Client().post(
            "/billing/webhook/",
            data=body,
            content_type="application/json",
            headers={"Stripe-Signature": header},
        )
    assert response.status_code == 400 and response.content
    assert not WebhookEvent.objects.exists()


@FUZZ
@given(event=st.one_of(events, json_values))
@example(event={"id": "evt_\x00", "type": "charge.refunded", "data": {"object": {}}})
@example(
    event={
        "id": "evt_1",
        "type": "customer.subscription.updated",
        "data": {"object": {"id": "sub_\x00"}},
    }
)
def test_signed_webhook_garbage_never_fails_the_server(event):
    """Only Stripe can sign, but a malformed event (a Stripe bug, an API change) must still be
    answered: 400 for what is not an event, 200 for an event the site ignores, 503 when it
    would need Stripe (here unreachable), never 500."""
    body = json.dumps(event)
    stored = WebhookEvent.objects.count()
    with override_settings(
        STRIPE_WEBHOOK_SECRET=WEBHOOK_SECRET,
        STRIPE_SECRET_KEY="sk_test_x",
        STRIPE_API_BASE="http://127.0.0.1:9",  # nothing listens: never the real API
    ):
        response = Client().post(
            "/billing/webhook/",
            data=body,
            content_type="application/json",
            headers={"Stripe-Signature": signed(body, WEBHOOK_SECRET, timestamp=int(time.time()))},
        )
    assert readable(response)
    assert response.status_code in (200, 400, 503)
    if response.status_code != 200:  # refused, or to be delivered again: nothing kept
        assert WebhookEvent.objects.count() == stored


@FUZZ
@given(
    path=st.sampled_from(
        ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/", "/admin/login/"]
    ),
    data=st.dictionaries(
        st.sampled_from(["login", "email", "password", "password1", "password2", "username"]),
        hostile_text,
    )
    | stray_fields,
)
def test_sign_in_and_sign_up_answer_garbage_without_a_server_error(path, data):
    response = Client().post(path, data)
    assert readable(response)
    assert response.status_code in (200, 302, 400, 429)
