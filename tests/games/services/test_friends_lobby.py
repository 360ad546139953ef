"""A friends table's lobby through the services (PostgreSQL, Redis): choosing a seat and so a
partner, the host removing someone, un-joining, a friend who comes late taking a computer's
seat at the next deal; each refusal in a player's words, changing nothing."""

import pytest
from deal_support import play_out_the_hand

from games import selectors, services
from games.engine import Rules, load
from games.models import Table
from games.services import NotYourSeat, Player, TableError
from tests.games.services.service_builders import HOST, lobby

pytestmark = pytest.mark.django_db(transaction=True)

BOB = Player(user_id=None, session_key="bob-session")
CAROL = Player(user_id=None, session_key="carol-session")
DAVE = Player(user_id=None, session_key="dave-session")


def seats_of(table: Table) -> dict[int, str]:
    """Each seat's name (a computer's as "computer"), by index."""
    rows = selectors.table_for(table.public_id).seats.all()
    return {s.index: "computer" if s.is_bot else s.name for s in rows}


def refused(words: str, action, **kwargs) -> None:
    """``action`` is refused with ``words`` and changes nothing (not even the version)."""
    table = Table.objects.get(public_id=kwargs["public_id"])
    before = (table.version, seats_of(table), table.arrivals, table.removed)
    with pytest.raises(TableError, match=words):
        action(**kwargs)
    table.refresh_from_db()
    assert (table.version, seats_of(table), table.arrivals, table.removed) == before


def test_people_choose_their_seat_and_so_their_partner():
    table = lobby(seats=4, preset="team_draw")
    pid = table.public_id
    # Bob sits opposite the host (seat 3 of 4, index 2): partners.
    services.join_table(public_id=pid, player=BOB, name="Bob", seat=2)
    services.join_table(public_id=pid, player=CAROL, name="Carol")  # the first free seat
    assert seats_of(table) == {0: "Host", 1: "Carol", 2: "Bob"}
    refused("Someone sits there", services.join_table, public_id=pid, player=DAVE, name="D", seat=2)
    refused("seats 1 to 4", services.join_table, public_id=pid, player=DAVE, name="D", seat=4)
    refused("already have a seat", services.join_table, public_id=pid, player=BOB, name="B")

    services.choose_seat(public_id=pid, player=CAROL, seat=3)  # Carol moves: still opposite
    assert seats_of(table) == {0: "Host", 2: "Bob", 3: "Carol"}
    refused("Someone sits there", services.choose_seat, public_id=pid, player=CAROL, seat=2)
    refused("host keeps the first seat", services.choose_seat, public_id=pid, player=HOST, seat=1)
    with pytest.raises(NotYourSeat):
        services.choose_seat(public_id=pid, player=DAVE, seat=1)

    services.start_table(public_id=pid, player=HOST)
    rules = Rules.from_record(table.rules)
    assert rules.side_of(0) == rules.side_of(2) != rules.side_of(3)  # Bob partners the host
    refused("has started", services.choose_seat, public_id=pid, player=CAROL, seat=1)


def test_the_host_removes_someone_before_the_start_who_may_not_come_back():
    table = lobby(seats=3)
    pid = table.public_id
    services.join_table(public_id=pid, player=BOB, name="Bob")
    services.join_table(public_id=pid, player=CAROL, name="Carol")
    version = Table.objects.get(public_id=pid).version
    refused("Only the host", services.remove_from_table, public_id=pid, player=BOB, seat=2)
    refused(
        "cannot remove yourself", services.remove_from_table, public_id=pid, player=HOST, seat=0
    )

    services.remove_from_table(public_id=pid, player=HOST, seat=1)
    table.refresh_from_db()
    assert seats_of(table) == {0: "Host", 2: "Carol"} and table.version == version + 1
    refused(
        "Nobody sits at that seat", services.remove_from_table, public_id=pid, player=HOST, seat=1
    )
    refused("host removed you", services.join_table, public_id=pid, player=BOB, name="Bob")
    services.join_table(public_id=pid, player=DAVE, name="Dave")  # others still may
    services.start_table(public_id=pid, player=HOST)
    refused("has started", services.remove_from_table, public_id=pid, player=HOST, seat=2)


def test_a_person_un_joins_before_the_start_and_may_join_again():
    table = lobby(seats=3)
    pid = table.public_id
    services.join_table(public_id=pid, player=BOB, name="Bob", seat=2)
    services.unjoin_table(public_id=pid, player=BOB)
    assert seats_of(table) == {0: "Host"}
    with pytest.raises(NotYourSeat):
        services.unjoin_table(public_id=pid, player=BOB)
    refused("You are the host", services.unjoin_table, public_id=pid, player=HOST)
    services.join_table(public_id=pid, player=BOB, name="Bob")
    services.start_table(public_id=pid, player=HOST)
    refused("press Leave", services.unjoin_table, public_id=pid, player=BOB)


def test_a_friend_who_comes_late_takes_a_computers_seat_at_the_next_hand():
    table = lobby(seats=4)
    pid = table.public_id
    services.join_table(public_id=pid, player=BOB, name="Bob", seat=2)
    services.start_table(public_id=pid, player=HOST)  # the computer at seats 1 and 3
    services.join_table(public_id=pid, player=CAROL, name="Carol")
    table.refresh_from_db()
    assert table.arrivals[0]["seat"] == 1 and seats_of(table)[1] == "computer"
    state = selectors.table_state(selectors.table_for(pid), None)
    assert state["table"]["arrivals"] == [{"seat": 1, "name": "Carol"}]
    assert "hand" not in str(table.arrivals)  # a promise, no tiles: she still watches
    refused(
        "Choose a seat the computer plays",
        services.join_table,
        public_id=pid,
        player=DAVE,
        name="D",
        seat=1,
    )
    refused("already have a seat", services.join_table, public_id=pid, player=CAROL, name="C")

    services.unjoin_table(public_id=pid, player=CAROL)  # she changes her mind, then not
    services.join_table(public_id=pid, player=DAVE, name="Dave", seat=3)
    services.join_table(public_id=pid, player=CAROL, name="Carol")
    refused(
        "every seat is taken",
        services.join_table,
        public_id=Table.objects.get(pk=table.pk).public_id,
        player=Player(None, "eve"),
        name="Eve",
    )

    play_out_the_hand(pid, {0: HOST, 2: BOB})
    assert seats_of(table)[1] == "computer"  # the computer finishes the hand it played
    table.refresh_from_db()
    services.next_hand(public_id=pid, player=HOST, seen_version=table.version)
    table.refresh_from_db()
    assert seats_of(table) == {0: "Host", 1: "Carol", 2: "Bob", 3: "Dave"}
    assert table.waiting_arrivals() == [] and all(a["seated"] for a in table.arrivals)
    state = selectors.table_state(selectors.table_for(pid), 1)
    assert len(state["view"]["hand"]) > 0 and state["table"]["seats"][1]["bot"] is None
    match = load(table.record)
    if match.turn == 1:  # her turn is hers: the computer does not play it
        assert not services.run_bot_turn(public_id=pid, expected_version=table.version)


def test_nobody_comes_late_to_a_table_of_people_only():
    table = lobby(seats=2)
    pid = table.public_id
    services.join_table(public_id=pid, player=BOB, name="Bob")
    services.start_table(public_id=pid, player=HOST)
    refused("every seat is taken", services.join_table, public_id=pid, player=CAROL, name="Carol")
