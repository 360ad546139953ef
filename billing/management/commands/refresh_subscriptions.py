"""``python manage.py refresh_subscriptions [--every SECONDS]``: fetch again from Stripe every
subscription still mirrored as paying after its period ended.

Webhooks keep the mirror current; this is the safety net for one that never arrived (an outage,
a misconfigured endpoint), so a subscription Stripe ended falls back to Free. Run it hourly.
"""

import time

from django.core.management.base import BaseCommand

from billing.services import refresh_lapsed_subscriptions


class Command(BaseCommand):
    help = "Refresh from Stripe the subscriptions mirrored as paying past their period end."

    def add_arguments(self, parser):
        parser.add_argument(
            "--every", type=float, default=0, help="repeat every this many seconds (0: once)"
        )

    def handle(self, *args, every: float, **options) -> None:
        while True:
            refreshed = refresh_lapsed_subscriptions()
            if refreshed:
                self.stdout.write(f"refreshed {refreshed} subscription(s) from Stripe")
            if not every:
                return
            time.sleep(every)
