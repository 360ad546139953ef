"""What each plan allows a host: the tournament player limit and how it is explained.

For the tournament service: ``tournament_player_limit(host=...)`` is checked when an entrant
is admitted (or a tournament's size is set), never against tournaments already running, so a
host falling back to Free (past due, canceled) loses nothing already under way.
``limit_explanation(host=...)`` is what to show a host meeting the limit.
"""

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from django.utils.translation import gettext, ngettext, pgettext

from billing.policy import (
    CLUB,
    CLUB_TOURNAMENT_PLAYERS,
    CORPORATE,
    FREE,
    FREE_TOURNAMENT_PLAYERS,
    Entitlement,
)
from billing.selectors import host_entitlement

__all__ = [
    "CLUB_TOURNAMENT_PLAYERS",
    "FREE_TOURNAMENT_PLAYERS",
    "PlanLimit",
    "explanation",
    "limit_explanation",
    "plan_name",
    "tournament_player_limit",
]


@dataclass(frozen=True)
class PlanLimit:
    """A host's plan (its key, as :mod:`billing.policy` names it, and its name in the reader's
    words), its player limit, the sentence explaining it and where to go for more (None when
    there is no self-service way up)."""

    plan: str
    plan_name: str
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
        url, label = reverse("billing:pricing"), gettext("Upgrade to Club")
    elif granted.plan == CLUB:
        url, label = reverse("billing:corporate"), gettext("Ask about a corporate plan")
    else:
        url, label = None, None
    return PlanLimit(
        plan=granted.plan,
        plan_name=plan_name(granted.plan),
        players=granted.tournament_players,
        message=explanation(granted),
        upgrade_url=url,
        upgrade_label=label,
    )


def plan_name(plan: str) -> str:
    """A plan's name in the reader's words (the pricing page's)."""
    names = {
        FREE: pgettext("plan", "Free"),
        CLUB: pgettext("plan", "Club"),
        CORPORATE: pgettext("plan", "Corporate"),
    }
    return names.get(plan, plan)


def explanation(granted: Entitlement) -> str:
    """What a host meeting the limit of ``granted`` is told, with the way up when there is one:
    "Free allows 10 players. Club allows 20 players: upgrade." """
    players = granted.tournament_players
    if granted.plan == FREE:
        return ngettext(
            "Free allows %(players)s player. Club allows %(club)s players: upgrade.",
            "Free allows %(players)s players. Club allows %(club)s players: upgrade.",
            players,
        ) % {"players": players, "club": CLUB_TOURNAMENT_PLAYERS}
    if granted.plan == CLUB:
        return ngettext(
            "Club allows %(players)s player. A corporate plan allows more: contact us.",
            "Club allows %(players)s players. A corporate plan allows more: contact us.",
            players,
        ) % {"players": players}
    return ngettext(
        "Your organisation's corporate plan allows %(players)s player. Ask us to raise it.",
        "Your organisation's corporate plan allows %(players)s players. Ask us to raise it.",
        players,
    ) % {"players": players}
