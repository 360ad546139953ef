"""The front door in a real browser: the home page's three ways to play, the setup page that
remembers, Your games after navigating away; screenshots at a phone's and a laptop's size."""

import re

import pytest
from playwright.sync_api import Page, expect
from table_driver import screenshot

from games.engine import Preset

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": (390, 844), "laptop": (1366, 768)}


def new_page(browser, size: str) -> Page:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def assert_no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the screen"


@pytest.mark.parametrize("size", SIZES)
def test_the_first_screen_offers_three_ways_to_play_as_buttons(browser, server, size):
    page = new_page(browser, size)
    page.goto(server + "/")
    actions = [page.locator("#play-computer"), page.locator("#quick-match")]
    actions.append(page.locator("#play-friends"))
    for action in actions:
        expect(action).to_be_in_viewport()
        box = action.bounding_box()
        assert box is not None and box["height"] >= 44
        # A button's look: a filled or bordered box, not a plain underlined link.
        looks = action.evaluate(
            "e => [getComputedStyle(e).borderTopWidth, getComputedStyle(e).textDecorationLine]"
        )
        assert looks[0] != "0px" and looks[1] == "none"
    assert_no_sideways_scroll(page)
    screenshot(page, f"front-door-home-{size}")
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_setup_page_fits_the_screen(browser, server, size):
    page = new_page(browser, size)
    page.goto(server + "/play/")
    expect(page.locator(".card")).to_have_count(len(Preset))  # every game the engine plays
    assert_no_sideways_scroll(page)
    expect(page.locator("#id_stuck")).not_to_be_visible()  # house rules fold away
    screenshot(page, f"front-door-setup-{size}")
    page.get_by_text("More options").click()
    expect(page.locator("#id_stuck")).to_be_visible()
    assert_no_sideways_scroll(page)
    screenshot(page, f"front-door-setup-more-{size}")
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_first_hand_offered_on_setup_goes_for_good_on_no_thanks(browser, server, size):
    """Issue 35, 15: a newcomer is offered the guided first hand on the setup page too; no
    thanks, and no page offers it again."""
    page = new_page(browser, size)
    page.goto(server + "/play/")
    offer = page.locator("#first-hand-offer")
    expect(offer).to_be_visible()
    expect(offer.get_by_role("button", name="Play a first hand with tips")).to_be_visible()
    assert_no_sideways_scroll(page)
    screenshot(page, f"front-door-setup-first-hand-{size}")
    offer.get_by_role("button", name="No thanks").click()
    expect(page).to_have_url(server + "/play/")
    expect(page.locator("#setup-form")).to_be_visible()
    expect(offer).to_have_count(0)
    page.goto(server + "/")
    expect(page.locator("#play-computer")).to_be_visible()
    expect(page.locator("#first-hand-offer")).to_have_count(0)
    page.context.close()


def test_the_setup_remembers_and_play_the_computer_plays_it_again(browser, server):
    page = new_page(browser, "laptop")
    page.goto(server + "/play/")
    page.check("input[name=preset][value=all_fives]")
    page.check("input[name=seats][value='3']")
    page.locator("#id_level_1").select_option("hard")
    page.locator("#id_target").fill("150")
    page.get_by_label("Your name at the table").fill("Ann")
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/tables/[\w-]+/$"))
    first_table = page.url

    page.goto(server + "/play/")
    expect(page.locator("input[name=preset][value=all_fives]")).to_be_checked()
    expect(page.locator("input[name=seats][value='3']")).to_be_checked()
    expect(page.locator("#id_level_1")).to_have_value("hard")
    expect(page.locator("#id_target")).to_have_value("150")
    expect(page.get_by_label("Your name at the table")).to_have_value("Ann")

    page.goto(server + "/")
    expect(page.locator("#computer-game")).to_contain_text("All Fives, 3 players")
    expect(page.locator("#computer-game")).to_contain_text("to 150 points")
    # The same settings while that game is still on: one tap goes back to it, said so,
    # rather than pile up another identical game.
    page.locator("#play-computer").click()
    page.wait_for_url(first_table)
    expect(page.get_by_role("status").filter(has_text="still on: here it is")).to_be_visible()
    expect(page.locator("#hand [data-tile]")).to_have_count(5)

    # Navigated away, the table is still there to continue, once.
    page.goto(server + "/")
    expect(page.locator(".your-game")).to_have_count(1)
    page.locator(".your-game a").first.click()
    page.wait_for_url(first_table)
    page.goto(server + "/me/")
    expect(page.locator(".your-game")).to_have_count(1)
    page.context.close()
