import pytest
from django.urls import reverse

from games.engine import Preset
from games.preset_cards import preset_cards

# The home page reads the person's games and how many people play now.
pytestmark = pytest.mark.django_db

PRESET_NAMES = [
    "Classic",
    "Single round",
    "Team draw",
    "Draw",
    "Block",
    "All Fives",
    "Brazilian partnership",
]


def test_home_page_says_what_the_site_is(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Online double-six dominoes" in html
    assert "against the computer at four levels" in html
    assert "live with friends" in html
    assert "Tournaments" in html
    assert "US$5/month" in html
    for name in PRESET_NAMES:
        assert f'<span class="card-name">{name}</span>' in html


def test_home_page_describes_every_tournament_format(client):
    """Knockout, round robin and Swiss, as a host may pick them (issue 35, 24)."""
    html = " ".join(client.get("/").content.decode().split())
    assert "a knockout bracket (winner advances)" in html
    assert "a round-robin where everyone meets everyone once" in html
    assert "or a Swiss, where each round pairs players with the same score" in html
    spanish = " ".join(client.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode().split())
    assert "o suizo, donde cada ronda empareja" in spanish


def test_home_page_lists_every_game_the_engine_plays(client):
    html = client.get("/").content.decode()
    cards = preset_cards()
    assert [card["preset"] for card in cards] == [preset.value for preset in Preset]
    for card in cards:
        assert f'data-preset="{card["preset"]}"' in html
        assert str(card["summary"]).strip()
    assert [str(card["name"]) for card in cards[: len(PRESET_NAMES)]] == PRESET_NAMES


def test_layout_is_accessible_and_self_contained(client):
    html = client.get(reverse("home")).content.decode()
    assert '<html lang="en">' in html
    assert '<main id="content">' in html
    assert '<nav aria-label="Main">' in html
    assert 'href="/static/css/site.css"' in html
    assert "https://" not in html  # no CDN or other outside resources


def test_home_page_links_lead_somewhere(client):
    """Every link on the page (sign in, sign up, the stylesheet) answers."""
    import re

    html = client.get("/").content.decode()
    links = set(re.findall(r'href="(/[^"]*)"', html))
    assert links >= {"/", "/accounts/login/", "/accounts/signup/"}
    for link in sorted(links - {"/static/css/site.css"}):
        assert client.get(link).status_code == 200, link
