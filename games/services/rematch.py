"""A rematch: once every person of a finished match asks, the same seats are dealt again."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.players import Player
from games.engine import Match, Rules
from games.errors import TableError
from games.models import Seat, Table
from games.services._tables import advance, deal, locked_table, save_and_announce, seat_of


def vote_rematch(*, public_id: str, player: Player) -> Table:
    """Ask for a rematch of a finished match; once every person has asked, the same seats and
    rules are dealt again at a new table (``table.rematch``). Refused while another person has
    left the table (gone past the grace, or Leave): they are not there to agree."""
    with transaction.atomic():
        table = locked_table(public_id)
        seat = seat_of(table, player)
        if not table.finished:
            raise TableError(gettext("A rematch is for a finished match."))
        if table.rematch_id is not None:
            return table
        gone = [s for s in table.seats.all() if s.away and not s.is_bot and s != seat]
        if gone:  # their vote would never come: the rematch would wait for ever
            raise TableError(
                gettext("%(name)s has left the table: start a new match instead.")
                % {"name": gone[0].name}
            )
        votes = sorted({*table.rematch_votes, seat.index})
        people = sorted(s.index for s in table.seats.all() if not s.is_bot)
        table.rematch_votes = votes
        if votes == people:
            table.rematch = _deal_again(table)
        save_and_announce(table, "rematch_votes", "rematch")
    return table


def _deal_again(table: Table) -> Table:
    """A new, started table with the same seats, rules and clock."""
    twin = Table.objects.create(
        kind=table.kind,
        rules=table.rules,
        settled_record={},
        show_hints=table.show_hints,
        auto_pass=table.auto_pass,
        table_talk=table.table_talk,  # the same friends, as their host allowed
        created_by_id=table.created_by_id,
        turn_seconds=table.turn_seconds,
        grace_seconds=table.grace_seconds,
        forfeit_at_deadline=table.forfeit_at_deadline,
        seated_by_site=table.seated_by_site,  # a quick match's rematch has no host either
        started_at=timezone.now(),
    )
    for seat in table.seats.all():
        Seat.objects.create(
            table=twin,
            index=seat.index,
            user_id=seat.user_id,
            guest=seat.guest,
            name=seat.name,
            bot_level=seat.bot_level,
        )
    match = Match(Rules.from_record(twin.rules))
    deal(twin, match)
    advance(twin, match)
    return twin
