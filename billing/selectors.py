"""Reads about a person's billing: their plan and its limit, their subscription, their
organisations. Each read is about the person asking; nothing here reads another's."""

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser

from billing.models import Organisation, Subscription
from billing.policy import PAYING_STATUSES, Entitlement, entitlement


def has_paying_club_subscription(*, user: AbstractBaseUser) -> bool:
    """Whether one of the person's own subscriptions pays for Club now."""
    return Subscription.objects.filter(user=user, status__in=PAYING_STATUSES).exists()


def host_entitlement(*, host: AbstractBaseUser | None) -> Entitlement:
    """The plan a host has now and its tournament player limit (Free for nobody)."""
    if host is None or not host.is_authenticated:
        return entitlement(club_statuses=())
    club_statuses = Subscription.objects.filter(user=host).values_list("status", flat=True)
    corporate_limits = (
        Organisation.objects.filter(hosts=host, subscriptions__status__in=PAYING_STATUSES)
        .distinct()
        .values_list("tournament_player_limit", flat=True)
    )
    return entitlement(club_statuses=list(club_statuses), corporate_limits=list(corporate_limits))


def current_subscription(*, user: AbstractBaseUser) -> Subscription | None:
    """The person's own subscription to show: the paying one, else the latest one."""
    subscriptions = Subscription.objects.filter(user=user)
    return (
        subscriptions.filter(status__in=PAYING_STATUSES).first()
        or subscriptions.order_by("-fetched_at").first()
    )


@dataclass(frozen=True)
class OrganisationPlan:
    """An organisation the person hosts for, as shown to that person."""

    name: str
    tournament_players: int
    active: bool


def organisations_of(*, user: AbstractBaseUser) -> list[OrganisationPlan]:
    """The organisations the person is a host of, with their limits and whether they pay."""
    return [
        OrganisationPlan(
            name=organisation.name,
            tournament_players=organisation.tournament_player_limit,
            active=organisation.subscriptions.filter(status__in=PAYING_STATUSES).exists(),
        )
        for organisation in Organisation.objects.filter(hosts=user)
    ]
