"""The one place that talks to Stripe's API: a client built from the settings."""

import stripe
from django.conf import settings


class BillingNotConfigured(Exception):
    """STRIPE_SECRET_KEY (and, for Checkout, STRIPE_CLUB_PRICE) are not set."""


def checkout_configured() -> bool:
    """Whether people can upgrade here: a secret key and the Club price are set."""
    return bool(settings.STRIPE_SECRET_KEY and settings.STRIPE_CLUB_PRICE)


def client() -> stripe.StripeClient:
    """A Stripe client with the secret key, at STRIPE_API_BASE when set (localstripe or a
    recording server in tests)."""
    if not settings.STRIPE_SECRET_KEY:
        raise BillingNotConfigured("STRIPE_SECRET_KEY is not set")
    base_addresses = {"api": settings.STRIPE_API_BASE} if settings.STRIPE_API_BASE else None
    # Retries reuse stripe-python's idempotency key, so a retried create creates one object.
    return stripe.StripeClient(
        settings.STRIPE_SECRET_KEY, base_addresses=base_addresses, max_network_retries=2
    )
