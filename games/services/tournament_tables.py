"""A tournament's table: started at once, every seat taken by its entrants."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.players import Player
from games.engine import Match, Rules
from games.errors import TableError
from games.models import Table
from games.services._tables import advance, deal, new_table, seat_person
from games.services.clock import TOURNAMENT_GRACE_SECONDS, TOURNAMENT_TURN_SECONDS


def create_seated_table(
    *,
    players: Sequence[tuple[Player, str]],
    rules: Rules,
    turn_seconds: int | None = TOURNAMENT_TURN_SECONDS,
    grace_seconds: int = TOURNAMENT_GRACE_SECONDS,
    forfeit_at_deadline: bool = True,
    deals_like: Table | None = None,
    deals_private: bool = False,
) -> Table:
    """A started online table with every seat taken by the given people (``players[i]`` at
    seat ``i``, with its name), dealt at once: a tournament match, on the tournament clock
    unless told otherwise. ``deals_like``: a finished table whose deals this one replays,
    hand by hand (a duplicate match's second leg, its seats swapped by the caller).
    ``deals_private``: another table will deal these deals again: nobody watches this one and
    its seeds stay hidden until :func:`publish_deals`."""
    if len(players) != rules.seats:
        raise TableError(
            gettext("This table needs %(seats)s players, not %(given)s.")
            % {"seats": rules.seats, "given": len(players)}
        )
    with transaction.atomic():
        table = new_table(
            Table.Kind.ONLINE,
            players[0][0],
            rules,
            show_hints=True,
            auto_pass=False,
            turn_seconds=turn_seconds,
            grace_seconds=grace_seconds,
            forfeit_at_deadline=forfeit_at_deadline,
            started_at=timezone.now(),
            seated_by_site=True,
        )
        if deals_like is not None or deals_private:  # before the first deal, which reads it
            table.deals_like = deals_like
            table.deals_private = deals_private
            table.save(update_fields=["deals_like", "deals_private"])
        for index, (player, name) in enumerate(players):
            seat_person(table, index, player, name)
        match = Match(rules)
        deal(table, match)
        advance(table, match)
    return table


def publish_deals(*, public_ids: Sequence[str]) -> int:
    """Every table that deals these tables' deals again has played them: their seeds are shown
    and they may be watched and replayed as any other. Returns how many changed."""
    return Table.objects.filter(public_id__in=public_ids, deals_private=True).update(
        deals_private=False
    )
