"""Every page type is served with a strict Content-Security-Policy (no 'unsafe-inline', no
'unsafe-eval') and a Permissions-Policy, and holds nothing that policy would block: no inline
script, style, style attribute, handler or javascript: URL (a nonce only where Django's own
admin and CSRF page use one). Django's test client, real PostgreSQL."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from accounts_support import verified_user
from csp_audit import header_problems, inline_problems, nonce_of
from django.test import Client
from records.stats_builders import computer_match

import dominoes.views
from games import services
from games.engine import Rules
from games.records.profiles import profile_url
from games.services import Player
from tournaments import services as tournaments

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

LEVELS = {"level_1": "easy", "level_2": "easy", "level_3": "easy"}
COMPUTER = {"mode": "computer", "preset": "draw", "seats": "2", "name": "Ann", **LEVELS}
ONLINE = {"mode": "online", "preset": "block", "seats": "2", "name": "Host", **LEVELS}


def table_path(response) -> str:
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


@pytest.fixture
def member():
    """A signed-in staff superuser (the admin's pages too) with a finished match and a
    tournament of their own."""
    user = verified_user("ada@example.com", display_name="Ada")
    user.is_staff = user.is_superuser = True
    user.save()
    tournaments.make_host(user=user)
    client = Client()
    client.force_login(user)
    return client, user


@pytest.fixture
def pages(member):
    """(what, client, path, expected status) for every page type of the site."""
    client, user = member
    me = Player(user_id=user.pk, session_key=None)
    finished = computer_match(me, preset="block", seats=2)
    tournament = tournaments.create_tournament(host=user, name="Spring cup")

    guest = Client()
    computer_table = table_path(guest.post("/play/", COMPUTER))
    host = Client()
    lobby = table_path(host.post("/play/", ONLINE))
    started = services.create_online_table(
        player=me, name="Ada", rules=Rules.for_preset("block", seats=2), turn_seconds=None
    )
    services.start_table(public_id=started.public_id, player=me, level="easy")
    unfinished = services.create_computer_table(
        player=me, name="Ada", rules=Rules.for_preset("draw", seats=2), levels=["easy"]
    )
    anonymous = Client()
    waiter = Client()
    waiting = waiter.post("/quick/", {"preset": "draw", "seats": "3", "name": "Wes"})["Location"]
    return [
        ("home", anonymous, "/", 200),
        ("your games", guest, "/me/", 200),
        ("quick match", anonymous, "/quick/", 200),
        ("quick match waiting", waiter, waiting, 200),
        ("open tables", anonymous, "/quick/lobby/", 200),
        ("home, signed in", client, "/", 200),
        ("setup", anonymous, "/play/", 200),
        ("computer table", guest, computer_table, 200),
        ("someone else's computer table", anonymous, computer_table, 403),
        ("online table's lobby", host, lobby, 200),
        ("online table, playing", client, f"/tables/{started.public_id}/", 200),
        ("finished table", client, f"/tables/{finished.public_id}/", 200),
        ("spectator", anonymous, f"/tables/{started.public_id}/", 200),
        ("statistics", client, "/me/statistics/", 200),
        ("history", client, "/me/history/", 200),
        ("leaderboard", anonymous, "/leaderboard/", 200),
        ("player page", anonymous, profile_url(user.pk), 200),
        ("replay", client, f"/tables/{finished.public_id}/replay/", 200),
        ("replay not yet", client, f"/tables/{unfinished.public_id}/replay/", 403),
        ("replay import", anonymous, "/replays/import/", 200),
        ("tournaments", client, "/tournaments/", 200),
        ("tournament", client, f"/tournaments/{tournament.public_id}/", 200),
        ("pricing", anonymous, "/billing/pricing/", 200),
        ("billing", client, "/billing/", 200),
        ("corporate plan", anonymous, "/billing/corporate/", 200),
        ("sign in", anonymous, "/accounts/login/", 200),
        ("sign up", anonymous, "/accounts/signup/", 200),
        ("password reset", anonymous, "/accounts/password/reset/", 200),
        ("password reset sent", anonymous, "/accounts/password/reset/done/", 200),
        ("verification sent", anonymous, "/accounts/confirm-email/", 200),
        ("sign out", client, "/accounts/logout/", 200),
        ("email addresses", client, "/accounts/email/", 200),
        ("password change", client, "/accounts/password/change/", 200),
        ("settings", client, "/accounts/settings/", 200),
        ("admin sign in", anonymous, "/admin/login/", 200),
        ("admin", client, "/admin/", 200),
        ("admin list", client, "/admin/tournaments/tournament/", 200),
        ("admin form", client, f"/admin/tournaments/tournament/{tournament.pk}/change/", 200),
        ("404", anonymous, "/no-such-page/", 404),
        ("a table that does not exist", anonymous, "/tables/no-such-table/", 404),
    ]


def audit(response) -> list[str]:
    policy = response.headers.get("Content-Security-Policy")
    problems = header_problems(policy)
    if not response.headers.get("Permissions-Policy"):
        problems.append("no Permissions-Policy header")
    if response["Content-Type"].startswith("text/html"):
        problems += inline_problems(response.content.decode(), policy)
    return problems


def test_every_page_type_has_a_strict_policy_and_nothing_inline_it_would_block(pages):
    found = {}
    for what, client, path, status in pages:
        response = client.get(path)
        assert response.status_code == status, (what, path, response.status_code)
        if problems := audit(response):
            found[f"{what} ({path})"] = problems
    assert not found, found


def test_error_pages_have_the_policy_too(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(dominoes.views, "render", broken)
    errors = {
        "500": Client(raise_request_exception=False).get("/"),
        "400 (a host not allowed)": Client(HTTP_HOST="evil.example").get("/play/"),
        "405": Client().delete("/play/"),
        "403 (CSRF)": Client(enforce_csrf_checks=True).post("/play/", COMPUTER),
    }
    assert [response.status_code for response in errors.values()] == [500, 400, 405, 403]
    found = {what: problems for what, response in errors.items() if (problems := audit(response))}
    assert not found, found


def test_the_policy_allows_only_the_site_itself_and_stripes_pages_for_forms():
    policy = Client().get("/").headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"  # no nonce: nothing on the page used it
    # The table's WebSocket: CSP3's 'self' covers ws: and wss: to this host.
    assert directives["connect-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert directives["form-action"].split() == [
        "'self'",
        "https://checkout.stripe.com",
        "https://billing.stripe.com",
    ]


FORM_ACTION = """
import json
from dominoes import settings
print(json.dumps(settings.SECURE_CSP["form-action"]))
"""


def test_a_stripe_stand_in_may_be_the_target_of_forms_too():
    """Tests and staging point STRIPE_API_BASE at a stand-in that serves Checkout's pages: our
    form's POST redirects there, and Chromium checks a form's redirects against form-action."""
    result = subprocess.run(
        [sys.executable, "-c", FORM_ACTION],
        cwd=Path(__file__).resolve().parents[2],
        env={"PATH": os.environ["PATH"], "STRIPE_API_BASE": "http://127.0.0.1:8420/v1/"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [
        "'self'",
        "https://checkout.stripe.com",
        "https://billing.stripe.com",
        "http://127.0.0.1:8420",
    ]


def test_a_nonce_is_named_only_where_djangos_own_markup_uses_it(member):
    client, _ = member
    admin = client.get("/admin/")
    assert nonce_of(admin.headers["Content-Security-Policy"])
    assert f'nonce="{nonce_of(admin.headers["Content-Security-Policy"])}"' in admin.text
    assert nonce_of(client.get("/play/").headers["Content-Security-Policy"]) is None


def test_the_permissions_policy_denies_devices_location_and_payment():
    header = Client().get("/").headers["Permissions-Policy"]
    features = dict(re.findall(r"([a-z-]+)=\(([^)]*)\)", header))
    for denied in ("camera", "microphone", "geolocation", "payment", "usb", "serial", "hid"):
        assert features[denied] == "", denied
    # The table copies its share link.
    assert features["clipboard-write"] == "self"
