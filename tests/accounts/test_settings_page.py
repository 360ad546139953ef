"""The settings page: signed-in players only, each editing their own display name and
preferences, CSRF on, bad input refused with a message and nothing changed."""

import re

import pytest
from accounts_support import verified_user
from django.test import Client

from games.models import Preferences

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

URL = "/accounts/settings/"
VALID = {
    "display_name": "Ada L.",
    "preset": "classic",
    "target": "150",
    "single_draw": "on",
    "computer_level": "hard",
    "alternating_starters": "on",
}


def test_a_guest_is_sent_to_sign_in_and_a_guests_post_changes_nothing(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={URL}"
    assert client.post(URL, VALID).status_code == 302
    assert not Preferences.objects.exists()


def test_the_page_shows_the_players_current_settings(client):
    user = verified_user("ada@example.com", display_name="Ada")
    client.force_login(user)
    html = client.get(URL).content.decode()
    assert 'name="csrfmiddlewaretoken"' in html
    assert 'name="display_name" value="Ada"' in html
    assert re.search(r'name="preset" value="draw" [^>]*checked>', html)
    assert re.search(r'name="show_hints" [^>]*checked>', html)
    assert not re.search(r'name="single_draw" [^>]*checked>', html)
    assert "Change your password" in html
    # The nav shows who is signed in, the settings link and the sign-out button.
    assert '<li class="signed-in-as">Ada</li>' in html
    assert 'href="/accounts/settings/" aria-current="page">Settings</a>' in html
    assert "Sign out" in html and "Sign up" not in html


def test_saving_changes_the_players_settings_and_says_so(client):
    user = verified_user("ada@example.com", display_name="Ada")
    client.force_login(user)
    response = client.post(URL, VALID, follow=True)
    assert response.redirect_chain == [(URL, 302)]
    assert "Your settings are saved" in response.content.decode()
    user.refresh_from_db()
    assert user.first_name == "Ada L."
    preferences = Preferences.objects.get(user=user)
    assert (preferences.preset, preferences.target, preferences.computer_level) == (
        "classic",
        150,
        "hard",
    )
    assert preferences.single_draw and preferences.alternating_starters
    assert not preferences.show_hints  # an unticked box is off
    assert '<li class="signed-in-as">Ada L.</li>' in response.content.decode()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"target": "20"}, "greater than or equal to 25"),
        ({"target": "many"}, "Enter a whole number"),
        ({"preset": "snooker"}, "Select a valid choice"),
        ({"display_name": "  "}, "This field is required"),
        ({"display_name": "x" * 41}, "at most 40 characters"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_changes_nothing(client, change, message):
    user = verified_user("ada@example.com", display_name="Ada")
    client.force_login(user)
    response = client.post(URL, {**VALID, **change})
    assert response.status_code == 200
    assert message in response.content.decode()
    user.refresh_from_db()
    assert user.first_name == "Ada"
    assert not Preferences.objects.filter(user=user).exists()


def test_one_player_cannot_change_anothers_settings(client):
    ada = verified_user("ada@example.com", display_name="Ada")
    bob = verified_user("bob@example.com", display_name="Bob")
    client.force_login(bob)
    # Nothing in the request names whose settings these are: a user field is ignored.
    client.post(URL, {**VALID, "user": ada.pk, "display_name": "Mallory"})
    ada.refresh_from_db()
    bob.refresh_from_db()
    assert ada.first_name == "Ada" and not Preferences.objects.filter(user=ada).exists()
    assert bob.first_name == "Mallory" and Preferences.objects.get(user=bob).preset == "classic"


def test_a_post_without_the_csrf_token_is_refused():
    user = verified_user("ada@example.com", display_name="Ada")
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.post(URL, VALID).status_code == 403
    user.refresh_from_db()
    assert user.first_name == "Ada"
    assert not Preferences.objects.exists()


def test_the_account_pages_linked_from_the_settings_open_in_the_sites_page(client):
    client.force_login(verified_user("ada@example.com", display_name="Ada"))
    for path in ("/accounts/password/change/", "/accounts/email/"):
        response = client.get(path)
        assert response.status_code == 200, path
        html = response.content.decode()
        assert '<li class="signed-in-as">Ada</li>' in html, path  # inside the site's base.html
        assert 'class="account-form"' in html, path
