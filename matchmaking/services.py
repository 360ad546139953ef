"""Quick match: join a game's queue, stay in it while the waiting page is open, be seated.

Pairing (:func:`pair`) runs in one transaction per queue at a time (a PostgreSQL advisory
lock on the queue's key): it reads the queue's waiting entries whose lease has not run out,
oldest first, groups them and creates each group's table, all in that transaction. So an
entry is matched once or not at all, and only while its page is known open. It runs when
someone joins (blocking on the lock: whoever joins second finds the first) and at each
heartbeat of a waiting page (trying the lock only: if a pairing is under way, it will see
this entry, or the next heartbeat will), which is how a rating window widens with waiting.

Signed-in players of a two-sided game queue rated and are matched by rating (Glicko-2, the
game's family), within a window that widens the longer they wait; the table is then rated
(``Table.rated``: an online table of signed-in people with two sides), and a player who leaves
it and is not back within the grace loses it (``games.services.leave_table``).
Everyone else queues casual, matched by order of arrival.
"""

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from games import services as table_services
from games.engine import PRESET_SEATS, Preset, Rules
from games.engine.bots import Level
from games.models import Rating, Table
from games.records.families import family_of
from games.records.glicko2 import DEFAULT_RATING
from games.services import Player
from matchmaking.models import Entry

#: How long an entry stays matchable after its waiting page's last heartbeat (every 0.5 s;
#: a page that closes also says so at once). Past it the entry is a ghost, never matched.
LEASE = timedelta(seconds=6)
#: A waiting page's heartbeat pairs its queue at most this often in a process: enough for a
#: rating window widening by WINDOW_GROWTH a second (a join pairs at once, always).
PAIRING_EVERY = 0.2
_last_pairing: dict[tuple[str, int, bool], float] = {}
#: The rating window: this wide at first, wider by WINDOW_GROWTH each second of waiting.
WINDOW_START = 100.0
WINDOW_GROWTH = 20.0
#: An entry still in its queue: waiting, or gone until its page's next heartbeat.
_IN_THE_QUEUE = (Entry.State.WAITING, Entry.State.GONE)
#: The computer's level in the seats it fills.
COMPUTER_LEVEL = Level.MEDIUM


class QueueError(Exception):
    """A request the queue refuses; its message is for the person."""


@dataclass(frozen=True, slots=True)
class Status:
    state: str
    waited_seconds: int
    looking: int
    offer_computer: bool
    table: str | None  # the table's public id once matched
    opponents: list[str]


def join_queue(*, player: Player, name: str, preset: str, seats: int) -> Entry:
    """Put the person in the queue of ``preset`` at ``seats`` (leaving any queue they were
    in) and pair at once: the returned entry may already be matched."""
    if player.user_id is None and not player.session_key:
        raise QueueError(gettext("Your browser did not keep a session: allow cookies to play."))
    if preset not in Preset.__members__.values() or seats not in PRESET_SEATS[Preset(preset)]:
        raise QueueError(gettext("Choose a game and a number of players it is played by."))
    try:
        name = table_services.display_name(name)
    except table_services.TableError as error:
        raise QueueError(str(error)) from None
    rules = Rules.for_preset(preset, seats=seats)
    rated = player.user_id is not None and rules.sides == 2
    now = timezone.now()
    with transaction.atomic():
        # A gone entry too: a page of it still open must not put it back in its queue.
        _mine(player).filter(state__in=_IN_THE_QUEUE).update(state=Entry.State.LEFT)
        entry = Entry.objects.create(
            preset=preset,
            seats=seats,
            rated=rated,
            user_id=player.user_id,
            guest="" if player.user_id else (player.session_key or ""),
            name=name,
            rating=_rating(player.user_id, preset) if rated else DEFAULT_RATING,
            joined_at=now,
            lease_until=now + LEASE,
        )
    pair(preset=preset, seats=seats, rated=rated)
    entry.refresh_from_db()
    return entry


def heartbeat(*, public_id: str, player: Player) -> Status:
    """The waiting page is open: renew the lease, try pairing again, say where things are.
    Called twice a second per waiting person, so it writes only when half the lease is gone
    and pairs at most every PAIRING_EVERY per queue and process (a join always pairs)."""
    entry = _mine(player).filter(public_id=public_id).first()
    if entry is None:
        raise QueueError(gettext("You are not in this queue."))
    if entry.state in _IN_THE_QUEUE:
        now = timezone.now()
        # A gone entry's page was cut off from every server (a restart) until the sweep took
        # it out; it is open after all: back in the queue, its wait still counted from when
        # it joined.
        Entry.objects.filter(pk=entry.pk, state__in=_IN_THE_QUEUE).filter(
            Q(state=Entry.State.GONE) | Q(lease_until__lt=now + LEASE / 2)
        ).update(state=Entry.State.WAITING, lease_until=now + LEASE)
        key = (entry.preset, entry.seats, entry.rated)
        if time.monotonic() - _last_pairing.get(key, 0.0) >= PAIRING_EVERY:
            _last_pairing[key] = time.monotonic()
            pair(preset=entry.preset, seats=entry.seats, rated=entry.rated, wait=False)
    return status_of(Entry.objects.select_related("table").get(pk=entry.pk))


def leave_queue(*, public_id: str, player: Player) -> Entry:
    """Leave the queue (the waiting page's Cancel, or the page closing). A matched entry
    stays matched: the table is already theirs."""
    with transaction.atomic():
        entry = _locked_entry(public_id, player)
        if entry.state in _IN_THE_QUEUE:
            entry.state = Entry.State.LEFT
            entry.save(update_fields=["state"])
    return entry


def play_the_computer_instead(*, public_id: str, player: Player) -> Table:
    """Stop waiting and play the same game with the computer in the empty seats (or go to
    the table of a match made in the meantime)."""
    entry = leave_queue(public_id=public_id, player=player)
    if entry.table is not None:
        return entry.table
    rules = Rules.for_preset(entry.preset, seats=entry.seats)
    return table_services.create_computer_table(
        player=player,
        name=entry.name,
        rules=rules,
        levels=[COMPUTER_LEVEL] * (rules.seats - 1),
        auto_pass=not rules.can_draw,
    )


def sweep_gone_entries() -> int:
    """Take out of their queues the entries whose lease ran out (marked gone), and return how
    many: pages that closed while no server could hear their beacon (a restart, an outage),
    which would otherwise wait in the queue for ever. Run with the turn deadlines' sweep
    (``settings.DEADLINE_SWEEPERS``). A page only cut off comes back by its next heartbeat."""
    return Entry.objects.filter(state=Entry.State.WAITING, lease_until__lt=timezone.now()).update(
        state=Entry.State.GONE
    )


def status_of(entry: Entry) -> Status:
    now = timezone.now()
    looking = Entry.objects.filter(
        preset=entry.preset,
        seats=entry.seats,
        rated=entry.rated,
        state=Entry.State.WAITING,
        lease_until__gt=now,
    ).count()
    opponents: list[str] = []
    if entry.table is not None:
        me = Player(user_id=entry.user_id, session_key=entry.guest or None)
        opponents = [seat.name for seat in entry.table.seats.all() if not me.owns(seat)]
    waited = (entry.matched_at or now) - entry.joined_at
    return Status(
        state=entry.state,
        waited_seconds=int(waited.total_seconds()),
        looking=looking,
        offer_computer=entry.state == Entry.State.WAITING and waited >= offer_computer_after(),
        table=entry.table.public_id if entry.table is not None else None,
        opponents=opponents,
    )


def pair(*, preset: str, seats: int, rated: bool, wait: bool = True) -> list[Table]:
    """Seat every group the queue can make now; the tables made. ``wait``: queue behind a
    pairing under way (else give up at once, see the module's note)."""
    with transaction.atomic():
        if not _lock_queue(f"matchmaking:{preset}:{seats}:{rated}", wait=wait):
            return []
        now = timezone.now()
        waiting = list(
            Entry.objects.select_for_update(skip_locked=True)  # one leaving now: not matched
            .filter(
                preset=preset,
                seats=seats,
                rated=rated,
                state=Entry.State.WAITING,
                lease_until__gt=now,
            )
            .order_by("joined_at", "id")
        )
        return [_seat(group) for group in groups_of(waiting, seats, now)]


def groups_of(waiting: Sequence[Entry], seats: int, now: datetime) -> list[list[Entry]]:
    """Greedy, oldest first: each entry still free takes the next free entries close enough
    in rating (casual: any) until its table is full."""
    free = list(waiting)
    groups: list[list[Entry]] = []
    for anchor in waiting:
        if anchor not in free:
            continue
        group = [anchor]
        for other in free:
            if other is not anchor and _fits(anchor, other, group, now):
                group.append(other)
                if len(group) == seats:
                    break
        if len(group) == seats:
            groups.append(group)
            free = [entry for entry in free if entry not in group]
    return groups


def offer_computer_after() -> timedelta:
    """After this long without a match, the waiting page offers the computer instead."""
    return timedelta(seconds=settings.QUICK_MATCH_OFFER_COMPUTER_SECONDS)


def window(waited_seconds: float) -> float:
    """How far apart in rating two players may be, the longer-waiting one having waited this
    long."""
    return WINDOW_START + WINDOW_GROWTH * max(0.0, waited_seconds)


# --- inside ---------------------------------------------------------------------------------
def _fits(anchor: Entry, other: Entry, group: list[Entry], now: datetime) -> bool:
    if any(_same_person(other, member) for member in group):
        return False
    if not anchor.rated:
        return True
    longest = max(now - anchor.joined_at, now - other.joined_at)
    return abs(anchor.rating - other.rating) <= window(longest.total_seconds())


def _same_person(first: Entry, second: Entry) -> bool:
    if first.user_id is not None:
        return first.user_id == second.user_id
    return bool(first.guest) and first.guest == second.guest


def _seat(group: list[Entry]) -> Table:
    """The group's table, every seat taken and dealt, on the casual clock; the entries'
    ``matched_at`` is when it was made (committed with them right after)."""
    players = [
        (Player(user_id=entry.user_id, session_key=entry.guest or None), entry.name)
        for entry in group
    ]
    table = table_services.create_seated_table(
        players=players,
        rules=Rules.for_preset(group[0].preset, seats=group[0].seats),
        turn_seconds=table_services.CASUAL_TURN_SECONDS,
        grace_seconds=0,
        forfeit_at_deadline=False,
    )
    Entry.objects.filter(pk__in=[entry.pk for entry in group]).update(
        state=Entry.State.MATCHED, table=table, matched_at=timezone.now()
    )
    return table


def _lock_queue(key: str, *, wait: bool) -> bool:
    if connection.vendor != "postgresql":
        return True  # SQLite (development) runs one writer at a time anyway
    function = "pg_advisory_xact_lock" if wait else "pg_try_advisory_xact_lock"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {function}(hashtextextended(%s, 0))", [key])
        return wait or bool(cursor.fetchone()[0])


def _mine(player: Player) -> QuerySet[Entry]:
    if player.user_id is not None:
        return Entry.objects.filter(user_id=player.user_id)
    if player.session_key:
        return Entry.objects.filter(user__isnull=True, guest=player.session_key)
    return Entry.objects.none()


def _locked_entry(public_id: str, player: Player) -> Entry:
    entry = _mine(player).select_for_update().filter(public_id=public_id).first()
    if entry is None:
        raise QueueError(gettext("You are not in this queue."))
    return entry


def _rating(user_id: int | None, preset: str) -> float:
    rating = (
        Rating.objects.filter(user_id=user_id, family=family_of(preset))
        .values_list("rating", flat=True)
        .first()
    )
    return DEFAULT_RATING if rating is None else rating
