"""Creating a table: against the computer, or for friends (the host starts it; joining is
:mod:`.lobby`'s)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from accounts.players import Player
from games.engine import Match, Rules
from games.engine.bots import Level
from games.errors import TableError
from games.models import Seat, Table
from games.services import pipeline
from games.services._tables import (
    OWN_NAME,
    advance,
    deal,
    locked_table,
    new_table,
    seat_computer,
    seat_of,
    seat_person,
)
from games.services.clock import CASUAL_TURN_SECONDS

#: Unfinished tables a person may have started (created, at seat 0) and played or joined in
#: the last OPEN_TABLES_WITHIN: far more than anyone plays at once, and a table left alone
#: for a day stops counting, so abandoned games never lock a player out.
OPEN_TABLES = 20


OPEN_TABLES_WITHIN = timedelta(days=1)


class TooManyOpenTables(TableError):
    def __init__(self) -> None:
        super().__init__(
            f"You already have {OPEN_TABLES} unfinished tables from the last day: "
            "finish one before starting another."
        )


def create_computer_table(
    *,
    player: Player,
    name: str,
    rules: Rules,
    levels: Sequence[Level | str],
    show_hints: bool = True,
    auto_pass: bool = False,
    first_seed: str | None = None,
) -> Table:
    """A match against the computer: the player at seat 0, ``levels[i]`` at seat ``i + 1``;
    its first hand dealt from ``first_seed`` if given (the guided first hand's)."""
    if len(levels) != rules.seats - 1:
        raise TableError(
            ngettext(
                "Choose a computer level for the other seat.",
                "Choose a computer level for each of the %(count)s other seats.",
                rules.seats - 1,
            )
            % {"count": rules.seats - 1}
        )
    with transaction.atomic():
        _refuse_past_open_tables(player)
        table = new_table(
            Table.Kind.COMPUTER, player, rules, show_hints, auto_pass, started_at=timezone.now()
        )
        seat_person(table, 0, player, name)
        for index, level in enumerate(levels, start=1):
            seat_computer(table, index, Level(level))
        match = Match(rules)
        deal(table, match, first_seed)
        advance(table, match)
    return table


#: A newcomer's guided first hand (issue 35): one hand of Draw against the easy computer, with
#: tile hints, always this deal. The computer holds the highest double and opens; the person
#: has a tile to match it, soon nothing that matches (the boneyard then), and can go out.
FIRST_HAND_RULES = {"preset": "draw", "seats": 2, "match": {"best_of": 1}}
FIRST_HAND_SEED = "first-hand-31"


def create_first_hand(*, player: Player) -> Table:
    """The guided first hand's table: the real table against the computer, dealt the one deal
    its tips are written for (the page's tips layer: static/js/table/tips.js)."""
    return create_computer_table(
        player=player,
        name=OWN_NAME,
        rules=Rules.from_record(FIRST_HAND_RULES),
        levels=[Level.EASY],
        show_hints=True,
        first_seed=FIRST_HAND_SEED,
    )


def create_online_table(
    *,
    player: Player,
    name: str,
    rules: Rules,
    show_hints: bool = True,
    auto_pass: bool = False,
    turn_seconds: int | None = CASUAL_TURN_SECONDS,
    grace_seconds: int = 0,
    forfeit_at_deadline: bool = False,
) -> Table:
    """A table for friends: the host sits at seat 0 and shares the link; nothing is dealt
    until the host starts (:func:`start_table`). The casual clock by default; tournaments pass
    ``TOURNAMENT_TURN_SECONDS``, ``TOURNAMENT_GRACE_SECONDS`` and ``forfeit_at_deadline``."""
    with transaction.atomic():
        _refuse_past_open_tables(player)
        table = new_table(
            Table.Kind.ONLINE,
            player,
            rules,
            show_hints,
            auto_pass,
            turn_seconds=turn_seconds,
            grace_seconds=grace_seconds,
            forfeit_at_deadline=forfeit_at_deadline,
        )
        seat_person(table, 0, player, name)
        pipeline.on_commit(pipeline.Decided(table.public_id, table.version))
    return table


def start_table(*, public_id: str, player: Player, level: Level | str = Level.MEDIUM) -> Table:
    """The host deals: the computer (``level``) takes every seat still empty."""
    with transaction.atomic():
        table = locked_table(public_id)
        if seat_of(table, player).index != 0:
            raise TableError(gettext("Only the host starts the table."))
        if table.started_at is not None:
            raise TableError(gettext("The table has already started."))
        rules = Rules.from_record(table.rules)
        taken = {seat.index for seat in table.seats.all()}
        for index in range(rules.seats):
            if index not in taken:
                seat_computer(table, index, Level(level))
        table = locked_table(public_id)  # with the seats just added
        table.started_at = timezone.now()
        table.save(update_fields=["started_at"])
        match = Match(rules)
        deal(table, match)
        advance(table, match)
    return table


def _refuse_past_open_tables(player: Player) -> None:
    """TooManyOpenTables if the player has OPEN_TABLES open already. Inside the creating
    transaction, holding a lock on the person until it ends: two tabs creating at once are
    counted one after the other, never both below the limit."""
    if player.user_id is not None:
        mine = Seat.objects.filter(user_id=player.user_id)
        person = f"user:{player.user_id}"
    elif player.session_key:
        mine = Seat.objects.filter(guest=player.session_key, user__isnull=True)
        person = f"guest:{player.session_key}"
    else:
        return  # no one to count (a service caller without a session); tables need a seat
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [f"open-tables:{person}"]
            )
    since = timezone.now() - OPEN_TABLES_WITHIN
    open_tables = mine.filter(index=0, table__finished=False, table__updated_at__gte=since)
    if open_tables.count() >= OPEN_TABLES:
        raise TooManyOpenTables
