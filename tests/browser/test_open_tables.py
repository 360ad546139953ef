"""The lobby in Chromium: a host lists a friends table; a stranger whose lobby page is already
open sees it appear (live), and one click joins it."""

import re

import pytest
from playwright.sync_api import expect
from table_driver import screenshot

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_public_table_found_in_the_lobby_and_joined(browser, server):
    host_context = browser.new_context(viewport={"width": 1366, "height": 768})
    stranger_context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        host, stranger = host_context.new_page(), stranger_context.new_page()
        stranger.goto(server + "/quick/lobby/")
        expect(stranger.locator("#open-tables")).to_contain_text("No open tables right now.")

        host.goto(server + "/play/?mode=online")
        host.check("input[name=preset][value=block]")
        host.check("input[name=seats][value='2']")
        host.fill("input[name=name]", "Hana")
        host.get_by_text("More options").click()
        host.get_by_label("List it in the lobby").check()
        host.get_by_role("button", name="Start match").click()
        expect(host).to_have_url(re.compile(r"/tables/[\w-]+/$"))

        join = stranger.get_by_role("button", name="Join Hana's table")
        expect(join).to_be_visible(timeout=8_000)  # the list refreshes every 3 s
        expect(stranger.locator(".open-table")).to_contain_text("Block, 2 players")
        screenshot(stranger, "lobby-phone")
        stranger.get_by_label("Your name at the table").fill("Jo")
        join.click()
        expect(stranger).to_have_url(host.url)
        expect(host.locator("#lobby-seats")).to_contain_text("Jo")
    finally:
        host_context.close()
        stranger_context.close()
