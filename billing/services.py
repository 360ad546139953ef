"""Everything that changes billing rows, and every call to Stripe that starts a payment flow.

Stripe is the source of truth. A webhook only says *that* something changed: the subscription
it names is fetched again from Stripe and that fetched state is mirrored, so events arriving
late, twice or out of order never put an older state over a newer one.
"""

import json
import logging
import re
import time
from datetime import UTC, datetime, timedelta

import stripe
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from billing import stripe_api
from billing.models import CorporateLead, Customer, Organisation, Subscription, WebhookEvent
from billing.policy import PAYING_STATUSES, signature_timestamp, timestamp_problem
from billing.selectors import has_paying_club_subscription
from dominoes.request_input import whole_number

logger = logging.getLogger(__name__)

SUBSCRIPTION_EVENTS = frozenset(
    {
        "customer.subscription.created",
        "customer.subscription.updated",
        "customer.subscription.deleted",
    }
)
# Stripe moves a renewed subscription's period on at its end; one still paying an hour after
# its period ended means a missed webhook (see refresh_lapsed_subscriptions).
RENEWAL_GRACE = timedelta(hours=1)
# Corporate subscriptions are invoiced, not charged to a card.
CORPORATE_DAYS_UNTIL_DUE = 30
CHECKOUT_COMPLETED = "checkout.session.completed"
PAYMENT_FAILED = "invoice.payment_failed"


class BillingError(Exception):
    """A billing request that cannot be done; the message is for the person who asked."""


class WebhookRejected(Exception):
    """A webhook that is not provably from Stripe, or not readable: answered with 400."""


# --- Customers, Checkout and the portal -----------------------------------------------------


def ensure_customer(*, user: AbstractBaseUser) -> Customer:
    """The person's Stripe customer, created at Stripe the first time."""
    with transaction.atomic():
        # The person's row is the lock: two upgrade clicks at once make one Stripe customer.
        get_user_model().objects.select_for_update().get(pk=user.pk)
        existing = Customer.objects.filter(user=user).first()
        if existing is not None:
            return existing
        created = _stripe_call(
            lambda api: api.v1.customers.create(
                params={"email": user.email, "metadata": {"user_id": str(user.pk)}}
            )
        )
        return Customer.objects.create(user=user, stripe_id=created.id)


def start_checkout(*, user: AbstractBaseUser, success_url: str, cancel_url: str) -> str:
    """Open a Stripe Checkout session (subscription mode) for Club; return its URL."""
    if not stripe_api.checkout_configured():
        raise BillingError(gettext("Online payment is not configured on this site."))
    if has_paying_club_subscription(user=user):
        raise BillingError(gettext("You are already on Club: use Manage billing to change it."))
    customer = ensure_customer(user=user)
    session = _stripe_call(
        lambda api: api.v1.checkout.sessions.create(
            params={
                "mode": "subscription",
                "customer": customer.stripe_id,
                "line_items": [{"price": settings.STRIPE_CLUB_PRICE, "quantity": 1}],
                "success_url": success_url,
                "cancel_url": cancel_url,
                "client_reference_id": str(user.pk),
                "subscription_data": {"metadata": {"user_id": str(user.pk)}},
            }
        )
    )
    return session.url


def open_portal(*, user: AbstractBaseUser, return_url: str) -> str:
    """Open Stripe's customer portal for the person's own customer; return its URL."""
    customer = Customer.objects.filter(user=user).first()
    if customer is None:
        raise BillingError(gettext("You have no billing account yet: upgrade to Club first."))
    session = _stripe_call(
        lambda api: api.v1.billing_portal.sessions.create(
            params={"customer": customer.stripe_id, "return_url": return_url}
        )
    )
    return session.url


def _stripe_call(request):
    """Run one Stripe request with the configured client, as a BillingError when it fails."""
    try:
        return request(stripe_api.client())
    except stripe_api.BillingNotConfigured as error:
        raise BillingError(gettext("Online payment is not configured on this site.")) from error
    except stripe.APIConnectionError as error:
        logger.warning("Stripe could not be reached: %s", error)
        raise BillingError(gettext("Stripe could not be reached. Please try again.")) from error
    except stripe.StripeError as error:  # Stripe answered, refusing: say what it said
        logger.warning("Stripe refused a request (HTTP %s): %s", error.http_status, error)
        said = error.user_message or gettext("no reason given")
        raise BillingError(gettext("Stripe refused the request: %s") % said) from error


# --- Webhooks -------------------------------------------------------------------------------


def receive_webhook(*, payload: bytes, signature: str, secret: str) -> str:
    """Verify and apply one Stripe webhook delivery; return what was done ("applied",
    "duplicate" or "ignored"). Raises WebhookRejected, changing nothing, unless the body is
    signed with ``secret`` within the tolerance (either way) of our clock."""
    if not secret:
        raise WebhookRejected("STRIPE_WEBHOOK_SECRET is not set")
    timestamp = signature_timestamp(signature)
    if timestamp is None:
        raise WebhookRejected("no timestamp in the Stripe-Signature header")
    if problem := timestamp_problem(timestamp, now=time.time()):
        raise WebhookRejected(problem)
    try:
        # No tolerance here: timestamp_problem above checked the time, both ways.
        stripe.WebhookSignature.verify_header(payload.decode(), signature, secret, tolerance=None)
        event = json.loads(payload)
        event_id, event_type = event["id"], event["type"]
        data = event["data"]["object"]
    except (stripe.SignatureVerificationError, UnicodeDecodeError, ValueError) as error:
        raise WebhookRejected(str(error)) from error
    except (KeyError, TypeError) as error:
        raise WebhookRejected(f"not a Stripe event: missing {error}") from error
    if not _is_event_shaped(event_id, event_type, data):
        raise WebhookRejected("not a Stripe event: its id, type or data.object is malformed")

    with transaction.atomic():
        try:
            with transaction.atomic():
                WebhookEvent.objects.create(stripe_id=event_id, type=event_type)
        except IntegrityError:
            return "duplicate"
        subscription_id = _subscription_named_by(event_type, data)
        if subscription_id is None:
            return "ignored"
        if event_type == CHECKOUT_COMPLETED:
            _link_checkout_customer(data)
        sync_subscription(stripe_subscription_id=subscription_id)
    return "applied"


#: What Stripe's ids and event types are made of: anything else (a NUL, which PostgreSQL cannot
#: store, a slash in a URL path) is not from Stripe's API as documented.
STRIPE_ID = re.compile(r"[A-Za-z0-9_]+")
EVENT_TYPE = re.compile(r"[a-z0-9_.]+")


def _is_event_shaped(event_id: object, event_type: object, data: object) -> bool:
    """Whether the event's id and type are strings that fit their columns, with an object."""
    id_length = WebhookEvent._meta.get_field("stripe_id").max_length
    type_length = WebhookEvent._meta.get_field("type").max_length
    return (
        isinstance(event_id, str)
        and len(event_id) <= id_length
        and STRIPE_ID.fullmatch(event_id) is not None
        and isinstance(event_type, str)
        and len(event_type) <= type_length
        and EVENT_TYPE.fullmatch(event_type) is not None
        and isinstance(data, dict)
    )


def _subscription_named_by(event_type: str, data: dict) -> str | None:
    """The id of the subscription an event is about, for the events the site mirrors."""
    if event_type in SUBSCRIPTION_EVENTS:
        return _id_of(data)
    if event_type == CHECKOUT_COMPLETED and data.get("mode") == "subscription":
        return _id_of(data.get("subscription"))
    if event_type == PAYMENT_FAILED:
        # Older API versions name it on the invoice, newer ones under parent.
        parent = data.get("parent")
        details = parent.get("subscription_details") if isinstance(parent, dict) else None
        named = details.get("subscription") if isinstance(details, dict) else None
        return _id_of(data.get("subscription") or named)
    return None


def _id_of(value) -> str | None:
    """An id, whether Stripe sent it as a string or as an expanded object (None when it is
    neither: nothing is fetched for a malformed reference)."""
    if isinstance(value, dict):
        value = value.get("id")
    return value if isinstance(value, str) and STRIPE_ID.fullmatch(value) else None


def _link_checkout_customer(session: dict) -> None:
    """Remember the customer of a completed Checkout for the person who started it, if the
    site does not know that customer yet (it is normally made before Checkout opens)."""
    customer_id = _id_of(session.get("customer"))
    user_id = whole_number(session.get("client_reference_id"))
    if not customer_id or not user_id:
        return
    if Customer.objects.filter(stripe_id=customer_id).exists():
        return
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is not None and not Customer.objects.filter(user=user).exists():
        Customer.objects.create(user=user, stripe_id=customer_id)


# --- Mirroring subscriptions ----------------------------------------------------------------


def sync_subscription(*, stripe_subscription_id: str) -> Subscription | None:
    """Fetch a subscription from Stripe and mirror it; None if its customer is neither a person
    nor an organisation of this site. Raises stripe.StripeError when Stripe cannot be reached
    (a webhook then answers 500 and Stripe delivers it again)."""
    fetched_at = timezone.now()
    fetched = stripe_api.client().v1.subscriptions.retrieve(stripe_subscription_id)
    return mirror_subscription(subscription=fetched.to_dict(), fetched_at=fetched_at)


def mirror_subscription(*, subscription: dict, fetched_at: datetime) -> Subscription | None:
    """Store one subscription as Stripe returned it (fetched at ``fetched_at``), unless a
    fetch that started later has already been stored."""
    customer_id = _id_of(subscription.get("customer"))
    with transaction.atomic():
        # The owner's row first: two webhooks about one customer's new subscription (created
        # and updated arrive together) take turns instead of both inserting it.
        owner = _locked_owner_of(customer_id)
        row = Subscription.objects.select_for_update().filter(stripe_id=subscription["id"]).first()
        if row is not None and row.fetched_at >= fetched_at:
            return row
        if row is None:
            if owner is None:
                logger.info(
                    "Subscription %s of unknown customer %s", subscription["id"], customer_id
                )
                return None
            row = Subscription(stripe_id=subscription["id"], **owner)
        row.stripe_customer_id = customer_id
        row.status = subscription["status"]
        row.price_id = _price_of(subscription)
        row.current_period_end = _moment(_period_end_of(subscription))
        row.cancel_at_period_end = bool(subscription.get("cancel_at_period_end"))
        row.ended_at = _moment(subscription.get("ended_at"))
        row.fetched_at = fetched_at
        row.save()
        return row


def _locked_owner_of(customer_id: str | None) -> dict | None:
    """The owner fields of a subscription of a Stripe customer, if it is ours (a person or an
    organisation), with the owner's row locked."""
    if not customer_id:
        return None
    customer = Customer.objects.select_for_update().filter(stripe_id=customer_id).first()
    if customer is not None:
        return {"user_id": customer.user_id}
    organisation = (
        Organisation.objects.select_for_update().filter(stripe_customer_id=customer_id).first()
    )
    if organisation is not None:
        return {"organisation": organisation}
    return None


def _first_item(subscription: dict) -> dict:
    items = (subscription.get("items") or {}).get("data") or []
    return items[0] if items else {}


def _price_of(subscription: dict) -> str:
    item = _first_item(subscription)
    price = item.get("price") or item.get("plan") or subscription.get("plan") or {}
    return _id_of(price) or ""


def _period_end_of(subscription: dict) -> int | None:
    # Since API version 2025-03-31 the period is on each item; localstripe keeps it on the
    # subscription itself.
    return _first_item(subscription).get("current_period_end") or subscription.get(
        "current_period_end"
    )


def _moment(timestamp: int | None) -> datetime | None:
    return datetime.fromtimestamp(timestamp, tz=UTC) if timestamp else None


# --- Corporate ------------------------------------------------------------------------------


def record_corporate_lead(
    *,
    user: AbstractBaseUser | None,
    name: str,
    email: str,
    organisation_name: str,
    players: int,
    message: str,
) -> CorporateLead:
    """Store a request for a corporate plan, for staff to follow up in the admin."""
    return CorporateLead.objects.create(
        user=user if user is not None and user.is_authenticated else None,
        name=name,
        email=email,
        organisation_name=organisation_name,
        players=players,
        message=message,
    )


def create_organisation_customer(*, organisation: Organisation) -> Organisation:
    """Make the organisation's Stripe customer (staff then add its subscription in Stripe)."""
    with transaction.atomic():
        locked = Organisation.objects.select_for_update().get(pk=organisation.pk)
        if locked.stripe_customer_id:
            raise BillingError(f"{locked} already has Stripe customer {locked.stripe_customer_id}.")
        created = _stripe_call(
            lambda api: api.v1.customers.create(
                params={"name": locked.name, "metadata": {"organisation_id": str(locked.pk)}}
            )
        )
        locked.stripe_customer_id = created.id
        locked.save(update_fields=["stripe_customer_id"])
        return locked


def refresh_organisation(*, organisation: Organisation) -> int:
    """Mirror every subscription of the organisation's Stripe customer (after staff set one
    up, or to repair a missed webhook); return how many there are."""
    if not organisation.stripe_customer_id:
        raise BillingError(f"{organisation} has no Stripe customer yet.")
    fetched_at = timezone.now()
    listed = _stripe_call(
        lambda api: api.v1.subscriptions.list(
            params={"customer": organisation.stripe_customer_id, "status": "all", "limit": 100}
        )
    )
    subscriptions = [item.to_dict() for item in listed.data]
    for subscription in subscriptions:
        mirror_subscription(subscription=subscription, fetched_at=fetched_at)
    return len(subscriptions)


def start_organisation_subscription(*, organisation: Organisation) -> Subscription:
    """Start the organisation's subscription in Stripe at its agreed corporate price, invoiced
    (paid within CORPORATE_DAYS_UNTIL_DUE days), and mirror it."""
    with transaction.atomic():
        locked = Organisation.objects.select_for_update().get(pk=organisation.pk)
        if not locked.stripe_customer_id or not locked.stripe_price_id:
            raise BillingError(f"{locked} needs a Stripe customer and a corporate price first.")
        if locked.subscriptions.filter(status__in=PAYING_STATUSES).exists():
            raise BillingError(f"{locked} already has an active subscription.")
        fetched_at = timezone.now()
        created = _stripe_call(
            lambda api: api.v1.subscriptions.create(
                params={
                    "customer": locked.stripe_customer_id,
                    "items": [{"price": locked.stripe_price_id, "quantity": 1}],
                    "collection_method": "send_invoice",
                    "days_until_due": CORPORATE_DAYS_UNTIL_DUE,
                    "metadata": {"organisation_id": str(locked.pk)},
                }
            )
        )
        return mirror_subscription(subscription=created.to_dict(), fetched_at=fetched_at)


def refresh_lapsed_subscriptions(*, now: datetime | None = None) -> int:
    """Fetch again every subscription mirrored as paying whose period ended more than
    RENEWAL_GRACE ago: the safety net for missed webhooks, so a subscription that Stripe ended
    meanwhile falls back to Free. Returns how many were fetched."""
    now = timezone.now() if now is None else now
    lapsed = Subscription.objects.filter(
        status__in=PAYING_STATUSES, current_period_end__lt=now - RENEWAL_GRACE
    ).values_list("stripe_id", flat=True)
    fetched = 0
    for stripe_id in list(lapsed):
        try:
            sync_subscription(stripe_subscription_id=stripe_id)
        except (stripe.StripeError, stripe_api.BillingNotConfigured) as error:
            logger.warning("Could not refresh subscription %s: %s", stripe_id, error)
            continue
        fetched += 1
    return fetched
