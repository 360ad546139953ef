"""Your games: a person's tables in progress, your turn first, on the home page and /me/."""

from datetime import timedelta

import pytest
from accounts_support import verified_user
from django.test import Client

from games import services
from games.engine import Rules
from games.models import Table
from games.services import Player
from games.your_games import games_in_progress

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def account(email: str, name: str) -> tuple[Client, Player]:
    user = verified_user(email, display_name=name)
    client = Client()
    client.force_login(user)
    return client, Player(user_id=user.pk, session_key=None)


def test_an_accounts_games_your_turn_first_with_whose_turn_it_is():
    client, ada = account("ada@example.com", "Ada")
    _, bob = account("bob@example.com", "Bob")
    rules = Rules.for_preset("block", seats=2)
    waiting = services.create_online_table(player=ada, name="Ada", rules=rules)
    started = services.create_seated_table(
        players=[(ada, "Ada"), (bob, "Bob")], rules=rules, turn_seconds=None
    )
    finished = services.create_computer_table(player=ada, name="Ada", rules=rules, levels=["easy"])
    Table.objects.filter(pk=finished.pk).update(finished=True)

    games = games_in_progress(ada)
    assert [game.public_id for game in games][-1] == waiting.public_id
    assert {game.public_id for game in games} == {waiting.public_id, started.public_id}
    by_id = {game.public_id: game for game in games}
    assert by_id[waiting.public_id].status == "Waiting for players"
    seated = by_id[started.public_id]
    assert seated.opponents == "Bob"
    assert seated.status in ("Your turn", "Bob's turn")
    assert seated.your_turn == (seated.status == "Your turn")
    bobs = games_in_progress(bob)
    assert [game.your_turn for game in bobs] == [not seated.your_turn]

    # On every page of the account, on any device: the home page and /me/.
    for path in ("/", "/me/"):
        html = client.get(path).content.decode()
        assert f'href="/tables/{started.public_id}/"' in html
        assert f'href="/tables/{waiting.public_id}/"' in html
        assert f'href="/tables/{finished.public_id}/"' not in html


def test_a_guests_games_are_their_sessions_and_nobody_elses():
    guest, stranger = Client(), Client()
    response = guest.post(
        "/play/",
        {"preset": "draw", "seats": "2", "level_1": "easy", "level_2": "easy", "level_3": "easy"},
    )
    path = response["Location"]
    assert path in guest.get("/me/").content.decode()
    assert "Your turn" in guest.get("/").content.decode()
    assert path not in stranger.get("/me/").content.decode()
    assert "No games in progress." in stranger.get("/").content.decode()


def test_people_playing_now_counts_each_person_seen_once():
    from django.core.cache import cache
    from django.utils import timezone

    from games.models import Seat
    from games.your_games import people_playing_now

    _, ada = account("ada@example.com", "Ada")
    rules = Rules.for_preset("draw", seats=2)
    for _ in range(2):  # two tables of Ada's: one person
        services.create_computer_table(player=ada, name="Ada", rules=rules, levels=["easy"])
    guest = Player(user_id=None, session_key="guest-token")
    services.create_computer_table(player=guest, name="Guest", rules=rules, levels=["easy"])
    gone = Player(user_id=None, session_key="gone-token")
    services.create_computer_table(player=gone, name="Gone", rules=rules, levels=["easy"])
    Seat.objects.filter(bot_level="").update(seen_at=timezone.now())
    Seat.objects.filter(guest="gone-token").update(seen_at=timezone.now() - timedelta(minutes=5))
    cache.delete("people_playing_now")
    assert people_playing_now() == 2
    assert "2 people playing now" in Client().get("/").content.decode()
