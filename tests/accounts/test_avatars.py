"""Issue 35, point 5: computers have names and faces, people an avatar. A computer's name
follows from its level and seat (the engine's bots), the same on every page and the wire; a
person's avatar is their initials on a colour that follows from who they are, or the colour
and emoji they chose in settings, in the table's state and on their profile."""

import pytest
from accounts_support import verified_user
from django.core.exceptions import ValidationError

from accounts.avatars import COLOURS, EMOJIS, colour_for, initials, person_avatar
from accounts.selectors import avatar_of
from accounts.services import set_avatar
from games import selectors, services
from games.engine import Rules
from games.engine.bots import BOT_NAMES, Level, bot_name
from games.your_games import games_in_progress

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_a_computer_is_named_by_its_level_and_seat_and_no_two_share_a_name():
    every = [name for names in BOT_NAMES.values() for name in names]
    assert len(every) == len(set(every)), "a name in two levels' lists"
    for level in Level:
        seats = [bot_name(level, seat) for seat in range(4)]
        assert len(set(seats)) == 4, (level, seats)
        assert seats == [bot_name(level.value, seat) for seat in range(4)]  # stable
    assert bot_name("medium", 1) == "Rosa"


def test_initials_and_the_default_colour_follow_from_the_person():
    assert initials("Ada Lovelace") == "AL"
    assert initials("ana") == "A"
    assert initials("Guest 4821") == "G4"
    assert initials("Zoë van der Berg") == "ZB"
    assert initials("🙂") == "🙂"
    assert initials("🎲 Ana") == "A"
    assert colour_for("user:7") == colour_for("user:7") in COLOURS
    assert len({colour_for(f"user:{n}") for n in range(40)}) > 3, "every colour the same"
    assert person_avatar(name="Ada Lovelace", user_id=7) == {
        "initials": "AL",
        "colour": colour_for("user:7"),
    }
    chosen = person_avatar(name="Ada", user_id=7, colour="teal", emoji="fox")
    assert chosen == {"emoji": EMOJIS["fox"], "colour": "teal"}
    # Anything not offered is the default, never shown as given.
    assert person_avatar(name="Ada", user_id=7, colour="<b>", emoji="x") == person_avatar(
        name="Ada", user_id=7
    )


def test_a_chosen_avatar_is_kept_and_a_bad_choice_refused():
    ada = verified_user("ada@example.com", display_name="Ada Lovelace")
    assert avatar_of(ada)["initials"] == "AL"
    set_avatar(user=ada, colour="plum", emoji="owl")
    ada.refresh_from_db()
    assert avatar_of(ada) == {"emoji": EMOJIS["owl"], "colour": "plum"}
    with pytest.raises(ValidationError):
        set_avatar(user=ada, colour="chartreuse", emoji="")
    ada.refresh_from_db()
    assert avatar_of(ada)["colour"] == "plum"


def test_the_tables_state_names_each_computer_and_gives_every_seat_its_avatar():
    ada = verified_user("ada@example.com", display_name="Ada Lovelace")
    set_avatar(user=ada, colour="teal", emoji="")
    player = services.Player(user_id=ada.pk, session_key=None)
    table = services.create_computer_table(
        player=player,
        name="Ada Lovelace",
        rules=Rules.for_preset("draw", seats=4),
        levels=["easy", "medium", "medium"],
    )
    seats = selectors.table_state(selectors.table_for(table.public_id), 0)["table"]["seats"]
    assert [(s["name"], s["bot"], s["avatar"]) for s in seats] == [
        ("Ada Lovelace", None, {"initials": "AL", "colour": "teal"}),
        ("Dot", "easy", {"bot": "easy"}),
        ("Nina", "medium", {"bot": "medium"}),
        ("Paco", "medium", {"bot": "medium"}),
    ]
    # Your games say the same names, with the same faces.
    (game,) = games_in_progress(player)
    assert game.avatars == ({"bot": "easy"}, {"bot": "medium"}, {"bot": "medium"})
    assert (
        "Dot" in game.opponents and "Nina" in game.opponents and "Computer" not in (game.opponents)
    )


def test_the_profile_shows_the_avatar(client):
    ada = verified_user("ada@example.com", display_name="Ada Lovelace")
    set_avatar(user=ada, colour="rose", emoji="fox")
    html = client.get(f"/players/{ada.username}/").content.decode()
    face = EMOJIS["fox"]
    assert (
        f'<span class="avatar avatar-large" data-colour="rose" aria-hidden="true">{face}</span>'
        in (html)
    )


def test_your_games_show_the_other_players_avatars(client):
    ada = verified_user("ada@example.com", display_name="Ada")
    bob = verified_user("bob@example.com", display_name="Bob Marley")
    set_avatar(user=bob, colour="sky", emoji="owl")
    table = services.create_online_table(
        player=services.Player(user_id=ada.pk, session_key=None),
        name="Ada",
        rules=Rules.for_preset("draw", seats=2),
    )
    services.join_table(
        public_id=table.public_id,
        player=services.Player(user_id=bob.pk, session_key=None),
        name="Bob Marley",
    )
    client.force_login(ada)
    html = client.get("/me/").content.decode()
    owl = EMOJIS["owl"]
    assert f'<span class="avatar" data-colour="sky" aria-hidden="true">{owl}</span>' in html
