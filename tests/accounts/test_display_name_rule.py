"""One rule for a display name everywhere a name is chosen or stored (accounts.names): the
sign-up, settings and setup pages, joining a table (the socket's service), the admin and the
seat model refuse the same characters with the same words; names in any script and emoji
pass, normalised (NFC) and trimmed."""

import re
from importlib import import_module

import pytest
from accounts_support import PASSWORD, verified_user
from django.apps import apps as django_apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from factories import online_table

from accounts.names import clean_display_name
from games import services
from games.models import Seat, Table

pytestmark = pytest.mark.django_db

#: What a terminal, a log reader or another player's screen would take for something else.
REFUSED = {
    "bell": ("Ada\x07", "U+0007 (an invisible character)"),
    "escape sequence": ("\x1b[31mAda", "U+001B (an escape)"),
    "right-to-left override": ("Ada\u202eevil", "U+202E (right-to-left override)"),
    "bidi isolate": ("\u2066Ada\u2069", "U+2066 (left-to-right isolate)"),
    "newline": ("Ada\nLovelace", "U+000A (a line break)"),
    "line separator": ("Ada\u2028Lovelace", "U+2028 (line separator)"),
    "zero-width space": ("Ada\u200b", "U+200B (zero width space)"),
    "hidden tag text": ("Ada\U000e0041", "U+E0041 (tag latin capital letter a)"),
}
#: Any script, and emoji sequences that need the zero-width joiner or tag characters.
ACCEPTED = [
    "Zoë",
    "محمد",
    "山田 太郎",
    "नमस्ते",
    "نرگس\u200cها",  # the zero-width non-joiner shapes Persian
    "👨\u200d👩\u200d👧 family",
    "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f fan",  # England
]
SETUP = {"preset": "draw", "seats": "2", "level_1": "easy", "level_2": "easy", "level_3": "easy"}
WORDS = "A display name cannot contain invisible or control characters"


def refused_names():
    return pytest.mark.parametrize(("name", "named"), REFUSED.values(), ids=REFUSED.keys())


@refused_names()
def test_the_rule_refuses_control_and_format_characters_and_names_the_one_to_remove(name, named):
    with pytest.raises(ValidationError) as refused:
        clean_display_name(name)
    assert refused.value.messages == [
        f"{WORDS} such as line breaks or text-direction marks: remove {named}."
    ]


@pytest.mark.parametrize("name", ACCEPTED)
def test_names_in_any_script_and_emoji_pass_as_typed(name):
    assert clean_display_name(f"  {name}  ") == name


def test_a_name_is_normalised_so_one_name_has_one_spelling():
    assert clean_display_name("Zoe\u0308") == "Zoë"


def test_joiners_alone_are_no_name():
    with pytest.raises(ValidationError, match="Choose a display name"):
        clean_display_name("\u200d\u200c")


# --- every place a name is chosen -----------------------------------------------------------
@pytest.mark.integration
@refused_names()
def test_the_settings_page_refuses_the_name_and_changes_nothing(client, name, named):
    user = verified_user("ada@example.com", display_name="Ada")
    client.force_login(user)
    response = client.post(
        "/accounts/settings/",
        {"display_name": name, "preset": "draw", "computer_level": "medium"},
    )
    assert response.status_code == 200
    assert named in response.content.decode()
    user.refresh_from_db()
    assert user.first_name == "Ada"


@pytest.mark.integration
def test_the_settings_page_saves_the_name_normalised(client):
    user = verified_user("ada@example.com", display_name="Ada")
    client.force_login(user)
    client.post(
        "/accounts/settings/",
        {"display_name": " Zoe\u0308 ", "preset": "draw", "computer_level": "medium"},
    )
    user.refresh_from_db()
    assert user.first_name == "Zoë"


@pytest.mark.integration
@refused_names()
def test_sign_up_refuses_the_name_and_creates_nobody(client, name, named):
    response = client.post(
        "/accounts/signup/",
        {
            "display_name": name,
            "email": "ada@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 200
    assert named in response.content.decode()
    assert not get_user_model().objects.exists()


@pytest.mark.integration
@pytest.mark.parametrize("mode", ["computer", "online"])
@refused_names()
def test_the_setup_page_refuses_the_name_and_creates_no_table(client, mode, name, named):
    response = client.post(
        "/play/",
        {**SETUP, "mode": mode, "name": name},
    )
    assert response.status_code == 200
    assert named in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.integration
@pytest.mark.parametrize("name", ACCEPTED)
def test_the_setup_page_seats_a_name_in_any_script(client, name):
    response = client.post("/play/", {**SETUP, "mode": "online", "name": f" {name} "})
    assert response.status_code == 302
    assert Seat.objects.get().name == name


HOST = services.Player(user_id=None, session_key="host-browser")


@pytest.mark.integration
@refused_names()
def test_joining_a_table_refuses_the_name_in_the_same_words(name, named):
    table = online_table([HOST])
    guest = services.Player(user_id=None, session_key="guest-browser")
    with pytest.raises(services.TableError, match=f"{WORDS}.*{re.escape(named)}"):
        services.join_table(public_id=table.public_id, player=guest, name=name)
    assert table.seats.count() == 1


@pytest.mark.integration
@pytest.mark.parametrize("name", ACCEPTED)
def test_joining_a_table_seats_a_name_in_any_script(name):
    """The socket refused emoji joined by U+200D and Persian with U+200C before the rule."""
    table = online_table([HOST])
    guest = services.Player(user_id=None, session_key="guest-browser")
    services.join_table(public_id=table.public_id, player=guest, name=name)
    assert table.seats.get(index=1).name == name


@pytest.mark.integration
@pytest.mark.parametrize(("name", "saved"), [("Eve\u202eliam", "Eve"), (" Zoe\u0308 ", "Zoë")])
def test_staff_editing_a_player_in_the_admin_follow_the_rule(client, name, saved):
    root = get_user_model().objects.create_superuser("root", "root@example.com", PASSWORD)
    eve = verified_user("eve@example.com", display_name="Eve")
    client.force_login(root)
    url = f"/admin/auth/user/{eve.pk}/change/"
    assert "Display name" in client.get(url).content.decode()
    joined = eve.date_joined
    response = client.post(
        url,
        {
            "username": eve.username,
            "first_name": name,
            "last_name": "",
            "email": eve.email,
            "is_active": "on",
            "date_joined_0": joined.strftime("%Y-%m-%d"),
            "date_joined_1": joined.strftime("%H:%M:%S"),
        },
    )
    eve.refresh_from_db()
    assert eve.first_name == saved
    if saved == "Eve":
        assert "U+202E (right-to-left override)" in response.content.decode()
    else:
        assert response.status_code == 302


@refused_names()
def test_a_seat_refuses_the_name_when_validated(name, named):
    seat = Seat(table=Table(), index=0, name=name)
    with pytest.raises(ValidationError) as refused:
        seat.clean_fields(exclude=["table"])
    assert named in str(refused.value)


@pytest.mark.integration
def test_names_saved_before_the_rule_are_cleaned_or_cleared():
    """A name the rule refuses would keep its player out of tournament tables."""
    migration = import_module("accounts.migrations.0002_clean_display_names")
    kept = verified_user("ada@example.com", display_name=" Zoe\u0308 ")
    cleared = verified_user("eve@example.com", display_name="Eve\u202eliam")
    unnamed = verified_user("grace@example.com")
    migration.clean_stored_names(django_apps, None)
    names = dict(get_user_model().objects.values_list("pk", "first_name"))
    assert names == {kept.pk: "Zoë", cleared.pk: "", unnamed.pk: ""}
