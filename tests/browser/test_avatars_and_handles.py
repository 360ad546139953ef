"""Issue 35, points 5 and 16 in the browser: every seat of the table and its lobby shows an
avatar (a person's chosen emoji or initials on their colour; a computer's level's robot with
the level as a badge) beside a name ("Rosa", never "Computer (medium), seat 3"), at a laptop's
and a phone's size; and a person changes their handle and avatar in settings, the old profile
address leading to the new one."""

import pytest
from factories import make_user, online_table, sign_in
from playwright.sync_api import expect
from table_driver import start_match

from accounts.avatars import EMOJIS, colour_for
from accounts.services import set_avatar
from games import services
from games.engine.bots import bot_name

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SEATS_JS = "() => window.dominoesTable.state.table.seats"
BADGES = {"easy": "E", "medium": "M", "hard": "H", "master": "★"}


def ada(**avatar: str):
    user = make_user("ada", first_name="Ada Lovelace")
    if avatar:
        set_avatar(user=user, colour=avatar.get("colour", ""), emoji=avatar.get("emoji", ""))
    return user


def assert_seats_show_avatars(page) -> None:
    seats = page.evaluate(SEATS_JS)
    for seat in seats:
        shown = page.locator(f'#seats .seat[data-seat="{seat["index"]}"]')
        name = shown.locator(".seat-name")
        avatar = shown.locator(".seat-head .avatar")
        expect(avatar).to_be_visible()
        box = avatar.bounding_box()
        assert 20 <= box["width"] <= 40 and abs(box["width"] - box["height"]) < 1, box
        if seat["bot"]:
            expect(name).to_have_text(bot_name(seat["bot"], seat["index"]))
            # The robot is drawn (the page's sprite), with the level's badge on it.
            face = avatar.locator("svg").bounding_box()
            assert face["width"] > 20 and face["height"] > 20, face
            expect(avatar.locator("use")).to_have_attribute("href", f"#robot-{seat['bot']}")
            badge = page.locator(f"#robot-{seat['bot']} .avatar-badge")
            expect(badge).to_have_text(BADGES[seat["bot"]])
    names = page.locator("#seats .seat-name").all_inner_texts()
    assert not [name for name in names if "Computer" in name or "seat" in name], names


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["laptop", "phone"])
def test_every_seat_at_the_table_shows_its_avatar_and_a_computers_name(server, browser, size):
    user = ada(colour="teal", emoji="fox")
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(10_000)
    sign_in(page, server, user)
    start_match(page, server, preset="draw", seats=4, level="medium")
    mine = page.locator("#seats .seat.me .avatar")
    expect(mine).to_have_text(EMOJIS["fox"])
    expect(mine).to_have_attribute("data-colour", "teal")
    # The state keeps its fields and adds the avatar: a computer's name is its level's.
    seats = page.evaluate(SEATS_JS)
    assert seats[0]["avatar"] == {"emoji": EMOJIS["fox"], "colour": "teal"}
    assert seats[1] == {**seats[1], "name": "Rosa", "bot": "medium", "avatar": {"bot": "medium"}}
    assert_seats_show_avatars(page)
    # The avatar's circle is the colour chosen (site.css paints it), and its face reads.
    colour = mine.evaluate("(el) => getComputedStyle(el).backgroundColor")
    assert colour == "rgb(0, 119, 119)", colour
    context.close()


def test_the_friends_lobby_shows_each_seats_avatar(server, page):
    host = ada()
    table = online_table([services.Player(user_id=host.pk, session_key=None)], seats=3)
    sign_in(page, server, host)
    page.goto(f"{server}/tables/{table.public_id}/")
    first = page.locator('#lobby-seats li[data-seat="0"]')
    expect(first.locator(".avatar")).to_have_text("H")  # "Host", the name of the seat
    # The colour that follows from the account (none chosen), as on every page.
    expect(first.locator(".avatar")).to_have_attribute("data-colour", colour_for(f"user:{host.pk}"))
    expect(page.locator('#lobby-seats li[data-seat="1"] .avatar')).to_have_count(0)  # empty


def test_a_person_changes_their_handle_and_avatar_in_settings(server, page):
    user = ada()
    sign_in(page, server, user)
    page.goto(server + "/accounts/settings/")
    # The robots' sprite every page holds takes no room: the header is the page's top.
    assert page.locator(".site-header").bounding_box()["y"] == 0
    handle = page.get_by_label("Handle")
    expect(handle).to_have_value("ada")
    # Refused in words, next to the field, and nothing changes.
    handle.fill("admin")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#id_handle_error")).to_have_text(
        "“admin” is a word the site keeps for itself: choose another handle."
    )
    page.get_by_label("Handle").fill("Ada-Lovelace")
    page.get_by_label("Owl").check()
    page.get_by_label("Plum").check()
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator(".messages")).to_contain_text("Your settings are saved")
    expect(page.get_by_label("Handle")).to_have_value("ada-lovelace")
    expect(page.get_by_label("Owl")).to_be_checked()
    # The old address leads to the new one, where the avatar chosen shows.
    page.goto(server + "/players/ada/")
    assert page.url == server + "/players/ada-lovelace/"
    avatar = page.locator("#profile-title .avatar")
    expect(avatar).to_have_text(EMOJIS["owl"])
    expect(avatar).to_have_attribute("data-colour", "plum")
    expect(page.locator("#profile-title")).to_contain_text("Ada Lovelace")
