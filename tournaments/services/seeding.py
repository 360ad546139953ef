"""Seeding: the order a tournament is drawn in. Shuffled by the server's seed (as always), by
the players' ratings, or in an order the host sets before the start."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from games.models import Rating
from games.records.families import family_of
from games.records.glicko2 import DEFAULT_RATING
from tournaments import pairing
from tournaments.models import Entrant, Tournament
from tournaments.services.access import (
    TournamentError,
    bump,
    locked_for_host,
    require_draft,
)


def seeded_order(tournament: Tournament, confirmed: list[Entrant]) -> list[int]:
    """The confirmed entrants' ids, best seed first, by the tournament's seeding. Ties (the
    same rating, or no rating yet: the starting rating) fall back on the shuffle by the
    tournament's seed, so the draw stays fair and reproducible. The ratings are those of the
    family of the tournament's game (``games.records.families``)."""
    shuffled = pairing.seeded_order([e.pk for e in confirmed], tournament.seed)
    if tournament.seeding == Tournament.Seeding.RATING:
        ratings = dict(
            Rating.objects.filter(
                user__in=[e.user_id for e in confirmed], family=family_of(tournament.preset)
            ).values_list("user_id", "rating")
        )
        user_of = {e.pk: e.user_id for e in confirmed}
        return sorted(shuffled, key=lambda pk: -ratings.get(user_of[pk], DEFAULT_RATING))
    if tournament.seeding == Tournament.Seeding.MANUAL:
        return [e.pk for e in manual_order(confirmed)]
    return shuffled


def manual_order(entrants: list[Entrant]) -> list[Entrant]:
    """The host's order: those placed by the host first, then the rest as they entered."""
    return sorted(entrants, key=lambda e: (e.host_order is None, e.host_order or 0, e.pk))


def move_seed(*, host: AbstractBaseUser, public_id: str, entrant_id: int, places: int) -> int:
    """Move a confirmed entrant ``places`` up (negative) or down (positive) in the host's
    seeding order, before the start. Returns its new place, from 1."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        require_draft(tournament, gettext("Its seeding can no longer change."))
        order = manual_order(list(tournament.entrants.filter(status=Entrant.Status.CONFIRMED)))
        index = next((i for i, e in enumerate(order) if e.pk == entrant_id), None)
        if index is None:
            raise TournamentError(gettext("Only confirmed entrants are seeded."))
        target = min(max(index + places, 0), len(order) - 1)
        order.insert(target, order.pop(index))
        _save_order(tournament, order)
    return target + 1


def set_seed_order(*, host: AbstractBaseUser, public_id: str, entrant_ids: list[int]) -> None:
    """Set the whole seeding order at once (a drag and drop): ``entrant_ids`` must be the
    confirmed entrants, each once."""
    with transaction.atomic():
        tournament = locked_for_host(public_id, host)
        require_draft(tournament, gettext("Its seeding can no longer change."))
        confirmed = {e.pk: e for e in tournament.entrants.filter(status=Entrant.Status.CONFIRMED)}
        if sorted(entrant_ids) != sorted(confirmed):
            raise TournamentError(
                gettext(
                    "The order must list every confirmed entrant once: reload the page and "
                    "try again."
                )
            )
        _save_order(tournament, [confirmed[pk] for pk in entrant_ids])


def _save_order(tournament: Tournament, order: list[Entrant]) -> None:
    for place, entrant in enumerate(order):
        entrant.host_order = place
    Entrant.objects.bulk_update(order, ["host_order"])
    if tournament.seeding != Tournament.Seeding.MANUAL:  # ordering by hand means this order
        tournament.seeding = Tournament.Seeding.MANUAL
        bump(tournament, "seeding")
    else:
        bump(tournament)
