"""The first page, in a real browser: what the site is, the seven games as cards that set up
that game, and the guided first hand a newcomer is offered (issue 35, 15)."""

import re

import pytest
from browser_support import axe_report, axe_violations
from playwright.sync_api import Page, expect
from table_driver import Table, screenshot

from games.engine import Preset

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

GAMES = {
    "classic": "Classic",
    "single_round": "Single round",
    "team_draw": "Team draw",
    "draw": "Draw",
    "block": "Block",
    "all_fives": "All Fives",
    "brazilian": "Brazilian partnership",
    "latin": "Latin",
    "puerto_rican": "Puerto Rican",
    "dominican": "Dominican",
}
TABLE = re.compile(r"/tables/[\w-]+/$")


def new_page(browser, width: int = 1366, height: int = 768) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def test_the_home_page_says_what_the_site_is(server, page):
    page.goto(server + "/")
    assert page.locator("h1").inner_text() == "Online double-six dominoes"


def test_each_game_card_is_a_link_that_sets_up_that_game(browser, server):
    page = new_page(browser, 390, 844)
    page.goto(server + "/")
    cards = page.locator(".preset-card")
    expect(cards).to_have_count(len(Preset))  # every game the engine plays
    for preset, name in GAMES.items():
        card = page.locator(f'.preset-card[data-preset="{preset}"]')
        expect(card).to_have_role("link")
        expect(card).to_have_accessible_name(re.compile(f"^{name} "))
    page.locator("#presets").scroll_into_view_if_needed()
    screenshot(page, "home-game-cards-phone")
    assert axe_violations(page) == [], axe_report(axe_violations(page))
    for preset in GAMES:
        page.goto(server + "/")
        page.locator(f'.preset-card[data-preset="{preset}"]').click()
        expect(page).to_have_url(f"{server}/play/?preset={preset}")
        expect(page.locator(f"input[name=preset][value={preset}]")).to_be_checked()
        expect(page.locator("input[name=seats]:checked")).to_be_enabled()  # a count it allows

    # By keyboard: the whole card takes the focus and Enter follows it; Start plays it.
    page.goto(server + "/")
    card = page.locator('.preset-card[data-preset="all_fives"]')
    for _ in range(60):
        page.keyboard.press("Tab")
        if card.evaluate("card => card === document.activeElement"):
            break
    else:
        raise AssertionError("the All Fives card never took the focus")
    outline = card.evaluate("card => getComputedStyle(card).outlineStyle")
    assert outline == "solid", outline  # the focus is seen
    page.keyboard.press("Enter")
    expect(page.locator("input[name=preset][value=all_fives]")).to_be_checked()
    page.get_by_role("button", name="Start match").click()
    expect(page).to_have_url(TABLE)
    expect(page.locator("#table-title")).to_contain_text("All Fives")
    page.context.close()


def test_a_newcomer_plays_a_first_hand_whose_tips_say_what_to_do(browser, server):
    page = new_page(browser)
    page.goto(server + "/")
    expect(page.locator("#first-hand-offer")).to_be_visible()
    screenshot(page, "home-first-hand-offer-laptop")
    page.get_by_role("button", name="Play a first hand with tips").click()
    expect(page).to_have_url(TABLE)
    table, root = Table(page), page.locator("#table-page")
    tips = page.locator("#tips")
    expect(tips).to_be_visible()
    seen = []
    for _ in range(60):
        table.wait_settled()
        if table.finished():
            break
        action = table.main_action()
        if action == "Draw":  # nothing matches: the tip says draw, the button is pointed at
            expect(root).to_have_attribute("data-tip", "draw")
            expect(tips.locator(".tip:visible")).to_contain_text("Press Draw")
            style = page.locator("#main-action").evaluate("b => getComputedStyle(b).outlineStyle")
            assert style == "solid", style
            if "draw" not in seen:
                screenshot(page, "first-hand-draw-laptop")
            seen.append("draw")
        elif action is None:  # a tile to match: the tip says so, the lit tiles are pointed at
            expect(root).to_have_attribute("data-tip", "match")
            expect(tips.locator(".tip:visible")).to_contain_text("Match a number")
            lit = page.locator("#hand .tile-button.playable").first
            assert lit.evaluate("t => getComputedStyle(t).outlineStyle") == "solid"
            if "match" not in seen:
                screenshot(page, "first-hand-match-laptop")
                assert axe_violations(page) == [], axe_report(axe_violations(page))
            seen.append("match")
        expect(tips.locator(".tip:visible")).to_have_count(1)
        table.pointer_turn()
    else:
        raise AssertionError(f"the first hand never ended: {seen}")
    assert "match" in seen and "draw" in seen, seen
    expect(root).to_have_attribute("data-tip", "scored")
    expect(tips.locator(".tip:visible")).to_contain_text("How the hand is scored")
    expect(page.locator("#match-end")).to_be_visible()
    expect(tips).to_be_in_viewport()
    screenshot(page, "first-hand-scored-laptop")

    # Taken once, never offered again.
    for path in ("/", "/play/"):
        page.goto(server + path)
        expect(page.locator("h1")).to_be_visible()
        expect(page.locator("#first-hand-offer")).to_have_count(0)
    page.context.close()


def test_the_first_hands_tips_are_skipped_at_any_time(browser, server):
    page = new_page(browser, 390, 844)
    page.goto(server + "/")
    page.get_by_role("button", name="Play a first hand with tips").click()
    expect(page).to_have_url(TABLE)
    table_url = page.url
    expect(page.locator("#tips")).to_be_visible()
    expect(page.locator("#hand [data-tile]")).to_have_count(7)
    screenshot(page, "first-hand-tips-phone")
    # The tips are a row of the table, which still fits whole at every size.
    for name, (width, height) in {"sideways": (844, 390), "tablet": (768, 1024)}.items():
        page.set_viewport_size({"width": width, "height": height})
        for part in (
            "#tips",
            "#hand [data-tile] >> nth=-1",
            "#board",
            ".seat >> nth=0",
            ".seat >> nth=1",
        ):
            expect(page.locator(part)).to_be_in_viewport()
        screenshot(page, f"first-hand-tips-{name}")
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("button", name="Skip the tips").click()
    expect(page).to_have_url(table_url)
    expect(page.locator("#hand [data-tile]")).to_have_count(7)  # the same game goes on
    expect(page.locator("#tips")).to_have_count(0)
    page.reload()
    expect(page.locator("#hand [data-tile]")).to_have_count(7)
    expect(page.locator("#tips")).to_have_count(0)
    page.goto(server + "/play/")
    expect(page.locator("#first-hand-offer")).to_have_count(0)
    page.context.close()
