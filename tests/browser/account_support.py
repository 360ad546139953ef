"""The account pages in a browser: a field by its label, signing in through the page as a
person does, and the header that shows who is signed in."""

from playwright.sync_api import Page, expect


def field(page: Page, label: str):
    return page.get_by_label(label, exact=True)


def open_the_menu(page: Page) -> None:
    """On a narrow screen the header's links are under its Menu button: open it (a wide screen
    shows them in a row, with no button)."""
    button = page.locator(".site-menu > summary")
    if button.is_visible() and page.locator(".site-menu[open]").count() == 0:
        button.click()


def sign_in_through_the_page(page: Page, server: str, *, address: str, password: str) -> None:
    if "/accounts/login/" not in page.url:
        page.goto(server + "/")
        open_the_menu(page)
        page.get_by_role("link", name="Sign in").click()
    field(page, "Email").fill(address)
    field(page, "Password").fill(password)
    page.get_by_role("button", name="Sign In").click()


def signed_in_as(page: Page, name: str) -> None:
    open_the_menu(page)
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.locator(".signed-in-as")).to_have_text(name)
    expect(nav.get_by_role("link", name="Settings")).to_be_visible()
    expect(nav.get_by_role("button", name="Sign out")).to_be_visible()
    expect(nav.get_by_role("link", name="Sign in")).to_have_count(0)
