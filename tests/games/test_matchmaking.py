"""Quick match through the real PostgreSQL: pairing, leases, ratings, and nobody twice."""

import re
import threading
from datetime import timedelta

import pytest
from accounts_support import verified_user
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.utils import timezone
from factories import online_table

from accounts.guests import GUEST_SESSION_KEY
from accounts.selectors import guest_name
from games import selectors
from games import services as games
from games.models import Rating, Table
from games.services import Player
from matchmaking import services
from matchmaking.models import Entry

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def no_recent_pairing(monkeypatch):
    """Each test starts with no heartbeat pairing just done in this process (they are rate
    limited per queue: an earlier test's would hold the next one back)."""
    monkeypatch.setattr(services, "_last_pairing", {})


def guest(n: int) -> Player:
    return Player(user_id=None, session_key=f"guest-token-{n}")


def join(player: Player, name: str, preset: str = "draw", seats: int = 2) -> Entry:
    return services.join_queue(player=player, name=name, preset=preset, seats=seats)


def member(name: str, rating: float | None = None) -> Player:
    user = verified_user(f"{name.lower()}@example.com", display_name=name)
    if rating is not None:
        Rating.objects.create(user=user, family="draw", rating=rating, rd=80, volatility=0.06)
    return Player(user_id=user.pk, session_key=None)


def test_two_strangers_for_the_same_game_sit_at_one_table():
    first = join(guest(1), "Ann")
    assert first.state == Entry.State.WAITING
    second = join(guest(2), "Bob")
    first.refresh_from_db()
    assert first.state == second.state == Entry.State.MATCHED
    assert first.table_id == second.table_id
    table = Table.objects.get(pk=first.table_id)
    assert table.started_at is not None and table.kind == Table.Kind.ONLINE
    assert table.rules == {"preset": "draw", "seats": 2}
    assert sorted(seat.name for seat in table.seats.all()) == ["Ann", "Bob"]
    assert services.status_of(first).opponents == ["Bob"]
    assert services.status_of(second).opponents == ["Ann"]


def test_other_games_and_seat_counts_are_other_queues():
    join(guest(1), "Ann", "draw", 2)
    join(guest(2), "Bob", "block", 2)
    join(guest(3), "Cy", "draw", 3)
    assert not Entry.objects.exclude(state=Entry.State.WAITING).exists()
    assert services.status_of(Entry.objects.get(name="Ann")).looking == 1


def test_a_four_seat_game_waits_for_four():
    entries = [join(guest(n), f"P{n}", "all_fives", 4) for n in range(3)]
    assert all(entry.state == Entry.State.WAITING for entry in entries)
    last = join(guest(3), "P3", "all_fives", 4)
    assert last.state == Entry.State.MATCHED
    assert Table.objects.get(pk=last.table_id).seats.count() == 4


def test_a_ghost_is_never_matched():
    ghost = join(guest(1), "Ann")
    Entry.objects.filter(pk=ghost.pk).update(lease_until=timezone.now() - timedelta(seconds=1))
    bob = join(guest(2), "Bob")
    assert bob.state == Entry.State.WAITING
    ghost.refresh_from_db()
    assert ghost.state == Entry.State.WAITING and ghost.table_id is None


def test_who_left_is_never_matched():
    ann = join(guest(1), "Ann")
    services.leave_queue(public_id=ann.public_id, player=guest(1))
    assert join(guest(2), "Bob").state == Entry.State.WAITING
    assert Entry.objects.get(pk=ann.pk).state == Entry.State.LEFT


def test_joining_again_leaves_the_earlier_queue_and_one_person_never_plays_themselves():
    join(guest(1), "Ann", "draw")
    again = join(guest(1), "Ann", "draw")
    assert again.state == Entry.State.WAITING
    assert Entry.objects.filter(state=Entry.State.WAITING).count() == 1


def test_nobody_is_matched_twice_when_many_join_at_once():
    players = 16
    barrier = threading.Barrier(players)
    errors: list[BaseException] = []

    def enter(n: int) -> None:
        try:
            barrier.wait()
            join(guest(n), f"P{n}")
        except BaseException as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=enter, args=(n,)) for n in range(players)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    # Each join pairs after its entry is committed, one pairing at a time: the last pairing
    # sees every entry, so all are matched with no heartbeat's help.
    assert Entry.objects.filter(state=Entry.State.MATCHED).count() == players
    tables = Table.objects.all()
    assert tables.count() == players // 2
    seated = [seat.guest for table in tables for seat in table.seats.all()]
    assert sorted(seated) == sorted(f"guest-token-{n}" for n in range(players))


def test_signed_in_players_are_matched_by_rating_within_a_window_that_widens():
    strong = join(member("Ada", rating=1900), "Ada")
    weak = join(member("Bob", rating=1500), "Bob")
    assert strong.rated and weak.rated
    assert weak.state == Entry.State.WAITING  # 400 apart: too far at first
    # Both waited 16 s: the window is 100 + 20 * 16 = 420 wide.
    Entry.objects.update(joined_at=timezone.now() - timedelta(seconds=16))
    services.heartbeat(public_id=weak.public_id, player=Player(weak.user_id, None))
    weak.refresh_from_db()
    assert weak.state == Entry.State.MATCHED
    table = Table.objects.get(pk=weak.table_id)
    assert {seat.user_id for seat in table.seats.all()} == {strong.user_id, weak.user_id}
    # The table is rated like any online table of signed-in people with two sides, from its
    # deal: its result feeds Glicko-2, and a player who leaves it loses it.
    assert table.rated


def test_guests_and_members_of_three_seat_games_play_casual():
    assert join(guest(1), "Ann").rated is False
    assert join(member("Ada"), "Ada", "draw", 3).rated is False


def test_after_a_while_the_computer_is_offered_and_takes_the_empty_seats():
    ann = join(guest(1), "Ann", "block", 4)
    assert not services.status_of(ann).offer_computer
    Entry.objects.update(joined_at=timezone.now() - services.offer_computer_after())
    status = services.heartbeat(public_id=ann.public_id, player=guest(1))
    assert status.offer_computer
    table = services.play_the_computer_instead(public_id=ann.public_id, player=guest(1))
    assert table.kind == Table.Kind.COMPUTER
    assert [seat.bot_level for seat in table.seats.all()] == ["", "medium", "medium", "medium"]
    assert Entry.objects.get(pk=ann.pk).state == Entry.State.LEFT


def test_another_persons_entry_is_not_theirs_to_cancel():
    ann = join(guest(1), "Ann")
    with pytest.raises(services.QueueError):
        services.leave_queue(public_id=ann.public_id, player=guest(2))
    assert Entry.objects.get(pk=ann.pk).state == Entry.State.WAITING


def test_the_pages_queue_wait_and_seat_two_guests():
    ann, bob = Client(), Client()
    waiting = ann.post("/quick/", {"preset": "draw", "seats": "2", "name": "Ann"})
    assert waiting.status_code == 302 and waiting["Location"].startswith("/quick/")
    status = ann.get(waiting["Location"] + "status.json").json()
    assert status["state"] == "waiting" and status["looking"] == 1
    bobs = bob.post("/quick/", {"preset": "draw", "seats": "2", "name": "Bob"})
    assert bob.get(bobs["Location"])["Location"].startswith("/tables/")
    status = ann.get(waiting["Location"] + "status.json").json()
    assert status["opponents"] == ["Bob"]
    table = ann.get(status["table_url"]).content.decode()
    assert "Matched: you play Bob." in table


def test_the_quick_match_form_speaks_a_players_words():
    response = Client().post("/quick/", {"preset": "classic", "seats": "4", "name": "Ann"})
    assert "Classic is a game for 2 players" in response.content.decode()
    response = Client().post("/quick/", {"preset": "draw", "seats": "2"})
    assert "Write the name the other players will see." in response.content.decode()
    assert not Entry.objects.exists()


def test_a_guest_is_offered_the_name_computer_games_give_them_and_looking_stores_nothing():
    """Issue 35, 18: the form is filled with "Guest 4821", the name the guest then plays under
    (at the quick match and at a computer's table); the page alone starts no session."""
    ann = Client()
    html = ann.get("/quick/").content.decode()
    offered = re.search(r'name="name" value="(Guest \d{4})"', html)
    signed = re.search(r'name="guest_offer" value="([^"]+)"', html)
    assert offered and signed, html
    assert not Session.objects.exists() and "sessionid" not in ann.cookies
    post = {"preset": "draw", "seats": "2", "name": offered[1], "guest_offer": signed[1]}
    assert ann.post("/quick/", post).status_code == 302
    token = ann.session[GUEST_SESSION_KEY]
    assert guest_name(token) == offered[1]
    assert Entry.objects.get().name == offered[1]
    # Known now: the form offers the same name, and nothing to carry.
    html = ann.get("/quick/").content.decode()
    assert f'value="{offered[1]}"' in html and "guest_offer" not in html


def test_a_forged_offer_gives_no_ones_token():
    forged = {"preset": "draw", "seats": "2", "name": "Eve", "guest_offer": "someone-else:xyz"}
    eve = Client()
    assert eve.post("/quick/", forged).status_code == 302
    assert eve.session[GUEST_SESSION_KEY] != "someone-else"
    assert Entry.objects.get().name == "Eve"


def test_a_quick_match_has_no_host_nor_its_rematch_and_a_friends_table_has_one():
    ann, bob = join(guest(1), "Ann"), join(guest(2), "Bob")
    ann.refresh_from_db()
    assert ann.table is not None and bob.table_id == ann.table_id
    assert ann.table.seated_by_site
    state = selectors.table_state(ann.table, 0)
    assert state["table"]["hosted"] is False
    Table.objects.filter(pk=ann.table_id).update(finished=True)
    for person in (guest(1), guest(2)):
        games.vote_rematch(public_id=ann.table.public_id, player=person)
    rematch = Table.objects.get(pk=ann.table_id).rematch
    assert rematch is not None and rematch.seated_by_site
    assert selectors.table_state(rematch, 0)["table"]["hosted"] is False
    friends = online_table([guest(3)])
    assert selectors.table_state(friends, 0)["table"]["hosted"] is True
