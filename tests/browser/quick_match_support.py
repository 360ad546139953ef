"""Quick match in a browser: a stranger's page and pressing the button."""

from account_support import sign_in_through_the_page, signed_in_as
from accounts_support import PASSWORD, verified_user
from playwright.sync_api import Page
from table_driver import screenshot


def stranger(browser, width: int = 1366, height: int = 768) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def fill_quick_match(page: Page, url: str, name: str = "", *, shot: str = "") -> None:
    """``name`` for a guest; a signed-in player plays under their account's name."""
    page.goto(url + "/")
    page.locator("#quick-match").click()
    page.locator("#id_preset").select_option("draw")
    page.check("input[name=seats][value='2']")
    if name:
        page.get_by_label("Your name at the table").fill(name)
    if shot:
        screenshot(page, shot)


def press_quick_match(page: Page, url: str, name: str = "", *, shot: str = "") -> None:
    fill_quick_match(page, url, name, shot=shot)
    page.get_by_role("button", name="Find players").click()


def members_press_quick_match(url: str, *people: tuple[Page, str]) -> None:
    """Each (page, name) signs in as a verified member of that name, then presses quick match
    in turn: rated players."""
    for page, name in people:
        verified_user(f"{name.lower()}@example.com", display_name=name)
        sign_in_through_the_page(
            page, url, address=f"{name.lower()}@example.com", password=PASSWORD
        )
        signed_in_as(page, name)
    for page, _ in people:
        press_quick_match(page, url)
