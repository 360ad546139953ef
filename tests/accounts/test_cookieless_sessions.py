"""A visit that only looks creates no session row: a spectator, a bot or a crawler opening any
page without a cookie leaves the database as it was. A session starts when the person acts:
sets up a table, or joins one (then from the page: the WebSocket cannot give a browser a
cookie). Django's test client, real PostgreSQL."""

from urllib.parse import quote

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.guests import GUEST_SESSION_KEY
from games import services
from games.engine import Rules
from games.models import Seat

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LEVELS = {"level_1": "easy", "level_2": "easy", "level_3": "easy"}
ONLINE = {"mode": "online", "preset": "block", "seats": "2", "name": "Host", **LEVELS}


def online_lobby() -> str:
    host = Client()
    response = host.post("/play/", ONLINE)
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


@pytest.fixture
def no_rate_limits(settings):
    """Tables and joins from one address over many examples: their limits have their own
    tests (tests/test_limits.py)."""
    unlimited = {"per_person": "1000000/minute", "per_address": "1000000/minute"}
    settings.RATE_LIMITS = {"tables_created": unlimited, "joins": unlimited}


def started_table() -> str:
    host = services.Player(user_id=None, session_key="host-token")
    table = services.create_online_table(
        player=host, name="Host", rules=Rules.for_preset("block", seats=2), turn_seconds=None
    )
    services.start_table(public_id=table.public_id, player=host, level="easy")
    return f"/tables/{table.public_id}/"


def test_cookieless_visits_of_a_table_and_the_pages_create_no_session():
    lobby, started = online_lobby(), started_table()
    sessions = Session.objects.count()
    pages = [lobby, started, started + "replay/", "/", "/play/", "/leaderboard/"]
    pages += ["/billing/pricing/", "/billing/corporate/", "/replays/import/", "/admin/login/"]
    pages += ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]
    pages += ["/tournaments/", "/me/statistics/", "/no-such-page/"]
    for path in pages:
        visitor = Client()
        response = visitor.get(path)
        assert response.status_code < 500, path
        assert "sessionid" not in response.cookies, path
    assert Session.objects.count() == sessions
    # The lobby still offers to join, from the page (the socket does not know this visitor).
    html = Client().get(lobby).content.decode()
    assert f'action="{lobby}join/"' in html and 'method="post"' in html
    assert 'data-over="socket"' not in html


def test_joining_from_the_page_starts_the_session_and_takes_the_seat():
    lobby = online_lobby()
    friend = Client()
    friend.get(lobby)
    sessions = Session.objects.count()
    response = friend.post(lobby + "join/", {"name": "Bob"})
    assert response.status_code == 302 and response["Location"] == lobby
    assert Session.objects.count() == sessions + 1
    seat = Seat.objects.get(table__public_id=lobby.split("/")[2], index=1)
    assert (seat.name, seat.guest) == ("Bob", friend.session[GUEST_SESSION_KEY])
    # Back on the page the friend is seated, and the socket will know them by that session.
    html = friend.get(lobby).content.decode()
    assert 'data-watching="true"' not in html
    assert "You joined the game as Bob." in html
    assert 'data-over="socket"' in html  # known now: a later join would go over the socket


def test_a_refused_join_says_why_and_changes_nothing():
    lobby = online_lobby()
    friend = Client()
    sessions, seats = Session.objects.count(), Seat.objects.count()
    response = friend.post(lobby + "join/", {"name": "   "}, follow=True)
    assert b"Choose a display name." in response.content
    assert Seat.objects.count() == seats
    assert Session.objects.count() == sessions  # nothing stored for a refused join
    assert friend.post("/tables/no-such-table/join/", {"name": "Bob"}).status_code == 404
    assert Session.objects.count() == sessions
    assert friend.get(started_table() + "join/").status_code == 405  # joining is a POST


def test_a_join_over_the_socket_without_a_session_is_refused():
    """Someone the socket cannot know again would get a seat nobody could play."""
    lobby = online_lobby()
    nobody = services.Player(user_id=None, session_key=None)
    with pytest.raises(services.TableError, match="Reload the page"):
        services.join_table(public_id=lobby.split("/")[2], player=nobody, name="Bob")
    assert Seat.objects.filter(table__public_id=lobby.split("/")[2]).count() == 1


@settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    name=st.one_of(
        st.text(alphabet=st.characters(codec="utf-8"), max_size=60),
        st.sampled_from(["", "   ", "\x00", "x" * 41, "<script>"]),
    ),
    public_id=st.one_of(
        st.none(), st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=20)
    ),
)
def test_garbage_joins_get_an_answer_and_store_nothing(no_rate_limits, name, public_id):
    lobby = online_lobby()
    path = lobby if public_id is None else f"/tables/{quote(public_id, safe='')}/"
    sessions, seats = Session.objects.count(), Seat.objects.count()
    response = Client().post(path + "join/", {"name": name}, follow=True)
    # A NUL is refused before the page, in words (dominoes.request_input).
    nul = "\x00" in name + (public_id or "")
    assert response.status_code in ((400,) if nul else (200, 404))
    if Seat.objects.count() == seats:
        assert Session.objects.count() == sessions
        assert (
            response.status_code == 404
            or b'class="message error"' in response.content
            or (nul and b"(NUL)" in response.content)
        )
    else:  # a good name at the lobby: the friend sits, with their new session
        assert public_id is None and Session.objects.count() == sessions + 1
