"""Two webhooks mirroring one new subscription at the same moment (Stripe sends "created" and
"updated" together): the second waits for the first and then applies its newer fetch, instead
of failing on a second insert."""

import threading
from datetime import timedelta

import pytest
from billing_builders import customer_of, person, subscription
from django.db import connection, transaction
from django.utils import timezone

from billing import services
from billing.models import Subscription

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_second_mirror_of_a_new_subscription_waits_then_applies():
    customer_of(person(), "cus_race")
    first_fetch = timezone.now() - timedelta(seconds=1)
    second_fetch = timezone.now()
    first_inside, release_first = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def first() -> None:
        try:
            with transaction.atomic():
                services.mirror_subscription(
                    subscription=subscription("sub_race", "cus_race", "incomplete"),
                    fetched_at=first_fetch,
                )
                first_inside.set()
                release_first.wait(10)
        except BaseException as error:  # reported to the test thread
            errors.append(error)
        finally:
            connection.close()

    def second() -> None:
        try:
            services.mirror_subscription(
                subscription=subscription("sub_race", "cus_race", "active"),
                fetched_at=second_fetch,
            )
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    first_thread = threading.Thread(target=first)
    first_thread.start()
    assert first_inside.wait(10)
    second_thread = threading.Thread(target=second)
    second_thread.start()
    second_thread.join(0.5)
    assert second_thread.is_alive(), "the second mirror must wait for the first to commit"
    release_first.set()
    first_thread.join(10)
    second_thread.join(10)

    assert errors == []
    mirrored = Subscription.objects.get(stripe_id="sub_race")
    assert (mirrored.status, mirrored.fetched_at) == ("active", second_fetch)
