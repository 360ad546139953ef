"""The setup remembers the last choices (a guest in their session, an account on every
device), and the home page's Play the computer plays them again in one POST."""

import re

import pytest
from accounts_support import verified_user
from django.test import Client

from accounts.guests import GUEST_SESSION_KEY
from accounts.selectors import guest_name
from games.models import Table
from games.preferences import preferences_of, save_settings

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ALL_FIVES = {
    "mode": "computer",
    "preset": "all_fives",
    "seats": "3",
    "level_1": "hard",
    "level_2": "easy",
    "level_3": "medium",
    "target": "150",
    "stuck": "single_draw",
    "name": "Ann",
}


def created(response) -> Table:
    assert response.status_code == 302, response.content.decode()[:2000]
    found = re.fullmatch(r"/tables/([\w-]+)/", response["Location"])
    assert found, response["Location"]
    return Table.objects.get(public_id=found.group(1))


def checked(html: str, name: str) -> str:
    found = re.search(rf'<input type="radio" name="{name}" value="([^"]+)"[^>]*checked', html)
    assert found, name
    return found.group(1)


def test_a_guests_setup_starts_from_their_last_choices():
    guest = Client()
    created(guest.post("/play/", ALL_FIVES))
    html = guest.get("/play/").content.decode()
    assert checked(html, "preset") == "all_fives"
    assert checked(html, "seats") == "3"
    assert 'name="target" value="150"' in html
    assert 'name="name" value="Ann"' in html
    assert '<option value="single_draw" selected>' in html
    # Another browser starts from the defaults.
    assert checked(Client().get("/play/").content.decode(), "preset") == "draw"


def test_play_the_computer_is_one_post_with_the_last_choices():
    guest = Client()
    first = created(guest.post("/play/", ALL_FIVES))
    home = guest.get("/").content.decode()
    assert "All Fives, 3 players, computer easy and hard, to 150 points" in home
    again = created(guest.post("/play/computer/"))
    assert again.pk != first.pk
    assert again.rules == first.rules
    assert [seat.bot_level for seat in again.seats.all()] == ["", "hard", "easy"]
    assert again.seats.get(index=0).name == "Ann"


def test_play_the_computer_the_first_time_is_a_game_of_draw():
    guest = Client()
    table = created(guest.post("/play/computer/"))
    assert table.rules == {"preset": "draw", "seats": 2}
    assert table.kind == Table.Kind.COMPUTER
    assert table.seats.get(index=0).name == guest_name(guest.session[GUEST_SESSION_KEY])


def test_play_the_computer_after_a_friends_table_plays_the_computer():
    guest = Client()
    created(guest.post("/play/", {**ALL_FIVES, "mode": "online"}))
    table = created(guest.post("/play/computer/"))
    assert table.kind == Table.Kind.COMPUTER
    assert table.rules["preset"] == "all_fives"


def test_an_accounts_choices_follow_it_to_another_device():
    user = verified_user("ada@example.com", display_name="Ada")
    laptop, phone = Client(), Client()
    laptop.force_login(user)
    created(laptop.post("/play/", {**ALL_FIVES, "name": ""}))
    assert preferences_of(user).last_setup["preset"] == "all_fives"
    phone.force_login(user)
    html = phone.get("/play/").content.decode()
    assert checked(html, "preset") == "all_fives"
    assert 'name="name" value="Ada"' in html
    table = created(phone.post("/play/computer/"))
    assert table.rules["preset"] == "all_fives"
    assert table.seats.get(index=0).name == "Ada"


def test_saving_the_settings_makes_them_the_newest_choices():
    user = verified_user("ada@example.com", display_name="Ada")
    client = Client()
    client.force_login(user)
    created(client.post("/play/", ALL_FIVES))
    save_settings(
        user=user,
        display_name="Ada",
        preset="block",
        target=None,
        single_draw=False,
        show_hints=True,
        computer_level="easy",
        alternating_starters=False,
    )
    assert checked(client.get("/play/").content.decode(), "preset") == "block"


def test_a_refused_setup_is_not_remembered():
    guest = Client()
    response = guest.post("/play/", {**ALL_FIVES, "preset": "classic"})
    assert response.status_code == 200
    assert "Classic is a game for 2 players" in response.content.decode()
    assert checked(guest.get("/play/").content.decode(), "preset") == "draw"
