"""The pages of online tables: the setup creates one, anyone with the link may watch, the lobby
shows the link to share."""

import json
import re

import pytest
from django.test import Client

from accounts.guests import GUEST_SESSION_KEY, guest_token
from games.engine import Preset, Rules
from games.models import Table
from games.services import Player, create_online_table, start_table

pytestmark = pytest.mark.django_db(transaction=True)

ONLINE = {
    "mode": "online",
    "preset": "block",
    "seats": "2",
    "level_1": "medium",
    "level_2": "medium",
    "level_3": "medium",
    "name": "Alice",
    "show_hints": "on",
    "clock": "on",
}


def embedded_state(html: str) -> dict:
    found = re.search(
        r'<script id="table-state" type="application/json">(.*?)</script>', html, re.S
    )
    assert found, "the page embeds the state"
    return json.loads(found.group(1))


def created(response) -> Table:
    assert response.status_code == 302, response.content.decode()[:2000]
    match = re.fullmatch(r"/tables/([\w-]+)/", response["Location"])
    assert match, response["Location"]
    return Table.objects.get(public_id=match.group(1))


def online_table_from_the_page(host: Client) -> Table:
    return created(host.post("/play/", ONLINE))


def test_the_setup_page_offers_friends_online_with_a_turn_clock(client):
    html = client.get("/play/").content.decode()
    assert 'name="mode" value="online"' in html
    assert "Friends online" in html
    assert re.search(r'<input type="checkbox" name="clock"[^>]*checked', html)
    assert 'data-mode="computer"' in html


def test_setup_creates_an_online_table_with_the_host_at_seat_0_and_nothing_dealt(client):
    table = online_table_from_the_page(client)
    assert table.kind == Table.Kind.ONLINE
    assert table.started_at is None
    assert table.turn_seconds == 60
    assert [(seat.index, seat.name, seat.bot_level) for seat in table.seats.all()] == [
        (0, "Alice", "")
    ]
    assert Rules.from_record(table.rules).preset == Preset.BLOCK
    html = client.get(f"/tables/{table.public_id}/").content.decode()
    state = embedded_state(html)
    assert state["view"]["seat"] == 0
    assert state["table"]["started"] is False


def test_setup_without_the_clock_creates_a_table_with_no_clock(client):
    table = created(client.post("/play/", {**ONLINE, "clock": ""}))
    assert table.kind == Table.Kind.ONLINE
    assert table.turn_seconds is None


def test_setup_without_a_mode_still_plays_against_the_computer(client):
    table = created(client.post("/play/", {k: v for k, v in ONLINE.items() if k != "mode"}))
    assert table.kind == Table.Kind.COMPUTER
    assert table.started_at is not None


def test_the_lobby_shows_the_share_link_join_form_and_seats(client):
    table = online_table_from_the_page(client)
    url = f"/tables/{table.public_id}/"
    html = client.get(url).content.decode()
    assert f'value="http://testserver{url}"' in html
    assert 'id="copy-link"' in html
    assert 'id="lobby-seats"' in html and "Alice" in html
    assert 'data-phase="lobby"' in html
    stranger = Client()
    html = stranger.get(url).content.decode()
    assert '<form class="join" id="join-form" method="post"' in html, "a stranger may join"
    assert "Join the game" in html


def test_a_stranger_opening_an_online_table_watches_with_no_hand(client):
    table = online_table_from_the_page(client)
    host = Player(user_id=None, session_key=client.session[GUEST_SESSION_KEY])
    friend_client = Client()
    friend_client.post(f"/tables/{table.public_id}/join/", {"name": "Bob"})
    start_table(public_id=table.public_id, player=host)

    stranger = Client()
    response = stranger.get(f"/tables/{table.public_id}/")
    assert response.status_code == 200
    html = response.content.decode()
    state = embedded_state(html)
    assert state["view"]["seat"] is None
    assert state["view"]["hand"] == []
    assert state["table"]["started"] is True
    assert 'data-watching="true"' in html
    assert re.search(r'<p class="watching" id="watching">You are watching</p>', html)
    # The players' own pages do hold their hands.
    for player_client in (client, friend_client):
        mine = embedded_state(player_client.get(f"/tables/{table.public_id}/").content.decode())
        assert len(mine["view"]["hand"]) > 0
    assert '<div class="hand" id="hand" role="group" aria-labelledby="hand-title"></div>' in html


def test_a_stranger_opening_a_computer_table_is_still_refused(client):
    created(client.post("/play/", {**ONLINE, "mode": "computer"}))
    table = Table.objects.get()
    assert Client().get(f"/tables/{table.public_id}/").status_code == 403


def test_create_online_table_service_page_shows_no_clock_when_none(client):
    session = client.session  # a new store each time it is read: keep this one to save it
    player = Player(user_id=None, session_key=guest_token(session, create=True))
    session.save()
    rules = Rules.for_preset(Preset.DRAW, seats=3)
    table = create_online_table(player=player, name="Host", rules=rules, turn_seconds=None)
    state = embedded_state(client.get(f"/tables/{table.public_id}/").content.decode())
    assert state["table"]["turn_seconds"] is None
    assert state["table"]["seat_count"] == 3
