"""Preferences: what the setup form starts from, for a signed-in player and for a guest."""

import itertools
import re

import pytest
from accounts_support import verified_user
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.test import Client

from games import preferences
from games.engine import Preset, Rules, Target
from games.engine.bots import Level
from games.forms import LEVEL_FIELDS, SetupForm, setup_initial
from games.models import Preferences, Table
from games.preferences import preferences_of

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

DEFAULTS = {
    "preset": "draw",
    "target": None,
    "single_draw": False,
    "show_hints": True,
    "computer_level": "medium",
    "alternating_starters": False,
}


def save(user, **changes):
    return preferences.save_settings(
        user=user, display_name=user.first_name or "Ada", **{**DEFAULTS, **changes}
    )


def form_values(initial: dict) -> dict:
    """The setup form's data as a browser would post it, starting from ``initial``."""
    form = SetupForm(initial=initial)
    data = {}
    for name, field in form.fields.items():
        value = form.get_initial_for_field(field, name)
        if value in (None, False):
            continue
        data[name] = "on" if value is True else str(value)
    return data


def test_a_guest_gets_the_forms_own_defaults():
    assert setup_initial(AnonymousUser()) == {}


def test_a_player_who_never_saved_preferences_starts_where_a_guest_does():
    user = verified_user("ada@example.com", display_name="Ada")
    assert not Preferences.objects.filter(user=user).exists()
    assert preferences_of(user).pk is None  # the defaults, not saved by reading them
    assert form_values(setup_initial(user)) == {**form_values({}), "name": "Ada"}


def test_saved_preferences_become_the_setup_forms_starting_values():
    user = verified_user("ada@example.com", display_name="Ada")
    save(
        user,
        preset="classic",
        target=250,
        single_draw=True,
        show_hints=False,
        computer_level="hard",
        alternating_starters=True,
    )
    user.refresh_from_db()
    initial = setup_initial(user)
    assert initial == {
        "preset": "classic",
        "show_hints": False,
        "name": "Ada",
        "level_1": "hard",
        "level_2": "hard",
        "level_3": "hard",
        "match_format": "target",
        "target": 250,
        "stuck": "single_draw",
        "next_opener": "rotate",
    }
    form = SetupForm(form_values(initial))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["rules"] == Rules.for_preset(
        "classic", seats=2, match={"target": 250}, stuck="single_draw", next_opener="rotate"
    )
    assert form.cleaned_data["show_hints"] is False


@pytest.mark.parametrize(
    ("preset", "target", "single_draw", "alternating"),
    list(itertools.product(list(Preset), [None, 25, 500], [False, True], [False, True])),
)
def test_every_preference_a_player_can_save_makes_a_valid_new_game(
    preset, target, single_draw, alternating
):
    user = verified_user("ada@example.com", display_name="Ada")
    save(
        user,
        preset=preset.value,
        target=target,
        single_draw=single_draw,
        alternating_starters=alternating,
    )
    user.refresh_from_db()
    form = SetupForm(form_values(setup_initial(user)))
    assert form.is_valid(), form.errors
    rules = form.cleaned_data["rules"]
    assert rules.preset == preset
    preset_rules = Rules.for_preset(preset, seats=rules.seats)
    assert rules.match == (Target(target) if target else preset_rules.match)
    assert rules.stuck == ("single_draw" if single_draw else preset_rules.stuck)
    assert rules.next_opener == ("rotate" if alternating else preset_rules.next_opener)


@pytest.mark.parametrize(
    "bad",
    [
        {"target": 24},
        {"target": 501},
        {"preset": "snooker"},
        {"computer_level": "grandmaster"},
        {"display_name": "   "},
        {"display_name": "x" * 41},
    ],
)
def test_bad_settings_are_refused_and_change_nothing(bad):
    user = verified_user("ada@example.com", display_name="Ada")
    save(user, target=150)
    with pytest.raises(ValidationError):
        preferences.save_settings(user=user, **{**DEFAULTS, "display_name": "Ada", **bad})
    user.refresh_from_db()
    assert user.first_name == "Ada"
    assert Preferences.objects.get(user=user).target == 150


def test_preferences_are_kept_per_player():
    ada = verified_user("ada@example.com", display_name="Ada")
    bob = verified_user("bob@example.com", display_name="Bob")
    save(ada, computer_level=Level.MASTER.value)
    bob.refresh_from_db()
    assert setup_initial(bob)["level_1"] == Level.MEDIUM.value


# --- the setup page -------------------------------------------------------------------------
def checked(html: str, name: str) -> str:
    found = re.search(rf'<input type="radio" name="{name}" value="([^"]+)"[^>]*checked', html)
    assert found, name
    return found.group(1)


def selected(html: str, name: str) -> str:
    select = re.search(rf'<select name="{name}".*?</select>', html, re.S)
    assert select, name
    found = re.search(r'<option value="([^"]*)" selected>', select.group(0))
    return found.group(1) if found else ""


def test_the_setup_page_starts_from_the_signed_in_players_preferences(client):
    user = verified_user("ada@example.com", display_name="Ada")
    save(user, preset="all_fives", target=75, single_draw=True, computer_level="easy")
    guest_html = Client().get("/play/").content.decode()
    client.force_login(user)
    html = client.get("/play/").content.decode()

    assert checked(guest_html, "preset") == "draw"
    assert checked(html, "preset") == "all_fives"
    assert selected(html, "match_format") == "target"
    assert 'name="target" value="75"' in html
    assert selected(html, "stuck") == "single_draw"
    assert selected(guest_html, "stuck") == ""
    assert [selected(html, name) for name in LEVEL_FIELDS] == ["easy"] * 3
    assert 'name="name" value="Ada"' in html
    assert re.search(r"<input type=\"text\" name=\"name\"(?! value)", guest_html)  # never "You"


def test_changing_preferences_never_changes_an_existing_tables_rules(client):
    user = verified_user("ada@example.com", display_name="Ada")
    save(user, preset="classic", target=200)
    client.force_login(user)
    user.refresh_from_db()
    response = client.post("/play/", form_values(setup_initial(user)))
    assert response.status_code == 302
    table = Table.objects.get(created_by=user)
    before = dict(table.rules)
    assert before == {"preset": "classic", "seats": 2, "match": {"target": 200}}
    assert table.seats.get(index=0).name == "Ada"

    save(user, preset="block", target=None, single_draw=True, alternating_starters=True)
    table.refresh_from_db()
    assert table.rules == before
    html = client.get(f"/tables/{table.public_id}/").content.decode()
    assert "To 200 points" in html
