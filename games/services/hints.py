"""A hint: the suggested move on the player's turn, against the computer only."""

from __future__ import annotations

from django.core.cache import cache
from django.utils.translation import gettext

from accounts.players import Player
from games.engine import move_from_record, move_to_record
from games.engine.bots import Hint, HintReason, hint
from games.errors import TableError
from games.models import Table
from games.services._tables import match_of, seat_of, seed_of, unlocked_table

#: How long a hint stays in the cache: long enough for a player to ask again during a turn;
#: a hint is never stale (it is kept per version), so this only bounds the cache's memory.
HINT_CACHE_SECONDS = 600


def hint_for(*, public_id: str, player: Player) -> Hint:
    """The suggested move for the player, on their turn, with its reason: only against the
    computer (at a table of people it would be the master level playing for one of them).

    A table at a version is one state forever and the bot's seed follows from it, so the hint
    for a (table, version, seat) is always the same: worked out once and kept in the cache,
    so that asking again costs no search."""
    table = unlocked_table(public_id)
    seat = seat_of(table, player)
    if table.kind != Table.Kind.COMPUTER:
        raise TableError(gettext("Hints are only for games against the computer."))
    key = f"hint:{table.public_id}:{table.version}:{seat.index}"
    kept = cache.get(key)
    if kept is not None:
        return Hint(move_from_record(kept["move"])[1], HintReason.from_json(kept["reason"]))
    match = match_of(table)
    if match.turn != seat.index:
        raise TableError(gettext("A hint is for your turn."))
    suggestion = hint(match.view_for(seat.index), seed=seed_of(table))
    kept = {
        "move": move_to_record(seat.index, suggestion.move),
        "reason": suggestion.reason.to_json(),
    }
    cache.set(key, kept, HINT_CACHE_SECONDS)
    return suggestion
