"""Issue 35, points 12 and 13: a refused setup says so at the top, a target that is not a
number is refused in words (a number input turned "2e" into "" and a game to 100), and the
page offers the seat counts the engine allows (its data, not a copy of the rule)."""

import json
import re

import pytest
from page_support import SETUP, setup_post

from games.engine import PRESET_SEATS
from games.forms import SetupForm
from games.models import Table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("typed", ["2e", "1e2", "ten", "150.5"])
def test_a_target_that_is_not_a_number_is_refused_in_words(client, typed):
    html = setup_post(client, match_format="target", target=typed).content.decode()
    assert "Write the target as a whole number of points, from 25 to 500." in html
    assert Table.objects.count() == 0


def test_the_target_is_typed_as_text_so_the_server_sees_what_was_typed(client):
    html = client.get(SETUP).content.decode()
    target = re.search(r"<input[^>]*id=\"id_target\"[^>]*>", html)[0]
    assert 'type="text"' in target and 'inputmode="numeric"' in target


@pytest.mark.parametrize("target", ["7", "100000"])
def test_a_refused_form_has_a_summary_at_the_top_linking_to_the_field(client, target):
    html = setup_post(client, match_format="target", target=target).content.decode()
    summary = re.search(r'<div class="form-errors"[^>]*data-error-summary.*?</div>', html, re.S)
    assert summary, "no error summary"
    assert html.index("data-error-summary") < html.index('name="preset"')  # above the fields
    assert 'role="alert"' in summary[0] and 'tabindex="-1"' in summary[0]
    assert 'href="#id_target">Target points: A target is from 25 to 500 points.' in summary[0]
    assert "js/form_errors.js" in html  # which moves the focus to the first field in error


def test_a_rules_refusal_is_in_the_summary(client):
    html = setup_post(client, preset="classic", seats="4").content.decode()
    summary = re.search(r"data-error-summary.*?</div>", html, re.S)[0]
    assert "Classic is a game for 2 players" in summary


def test_the_page_passes_the_engines_seat_counts(client):
    html = client.get(SETUP).content.decode()
    data = re.search(r'<script id="seat-counts" type="application/json">(.*?)</script>', html)
    counts = json.loads(data[1])
    assert counts == {preset.value: list(seats) for preset, seats in PRESET_SEATS.items()}
    assert counts["classic"] == [2] and counts["brazilian"] == [2, 4]


def test_the_second_computer_is_not_called_a_partner_in_its_label():
    form = SetupForm()
    assert form["level_2"].label == "Second computer"
    assert "4 players" in str(form["level_2"].help_text)  # shown with 4 players only
