"""Play on from a moment of a finished match against the computer: the analysis board's
"what if". A new table against the computer (never rated), dealt the same tiles, with every move
up to that moment played as it was; the person keeps their seat, and each other seat is played
at the level it had (:func:`play_on_levels`: a person's seat of a match with people, master)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.players import Player
from games.engine import Deal, Match, Rules, move_from_record
from games.engine.bots import Level
from games.errors import DealsWithheld, NotYourSeat, TableError, TableNotFound
from games.live import writes
from games.models import Seat, Table
from games.services._tables import (
    advance,
    log_entry,
    new_table,
    seat_computer,
    seat_person,
    seeds_of_table,
)

#: Who plays, in a play-on, a seat a person had (a match with people): the strongest level.
PERSON_STAND_IN = Level.MASTER


def play_on_levels(seats: Iterable[Seat], mine: int) -> dict[int, Level]:
    """The computer's level at each seat but ``mine`` when playing on from the match of
    ``seats``: the level a computer seat had, so a game against medium goes on against medium;
    :data:`PERSON_STAND_IN` at a seat a person had. What the replay page says and play_on
    deals."""
    return {
        seat.index: Level(seat.bot_level) if seat.bot_level else PERSON_STAND_IN
        for seat in seats
        if seat.index != mine
    }


def play_on(*, public_id: str, player: Player, hand: int, ply: int) -> Table:
    """A computer table at hand ``hand`` (0-based) of the finished match ``public_id`` after its
    first ``ply`` moves, the player at the seat they had. Refused while the match is played
    (it would show every hand) or while another table has its deals still to play, to anyone
    who had no seat in it, and at a moment after the hand's end."""
    try:
        source = Table.objects.prefetch_related("seats").get(public_id=public_id)
    except Table.DoesNotExist:
        raise TableNotFound from None
    mine = player.seat_in(source.seats.all())
    if mine is None or mine.is_bot:
        raise NotYourSeat
    if not source.finished:
        raise TableError(gettext("You can play on from a moment once the match is over."))
    if source.deals_withheld:  # it would deal them again, every tile shown
        raise DealsWithheld
    hands = source.record["hands"]
    if not 0 <= hand < len(hands) or not 0 <= ply < len(hands[hand]["moves"]):
        raise TableError(
            gettext("There is no such moment in this match: the hand was over by then.")
        )
    rules = Rules.from_record(source.rules)
    seeds = seeds_of_table(source)
    with transaction.atomic():
        table = new_table(
            Table.Kind.COMPUTER,
            player,
            rules,
            source.show_hints,
            source.auto_pass,
            started_at=timezone.now(),
        )
        levels = play_on_levels(source.seats.all(), mine.index)
        for seat in range(rules.seats):
            if seat == mine.index:
                seat_person(table, seat, player, mine.name)
            else:
                seat_computer(table, seat, levels[seat])
        table = Table.objects.prefetch_related("seats").get(pk=table.pk)
        match = Match(rules)
        for number, hand_record in enumerate(hands[: hand + 1]):
            deal = Deal.from_record(rules, hand_record["deal"])
            match.start_hand(deal)
            seed = (seeds[number] if number < len(seeds) else None) or ""
            log_entry(table, writes.deal_entry(match, deal, seed, table.version + 1))
            moves = hand_record["moves"] if number < hand else hand_record["moves"][:ply]
            for data in moves:
                seat, move = move_from_record(data)
                match.apply(seat, move)
                log_entry(table, writes.move_entry(match, seat, move, table.version + 1))
        table.hand_seed = seed
        advance(table, match)
    return table
