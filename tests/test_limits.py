"""The site's limits over HTTP (dominoes.limits, dominoes.body_limit), counted in the real Redis
and stored in the real PostgreSQL: tables created, open tables, record imports and the
corporate contact form. Past a limit: 429 with Retry-After and the player's words (413 for a
body too large, refused unread), and nothing stored; a real player's use never meets them."""

import asyncio
import re
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from billing.models import CorporateLead
from dominoes import limits
from dominoes.asgi import application
from games import services
from games.engine import Rules
from games.models import Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SETUP = "/play/"
COMPUTER = {
    "preset": "draw",
    "seats": "2",
    "level_1": "easy",
    "level_2": "medium",
    "level_3": "medium",
    "name": "Alice",
}
ONLINE = {**COMPUTER, "mode": "online"}
DRAW = Rules.for_preset("draw", seats=2)
LEAD = {"name": "Ada", "email": "ada@acme.test", "organisation_name": "Acme", "players": "64"}


def refused(response, words: object) -> None:
    """``words``: a limit's message, lazy (in the reader's language when shown)."""
    html = response.content.decode()
    assert response.status_code == 429, html[:2000]
    assert int(response["Retry-After"]) >= 1
    assert str(words) in html and 'id="limit-reason"' in html
    assert re.search(r"<title>[^<]*Dominoes</title>", html) and 'class="site-header"' in html
    assert "<script" not in html and "style=" not in html and "<style" not in html


def test_a_player_starts_ten_tables_in_a_row_and_the_eleventh_is_refused_storing_nothing():
    client = Client()
    client.post(SETUP, COMPUTER)  # a guest's first table: counted by address (no session yet)
    for form in [COMPUTER, ONLINE] * 5:  # ten more, both kinds: far more than anyone starts
        assert client.post(SETUP, form).status_code == 302
    assert Table.objects.count() == 11

    response = client.post(SETUP, ONLINE)

    refused(response, limits.TABLES_CREATED.message)
    assert Table.objects.count() == 11


def test_new_guests_from_one_address_are_refused_past_the_address_budget(settings):
    settings.RATE_LIMITS = {"tables_created": {"per_address": "3/minute"}}
    for _ in range(3):
        assert Client().post(SETUP, COMPUTER).status_code == 302  # a new guest each time

    refused(Client().post(SETUP, COMPUTER), limits.TABLES_CREATED.message)
    assert Table.objects.count() == 3
    # Another address has its own budget.
    assert Client(REMOTE_ADDR="198.51.100.9").post(SETUP, COMPUTER).status_code == 302


def test_a_refused_new_guest_gets_no_session(settings):
    """The budget is counted before the guest's session starts: a refusal stores no row."""
    settings.RATE_LIMITS = {"tables_created": {"per_address": "1/minute"}}
    assert Client().post(SETUP, COMPUTER).status_code == 302
    sessions, stranger = Session.objects.count(), Client()  # a new browser, same address

    refused(stranger.post(SETUP, COMPUTER), limits.TABLES_CREATED.message)

    assert Session.objects.count() == sessions and "sessionid" not in stranger.cookies


def test_joining_from_the_lobby_page_counts_the_join_budget(settings):
    """The lobby's join form and the socket's join share one budget: a browser new to the
    site joins by the form, so the form is limited too."""
    settings.RATE_LIMITS = {"joins": {"per_person": "1/minute", "per_address": "3/minute"}}
    lobbies = [
        services.create_online_table(
            player=services.Player(user_id=None, session_key=f"host-{n}"), name="Host", rules=DRAW
        ).public_id
        for n in range(4)
    ]
    friend = Client()  # their first join starts their session: counted by address alone
    for lobby in lobbies[:2]:
        assert friend.post(f"/tables/{lobby}/join/", {"name": "Bob"}).status_code == 302
    refused(friend.post(f"/tables/{lobbies[2]}/join/", {"name": "Bob"}), limits.JOINS.message)
    # Another browser: its own first join, the address's third; then the address is spent.
    assert Client().post(f"/tables/{lobbies[2]}/join/", {"name": "Eve"}).status_code == 302
    refused(Client().post(f"/tables/{lobbies[3]}/join/", {"name": "Zoe"}), limits.JOINS.message)
    seated = [Table.objects.get(public_id=lobby).seats.count() for lobby in lobbies]
    assert seated == [2, 2, 2, 1]


def test_open_tables_stop_at_the_limit_with_an_error_on_the_setup_page(settings):
    settings.RATE_LIMITS = {"tables_created": {"per_person": "100/minute"}}
    client = Client()
    assert client.post(SETUP, ONLINE).status_code == 302
    token = client.session["guest"]
    host = services.Player(user_id=None, session_key=token)
    for _ in range(services.OPEN_TABLES - 1):
        services.create_online_table(player=host, name="A", rules=DRAW)

    response = client.post(SETUP, COMPUTER)

    assert response.status_code == 200
    assert "You already have 20 unfinished tables from the last day" in response.content.decode()
    assert Table.objects.count() == services.OPEN_TABLES
    # A finished table, or one nobody touched for a day, no longer counts.
    oldest = Table.objects.order_by("id").first()
    Table.objects.filter(pk=oldest.pk).update(updated_at=timezone.now() - timedelta(days=2))
    assert client.post(SETUP, COMPUTER).status_code == 302
    Table.objects.filter(pk=Table.objects.order_by("id")[1].pk).update(finished=True)
    assert client.post(SETUP, COMPUTER).status_code == 302


def test_an_accounts_open_tables_count_by_the_account(settings):
    user = get_user_model().objects.create_user("bo", "bo@example.com", "pw")
    player = services.Player(user_id=user.pk, session_key=None)
    for _ in range(services.OPEN_TABLES):
        services.create_computer_table(player=player, name="Bo", rules=DRAW, levels=["easy"])
    with pytest.raises(services.TooManyOpenTables):
        services.create_online_table(player=player, name="Bo", rules=DRAW)
    assert Table.objects.count() == services.OPEN_TABLES
    # Another person is not held back by them.
    other = services.Player(user_id=None, session_key="someone-else")
    services.create_online_table(player=other, name="Cy", rules=DRAW)


# --- record imports -------------------------------------------------------------------------
class Upload:
    """An ASGI client posting ``size`` bytes to the import page in 64 KB chunks, counting
    what the site pulled of them."""

    CHUNK = 65_536

    def __init__(self, size: int, *, declared: bool) -> None:
        self.size, self.declared, self.pulled = size, declared, 0
        self.sent: list[dict] = []

    async def run(self) -> tuple[int, str]:
        headers = [(b"host", b"testserver"), (b"content-type", b"multipart/form-data; boundary=x")]
        if self.declared:
            headers.append((b"content-length", str(self.size).encode()))
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": "/replays/import/",
            "raw_path": b"/replays/import/",
            "query_string": b"",
            "headers": headers,
            "client": ("127.0.0.1", 5000),
            "server": ("testserver", 80),
        }
        await application(scope, self.receive, self.send)
        start = next(m for m in self.sent if m["type"] == "http.response.start")
        body = b"".join(m.get("body", b"") for m in self.sent if m["type"] == "http.response.body")
        return start["status"], body.decode()

    async def receive(self) -> dict:
        if self.pulled * self.CHUNK >= self.size:
            await _forever()  # the client stays connected while the answer is written
        self.pulled += 1
        more = self.pulled * self.CHUNK < self.size
        return {"type": "http.request", "body": b"x" * self.CHUNK, "more_body": more}

    async def send(self, message: dict) -> None:
        self.sent.append(message)


async def _forever() -> None:
    await asyncio.Event().wait()


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_a_60_mb_import_is_refused_without_being_read(declared):
    upload = Upload(60_000_000, declared=declared)

    status, html = async_to_sync(upload.run)()

    assert status == 413
    assert "This upload is too large: the site takes files of at most 1 MB." in html
    # Declared: not a byte read. Chunked: read only up to the cap (17 of the 916 chunks).
    if declared:
        assert upload.pulled == 0
    else:
        assert 0 < upload.pulled <= 1_100_000 // Upload.CHUNK + 1


def test_a_record_of_normal_size_is_still_read_through_the_asgi_stack():
    upload = Upload(200_000, declared=True)  # not a valid multipart body: the form says so
    status, _ = async_to_sync(upload.run)()
    assert status != 413 and upload.pulled == 4


def test_imports_past_the_rate_are_refused_before_the_file_is_parsed(settings):
    settings.RATE_LIMITS = {"imports": {"per_person": "2/minute"}}
    client = Client()
    client.post(SETUP, COMPUTER)  # a guest
    for _ in range(2):
        response = client.post("/replays/import/", {"record": _file(b"not json")})
        assert response.status_code == 400
        assert "not a valid match record" in response.content.decode()

    refused(client.post("/replays/import/", {"record": _file(b"{}")}), limits.IMPORTS.message)


def _file(content: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("record.json", content, content_type="application/json")


# --- the corporate contact form -------------------------------------------------------------
def test_the_contact_form_takes_three_messages_an_hour_from_a_person():
    user = get_user_model().objects.create_user("ada", "ada@acme.test", "pw")
    client = Client()
    client.force_login(user)
    for _ in range(3):
        assert client.post("/billing/corporate/", LEAD).status_code == 302

    refused(client.post("/billing/corporate/", LEAD), limits.CONTACT.message)
    assert CorporateLead.objects.count() == 3


def test_the_contact_form_counts_visitors_without_an_account_by_address(settings):
    settings.RATE_LIMITS = {"contact": {"per_address": "2/hour"}}
    for _ in range(2):
        assert Client().post("/billing/corporate/", LEAD).status_code == 302
    refused(Client().post("/billing/corporate/", LEAD), limits.CONTACT.message)
    assert CorporateLead.objects.count() == 2
