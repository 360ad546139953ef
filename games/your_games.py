"""Reads: the tables a person has in progress, for "Your games" (the home page and ``/me/``),
and how many people are playing now (the home page).

A guest's are the seats of their browser session's token, an account's every seat of the
user whatever the device. Your turn first, then the most recently changed.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from django.core.cache import cache
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from games.engine import Rules, load
from games.models import Seat, Table
from games.names import avatar_choice, seat_avatar, seat_name_words, seats_with_avatars
from games.services import Player, has_moved
from games.words import PRESET_NAMES, joined

#: Tables not changed for this long are no longer "in progress" on these lists.
RECENT = timedelta(days=7)
#: At most this many on the list: the open tables limit of a person is 20 (services).
SHOWN = 20


@dataclass(frozen=True, slots=True)
class GameInProgress:
    public_id: str
    game: str  # "Draw, 2 players"
    opponents: str  # "Dot", "Bob and Rosa" (a computer by its level and seat)
    avatars: tuple[dict[str, str], ...]  # the opponents', in their order (accounts.avatars)
    status: str  # "Your turn", "Bob's turn", "Waiting for players", "Between hands"
    your_turn: bool
    online: bool
    # Against the computer, Your games offers Drop: aborting a game not moved in yet, else
    # resigning it (games.services.drop_computer_game); None at a table with people.
    drop_resigns: bool | None = None


def _mine(player: Player) -> Q | None:
    """The player's seats (None: nobody to find, a visitor without a session)."""
    if player.user_id is not None:
        return Q(user_id=player.user_id)
    if player.session_key:
        return Q(guest=player.session_key, user__isnull=True)
    return None


def games_in_progress(player: Player) -> list[GameInProgress]:
    if (mine := _mine(player)) is None:
        return []
    seats = (
        Seat.objects.filter(mine, table__finished=False)
        .filter(table__updated_at__gte=timezone.now() - RECENT)
        .select_related("table")
        .prefetch_related(seats_with_avatars("table__seats"))
        .order_by("-table__updated_at")[:SHOWN]
    )
    games = [_in_progress(seat.table, seat) for seat in seats]
    return sorted(games, key=lambda game: not game.your_turn)  # stable: recent first within


def _name(seat: Seat) -> str:
    return seat_name_words(name=seat.name, bot_level=seat.bot_level, index=seat.index)


def _avatar(seat: Seat) -> dict[str, str]:
    colour, emoji = avatar_choice(seat)
    return seat_avatar(
        name=seat.name, bot_level=seat.bot_level, user_id=seat.user_id, colour=colour, emoji=emoji
    )


def _in_progress(table: Table, mine: Seat) -> GameInProgress:
    rules = Rules.from_record(table.rules)
    seats = list(table.seats.all())
    others = [_name(seat) for seat in seats if seat.index != mine.index]
    turn = load(table.record).turn if table.started_at is not None else None
    if table.started_at is None:
        status = gettext("Waiting for players")
    elif turn is None:
        status = gettext("Between hands")
    elif turn == mine.index:
        status = gettext("Your turn")
    else:
        status = gettext("%(name)s's turn") % {
            "name": next(_name(s) for s in seats if s.index == turn)
        }
    return GameInProgress(
        public_id=table.public_id,
        game=gettext("%(game)s, %(seats)s players")
        % {"game": PRESET_NAMES[rules.preset], "seats": rules.seats},
        opponents=joined(others) if others else gettext("nobody yet"),
        avatars=tuple(_avatar(seat) for seat in seats if seat.index != mine.index),
        status=status,
        your_turn=turn == mine.index,
        online=table.kind == Table.Kind.ONLINE,
        drop_resigns=None
        if table.kind == Table.Kind.ONLINE
        else has_moved(table.record, mine.index),
    )


def same_computer_game(
    player: Player, *, rules: Rules, levels: Sequence[str], show_hints: bool, auto_pass: bool
) -> str | None:
    """The public id of the player's unfinished game against the computer with exactly these
    settings (the person at seat 0, ``levels[i]`` at seat ``i + 1``), the most recently
    played; None if they have none. What a second tap on Play the computer goes back to
    instead of piling another identical game on Your games."""
    if (mine := _mine(player)) is None:
        return None
    seats = (
        Seat.objects.filter(
            mine,
            index=0,
            table__kind=Table.Kind.COMPUTER,
            table__finished=False,
            table__show_hints=show_hints,
            table__auto_pass=auto_pass,
            table__updated_at__gte=timezone.now() - RECENT,
        )
        .select_related("table")
        .prefetch_related("table__seats")
        .order_by("-table__updated_at")[:SHOWN]
    )
    wanted = [str(level) for level in levels]
    for seat in seats:
        table = seat.table
        others = sorted((s for s in table.seats.all() if s.index != 0), key=lambda s: s.index)
        if Rules.from_record(table.rules) == rules and [s.bot_level for s in others] == wanted:
            return table.public_id
    return None


#: Seats seen this recently are people playing now (games.live.presence beats every 20 s).
PLAYING_NOW_WITHIN = timedelta(seconds=60)
#: The home page's count is read at most this often (it is the same for everyone).
PLAYING_NOW_CACHE_SECONDS = 10


def people_playing_now() -> int:
    """How many people (accounts and guests, each once) have a table of theirs open now."""
    return cache.get_or_set("people_playing_now", _count_playing_now, PLAYING_NOW_CACHE_SECONDS)


def _count_playing_now() -> int:
    seats = Seat.objects.filter(
        seen_at__gte=timezone.now() - PLAYING_NOW_WITHIN, table__finished=False, bot_level=""
    )
    accounts = seats.exclude(user=None).values("user_id").distinct().count()
    guests = seats.filter(user=None).exclude(guest="").values("guest").distinct().count()
    return accounts + guests
