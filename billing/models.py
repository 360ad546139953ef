"""The site's mirror of Stripe: who is which Stripe customer, their subscriptions, the webhook
events already applied, corporate organisations and the leads asking for one.

Stripe is the source of truth; these rows are only changed by billing.services from what Stripe
returns, except what staff set in the admin (organisations, their hosts and limits, leads).
"""

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext_lazy

from billing.policy import CORPORATE_DEFAULT_TOURNAMENT_PLAYERS, pays_for_plan


class Customer(models.Model):
    """The Stripe customer of one person (made at their first upgrade)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="billing_customer"
    )
    stripe_id = models.CharField(max_length=255, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.stripe_id} ({self.user})"


class Organisation(models.Model):
    """A corporate customer: several hosts sharing one Stripe subscription, set up by staff."""

    name = models.CharField(max_length=200)
    hosts = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="billing_organisations", blank=True
    )
    tournament_player_limit = models.PositiveIntegerField(
        default=CORPORATE_DEFAULT_TOURNAMENT_PLAYERS,
        validators=[MinValueValidator(1)],
        help_text="The most players a tournament of one of its hosts may have.",
    )
    stripe_customer_id = models.CharField(
        max_length=255,
        blank=True,
        help_text="Its Stripe customer (cus_...): made with the admin action, or pasted.",
    )
    stripe_price_id = models.CharField(
        max_length=255,
        blank=True,
        help_text="The corporate price agreed, made in Stripe (price_...): the admin action "
        "starts the subscription with it.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["stripe_customer_id"],
                condition=~Q(stripe_customer_id=""),
                name="billing_organisation_unique_stripe_customer",
            )
        ]

    def __str__(self) -> str:
        return self.name


class Subscription(models.Model):
    """A Stripe subscription as last fetched from Stripe, owned by a person (Club) or an
    organisation (Corporate)."""

    stripe_id = models.CharField(max_length=255, unique=True)
    stripe_customer_id = models.CharField(max_length=255)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="billing_subscriptions",
    )
    organisation = models.ForeignKey(
        Organisation,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="subscriptions",
    )
    status = models.CharField(max_length=32)
    price_id = models.CharField(max_length=255, blank=True)
    current_period_end = models.DateTimeField(null=True, blank=True)
    cancel_at_period_end = models.BooleanField(default=False)
    ended_at = models.DateTimeField(null=True, blank=True)
    # When the fetch that gave this state started: a fetch that started earlier (a slower
    # concurrent webhook) never overwrites it.
    fetched_at = models.DateTimeField()

    class Meta:
        ordering = ["-fetched_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(user__isnull=False, organisation__isnull=True)
                | Q(user__isnull=True, organisation__isnull=False),
                name="billing_subscription_one_owner",
            )
        ]

    def __str__(self) -> str:
        return f"{self.stripe_id} ({self.status})"

    @property
    def pays(self) -> bool:
        return pays_for_plan(self.status)

    @property
    def status_label(self) -> str:
        """Stripe's status in words: "past_due" is "Past due"."""
        return str(STATUS_WORDS.get(self.status, self.status.replace("_", " ").capitalize()))


#: Stripe's subscription statuses in a person's words (an unknown one is shown as Stripe says it).
STATUS_WORDS = {
    "active": pgettext_lazy("subscription", "Active"),
    "trialing": pgettext_lazy("subscription", "Trialing"),
    "past_due": pgettext_lazy("subscription", "Past due"),
    "unpaid": pgettext_lazy("subscription", "Unpaid"),
    "canceled": pgettext_lazy("subscription", "Canceled"),
    "incomplete": pgettext_lazy("subscription", "Incomplete"),
    "incomplete_expired": pgettext_lazy("subscription", "Incomplete expired"),
    "paused": pgettext_lazy("subscription", "Paused"),
}


class WebhookEvent(models.Model):
    """A Stripe event already applied: a second delivery of the same id changes nothing."""

    stripe_id = models.CharField(max_length=255, unique=True)
    type = models.CharField(max_length=100)
    received_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.stripe_id} {self.type}"


class CorporateLead(models.Model):
    """Someone asking for a corporate plan, for staff to follow up."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="corporate_leads",
    )
    name = models.CharField(max_length=200)
    email = models.EmailField()
    organisation_name = models.CharField(max_length=200)
    players = models.PositiveIntegerField(
        validators=[MinValueValidator(1)], help_text="Players in the largest tournament."
    )
    message = models.TextField(blank=True, max_length=4000)
    handled = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["handled", "-created_at"]

    def __str__(self) -> str:
        return f"{self.organisation_name} ({self.email})"
