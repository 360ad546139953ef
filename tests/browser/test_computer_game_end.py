"""The end of a game against the computer in Chromium: Resign (asked first), Play again (the
same settings in one tap), and Your games' Drop; at a phone's and a laptop's size."""

import re

import pytest
from browser_support import axe_report, axe_violations
from playwright.sync_api import Page, expect
from table_driver import Table, screenshot

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": (390, 844), "laptop": (1366, 768)}
TABLE_URL = re.compile(r"/tables/[\w-]+/$")


def new_page(browser, size: str) -> Page:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def play_the_computer(page: Page, server: str) -> str:
    """One tap on the home page's Play the computer; the table's URL once it is settled."""
    page.goto(server + "/")
    page.locator("#play-computer").click()
    page.wait_for_url(TABLE_URL)
    Table(page).wait_settled()
    return page.url


@pytest.mark.parametrize("size", SIZES)
def test_resign_asks_first_then_play_again_deals_the_same_game(browser, server, size):
    page = new_page(browser, size)
    first = play_the_computer(page, server)
    rules = Table(page).view()["rules"]
    resign = page.get_by_role("button", name="Resign")
    expect(resign).to_be_visible()

    page.once("dialog", lambda dialog: dialog.dismiss())  # a stray tap: nothing happens
    resign.click()
    expect(page.locator("#match-end")).to_be_hidden()
    expect(resign).to_be_visible()

    page.once("dialog", lambda dialog: dialog.accept())
    resign.click()
    expect(page.locator("#match-end")).to_be_visible()
    expect(page.locator("#match-end-text")).to_contain_text(
        "You resigned: the computer wins the match."
    )
    expect(resign).to_be_hidden()
    play_again = page.get_by_role("button", name="Play again")
    expect(play_again).to_be_visible()
    expect(play_again).to_be_in_viewport()
    assert not (found := axe_violations(page)), axe_report(found)
    screenshot(page, f"computer-resigned-{size}")

    play_again.click()  # one tap: the page goes to the new table by itself
    page.wait_for_url(lambda url: TABLE_URL.search(url) is not None and url != first)
    table = Table(page)
    table.wait_settled()
    assert table.view()["rules"] == rules
    expect(page.locator("#match-end")).to_be_hidden()
    expect(page.locator("#hand [data-tile]").first).to_be_visible()

    # The replay says how the first match ended, and plays on against its own level.
    page.goto(first + "replay/")
    expect(page.locator("#replay-summary")).to_contain_text("resigned the match.")
    expect(page.locator("#play-on-button")).to_have_text(
        "Play on from here against the computer (medium)"
    )
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_your_games_drops_a_game_against_the_computer(browser, server, size):
    page = new_page(browser, size)
    first = play_the_computer(page, server)
    page.goto(server + "/me/")
    row = page.locator(".your-game")
    expect(row).to_have_count(1)
    drop = row.locator("summary", has_text="Drop")
    expect(drop).to_be_visible()
    drop.click()  # asked twice: the first tap only shows what dropping does
    confirm = row.get_by_role("button", name="Drop it (nothing counts)")
    expect(confirm).to_be_visible()
    assert not (found := axe_violations(page)), axe_report(found)
    screenshot(page, f"your-games-drop-{size}")
    confirm.click()
    page.wait_for_url(server + "/me/")
    expect(page.get_by_role("status")).to_contain_text("Game dropped: nothing was played")
    expect(page.locator(".your-game")).to_have_count(0)

    # Gone: the next tap deals afresh (the same settings, but no game going any more).
    assert play_the_computer(page, server) != first
    page.context.close()
