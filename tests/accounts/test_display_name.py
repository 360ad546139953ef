"""The name a player shows everywhere."""

import re

import pytest
from accounts_support import verified_user
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.selectors import display_name
from accounts.services import give_handle
from games.engine import Rules
from games.records.profiles import profile_url
from games.services import Player, create_online_table


def test_the_chosen_display_name_wins_over_the_email():
    user = get_user_model()(email="ada@example.com", first_name="Ada L.")
    assert display_name(user) == "Ada L."


def test_without_a_display_name_the_player_number_is_shown_never_the_email():
    assert display_name(get_user_model()(pk=42, email="grace@example.com")) == "Player 42"


@pytest.mark.integration
@pytest.mark.django_db
def test_a_public_profile_of_a_player_without_a_display_name_hides_their_email(client):
    grace = verified_user("grace.hopper@example.com")
    give_handle(user=grace)  # as at sign-up: the address is the handle's, never the email's
    html = client.get(profile_url(grace.pk)).content.decode()
    assert f"Player {grace.pk}" in html
    assert "grace" not in html.lower()
    spanish = client.get(profile_url(grace.pk), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert f"Jugador {grace.pk}" in spanish and f"Player {grace.pk}" not in spanish


@pytest.mark.integration
@pytest.mark.django_db
def test_a_signed_in_player_joins_an_online_table_under_their_display_name(client):
    host = Player(user_id=None, session_key="host-browser")
    table = create_online_table(player=host, name="Host", rules=Rules.for_preset("draw", seats=2))
    url = f"/tables/{table.public_id}/"
    guest_html = Client().get(url).content.decode()
    assert '<input type="text" id="join-name" name="name"' in guest_html
    assert re.search(r'id="join-name"[^>]*value=', guest_html) is None

    client.force_login(verified_user("ada@example.com", display_name="Ada L."))
    html = client.get(url).content.decode()
    assert re.search(r'id="join-name"[^>]*value="Ada L\."', html)
