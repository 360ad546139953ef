"""A guest's seats become the account's when the guest signs in (games.services.
claim_guest_seats, run on Django's user_logged_in signal: games.services.guests)."""

import re

import pytest
from accounts_support import PASSWORD, seat_on_page, verified_user
from django.test import Client
from factories import online_table, post_sign_in

from accounts.guests import GUEST_SESSION_KEY
from accounts.selectors import guest_name
from games import selectors, services
from games.engine import Rules
from games.models import Seat, Table
from games.services import Player

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

GUEST = Player(user_id=None, session_key="guest-token-of-one-browser")


def computer_table(player: Player) -> Table:
    return services.create_computer_table(
        player=player, name="You", rules=Rules.for_preset("draw", seats=2), levels=["easy"]
    )


def seats_of(table: Table) -> list[tuple[int, int | None, str]]:
    return [(s.index, s.user_id, s.guest) for s in Seat.objects.filter(table=table)]


def test_the_guests_seats_become_the_users_and_their_tables_too():
    user = verified_user("ada@example.com")
    first, second = computer_table(GUEST), online_table([GUEST], seats=3)
    other = computer_table(Player(user_id=None, session_key="another-browser"))

    assert services.claim_guest_seats(guest=GUEST.session_key, user_id=user.pk) == 2

    for table in (first, second):
        assert seats_of(table)[0] == (0, user.pk, GUEST.session_key)
        table.refresh_from_db()
        assert table.created_by_id == user.pk
    assert seats_of(first)[1] == (1, None, "")  # the computer's seat is nobody's
    assert seats_of(other)[0] == (0, None, "another-browser")
    assert Player(user_id=user.pk, session_key=None).owns(first.seats.get(index=0))


def test_claiming_twice_moves_nothing_more():
    user = verified_user("ada@example.com")
    table = computer_table(GUEST)
    assert services.claim_guest_seats(guest=GUEST.session_key, user_id=user.pk) == 1
    assert services.claim_guest_seats(guest=GUEST.session_key, user_id=user.pk) == 0
    assert seats_of(table)[0] == (0, user.pk, GUEST.session_key)


def test_a_seat_that_has_a_user_is_never_taken_over():
    owner, claimant = verified_user("ada@example.com"), verified_user("bob@example.com")
    table = computer_table(Player(user_id=owner.pk, session_key=None))
    # A seat both a user's and marked with the token (never made by the services): still kept.
    Seat.objects.filter(table=table, index=0).update(guest=GUEST.session_key)
    assert services.claim_guest_seats(guest=GUEST.session_key, user_id=claimant.pk) == 0
    assert seats_of(table)[0] == (0, owner.pk, GUEST.session_key)
    table.refresh_from_db()
    assert table.created_by_id == owner.pk


def test_at_a_table_where_the_user_already_sits_the_guests_seat_stays_the_guests():
    user = verified_user("ada@example.com")
    table = online_table([Player(user_id=user.pk, session_key=None)], seats=3)
    services.join_table(public_id=table.public_id, player=GUEST, name="Also Ada")
    elsewhere = computer_table(GUEST)

    assert services.claim_guest_seats(guest=GUEST.session_key, user_id=user.pk) == 1

    assert seats_of(table) == [(0, user.pk, ""), (1, None, GUEST.session_key)]
    assert seats_of(elsewhere)[0] == (0, user.pk, GUEST.session_key)


def test_no_token_claims_nothing():
    user = verified_user("ada@example.com")
    computer_table(Player(user_id=None, session_key=""))
    assert services.claim_guest_seats(guest="", user_id=user.pk) == 0


# --- through the pages: play as a guest, then sign in ---------------------------------------
SETUP = {
    "preset": "draw",
    "seats": "2",
    "level_1": "easy",
    "level_2": "easy",
    "level_3": "easy",
    "name": "Guest",
}


def guest_game(client: Client) -> str:
    response = client.post("/play/", SETUP)
    assert response.status_code == 302, response.content.decode()[:2000]
    return re.fullmatch(r"/tables/([\w-]+)/", response["Location"]).group(1)


def test_signing_in_makes_the_guests_game_the_accounts_and_it_stays_playable(client):
    user = verified_user("ada@example.com")
    public_id = guest_game(client)
    guest_token = client.session[GUEST_SESSION_KEY]
    guest_session_key = client.session.session_key
    assert Seat.objects.get(table__public_id=public_id, index=0).guest == guest_token
    assert guest_token != guest_session_key

    response = post_sign_in(client, "ada@example.com", PASSWORD)
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.session.session_key != guest_session_key  # login() rotated the key
    seat = Seat.objects.get(table__public_id=public_id, index=0)
    assert (seat.user_id, seat.guest) == (user.pk, guest_token)

    page = client.get(f"/tables/{public_id}/")
    assert page.status_code == 200 and seat_on_page(page.content.decode()) == 0
    # Signed out (the session is flushed), the browser is a new guest: not their table now.
    client.post("/accounts/logout/")
    assert client.get(f"/tables/{public_id}/").status_code == 403
    post_sign_in(client, "ada@example.com", PASSWORD)
    assert client.get(f"/tables/{public_id}/").status_code == 200


def test_a_failed_sign_in_moves_nothing(client):
    verified_user("ada@example.com")
    public_id = guest_game(client)
    response = post_sign_in(client, "ada@example.com", "wrong-password")
    assert response.status_code == 200
    seat = Seat.objects.get(table__public_id=public_id, index=0)
    assert seat.user_id is None and seat.guest == client.session[GUEST_SESSION_KEY]
    assert client.get(f"/tables/{public_id}/").status_code == 200  # still the guest's


# --- names: people's names, never the setup form's "You" ------------------------------------
def names_of(table: Table) -> list[str]:
    return list(Seat.objects.filter(table=table).values_list("name", flat=True))


def test_a_table_is_never_set_up_with_a_seat_called_you():
    ada = verified_user("ada@example.com", display_name="Ada")
    nameless = verified_user("nameless@example.com")
    assert names_of(computer_table(Player(user_id=ada.pk, session_key=None)))[0] == "Ada"
    assert names_of(computer_table(Player(user_id=nameless.pk, session_key=None)))[0] == (
        f"Player {nameless.pk}"
    )
    guests = names_of(computer_table(GUEST))[0], names_of(computer_table(GUEST))[0]
    assert re.fullmatch(r"Guest \d{4}", guests[0]) and guests[0] == guests[1]
    assert names_of(computer_table(Player(user_id=None, session_key="another")))[0] != guests[0]
    table = online_table([GUEST], seats=3)
    services.join_table(public_id=table.public_id, player=Player(None, "bob"), name=" you ")
    assert names_of(table)[1] == guest_name("bob")


def test_a_claimed_seat_takes_the_accounts_name_unless_the_guest_chose_one():
    user = verified_user("ada@example.com", display_name="Ada")
    unnamed = computer_table(GUEST)  # set up with the form's "You"
    chosen = online_table([GUEST], seats=3)  # as "Host"
    Seat.objects.filter(table=chosen).update(name="Ada's guest name")
    old = computer_table(GUEST)
    Seat.objects.filter(table=old, index=0).update(name="You")  # set up before names were fixed
    front_door = computer_table(GUEST)
    Seat.objects.filter(table=front_door, index=0).update(name="Guest")  # its earlier default
    unnamed.refresh_from_db()  # after the computer's first moves
    version = unnamed.version

    assert services.claim_guest_seats(guest=GUEST.session_key, user_id=user.pk) == 4

    assert names_of(unnamed)[0] == names_of(old)[0] == names_of(front_door)[0] == "Ada"
    assert names_of(chosen)[0] == "Ada's guest name"
    unnamed.refresh_from_db()
    assert unnamed.version == version + 1, "a seat renamed is a change every page is sent"
    state = selectors.table_state(selectors.table_for(unnamed.public_id), 0)
    assert state["table"]["seats"][0]["name"] == "Ada"
