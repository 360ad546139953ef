"""Issue 35, point 16: a person chooses and changes their handle in settings. The rule
(characters of an address, 3 to 30, no bare number, no word the site keeps), unique in any
case against every handle held or given up, and the old address sent on (301) to the new."""

import pytest
from accounts_support import verified_user
from django.core.exceptions import ValidationError

from accounts.handles import RESERVED_HANDLES, clean_handle, unused_handle
from accounts.models import FormerHandle
from accounts.services import change_handle, give_handle

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

URL = "/accounts/settings/"
FORM = {"display_name": "Ada", "preset": "draw", "computer_level": "easy"}


@pytest.mark.parametrize(
    ("typed", "saved"),
    [("ada", "ada"), ("  Ada-L ", "ada-l"), ("ada_lovelace", "ada_lovelace"), ("a1b", "a1b")],
)
def test_a_handle_within_the_rule_is_saved_in_lower_case(typed, saved):
    assert clean_handle(typed) == saved


@pytest.mark.parametrize(
    ("typed", "code", "words"),
    [
        ("", "required", "Choose a handle."),
        ("ab", "length", "A handle has 3 to 30 characters."),
        ("a" * 31, "length", "A handle has 3 to 30 characters."),
        ("ada lovelace", "invalid_character", "letters a to z, digits, hyphens"),
        ("zoë", "invalid_character", "letters a to z"),
        ("-ada", "invalid_character", "starts and ends with a letter or a digit"),
        ("ada.7", "invalid_character", "letters a to z"),
        ("12345", "number", "at least one letter"),
        ("Admin", "reserved", "“admin” is a word the site keeps for itself"),
        ("support", "reserved", "choose another handle"),
    ],
)
def test_a_handle_outside_the_rule_is_refused_in_words(typed, code, words):
    with pytest.raises(ValidationError) as refused:
        clean_handle(typed)
    assert refused.value.code == code
    assert words in refused.value.messages[0]


def test_a_handle_made_from_a_display_name_is_never_a_reserved_word():
    assert "admin" in RESERVED_HANDLES
    assert unused_handle("Admin", taken=lambda handle: False) == "admin-2"


def test_a_handle_is_unique_in_any_case_and_a_given_up_one_stays_its_owners():
    ada = verified_user("ada@example.com", display_name="Ada")
    bob = verified_user("bob@example.com", display_name="Bob")
    give_handle(user=ada)
    give_handle(user=bob)
    with pytest.raises(ValidationError, match="The handle “ada” is taken"):
        change_handle(user=bob, handle="ADA")
    assert change_handle(user=ada, handle="countess") == "countess"
    # "ada" now sends its links on to Ada: nobody else may take it...
    with pytest.raises(ValidationError, match="taken"):
        change_handle(user=bob, handle="Ada")
    # ... nor is it given at sign-up to another "Ada".
    other_ada = verified_user("ada2@example.com", display_name="Ada")
    assert give_handle(user=other_ada) == "ada-2"
    # ... but Ada may come back to it, and then "countess" is the one given up.
    assert change_handle(user=ada, handle="ada") == "ada"
    assert set(FormerHandle.objects.values_list("handle", flat=True)) == {"countess"}
    bob.refresh_from_db()
    assert bob.username == "bob"


def test_a_staff_account_keeps_the_username_an_operator_gave_it():
    staff = verified_user("op@example.com", display_name="Op")
    staff.is_staff = True
    staff.save()
    with pytest.raises(ValidationError, match="staff account"):
        change_handle(user=staff, handle="operator-1")


def test_settings_change_the_handle_and_the_old_address_redirects(client):
    ada = verified_user("ada@example.com", display_name="Ada")
    give_handle(user=ada)
    client.force_login(ada)
    html = client.get(URL).content.decode()
    assert 'name="handle" value="ada"' in html
    response = client.post(URL, {**FORM, "handle": "Ada-Lovelace"}, follow=True)
    assert response.redirect_chain == [(URL, 302)]
    ada.refresh_from_db()
    assert ada.username == "ada-lovelace"
    assert client.get("/players/ada-lovelace/").status_code == 200
    old = client.get("/players/ada/")
    assert old.status_code == 301 and old["Location"] == "/players/ada-lovelace/"
    # In another case, the address still finds its player.
    other_case = client.get("/players/ADA-Lovelace/")
    assert other_case.status_code == 301 and other_case["Location"] == "/players/ada-lovelace/"
    # Changed again: both old addresses lead to the newest.
    client.post(URL, {**FORM, "handle": "countess"})
    for old_handle in ("ada", "ada-lovelace"):
        old = client.get(f"/players/{old_handle}/")
        assert old.status_code == 301 and old["Location"] == "/players/countess/"
    assert client.get("/players/nobody-here/").status_code == 404


def test_settings_refuse_a_taken_or_reserved_handle_next_to_the_field(client):
    ada = verified_user("ada@example.com", display_name="Ada")
    bob = verified_user("bob@example.com", display_name="Bob")
    give_handle(user=ada)
    give_handle(user=bob)
    client.force_login(bob)
    for typed, words in (
        ("ADA", "The handle “ada” is taken: choose another."),
        ("staff", "“staff” is a word the site keeps for itself: choose another handle."),
        ("no way", "A handle uses only letters a to z"),
    ):
        response = client.post(URL, {**FORM, "handle": typed})
        assert response.status_code == 200
        assert words in response.content.decode()
        bob.refresh_from_db()
        assert bob.username == "bob"
    # A post without the field keeps the handle (the display name is still saved).
    client.post(URL, {**FORM, "display_name": "Robert"})
    bob.refresh_from_db()
    assert (bob.username, bob.first_name) == ("bob", "Robert")


def test_a_staff_account_is_not_offered_the_handle(client):
    staff = verified_user("op@example.com", display_name="Op")
    staff.is_staff = True
    staff.save()
    client.force_login(staff)
    assert 'name="handle"' not in client.get(URL).content.decode()
    client.post(URL, {**FORM, "handle": "someone-else"})
    staff.refresh_from_db()
    assert staff.username == "op"
