"""Billing fixtures: Stripe settings, the recording stand-in and localstripe."""

import pytest
from stripe_support import API_KEY, LocalStripe, StripeRecorder

WEBHOOK_SECRET = "whsec_test_dominoes"
CLUB_PRICE = "price_club_test"


@pytest.fixture
def stripe_settings(settings):
    """Billing configured, with the API at nothing yet (a test points STRIPE_API_BASE)."""
    settings.STRIPE_SECRET_KEY = API_KEY
    settings.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET
    settings.STRIPE_CLUB_PRICE = CLUB_PRICE
    settings.STRIPE_API_BASE = "http://127.0.0.1:9"  # discard: no test may reach the real API
    return settings


@pytest.fixture
def recorder(stripe_settings):
    """The recording Stripe stand-in, as the site's Stripe API."""
    running = StripeRecorder()
    stripe_settings.STRIPE_API_BASE = running.url
    yield running
    running.stop()


@pytest.fixture(scope="session")
def localstripe_server():
    running = LocalStripe()
    running.start()
    yield running
    running.stop()


@pytest.fixture
def localstripe(localstripe_server, stripe_settings):
    """localstripe with no objects, as the site's Stripe API."""
    localstripe_server.reset()
    stripe_settings.STRIPE_API_BASE = localstripe_server.url
    return localstripe_server
