"""Building finished matches for the statistics tests: real tables played through the services
(computer turns run inline under the test settings), and signed-in players."""

from __future__ import annotations

import io
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from games import services
from games.engine import Rules, load
from games.models import Table
from games.services import Player


def player_of(user) -> Player:
    return Player(user_id=user.id, session_key=None)


def play_out(table: Table, players: dict[int, Player], limit: int = 2000) -> Table:
    """Play the people's seats (first legal move) and deal each next hand until the match ends."""
    anyone = next(iter(players.values()))
    for _ in range(limit):
        table.refresh_from_db()
        match = load(table.record)
        if table.finished:
            return table
        if match.needs_deal:
            services.next_hand(public_id=table.public_id, player=anyone, seen_version=table.version)
            continue
        services.play(
            public_id=table.public_id,
            player=players[match.turn],
            move=match.legal_moves()[0],
            seen_version=table.version,
        )
    raise AssertionError(f"table {table.public_id} did not finish in {limit} steps")


def finished_match(user, preset: str = "classic", **options) -> Table:
    """A match of ``user`` (seated as "Alice") against the easy computer, played to its end."""
    me = player_of(user)
    table = services.create_computer_table(
        player=me, name="Alice", rules=Rules.for_preset(preset, seats=2, **options), levels=["easy"]
    )
    return play_out(table, {0: me})


def computer_match(
    player: Player, preset: str = "classic", level: str = "easy", seats: int = 2, **options
) -> Table:
    """A whole match of ``player`` (seat 0) against the computer, played to its end."""
    if preset in ("classic", "draw", "block", "all_fives") and "match" not in options:
        options["match"] = {"target": 25}
    table = services.create_computer_table(
        player=player,
        name="Me",
        rules=Rules.for_preset(preset, seats=seats, **options),
        levels=[level] * (seats - 1),
    )
    return play_out(table, {0: player})


def forfeit_now(table: Table) -> int:
    """The seat to move runs out of time at a tournament-clock table: it forfeits."""
    Table.objects.filter(pk=table.pk).update(
        forfeit_at_deadline=True, deadline=timezone.now() - timedelta(seconds=1)
    )
    seat = load(table.record).turn
    assert services.expire_turn(public_id=table.public_id)
    table.refresh_from_db()
    return seat


def upload(client, content: bytes, name: str = "record.json"):
    """Open a record file on the import page (``client``: Django's test client)."""
    file = io.BytesIO(content)
    file.name = name
    return client.post(reverse("games:import_record"), {"record": file})
