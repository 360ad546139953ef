"""No page of the site scrolls sideways on a 390 px phone (issue 20: the setup page's fieldsets
were 552-728 px wide there). One signed-in person with a finished match, so that the history and
statistics pages hold a game; each page is also checked signed out where it is public. The table
itself is checked at every turn by test_table_fits*.py."""

import pytest
from browser_support import account, signed_in
from records.stats_builders import finished_match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

PUBLIC = [
    "/",
    "/play/",
    "/leaderboard/",
    "/billing/pricing/",
    "/billing/corporate/",
    "/quick/",
    "/accounts/login/",
    "/accounts/signup/",
]
SIGNED_IN = [
    *PUBLIC[:6],
    "/me/",
    "/me/history/",
    "/me/statistics/",
    "/tournaments/",
    "/billing/",
    "/accounts/settings/",
]

# How far the page reaches past the window, and the elements that do (for the failure message):
# those past its right edge and not inside a box that scrolls or clips them.
OVERFLOW = """() => {
  const vw = document.documentElement.clientWidth;
  // A box clips its content, but an absolute one only from its nearest positioned ancestor on.
  const clipped = (el) => {
    let free = getComputedStyle(el).position === "absolute";
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (!free && style.overflowX !== "visible") return true;
      if (style.position !== "static") free = false;
    }
    return false;
  };
  const wide = [...document.querySelectorAll("body *")]
    .filter((el) => el.getBoundingClientRect().right > vw + 1 && !clipped(el))
    .map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className}`.slice(0, 80)
      + ` ${Math.round(el.getBoundingClientRect().right)}px`);
  return {over: document.documentElement.scrollWidth - vw, wide: wide.slice(0, 6)};
}"""


def assert_fits(page, server: str, path: str) -> None:
    response = page.goto(server + path)
    assert response is not None and response.ok, (path, response and response.status)
    found = page.evaluate(OVERFLOW)
    assert found["over"] <= 0, f"{path} is {found['over']} px wider than a phone: {found['wide']}"
    assert page.evaluate("() => window.scrollX") == 0, path


def test_no_page_scrolls_sideways_on_a_phone(server, browser):
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        for path in PUBLIC:
            assert_fits(page, server, path)
    finally:
        context.close()

    user = account("alice")
    finished_match(user, "single_round")
    context, page = signed_in(browser, server, "alice", **PHONE)
    try:
        for path in SIGNED_IN:
            assert_fits(page, server, path)
    finally:
        context.close()
