"""Small builders for billing tests: people, Stripe-shaped subscriptions and events."""

import itertools
import json
import time

from django.contrib.auth import get_user_model

from billing.models import Customer

_numbers = itertools.count(1)


def person(email: str | None = None):
    number = next(_numbers)
    return get_user_model().objects.create_user(
        username=f"person{number}", email=email or f"person{number}@example.com", password="x"
    )


def customer_of(user, stripe_id: str | None = None) -> Customer:
    return Customer.objects.create(user=user, stripe_id=stripe_id or f"cus_{user.pk}")


def subscription(sub_id: str, customer: str, status: str = "active", **changes) -> dict:
    """A subscription as Stripe's API returns it (period on the item, API 2025-03-31 on)."""
    period_end = int(time.time()) + 30 * 86400
    return {
        "id": sub_id,
        "object": "subscription",
        "customer": customer,
        "status": status,
        "cancel_at_period_end": False,
        "ended_at": None,
        "items": {
            "object": "list",
            "data": [
                {
                    "id": f"si_{sub_id}",
                    "object": "subscription_item",
                    "price": {"id": "price_club_test", "object": "price"},
                    "current_period_end": period_end,
                }
            ],
        },
        **changes,
    }


def event(event_type: str, data: dict, *, event_id: str | None = None, created=None) -> str:
    """A Stripe event's JSON body."""
    return json.dumps(
        {
            "id": event_id or f"evt_{next(_numbers)}",
            "object": "event",
            "type": event_type,
            "created": created or int(time.time()),
            "data": {"object": data},
        }
    )
