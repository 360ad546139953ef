import pytest
from django.urls import reverse

from dominoes.views import RULE_PRESETS
from games.engine import Preset

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
    "Latin",
    "Puerto Rican",
    "Dominican",
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


def test_home_page_lists_exactly_the_presets():
    assert [name for _, name, _ in RULE_PRESETS] == PRESET_NAMES
    assert [preset for preset, _, _ in RULE_PRESETS] == [preset.value for preset in Preset]
    assert all(summary.strip() for _, _, summary in RULE_PRESETS)


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
