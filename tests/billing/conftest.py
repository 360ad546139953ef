"""Billing fixtures: Stripe settings, the recording stand-in and localstripe
(tests/stripe_support.py)."""

from stripe_support import (  # noqa: F401  (fixtures)
    localstripe,
    localstripe_server,
    recorder,
    stripe_settings,
    stripe_site,
)
