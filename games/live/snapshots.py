"""The newest committed state of each table this process has seen, by version.

A table at a given version is one state forever: every change that a player can see raises the
version. So a process keeps the last state it committed or read for each table, and a
connection told "table T is now at version V" sends its seat's view from the snapshot when the
snapshot is at V or newer, without a trip to the database; only a process that has not seen
version V yet reads it (once, for all its connections). The database stays the truth: a
snapshot is only ever a copy of a committed row, and a miss reads the row.

Snapshots are shared between the server's event loop and the threads that run database work,
so they are immutable: the match inside is never changed (services apply moves to a copy).
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games.engine import Match, Rules, load
from games.fairness import commitment
from games.live import writes
from games.models import PlayedBy, Seat, Table
from games.names import avatar_choice

#: Tables remembered per process; the least recently used beyond this are forgotten.
CAPACITY = 20_000


@dataclass(frozen=True, slots=True)
class SeatSnapshot(PlayedBy):
    index: int
    name: str
    bot_level: str
    away: bool
    # Who sits there (services.Player.owns), for the services only: the payload never shows it.
    user_id: int | None = None
    guest: str = ""
    # Pressed Leave where leaving forfeits (Seat.left_at): still theirs, not the computer's.
    left: bool = False
    # The avatar its person chose (accounts.models.Avatar: a colour, an emoji), blank: theirs.
    avatar_colour: str = ""
    avatar_emoji: str = ""


@dataclass(frozen=True, slots=True)
class Arrival:
    """A friend who came after the start, promised the computer's seat ``index`` at the next
    deal (``Table.arrivals``). Who it is (services.Player.owns) is for the server only."""

    index: int
    name: str
    user_id: int | None
    guest: str
    is_bot: bool = False


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """What the table payload shows of a table at one version (see games.selectors), and what
    a move needs to be checked and written without reading the row (services.play)."""

    id: int
    public_id: str
    kind: str
    version: int
    started: bool
    rules: Rules
    match: Match
    deadline: datetime | None  # the clock of the person to move
    turn_seconds: int | None
    grace_seconds: int
    forfeited_by: int | None
    forfeit_reason: str | None  # forfeit_reason_of
    rematch_votes: tuple[int, ...]
    rematch_public_id: str | None
    show_hints: bool
    auto_pass: bool
    take_backs: int
    seats: tuple[SeatSnapshot, ...]
    fair_deal: dict[str, Any] | None  # never changed: the payload takes a copy
    hand_seed: str
    # The current hand's moves the server played for a person out of time: indices into its
    # history, from the log (LogEntry.timed_out).
    played_for: tuple[int, ...] = ()
    # Friends who came after the start, each to take a computer's seat at the next deal.
    arrivals: tuple[Arrival, ...] = ()
    # A duplicate's second leg deals from another table's log (only the locked path reads it).
    deals_like_id: int | None = None
    # A duplicate's deals still to be played at another table: their seeds are withheld.
    deals_withheld: bool = False
    # Leaving loses the match unless back within the grace (Table.leaving_forfeits).
    leaving_forfeits: bool = False
    # The host lets partners talk during the hands (games.services.remarks).
    table_talk: bool = False
    # A friends table someone set up and shares (seat 0 is the host's); a quick match's or a
    # tournament's table was seated by the site and has no host.
    hosted: bool = False
    # What is worked out of this snapshot once for all who ask (games.selectors.state_text):
    # a memo of what the fields above determine, never copied to another snapshot.
    memo: dict[str, Any] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @classmethod
    def of(cls, table: Table, seats: list[Seat], match: Match | None = None) -> TableSnapshot:
        """The snapshot of a table row (and its seats) as saved; ``match`` when the caller
        already holds the row's match (it is then owned by the snapshot: never change it)."""
        rules = Rules.from_record(table.rules)
        started = table.started_at is not None
        if match is None:
            match = load(table.record) if started else Match(rules)
        return cls(
            id=table.pk,
            public_id=table.public_id,
            kind=table.kind,
            version=table.version,
            started=started,
            rules=rules,
            match=match,
            deadline=None,  # set below, with the other fields that follow from the state
            turn_seconds=table.turn_seconds,
            grace_seconds=table.grace_seconds,
            forfeited_by=table.forfeited_by,
            forfeit_reason=forfeit_reason_of(table, seats),
            rematch_votes=tuple(table.rematch_votes),
            rematch_public_id=table.rematch.public_id if table.rematch else None,
            show_hints=table.show_hints,
            auto_pass=table.auto_pass,
            take_backs=table.take_backs,
            seats=tuple(
                SeatSnapshot(
                    s.index,
                    s.name,
                    s.bot_level,
                    s.away,
                    s.user_id,
                    s.guest,
                    s.left_at is not None,
                    *avatar_choice(s),
                )
                for s in sorted(seats, key=lambda s: s.index)
            ),
            fair_deal=None,
            hand_seed=table.hand_seed,
            deals_like_id=table.deals_like_id,
            deals_withheld=table.deals_withheld,
            leaving_forfeits=table.leaving_forfeits,
            table_talk=table.table_talk,
            hosted=table.kind == Table.Kind.ONLINE and not table.seated_by_site,
            played_for=played_for_of(table, match),
            arrivals=tuple(
                Arrival(a["seat"], a["name"], a["user"], a["guest"])
                for a in table.waiting_arrivals()
            ),
        ).moved(match, version=table.version, deadline=table.deadline, finished=table.finished)

    def moved(
        self, match: Match, *, version: int, deadline: datetime | None, finished: bool
    ) -> TableSnapshot:
        """The same table at ``version``, where its match is ``match`` (owned by the new
        snapshot from now on), its deadline ``deadline`` and its row ``finished`` (a forfeit
        finishes the row, not the match)."""
        # A computer's turn has a deadline too, the sweep's cue for a lost job: not a clock.
        person_to_move = any(s.index == match.turn and not s.played_by_computer for s in self.seats)
        return dataclasses.replace(
            self,
            version=version,
            match=match,
            deadline=deadline if person_to_move else None,
            fair_deal=fair_deal_of(
                match, self.hand_seed, match_over=finished, withheld=self.deals_withheld
            ),
        )


def forfeit_reason_of(table: Table, seats: Iterable[Seat]) -> str | None:
    """Why the seat of ``forfeited_by`` lost the match, when it did: "resigned" at a table
    against the computer (its person resigned or dropped it: games.services.computer_games);
    "left" when its person had pressed Leave and was not back within the grace, or was gone
    past it at a rated table; else "time" (the tournament clock, the only one that forfeits at
    the deadline). Said by the server, not guessed by a page from the seat's presence, which
    changes when the person comes back."""
    if table.forfeited_by is None:
        return None
    if table.kind == Table.Kind.COMPUTER:
        return "resigned"
    left = any(s.index == table.forfeited_by and s.left_at is not None for s in seats)
    return "time" if table.forfeit_at_deadline and not left else "left"


def played_for_of(table: Table, match: Match) -> tuple[int, ...]:
    """The moves of ``match``'s current hand that the server played for a person whose time
    ran out, as indices into the hand's history: its timed-out log entries read (one query;
    none at a table that never has any: without a clock, or whose clock forfeits instead) and
    replayed on the match, which holds them already (``writes.replay``)."""
    if table.turn_seconds is None or table.forfeit_at_deadline or not match.dealt:
        return ()
    deal = writes.last_position(match) - len(match.histories[-1])
    timed_out = table.log.filter(timed_out=True, position__gt=deal).order_by("position")
    rows = timed_out.values_list("position", "kind", "payload", "timed_out")
    return writes.replay(match, (writes.Logged(*row) for row in rows)).played_for


def fair_deal_of(
    match: Match, seed: str, *, match_over: bool = False, withheld: bool = False
) -> dict[str, Any] | None:
    """The current hand's fair deal: the commitment to its seed while the hand is played, and
    the seed once it is over (or the match is, a forfeit included: ``match_over``), unless
    ``withheld`` (a duplicate's deal that another table has still to play)."""
    if not match.deals or not seed:
        return None
    # Between hands (needs_deal) or at the match's end, the hand in play is over.
    over = match.needs_deal or match.finished or match_over
    return {
        "hand": len(match.deals) - 1,
        "commitment": commitment(seed),
        "seed": seed if over and not withheld else None,
    }


_snapshots: OrderedDict[str, TableSnapshot] = OrderedDict()
_lock = threading.Lock()


def remember(snapshot: TableSnapshot) -> None:
    """Keep ``snapshot`` unless a newer one of the same table is already kept."""
    with _lock:
        held = _snapshots.get(snapshot.public_id)
        if held is None or held.version < snapshot.version:
            _snapshots[snapshot.public_id] = snapshot
        _snapshots.move_to_end(snapshot.public_id)
        while len(_snapshots) > CAPACITY:
            _snapshots.popitem(last=False)


def recall(public_id: str, *, at_least: int) -> TableSnapshot | None:
    """The kept snapshot of the table if it is at version ``at_least`` or newer."""
    with _lock:
        held = _snapshots.get(public_id)
    return held if held is not None and held.version >= at_least else None


def forget_all() -> None:
    """Drop every snapshot (tests that rewrite rows behind the services' back)."""
    with _lock:
        _snapshots.clear()
