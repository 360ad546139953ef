"""The lobby of open tables: a host lists a friends table, anyone finds it and joins it."""

import pytest
from django.test import Client

from games.models import Table
from matchmaking.lobby import open_tables

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

FRIENDS = {
    "mode": "online",
    "preset": "block",
    "seats": "2",
    "level_1": "medium",
    "level_2": "medium",
    "level_3": "medium",
    "name": "Hana",
    "clock": "on",
}


def open_table(host: Client, **changes: str) -> Table:
    response = host.post("/play/", {**FRIENDS, **changes})
    assert response.status_code == 302, response.content.decode()[:1000]
    return Table.objects.get(public_id=response["Location"].split("/")[2])


def test_a_listed_friends_table_is_in_the_lobby_and_an_unlisted_one_is_not():
    listed = open_table(Client(), listed="on")
    open_table(Client(), name="Ivo")
    tables = open_tables()
    assert [table.public_id for table in tables] == [listed.public_id]
    assert tables[0].host == "Hana"
    assert tables[0].game == "Block, 2 players"
    assert tables[0].free == 1
    html = Client().get("/quick/lobby/").content.decode()
    assert f'value="{listed.public_id}"' in html


def test_one_click_joins_and_a_full_table_leaves_the_lobby():
    table = open_table(Client(), listed="on")
    guest = Client()
    response = guest.post("/quick/lobby/join/", {"table": table.public_id, "name": "Jo"})
    assert response["Location"] == f"/tables/{table.public_id}/"
    assert sorted(seat.name for seat in table.seats.all()) == ["Hana", "Jo"]
    assert open_tables() == []
    assert "No open tables right now." in Client().get("/quick/lobby/tables.json").json()["html"]


def test_joining_without_a_name_is_refused_in_a_players_words():
    table = open_table(Client(), listed="on")
    response = Client().post("/quick/lobby/join/", {"table": table.public_id, "name": ""})
    assert response["Location"] == "/quick/lobby/"
    assert table.seats.count() == 1


def test_a_started_table_is_not_listed():
    table = open_table(Client(), listed="on")
    Table.objects.filter(pk=table.pk).update(started_at=table.created_at)
    assert open_tables() == []
