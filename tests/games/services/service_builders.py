"""The services' scenarios: the players, a lobby and a started table, a forced draw, a table
read through its snapshot, a hand played out, a log replayed."""

import random
from dataclasses import replace
from datetime import timedelta
from unittest import mock

from accounts_support import verified_user
from asgiref.sync import async_to_sync
from deal_support import CLEAN, deal_of
from django.utils import timezone
from factories import online_table

from games import services
from games.engine import (
    Deal,
    Draw,
    Match,
    Play,
    Rules,
    Target,
    export,
    load,
)
from games.live import async_db, snapshots
from games.models import LogEntry, Table
from games.services import Player
from matchmaking import services as matchmaking


def replayed_from_log(table: Table) -> dict:
    """The record rebuilt from the log alone: the log is the truth, the record its cache."""
    entries = list(table.log.all())
    hands = []
    for entry in entries:
        if entry.kind == LogEntry.Kind.DEAL:
            hands.append({"deal": entry.payload["deal"], "moves": []})
        else:
            hands[-1]["moves"].append(entry.payload)
    return {"format": "dominoes-record/1", "rules": table.rules, "hands": hands}


HOST = Player(user_id=None, session_key="host-session")


BOB = Player(user_id=None, session_key="bob-session")


CAROL = Player(user_id=None, session_key="carol-session")


def lobby(seats: int = 2, preset: str = "draw") -> Table:
    return online_table([HOST], preset=preset, seats=seats)


def started(seats: int = 3) -> Table:
    return online_table([HOST, BOB], names=["Host", "Bob"], seats=seats, start="medium")


def expire_now(table: Table) -> None:
    Table.objects.filter(pk=table.pk).update(deadline=timezone.now() - timedelta(seconds=1))


def tournament_table() -> Table:
    table = services.create_online_table(
        player=HOST,
        name="Host",
        # Every pip of the set is 168 points: no hand can end a match to 500, which the tests
        # that play a hand out and go on to the next rely on (a random deal once scored 100+).
        rules=Rules.for_preset("classic", seats=2, match={"target": 500}),
        turn_seconds=services.TOURNAMENT_TURN_SECONDS,
        grace_seconds=services.TOURNAMENT_GRACE_SECONDS,
        forfeit_at_deadline=True,
    )
    services.join_table(public_id=table.public_id, player=BOB, name="Bob")
    services.start_table(public_id=table.public_id, player=HOST)
    table.refresh_from_db()
    return table


def play_out_the_hand(table: Table) -> None:
    """Both people (the host at seat 0, Bob at 1) play the first legal move until the hand is
    over; the match goes on."""
    players = {0: HOST, 1: BOB}
    match = load(table.record)
    while not match.needs_deal:
        services.play(
            public_id=table.public_id,
            player=players[match.turn],
            move=match.legal_moves()[0],
            seen_version=table.version,
        )
        table.refresh_from_db()
        match = load(table.record)
    assert not match.finished


def a_match_where_seat_must_draw(seed: int) -> Match:
    """A two-seat draw game played (tiles where it can) until the seat to move has only a
    draw, or None when the hand ends first."""
    rules = Rules.for_preset("draw", seats=2)
    match = Match(rules)
    match.start_hand(Deal.secure(rules)[0])
    chooser = random.Random(seed)
    while match.turn is not None:
        moves = match.legal_moves()
        if moves == [Draw()] or (len(moves) == 1 and isinstance(moves[0], Draw)):
            return match
        plays = [m for m in moves if isinstance(m, Play)]
        match.apply(match.turn, chooser.choice(plays or moves))
    return None


def a_forced_draw() -> Match:
    for seed in range(200):
        match = a_match_where_seat_must_draw(seed)
        if match is not None:
            return match
    raise AssertionError("no hand in 200 needed a draw")


ANN = Player(user_id=None, session_key="ann-session")


BEN = Player(user_id=None, session_key="ben-session")


def started_table(**options) -> Table:
    """Two people at a started online table (auto-pass on: forced draws are written too),
    playing to 200: more than the 168 pips of the whole set, so no single hand ends the match
    (to 100, a loser left holding many drawn tiles once ended it in the first hand)."""
    rules = replace(Rules.for_preset("draw", seats=2), match=Target(points=200))
    table = services.create_online_table(
        player=ANN, name="Ann", rules=rules, auto_pass=True, **options
    )
    services.join_table(public_id=table.public_id, player=BEN, name="Ben")
    services.start_table(public_id=table.public_id, player=ANN)
    table.refresh_from_db()
    return table


def assert_same_as_a_full_read(snapshot: snapshots.TableSnapshot, table: Table) -> None:
    """``snapshot`` is the table as reading its row (and seats) gives it."""
    table.refresh_from_db()
    read = snapshots.TableSnapshot.of(table, list(table.seats.all()))
    assert replace(snapshot, match=None) == replace(read, match=None)
    assert export(snapshot.match) == export(read.match)


def on_the_snapshot(change, **arguments) -> int:
    """``change`` (services.aplay or anext_hand) as the table's socket sends it, from an event
    loop of the test's own: decided on this process's snapshot and written in one statement,
    never on the locked path (only the jobs it starts may go to a database thread)."""
    in_database = async_db.in_database

    def not_the_locked_path(func):
        locked = getattr(func, "func", None) in (services.play, services.next_hand)
        assert not locked, "the snapshot did not decide: the locked path did"
        return in_database(func)

    with mock.patch.object(async_db, "in_database", not_the_locked_path):
        return async_to_sync(change)(**arguments)


# --- from the server's event loop (the table consumer's path) ------------------------------
def never_in_a_thread(func):
    raise AssertionError(f"{func.__qualname__} was sent to a database thread")


# --- both write paths, through PostgreSQL ---------------------------------------------------
CASUAL = {"turn_seconds": services.CASUAL_TURN_SECONDS}


def dealt_as_clean(monkeypatch, **clock) -> Table:
    """Ann (seat 0) and Ben at a started 2-seat draw table, auto-pass off, dealt CLEAN: Ann
    opens 6-6, Ben's only six is 6-5, then Ann has nothing that fits and draws 6-4."""
    rules = Rules.for_preset("draw", seats=2)
    chosen = deal_of(rules, CLEAN)
    monkeypatch.setattr(Deal, "secure", classmethod(lambda cls, rules: (chosen, "ab" * 16)))
    table = services.create_online_table(player=ANN, name="Ann", rules=rules, **clock)
    services.join_table(public_id=table.public_id, player=BEN, name="Ben")
    services.start_table(public_id=table.public_id, player=ANN)
    table.refresh_from_db()
    return table


def member(name: str) -> Player:
    """A signed-in member with a verified address, as quick match rates."""
    user = verified_user(f"{name.lower()}@example.com", display_name=name)
    return Player(user_id=user.pk, session_key=None)


def quick_match(first: Player, second: Player) -> Table:
    """A rated quick match of two members, on the casual clock."""
    matchmaking.join_queue(player=first, name="Ada", preset="draw", seats=2)
    entry = matchmaking.join_queue(player=second, name="Bob", preset="draw", seats=2)
    assert entry.rated and entry.table_id is not None
    return Table.objects.get(pk=entry.table_id)
