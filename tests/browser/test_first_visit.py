"""Issue 35, points 12-14 as a person meets them: the header fits (a Menu on a phone, one row
signed in at 1366), a refused setup shows its summary and takes the focus to the error, and
the setup offers only the seat counts the game allows. Screenshots at a phone's and a
laptop's size (artifacts/screenshots/first-visit-*)."""

import pytest
from browser_support import account, signed_in
from playwright.sync_api import Page, expect
from table_driver import screenshot

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}

# The header's visible items: their boxes, and whether the header scrolls sideways.
HEADER = """() => {
  const nav = document.querySelector(".site-header nav");
  const items = [...nav.querySelectorAll("a, button, summary, .signed-in-as")]
    .filter((el) => el.checkVisibility())
    .map((el) => { const r = el.getBoundingClientRect();
                   return {text: el.textContent.trim(), top: r.top, right: r.right}; });
  return {items, height: nav.getBoundingClientRect().height,
          wide: document.documentElement.scrollWidth - innerWidth};
}"""


def header(page: Page) -> dict:
    return page.evaluate(HEADER)


def test_on_a_phone_the_header_is_a_menu_that_opens_with_sign_in_and_sign_up(browser, server):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(server + "/")
    nav = page.get_by_role("navigation", name="Main")
    seen = header(page)
    assert seen["wide"] <= 0 and seen["height"] < 70, seen
    assert all(item["right"] <= 390 for item in seen["items"]), seen
    expect(nav.get_by_role("link", name="Sign in")).to_be_hidden()
    screenshot(page, "first-visit-header-phone-closed")
    # The keyboard opens it: the Menu button is reached and pressed like any button.
    menu = nav.locator(".site-menu > summary")
    menu.focus()
    page.keyboard.press("Enter")
    for name in ("Sign in", "Sign up", "Your games", "Leaderboard", "Pricing"):
        link = nav.get_by_role("link", name=name)
        expect(link).to_be_in_viewport()
        box = link.bounding_box()
        assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390, name
    screenshot(page, "first-visit-header-phone-open")
    nav.get_by_role("link", name="Sign in").click()
    expect(page).to_have_url(server + "/accounts/login/")
    context.close()


def test_signed_in_at_1366_the_header_is_one_row(browser, server):
    user = account("alexandra")
    user.first_name = "Alexandra Oliveira"  # a long display name, shortened if need be
    user.is_staff = True
    user.save()
    context, page = signed_in(browser, server, "alexandra", **LAPTOP)
    page.goto(server + "/")
    seen = header(page)
    tops = {round(item["top"]) for item in seen["items"]}
    assert max(tops) - min(tops) <= 12, seen  # one row
    assert len(seen["items"]) >= 11 and seen["wide"] <= 0, seen
    expect(page.locator(".site-menu > summary")).to_be_hidden()  # no Menu button needed
    screenshot(page, "first-visit-header-laptop-signed-in")
    context.close()
    signed_phone, phone = signed_in(browser, server, "alexandra", **PHONE)
    phone.goto(server + "/")
    phone.locator(".site-menu > summary").click()
    expect(phone.get_by_role("button", name="Sign out")).to_be_in_viewport()
    screenshot(phone, "first-visit-header-phone-signed-in-open")
    signed_phone.close()


@pytest.mark.parametrize("target", ["7", "100000", "2e"])
def test_a_refused_target_is_in_view_with_the_focus_on_it(browser, server, target):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(server + "/play/")
    page.locator("#id_target").fill(target)
    page.get_by_role("button", name="Start match").click()
    summary = page.locator("[data-error-summary]")
    expect(summary).to_contain_text("Target points")
    expect(page.locator("#id_target")).to_be_focused()
    expect(page.locator("#id_target_error")).to_be_in_viewport()
    if target == "2e":
        expect(page.locator("#id_target_error")).to_have_text(
            "Write the target as a whole number of points, from 25 to 500."
        )
    page.evaluate("window.scrollTo(0, 0)")
    expect(summary).to_be_in_viewport()
    screenshot(page, f"first-visit-setup-error-{target}-phone")
    context.close()


def test_a_rules_refusal_focuses_the_summary_at_the_top(browser, server):
    context = browser.new_context(**LAPTOP)
    page = context.new_page()
    page.goto(server + "/play/")
    page.check("input[name=preset][value=all_fives]")
    page.get_by_text("More options").click()
    page.locator("#id_teams").select_option("true")
    page.check("input[name=seats][value='3']")
    page.get_by_role("button", name="Start match").click()
    summary = page.locator("[data-error-summary]")
    expect(summary).to_contain_text("Partners need 4 players")
    expect(summary).to_be_focused()
    screenshot(page, "first-visit-setup-rules-error-laptop")
    context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_only_the_seat_counts_a_game_allows_can_be_picked(browser, server, size):
    context = browser.new_context(**(PHONE if size == "phone" else LAPTOP))
    page = context.new_page()
    page.goto(server + "/play/")
    seats = {n: page.locator(f"input[name=seats][value='{n}']") for n in (2, 3, 4)}
    page.check("input[name=seats][value='4']")
    page.check("input[name=preset][value=classic]")  # 2 players only
    expect(page.locator("input[name=preset][value=classic]")).to_be_checked()
    expect(seats[2]).to_be_checked()
    expect(seats[3]).to_be_disabled()
    expect(seats[4]).to_be_disabled()
    page.check("input[name=preset][value=draw]")
    page.check("input[name=seats][value='3']")
    expect(page.get_by_label("Second computer")).to_be_visible()
    expect(page.locator("#id_level_2_helptext")).to_be_hidden()  # no partner with 3 players
    page.check("input[name=preset][value=brazilian]")  # 2 or 4
    expect(seats[3]).to_be_disabled()
    checked = [n for n, radio in seats.items() if radio.is_checked()]
    assert checked in ([2], [4])
    page.check("input[name=seats][value='4']")
    expect(page.locator("#id_level_2_helptext")).to_be_visible()
    # Each card keeps its line of rules: Classic and Draw tell apart on a phone too.
    for preset in ("classic", "draw"):
        summary = page.locator(f".card:has(input[value={preset}]) .card-summary")
        expect(summary).to_be_visible()
    screenshot(page, f"first-visit-setup-cards-{size}")
    context.close()
