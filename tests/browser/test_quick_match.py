"""Quick match in Chromium, on two daphne processes: two strangers press Quick match for the
same game and sit at one table; a third waits, sees how long and how many, and is offered the
computer."""

import re
import time

import pytest
from browser_support import Site
from django.utils.timezone import now
from playwright.sync_api import Page, expect
from table_driver import screenshot

from matchmaking.models import Entry
from matchmaking.services import LEASE

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def stranger(browser, width: int = 1366, height: int = 768) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def press_quick_match(page: Page, url: str, name: str, *, shot: str = "") -> None:
    page.goto(url + "/")
    page.locator("#quick-match").click()
    page.locator("#id_preset").select_option("draw")
    page.check("input[name=seats][value='2']")
    page.get_by_label("Your name at the table").fill(name)
    if shot:
        screenshot(page, shot)
    page.get_by_role("button", name="Find players").click()


def test_two_strangers_on_two_servers_meet_and_a_third_is_offered_the_computer(browser, site):
    other = Site()
    other.env["QUICK_MATCH_OFFER_COMPUTER_SECONDS"] = "2"
    other.start()
    pages: list[Page] = []
    try:
        ann, bob, cy = stranger(browser), stranger(browser), stranger(browser, 390, 844)
        pages = [ann, bob, cy]
        press_quick_match(ann, site.url, "Ann")
        expect(ann.locator("#waiting-title")).to_have_text("Looking for players")
        expect(ann.locator("#looking")).to_have_text("1")
        screenshot(ann, "quick-match-waiting-laptop")

        started = time.monotonic()
        press_quick_match(bob, other.url, "Bob")
        table = re.compile(r"/tables/[\w-]+/$")
        expect(bob).to_have_url(table, timeout=5_000)
        expect(ann).to_have_url(table, timeout=5_000)
        seated_within = time.monotonic() - started
        assert seated_within < 5, seated_within
        assert ann.url.split("/tables/")[1] == bob.url.split("/tables/")[1]
        expect(ann.locator(".messages")).to_contain_text("Matched: you play Bob.")
        expect(bob.locator(".messages")).to_contain_text("Matched: you play Ann.")
        expect(ann.locator("#hand [data-tile]")).to_have_count(7)
        expect(bob.locator("#hand [data-tile]")).to_have_count(7)

        press_quick_match(cy, other.url, "Cy", shot="quick-match-form-phone")
        expect(cy.locator("#waiting-title")).to_be_visible()
        expect(cy.locator("#offer-computer")).to_be_visible(timeout=6_000)
        assert int(cy.locator("#waited").inner_text()) >= 2
        screenshot(cy, "quick-match-waiting-phone")
        cy.get_by_role("button", name="Play the computer instead").click()
        expect(cy).to_have_url(table)
        expect(cy.locator("#hand [data-tile]")).to_have_count(7)
    finally:
        for page in pages:
            page.context.close()
        other.stop()


def test_cancel_leaves_the_queue(browser, server):
    ann = stranger(browser)
    press_quick_match(ann, server, "Ann")
    expect(ann.locator("#looking")).to_have_text("1")
    ann.get_by_role("button", name="Cancel").click()
    expect(ann).to_have_url(server + "/")
    bob = stranger(browser)
    press_quick_match(bob, server, "Bob")
    expect(bob.locator("#looking")).to_have_text("1")  # Ann is gone: Bob waits alone
    ann.context.close()
    # A closed waiting page leaves the queue too: at once by its beacon, or when its lease runs
    # out if the beacon is lost (a browser may close before sending it). Nobody is matched to
    # it: once it has left, the next stranger waits alone.
    bob.context.close()
    deadline = time.monotonic() + LEASE.total_seconds() + 5
    while Entry.objects.filter(name="Bob", state=Entry.State.WAITING, lease_until__gt=now()):
        assert time.monotonic() < deadline, "the closed page never left the queue"
        time.sleep(0.2)
    cy = stranger(browser)
    press_quick_match(cy, server, "Cy")
    expect(cy.locator("#looking")).to_have_text("1")
    cy.context.close()
