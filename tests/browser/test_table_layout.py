"""The table on a phone (390 x 844, touch) and on a desktop (1280 x 900): nothing wider than
the window at any point of a hand, the tiles of the hand in view and big enough to tap."""

import pytest
from playwright.sync_api import expect
from table_driver import Stuck, Table, screenshot, start_match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

MAX_ACTIONS = 120


def assert_fits(page, when: str) -> None:
    width = page.viewport_size["width"]
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, f"{when}: the page is {scroll} px wide in a {width} px window"
    board = page.locator("#board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= width, (when, board)


def assert_hand_in_view(page, table: Table, *, min_width: float) -> None:
    """Every tile of the hand can be brought into view: at once, or (more tiles than fit, after
    draws) by scrolling the hand bar sideways, never the page."""
    width = page.viewport_size["width"]
    for tile in table.hand():
        button = page.locator(f'#hand [data-tile="{tile}"]')
        expect(button).to_be_visible()
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (tile, box)
        assert box["width"] >= min_width and box["height"] >= 2 * min_width, (tile, box)
    assert page.evaluate("() => window.scrollX") == 0, "the page scrolled sideways"


def play_a_hand_checking_the_layout(page, server, *, name: str, touch: bool, min_width: float):
    table = start_match(page, server, preset="classic", level="easy", target=500)
    saved = False
    for _ in range(MAX_ACTIONS):
        table.wait_settled()
        assert_fits(page, f"{len(table.view()['history'])} moves into the hand")
        if table.hand_over():
            break
        if not saved and table.board_tiles() >= 4 and table.playable():
            # Mid-hand, the player's turn with tiles to play: the screenshot, then a tap.
            assert_hand_in_view(page, table, min_width=min_width)
            expect(page.get_by_role("button", name="Hint")).to_be_visible()
            expect(page.get_by_role("button", name="Undo")).to_be_visible()
            screenshot(page, name)
            saved = True
        table.pointer_turn(touch=touch)
    else:
        raise Stuck(f"the hand did not end after {MAX_ACTIONS} actions")
    assert saved, "the hand ended before the middle-of-hand check"
    assert_fits(page, "at the end of the hand")
    screenshot(page, f"{name}-hand-over")


def test_the_table_on_a_phone(server, phone):
    assert phone.viewport_size == {"width": 390, "height": 844}
    assert phone.evaluate("() => navigator.maxTouchPoints") > 0
    # Every move by tapping: the tile (locator.tap), then the spot when it fits two ends.
    play_a_hand_checking_the_layout(phone, server, name="table-phone", touch=True, min_width=36)


def test_the_table_on_a_desktop(server, page):
    assert page.viewport_size == {"width": 1280, "height": 900}
    play_a_hand_checking_the_layout(page, server, name="table-desktop", touch=False, min_width=44)
