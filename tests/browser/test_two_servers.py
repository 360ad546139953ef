"""Scale-out: two players of one table connected to two different daphne processes see each
other's moves live (the announcement crosses processes through channels-redis; each process
loads the state from PostgreSQL)."""

import re

import pytest
from browser_support import Site
from playwright.sync_api import expect
from test_online_play import board_tiles, new_page, play_one, whose_turn

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_players_on_two_daphne_processes_play_one_table_live(browser, site):
    other_site = Site()
    other_site.start()
    contexts = []
    try:
        host_context, host = new_page(browser)
        friend_context, friend = new_page(browser)
        contexts = [host_context, friend_context]
        host.goto(site.url + "/play/")
        host.check("input[name=mode][value=online]")
        host.check("input[name=preset][value=block]")
        host.check("input[name=seats][value='2']")
        host.get_by_role("button", name="Start match").click()
        expect(host).to_have_url(re.compile(r"/tables/[\w-]+/$"))
        expect(host.locator("#connection")).to_have_attribute("data-state", "online")

        # The friend follows the same link, but on the other process.
        friend.goto(host.url.replace(site.url, other_site.url))
        expect(friend.locator("#connection")).to_have_attribute("data-state", "online")
        friend.get_by_label("Your name").fill("Bob")
        friend.get_by_role("button", name="Join the game").click()
        expect(host.locator("#lobby-seats")).to_contain_text("Bob")
        host.get_by_role("button", name="Start").click()
        expect(friend.locator("#hand [data-tile]")).to_have_count(7)

        played = 0
        for _ in range(4):
            mover, other = whose_turn(host, friend)
            before = board_tiles(mover)
            if not play_one(mover):
                break
            played += 1
            expect(other.locator("#board")).to_have_attribute("data-tiles", str(before + 1))
            if host.locator("#hand-result").is_visible():
                break
        assert played >= 2
        assert host.locator("#board").inner_html() == friend.locator("#board").inner_html()
    finally:
        for context in contexts:
            context.close()
        other_site.stop()
