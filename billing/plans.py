"""What each plan allows a host: the tournament player limit and how it is explained.

For the tournament service: ``tournament_player_limit(host=...)`` is checked when an entrant
is admitted (or a tournament's size is set), never against tournaments already running, so a
host falling back to Free (past due, canceled) loses nothing already under way.
``limit_explanation(host=...)`` is what to show a host meeting the limit.
"""

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse

from billing.policy import (
    CLUB,
    CLUB_TOURNAMENT_PLAYERS,
    FREE,
    FREE_TOURNAMENT_PLAYERS,
    explanation,
)
from billing.selectors import host_entitlement

__all__ = [
    "CLUB_TOURNAMENT_PLAYERS",
    "FREE_TOURNAMENT_PLAYERS",
    "PlanLimit",
    "limit_explanation",
    "tournament_player_limit",
]


@dataclass(frozen=True)
class PlanLimit:
    """A host's plan, its player limit, the sentence explaining it and where to go for more
    (None when there is no self-service way up)."""

    plan: str
    players: int
    message: str
    upgrade_url: str | None
    upgrade_label: str | None


def tournament_player_limit(*, host: AbstractBaseUser | None) -> int:
    """The most entrants a tournament of ``host`` may have under the host's plan."""
    return host_entitlement(host=host).tournament_players


def limit_explanation(*, host: AbstractBaseUser | None) -> PlanLimit:
    """The host's plan and limit with the message to show at the limit, e.g. "Free allows 10
    players. Club allows 20 players: upgrade." and a link to the pricing page."""
    granted = host_entitlement(host=host)
    if granted.plan == FREE:
        url, label = reverse("billing:pricing"), "Upgrade to Club"
    elif granted.plan == CLUB:
        url, label = reverse("billing:corporate"), "Ask about a corporate plan"
    else:
        url, label = None, None
    return PlanLimit(
        plan=granted.plan,
        players=granted.tournament_players,
        message=explanation(granted),
        upgrade_url=url,
        upgrade_label=label,
    )
