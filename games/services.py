"""The only code that changes tables. Views, consumers and jobs call these functions.

Every change runs in one transaction with the table row locked, checks the version the caller
last saw (so a double click, two tabs or a replayed message applies once), applies the move with
the engine, appends it to the log, saves the record and bumps the version. Bot turns are
scheduled and the change is announced only once the transaction has committed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from django.db import transaction

from games import events, jobs
from games.engine import Deal, Draw, IllegalMove, Match, Move, Pass, Rules, export, load
from games.engine.bots import Bot, Level
from games.engine.bots.hint import Hint, hint
from games.engine.moves import move_to_record
from games.engine.record import move_from_record
from games.models import LogEntry, Seat, Table


class TableError(Exception):
    """A request about a table that cannot be honoured; the message is for the player."""


class TableNotFound(TableError):
    def __init__(self) -> None:
        super().__init__("There is no such table.")


class NotYourSeat(TableError, PermissionError):
    def __init__(self) -> None:
        super().__init__("You have no seat at this table.")


class StaleVersion(TableError):
    def __init__(self, current: int) -> None:
        super().__init__("The table has changed since you last saw it: here it is now.")
        self.current = current


@dataclass(frozen=True, slots=True)
class Player:
    """Who is acting: a signed-in user, or a guest known by the browser session."""

    user_id: int | None
    session_key: str | None

    def owns(self, seat: Seat) -> bool:
        if seat.is_bot:
            return False
        if self.user_id is not None and seat.user_id == self.user_id:
            return True
        return bool(self.session_key) and seat.guest == self.session_key


# --- creating -------------------------------------------------------------------------------
def create_computer_table(
    *,
    player: Player,
    name: str,
    rules: Rules,
    levels: Sequence[Level | str],
    show_hints: bool = True,
    auto_pass: bool = False,
) -> Table:
    """A match against the computer: the player at seat 0, ``levels[i]`` at seat ``i + 1``."""
    if len(levels) != rules.seats - 1:
        raise TableError(f"Choose a computer level for each of the {rules.seats - 1} other seats.")
    with transaction.atomic():
        table = Table.objects.create(
            kind=Table.Kind.COMPUTER,
            rules=rules.to_record(),
            record={},
            show_hints=show_hints,
            auto_pass=auto_pass,
            created_by_id=player.user_id,
        )
        Seat.objects.create(
            table=table,
            index=0,
            user_id=player.user_id,
            guest="" if player.user_id else (player.session_key or ""),
            name=name,
        )
        for index, level in enumerate(levels, start=1):
            level = Level(level)
            Seat.objects.create(
                table=table, index=index, bot_level=level, name=f"Computer ({level})"
            )
        match = Match(rules)
        _deal(table, match)
        _advance(table, match)
    return table


# --- acting ---------------------------------------------------------------------------------
def play(*, public_id: str, player: Player, move: Move, seen_version: int) -> Table:
    """Play ``move`` for the player's seat; illegal or stale moves change nothing."""
    with transaction.atomic():
        table, match = _locked(public_id, seen_version)
        seat = _seat_of(table, player)
        match.apply(seat.index, move)
        _log_move(table, match, seat.index, move)
        _advance(table, match)
    return table


def next_hand(*, public_id: str, player: Player, seen_version: int) -> Table:
    """Deal the next hand once the last one is over (the "Next round" button)."""
    with transaction.atomic():
        table, match = _locked(public_id, seen_version)
        _seat_of(table, player)
        if not match.needs_deal:
            over = "the match is over" if match.finished else "the hand is still being played"
            raise IllegalMove(over)
        _deal(table, match)
        _advance(table, match)
    return table


def undo(*, public_id: str, player: Player, seen_version: int) -> Table:
    """Take back the player's last move of this hand and the computer's moves since."""
    with transaction.atomic():
        table, _ = _locked(public_id, seen_version)
        seat = _seat_of(table, player)
        if table.kind != Table.Kind.COMPUTER:
            raise TableError("Undo is only for games against the computer.")
        entries = list(table.log.all())
        last_deal = max(i for i, e in enumerate(entries) if e.kind == LogEntry.Kind.DEAL)
        mine = [i for i, e in enumerate(entries) if i > last_deal and e.seat == seat.index]
        if not mine:
            raise TableError("You have no move to take back in this hand.")
        table.log.filter(position__gte=entries[mine[-1]].position).delete()
        match = _replay_log(table, entries[: mine[-1]])
        table.version += 1
        _save(table, match)
    return table


def run_bot_turn(*, public_id: str, expected_version: int) -> bool:
    """The computer's move at a table, if the table is still where the job expects it.

    Idempotent: a job that arrives late or twice finds another version and does nothing.
    """
    with transaction.atomic():
        try:
            table = (
                Table.objects.select_for_update().prefetch_related("seats").get(public_id=public_id)
            )
        except Table.DoesNotExist:
            return False
        if table.version != expected_version:
            return False
        match = load(table.record)
        seat = next((s for s in table.seats.all() if s.index == match.turn), None)
        if seat is None or not seat.is_bot:
            return False
        bot = Bot(seat.bot_level, seed=_seed(table))
        move = bot.choose(match.view_for(seat.index))
        match.apply(seat.index, move)
        _log_move(table, match, seat.index, move)
        _advance(table, match)
    return True


def hint_for(*, public_id: str, player: Player) -> Hint:
    """The suggested move for the player, on their turn, with its reason."""
    table = _table(public_id)
    seat = _seat_of(table, player)
    match = load(table.record)
    if match.turn != seat.index:
        raise TableError("A hint is for your turn.")
    return hint(match.view_for(seat.index), seed=_seed(table))


# --- inside ---------------------------------------------------------------------------------
def _table(public_id: str) -> Table:
    try:
        return Table.objects.get(public_id=public_id)
    except Table.DoesNotExist:
        raise TableNotFound from None


def _locked(public_id: str, seen_version: int) -> tuple[Table, Match]:
    try:
        table = Table.objects.select_for_update().prefetch_related("seats").get(public_id=public_id)
    except Table.DoesNotExist:
        raise TableNotFound from None
    if seen_version != table.version:
        raise StaleVersion(table.version)
    return table, load(table.record)


def _seat_of(table: Table, player: Player) -> Seat:
    for seat in table.seats.all():
        if player.owns(seat):
            return seat
    raise NotYourSeat


def _seed(table: Table) -> int:
    return random.Random(f"{table.public_id}:{table.version}").getrandbits(64)


def _deal(table: Table, match: Match) -> None:
    deal, seed = Deal.secure(match.rules)
    match.start_hand(deal)
    table.version += 1
    LogEntry.objects.create(
        table=table,
        position=_last_position(match),
        kind=LogEntry.Kind.DEAL,
        payload={"deal": deal.to_record(), "seed": seed},
        version=table.version,
    )


def _log_move(table: Table, match: Match, seat: int, move: Move) -> None:
    table.version += 1
    LogEntry.objects.create(
        table=table,
        position=_last_position(match),
        kind=LogEntry.Kind.MOVE,
        seat=seat,
        payload=move_to_record(seat, move),
        version=table.version,
    )


def _last_position(match: Match) -> int:
    """The log position of the deal or move just applied: the log holds each deal and move."""
    return len(match.deals) + sum(len(history) for history in match.histories) - 1


def _replay_log(table: Table, entries: list[LogEntry]) -> Match:
    match = Match(Rules.from_record(table.rules))
    for entry in entries:
        if entry.kind == LogEntry.Kind.DEAL:
            match.start_hand(Deal.from_record(match.rules, entry.payload["deal"]))
        else:
            match.apply(*move_from_record(entry.payload))
    return match


def _advance(table: Table, match: Match) -> None:
    """After a change: automatic draws and passes, save, then the computer's turn if it is."""
    seats = {seat.index: seat for seat in table.seats.all()}
    while match.turn is not None and table.auto_pass and not seats[match.turn].is_bot:
        moves = match.legal_moves()
        if len(moves) != 1 or not isinstance(moves[0], Draw | Pass):
            break
        seat = match.turn
        match.apply(seat, moves[0])
        _log_move(table, match, seat, moves[0])
    _save(table, match)
    if match.turn is not None and seats[match.turn].is_bot:
        transaction.on_commit(
            partial(jobs.schedule_bot_turn, public_id=table.public_id, version=table.version)
        )


def _save(table: Table, match: Match) -> None:
    table.record = export(match)
    table.finished = match.finished
    table.save(update_fields=["record", "version", "finished", "updated_at"])
    transaction.on_commit(partial(events.publish, table.public_id, table.version))
