"""Friends online, live: the host creates a table, a friend opens the link and joins, the host
starts, and they play against each other; each sees the other's move without reloading, and a
third browser watches without ever holding a tile."""

import re

import pytest
from browser_support import SCREENSHOTS, axe_report, axe_violations
from online_driver import (
    assert_same_board,
    board_tiles,
    new_page,
    open_online_table,
    play_one,
    whose_turn,
)
from playwright.sync_api import expect

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"online-{name}.png"), full_page=True)


def test_two_friends_play_live_and_a_spectator_watches(browser, server):
    contexts = []
    try:
        host_context, host = new_page(browser)
        friend_context, friend = new_page(browser)
        watcher_context, watcher = new_page(browser)
        contexts = [host_context, friend_context, watcher_context]

        # The host sets up a 2-player Block table for friends online.
        host.goto(server + "/play/")
        host.check("input[name=mode][value=online]")
        expect(host.locator("fieldset[data-mode=computer]")).to_be_hidden()
        expect(host.get_by_label("Turn clock (60 seconds)")).to_be_checked()
        host.check("input[name=preset][value=block]")
        host.check("input[name=seats][value='2']")
        host.fill("input[name=name]", "Alice")
        host.get_by_role("button", name="Start match").click()
        expect(host).to_have_url(re.compile(r"/tables/[\w-]+/$"))
        expect(host.locator("#connection")).to_have_attribute("data-state", "online")
        link = host.locator("#share-link").input_value()
        assert link == host.url
        expect(host.locator("#lobby-seats li")).to_have_text(
            [re.compile("Alice"), re.compile("empty")]
        )
        expect(host.get_by_role("button", name="Start")).to_be_visible()
        expect(host.locator("#join-form")).to_be_hidden()
        shot(host, "host-lobby")
        assert not (found := axe_violations(host)), axe_report(found)

        # The friend opens the link and joins with a name; the host sees it live.
        friend.goto(link)
        expect(friend.locator("#connection")).to_have_attribute("data-state", "online")
        expect(friend.get_by_role("button", name="Start")).to_be_hidden()
        assert not (found := axe_violations(friend)), axe_report(found)
        friend.get_by_label("Your name").fill("Bob")
        friend.get_by_role("button", name="Join the game").click()
        expect(friend.locator("#lobby-seats li")).to_have_text(
            [re.compile("Alice"), re.compile("Bob")]
        )
        expect(friend.locator("#join-form")).to_be_hidden()
        expect(host.locator("#lobby-seats li")).to_have_text(
            [re.compile("Alice"), re.compile("Bob")]
        )
        expect(host.locator("#live")).to_contain_text("Bob joined the game.")
        shot(friend, "friend-joined")

        # A third browser opens the link: every seat is taken, so it can only watch.
        watcher.goto(link)
        expect(watcher.locator("#connection")).to_have_attribute("data-state", "online")
        expect(watcher.locator("#join-form")).to_be_hidden()
        expect(watcher.locator("#status")).to_have_text(re.compile("Every seat is taken"))
        expect(watcher.locator("#hand [data-tile]")).to_have_count(0)

        # The host starts: everyone's page turns into the table without reloading.
        host.get_by_role("button", name="Start").click()
        for page in (host, friend, watcher):
            expect(page.locator("#lobby")).to_be_hidden()
            expect(page.locator("#board")).to_be_visible()
        expect(host.locator("#hand [data-tile]")).to_have_count(7)
        expect(friend.locator("#hand [data-tile]")).to_have_count(7)
        expect(watcher.locator("#watching")).to_have_text("You are watching")
        expect(watcher.locator("#watching")).to_be_visible()
        expect(watcher.locator("#hand")).to_be_hidden()
        expect(watcher.locator(".controls")).to_be_hidden()
        expect(watcher.locator("#hand [data-tile]")).to_have_count(0)
        # The turn clock runs next to the seat to move.
        expect(host.locator(".seat.turn .seat-clock")).to_have_text(re.compile(r"[01]:\d\d"))
        # With 10 seconds left it is announced once (here the deadline is moved on the page).
        watcher.evaluate(
            "() => { const t = window.dominoesTable;"
            " t.state.table.deadline = new Date(Date.now() + 9500).toISOString();"
            " t.renderClock(); }"
        )
        expect(watcher.locator("#live")).to_contain_text(re.compile(r"has \d+ seconds left"))
        expect(watcher.locator(".seat.turn .clock-time")).to_have_text(re.compile(r"0:(0\d|10)"))

        # They play a few moves against each other, live.
        played = 0
        for _ in range(6):
            mover, other = whose_turn(host, friend)
            before = board_tiles(mover)
            held = mover.locator("#hand [data-tile]").count()
            if not play_one(mover):
                break
            played += 1
            expect(mover.locator("#hand [data-tile]")).to_have_count(held - 1)
            # The other player and the spectator see the tile appear without reloading.
            for page in (other, watcher):
                expect(page.locator("#board")).to_have_attribute("data-tiles", str(before + 1))
            expect(watcher.locator("#hand [data-tile]")).to_have_count(0)
            if host.locator("#hand-result").is_visible():
                break
        assert played >= 2
        assert_same_board(host, friend)
        shot(host, "host-playing")
        shot(friend, "friend-playing")
        shot(watcher, "spectator")
        assert not (found := axe_violations(watcher)), axe_report(found)
    finally:
        for context in contexts:
            context.close()


def test_a_four_seat_lobby_shows_who_partners_whom(browser, server):
    host_context, host = new_page(browser)
    friend_context, friend = new_page(browser)
    try:
        open_online_table(host, server, preset="brazilian", seats=4)
        friend.goto(host.url)
        friend.get_by_label("Your name").fill("Bob")
        friend.get_by_role("button", name="Join the game").click()
        seats = host.locator("#lobby-seats li")
        expect(seats).to_have_count(4)
        # Partners sit across: seats 1 and 3 are team 1, seats 2 and 4 team 2.
        for index, team in enumerate((1, 2, 1, 2)):
            expect(seats.nth(index)).to_have_attribute("data-team", str(team))
            expect(seats.nth(index)).to_contain_text(f"team {team}")
        expect(seats.nth(2)).to_contain_text("your partner")  # the host's, still empty
        expect(seats.nth(1)).to_contain_text("Bob")
        expect(seats.nth(1)).not_to_contain_text("your partner")
        bob_seats = friend.locator("#lobby-seats li")
        expect(bob_seats.nth(3)).to_contain_text("your partner")
        shot(host, "lobby-four-seats")
    finally:
        host_context.close()
        friend_context.close()
