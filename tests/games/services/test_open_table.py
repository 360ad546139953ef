"""Opening a table is one service call (services.open_table): the deadline enforced, the
person's seat found the one way (Player.seat_in), the computer-table rule and presence."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.engine import Rules
from games.engine.bots import Level
from games.models import Seat, Table
from games.services import NotYourSeat, Opened, Player, TableNotFound
from tests.games.services.service_builders import BOB, CAROL, HOST, expire_now, lobby, started

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_seat_is_found_by_account_or_by_guest_token_and_never_a_computers():
    table = services.create_computer_table(
        player=Player(user_id=None, session_key="ann"),
        name="Ann",
        rules=Rules.for_preset("draw", seats=2),
        levels=[Level.EASY],
    )
    seats = list(table.seats.all())
    assert Player(user_id=None, session_key="ann").seat_in(seats).index == 0
    assert Player(user_id=None, session_key="").seat_in(seats) is None  # no token: nobody
    assert Player(user_id=None, session_key="zed").seat_in(seats) is None
    computer = next(seat for seat in seats if seat.is_bot)
    computer.guest = "zed"  # a token on a computer's seat never makes it a person's
    assert Player(user_id=None, session_key="zed").seat_in([computer]) is None


def test_a_stranger_opening_a_table_against_the_computer_is_refused():
    table = services.create_computer_table(
        player=HOST, name="Host", rules=Rules.for_preset("draw", seats=2), levels=[Level.EASY]
    )
    assert services.open_table(public_id=table.public_id, player=HOST) == Opened(0, None)
    with pytest.raises(NotYourSeat):
        services.open_table(public_id=table.public_id, player=CAROL)
    with pytest.raises(TableNotFound):
        services.open_table(public_id="no-such-table", player=HOST)


def test_a_spectator_opens_an_online_table_without_a_seat_or_presence():
    table = started()
    before = table.version
    assert services.open_table(public_id=table.public_id, player=CAROL) == Opened(None, None)
    table.refresh_from_db()
    assert table.version == before


def test_a_person_opening_their_online_table_is_seen_and_back_if_they_had_gone():
    table = started()
    services.leave_table(public_id=table.public_id, player=BOB)
    seat = Seat.objects.get(table=table, index=1)
    assert seat.away
    opened = services.open_table(public_id=table.public_id, player=BOB)
    seat.refresh_from_db()
    assert opened == Opened(1, seat.pk)
    assert not seat.away and seat.seen_at is not None
    assert seat.seen_at > timezone.now() - timedelta(minutes=1)


def test_opening_a_table_plays_the_turn_whose_time_ran_out_first():
    table = started()
    expire_now(table)
    before = Table.objects.get(pk=table.pk).version
    services.open_table(public_id=table.public_id, player=HOST)
    assert Table.objects.get(pk=table.pk).version > before


def test_a_lobby_opens_for_its_host_and_its_guests():
    table = lobby()
    assert services.open_table(public_id=table.public_id, player=HOST).seat == 0
    assert services.open_table(public_id=table.public_id, player=BOB) == Opened(None, None)
