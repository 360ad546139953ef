"""Issue 35, 15: the home page's game cards open the setup with that game, and the guided
first hand: always the same deal against the easy computer, offered to a newcomer until this
browser answers (a cookie), its tips shown only at its own table until skipped."""

import re

import pytest
from django.contrib.sessions.models import Session
from django.test import Client

from games import services
from games.engine import Rules, load
from games.models import Table
from games.services import Player

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

OFFER = 'id="first-hand-offer"'
TIPS = 'id="tips"'


def table_of(response) -> Table:
    assert response.status_code == 302, response.content.decode()[:2000]
    found = re.fullmatch(r"/tables/([\w-]+)/", response["Location"])
    assert found, response["Location"]
    return Table.objects.get(public_id=found[1])


def test_the_first_hand_is_always_the_same_deal_of_one_hand_against_the_easy_computer():
    tables = [
        services.create_first_hand(player=Player(user_id=None, session_key=f"newcomer-{n}"))
        for n in range(2)
    ]
    first, second = (load(table.record) for table in tables)
    assert first.deals[0] == second.deals[0]
    assert tables[0].hand_seed == services.FIRST_HAND_SEED
    rules = Rules.from_record(tables[0].rules)
    assert rules.preset == "draw" and rules.to_record()["match"] == {"best_of": 1}
    assert [seat.bot_level for seat in tables[0].seats.order_by("index")] == ["", "easy"]
    assert not tables[0].rated
    # Written for this deal: the computer holds the highest double and opens.
    assert first.view_for(0).to_json()["opener"] == 1


def test_a_newcomer_is_offered_the_first_hand_until_taking_it():
    newcomer = Client()
    for path in ("/", "/play/"):
        assert OFFER in newcomer.get(path).content.decode(), path
    assert not Session.objects.exists()  # looking stores nothing
    table = table_of(newcomer.post("/play/first-hand/"))
    assert newcomer.cookies["first_hand"].value == "taken"
    assert TIPS in newcomer.get(f"/tables/{table.public_id}/").content.decode()
    for path in ("/", "/play/"):
        assert OFFER not in newcomer.get(path).content.decode(), path
    # Another table of theirs is a table like any other.
    other = table_of(newcomer.post("/play/computer/"))
    assert TIPS not in newcomer.get(f"/tables/{other.public_id}/").content.decode()


def test_skipping_ends_the_offer_and_the_tips_and_goes_back_where_it_was_said():
    newcomer = Client()
    response = newcomer.post("/play/first-hand/skip/", {"next": "/play/"})
    assert response.status_code == 302 and response["Location"] == "/play/"
    assert newcomer.cookies["first_hand"].value == "skipped"
    assert OFFER not in newcomer.get("/play/").content.decode()
    assert OFFER not in newcomer.get("/").content.decode()

    player = Client()
    table = table_of(player.post("/play/first-hand/"))
    page = f"/tables/{table.public_id}/"
    response = player.post("/play/first-hand/skip/", {"next": page})
    assert response["Location"] == page
    assert TIPS not in player.get(page).content.decode()
    # Back somewhere else of this site only.
    elsewhere = player.post("/play/first-hand/skip/", {"next": "https://example.com/"})
    assert elsewhere["Location"] == "/"


def test_a_person_with_a_game_going_is_no_newcomer():
    player = Client()
    table_of(player.post("/play/computer/"))
    assert OFFER not in player.get("/").content.decode()


@pytest.mark.parametrize(
    ("query", "preset", "seats"),
    [("?preset=all_fives", "all_fives", "2"), ("?preset=brazilian", "brazilian", "2")],
)
def test_a_game_card_opens_the_setup_with_that_game(query, preset, seats):
    html = Client().get("/play/" + query).content.decode()
    assert re.search(rf'name="preset" value="{preset}"[^>]*checked', html), preset
    assert re.search(rf'name="seats" value="{seats}"[^>]*checked', html), seats


def test_a_game_card_moves_the_seats_to_a_count_the_game_allows():
    player = Client()
    three = {"mode": "computer", "preset": "draw", "seats": "3", "name": "Ann"}
    three |= {"level_1": "easy", "level_2": "easy", "level_3": "easy"}
    table_of(player.post("/play/", three))  # remembered: 3 players
    html = player.get("/play/?preset=classic").content.decode()
    assert re.search(r'name="preset" value="classic"[^>]*checked', html)
    assert re.search(r'name="seats" value="2"[^>]*checked', html)
    html = player.get("/play/?preset=nonsense").content.decode()
    assert re.search(r'name="preset" value="draw"[^>]*checked', html)
