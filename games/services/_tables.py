"""The services' shared inside: finding and locking a table, seating, dealing and logging,
and the locked path's executor of a decision: saving a change and handing what follows it (the
announcement, the jobs) to games.services.pipeline once committed. Only the modules of this
package import it."""

from __future__ import annotations

import random

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from accounts.names import clean_display_name
from accounts.players import Player
from accounts.selectors import display_name as account_name
from accounts.selectors import guest_name
from games.engine import Deal, Illegal, IllegalMove, Match, Move, Rules, export, load
from games.engine.bots import Level
from games.errors import NotYourSeat, StaleVersion, TableError, TableNotFound
from games.live import snapshots, writes
from games.models import LogEntry, Seat, Table
from games.names import seats_with_avatars
from games.services import pipeline
from games.services.decision import DecisionInput, Outcome
from games.services.rated import is_rated

#: The name that stands for the person's own (the setup form's blank, dominoes.front_door): a
#: seat is never called this, since the others read it ("You (host)"), but :func:`own_name`.
OWN_NAME = "You"


def display_name(name: str) -> str:
    """``name`` made a seat's name by the site's one rule (:mod:`accounts.names`), or
    TableError saying why it cannot be one."""
    try:
        return clean_display_name(name)
    except ValidationError as error:
        raise TableError(error.messages[0]) from None


def new_table(
    kind: Table.Kind,
    player: Player,
    rules: Rules,
    show_hints: bool,
    auto_pass: bool,
    **fields: object,
) -> Table:
    return Table.objects.create(
        kind=kind,
        rules=rules.to_record(),
        settled_record={},
        show_hints=show_hints,
        auto_pass=auto_pass,
        created_by_id=player.user_id,
        **fields,
    )


def seat_computer(table: Table, index: int, level: Level) -> Seat:
    return Seat.objects.create(
        table=table, index=index, bot_level=level, name=f"Computer ({level})"
    )


def seat_person(table: Table, index: int, player: Player, name: str) -> Seat:
    """Seat a person under ``name`` (:func:`display_name`: a refused one raises TableError,
    which rolls back the caller's transaction; :data:`OWN_NAME`: :func:`own_name`)."""
    return Seat.objects.create(
        table=table,
        index=index,
        user_id=player.user_id,
        guest="" if player.user_id else (player.session_key or ""),
        name=seat_name(player, name),
    )


def seat_name(player: Player, name: str) -> str:
    """The name a person's seat is called by: ``name`` cleaned (:func:`display_name`), or
    their own (:func:`own_name`) for :data:`OWN_NAME`."""
    name = display_name(name)
    return own_name(player) if is_own_name(name) else name


def is_own_name(name: str) -> bool:
    """Whether ``name`` is :data:`OWN_NAME` (any case): the person's own name is meant."""
    return name.casefold() == OWN_NAME.casefold()


def own_name(player: Player) -> str:
    """The person's own name at a table: the account's display name ("Player <id>" if they
    chose none), else the guest's ("Guest 4821", the same at every table of their browser)."""
    if player.user_id is not None:
        return account_name(get_user_model().objects.get(pk=player.user_id))
    return guest_name(player.session_key or "")


def seat_arrivals(table: Table) -> None:
    """Before a deal: each friend who came after the start takes the computer's seat they
    chose (``Table.arrivals``), from this hand on. The table's prefetched seats are changed in
    place, so what follows (:func:`advance`, the snapshot) sees people there."""
    if not table.waiting_arrivals():
        return
    seats = {seat.index: seat for seat in table.seats.all()}
    for arrival in table.waiting_arrivals():
        seat = seats[arrival["seat"]]
        seat.bot_level, seat.away, seat.seen_at = "", False, timezone.now()
        seat.user_id, seat.guest, seat.name = arrival["user"], arrival["guest"], arrival["name"]
        seat.save(update_fields=["bot_level", "away", "seen_at", "user", "guest", "name"])
    # Kept, marked seated: a match the computer played a part of is never rated (is_rated).
    table.arrivals = [{**arrival, "seated": True} for arrival in table.arrivals]
    table.save(update_fields=["arrivals"])


def person_key(player: Player) -> str:
    """How a person is named in a table's lists (``Table.removed``)."""
    if player.user_id is not None:
        return f"user:{player.user_id}"
    return f"guest:{player.session_key or ''}"


def locked_table(public_id: str) -> Table:
    try:
        return (
            Table.objects.select_for_update()
            .prefetch_related(seats_with_avatars())
            .get(public_id=public_id)
        )
    except Table.DoesNotExist:
        raise TableNotFound from None


def unlocked_table(public_id: str) -> Table:
    try:
        return Table.objects.get(public_id=public_id)
    except Table.DoesNotExist:
        raise TableNotFound from None


def locked_match(public_id: str, seen_version: int) -> tuple[Table, Match]:
    table = locked_table(public_id)
    if table.started_at is None:
        raise TableError(gettext("The table has not started yet."))
    if table.forfeited_by is not None:
        if snapshots.forfeit_reason_of(table, table.seats.all()) == "time":
            why = gettext("The match is over: seat %(seat)s ran out of time.")
        else:
            why = gettext("The match is over: seat %(seat)s left for good.")
        raise TableError(why % {"seat": table.forfeited_by + 1})
    if seen_version != table.version:
        raise StaleVersion(table.version)
    return table, match_of(table)


def match_of(table: Table) -> Match:
    """The table row's match: a copy of this process's snapshot at the same version (one
    state forever), else rebuilt from the record."""
    snapshot = snapshots.recall(table.public_id, at_least=table.version)
    if snapshot is not None and snapshot.version == table.version:
        return snapshot.match.copy()
    if table.started_at is None:  # nothing dealt yet: the record is still empty
        return Match(Rules.from_record(table.rules))
    return load(table.record)


def seat_of(table: Table, player: Player) -> Seat:
    seat = player.seat_in(table.seats.all())
    if seat is None:
        raise NotYourSeat
    return seat


def seed_of(table: Table) -> int:
    return random.Random(f"{table.public_id}:{table.version}").getrandbits(64)


def next_deal(match: Match, version: int, seed: str | None = None) -> writes.Entry:
    """Deal the next hand, if the last one is over: its log entry, making ``version``. From a
    fresh secure seed, or ``seed`` (a duplicate's second leg replays the first's)."""
    if not match.needs_deal:
        if match.finished:
            raise IllegalMove("the match is over", Illegal.MATCH_OVER)
        raise IllegalMove("the hand is still being played", Illegal.HAND_NOT_OVER)
    if seed is None:
        deal, seed = Deal.secure(match.rules)
    else:
        deal = Deal.from_seed(match.rules, seed)
    match.start_hand(deal)
    return writes.deal_entry(match, deal, seed, version)


def deal(table: Table, match: Match, seed: str | None = None) -> None:
    """Deal the table's next hand: from a fresh secure seed, the seed of the hand the table
    deals like (a duplicate's), or ``seed`` (the guided first hand's fixed deal)."""
    seat_arrivals(table)
    if not match.deals:
        # The match starts: whether it is rated is decided now, for good (a guest who signs
        # in mid-match, claim_guest_seats, does not make it rated).
        table.rated = is_rated(table, match.rules, list(table.seats.all()))
        table.save(update_fields=["rated"])
    entry = next_deal(match, table.version + 1, seed or _seed_like(table, len(match.deals)))
    table.hand_seed = entry.payload["seed"]
    log_entry(table, entry)


def _seed_like(table: Table, hand: int) -> str | None:
    """The seed of hand ``hand`` (from 0) of the table this one deals like, if it has one."""
    if table.deals_like_id is None:
        return None
    return next(iter(_deal_seeds(table.deals_like_id)[hand : hand + 1]), None)


def log_move(table: Table, match: Match, seat: int, move: Move, *, timed_out: bool = False) -> None:
    log_entry(table, writes.move_entry(match, seat, move, table.version + 1, timed_out=timed_out))


def log_entry(table: Table, entry: writes.Entry) -> None:
    """Append ``entry`` to the table's log: the table is at the entry's version from now on."""
    LogEntry.objects.create(table=table, **entry._asdict())
    table.version = entry.version


def replay_log(table: Table, entries: list[LogEntry]) -> Match:
    """The table's match rebuilt from ``entries``, its log from the first deal on."""
    match = Match(Rules.from_record(table.rules))
    writes.replay(match, (writes.Logged.of(entry) for entry in entries))
    return match


def advance(table: Table, match: Match, *, off_the_log: bool = False) -> None:
    """After a change (its log entries written): what it does (:func:`decide`, on the row's
    :class:`DecisionInput`), written and saved, and what follows once committed
    (games.services.pipeline). ``off_the_log``: a change the log does not hold (a seat away or
    back, a take-back), which makes a version of its own."""
    if off_the_log:
        table.version += 1
    seats = list(table.seats.all())
    # Read before save_state stores the changed match: the input is the table before it.
    inputs = DecisionInput.from_table(table, seats)
    outcome = inputs.decide(match, version=table.version, now=timezone.now())
    for entry in outcome.entries:
        log_entry(table, entry)
    save_state(table, match, seats, outcome)


def save_state(table: Table, match: Match, seats: list[Seat], outcome: Outcome) -> None:
    """Save the table's new state, as ``outcome`` decided it; once committed, keep its snapshot
    (the match is then the snapshot's: nothing changes it after this), announce the version
    and start what follows (:func:`pipeline.after_commit`)."""
    just_finished = outcome.finished and not table.finished
    stored = table.store(export(match))  # a move's save writes only the moves since
    table.deadline, table.finished = outcome.deadline, outcome.finished
    table.save(
        update_fields=[*stored, "hand_seed", "version", "finished", "deadline", "updated_at"]
    )
    snapshot = snapshots.TableSnapshot.of(table, seats, match)
    pipeline.on_commit(pipeline.Decided.of(snapshot, outcome, finished=just_finished))


def save_and_announce(table: Table, *fields: str, finished: bool = False) -> None:
    """A change the log does not hold (a seat taken, a vote, a forfeit): the table at its next
    version, saved with ``fields``, announced once committed (``finished``: the change ended
    the match, whose listeners are then told)."""
    table.version += 1
    table.save(update_fields=[*fields, "version", "updated_at"])
    pipeline.on_commit(pipeline.Decided(table.public_id, table.version, finished=finished))


def seeds_of_table(table: Table) -> list[str | None]:
    """Each hand's seed, in order, from the log's deals."""
    return list(_deal_seeds(table.pk))


def _deal_seeds(table_id: int) -> QuerySet[LogEntry, str | None]:
    return (
        LogEntry.objects.filter(table_id=table_id, kind=LogEntry.Kind.DEAL)
        .order_by("position")
        .values_list("payload__seed", flat=True)
    )
