"""A friends table's lobby in the browser, live on every page: seats chosen (and so
partners), the host removing someone, a friend un-joining, and a friend who comes late taking
the computer's seat at the next hand."""

import pytest
from browser_support import SCREENSHOTS, axe_report, axe_violations
from online_driver import open_online_table
from playwright.sync_api import expect
from table_driver import Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def new_page(browser, width: int = 1366, height: int = 768):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def arrive(page, url: str) -> None:
    page.goto(url)
    expect(page.locator("#connection")).to_have_attribute("data-state", "online")


def seat(page, index: int):
    return page.locator(f'#lobby-seats li[data-seat="{index}"]')


def sit(page, name: str, index: int) -> None:
    """Someone watching sits at seat ``index`` under ``name`` (the seat's own button)."""
    page.get_by_label("Your name").fill(name)
    seat(page, index).get_by_role("button", name="Sit here").click()
    expect(seat(page, index)).to_contain_text("you")
    # A first join comes back as a new page (its session starts there): its socket again.
    expect(page.locator("#connection")).to_have_attribute("data-state", "online")


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"friends-{name}.png"), full_page=True)


def test_seat_choice_gives_the_partner_asked_for(browser, server):
    contexts = []
    try:
        host_context, host = new_page(browser)
        bob_context, bob = new_page(browser, 390, 844)
        carol_context, carol = new_page(browser)
        contexts += [host_context, bob_context, carol_context]
        open_online_table(host, server, preset="team_draw", seats=4)
        url = host.url
        arrive(bob, url)
        arrive(carol, url)
        sit(bob, "Bob", 2)  # opposite the host: her partner
        expect(seat(bob, 0)).to_contain_text("your partner")
        expect(host.locator("#lobby-partners")).to_have_text(
            "Partners sit opposite: You with Bob; An empty seat with an empty seat."
        )
        sit(carol, "Carol", 3)
        expect(seat(carol, 0)).not_to_contain_text("your partner")
        carol.get_by_role("button", name="Move here").first.click()  # seat 2 of 4: index 1
        expect(seat(host, 1)).to_contain_text("Carol")
        expect(host.locator("#lobby-partners")).to_contain_text("You with Bob; Carol with")
        shot(bob, "lobby-phone")
        shot(host, "lobby-laptop")
        assert axe_violations(host) == [], axe_report(axe_violations(host))
        host.get_by_role("button", name="Start").click()
        expect(bob.locator("#hand [data-tile]")).not_to_have_count(0)
        # At the table, Bob's partner is the host, as he chose: the seat opposite him.
        partner = bob.locator('#seats li[data-seat="0"]')
        expect(partner).to_contain_text("partner")
        expect(partner).to_have_attribute("data-pos", "top")
        expect(bob.locator('#seats li[data-seat="1"]')).not_to_contain_text("partner")
    finally:
        for context in contexts:
            context.close()


def test_a_seat_chosen_before_the_name_is_kept_and_the_warning_is_seen(browser, server):
    """Issue 35, 17: Sit here on seat 3 before a name: the warning shows by the name field
    (which takes the focus), and the join sits them at seat 3, the host's partner, not at
    the first free seat (2, the other team)."""
    contexts = []
    try:
        host_context, host = new_page(browser)
        eve_context, eve = new_page(browser, 390, 844)
        contexts += [host_context, eve_context]
        open_online_table(host, server, preset="team_draw", seats=4)
        arrive(eve, host.url)
        seat(eve, 2).get_by_role("button", name="Sit here").click()
        warning = eve.locator("#join-warning")
        expect(warning).to_be_visible()
        expect(warning).to_have_text("Enter the name the others will see.")
        expect(warning).to_be_in_viewport()
        expect(eve.get_by_label("Your name")).to_be_focused()
        expect(seat(eve, 2)).to_contain_text("your choice")
        shot(eve, "lobby-name-first-phone")
        eve.set_viewport_size({"width": 1366, "height": 768})
        expect(warning).to_be_in_viewport()
        shot(eve, "lobby-name-first-laptop")
        eve.get_by_label("Your name").fill("Eve")
        eve.get_by_role("button", name="Join at seat 3").click()
        expect(seat(eve, 2)).to_contain_text("you")
        expect(seat(eve, 0)).to_contain_text("your partner")
        expect(seat(host, 2)).to_contain_text("Eve")
        expect(seat(host, 1)).to_contain_text("empty")
    finally:
        for context in contexts:
            context.close()


def test_the_host_removes_someone_and_a_friend_un_joins(browser, server):
    contexts = []
    try:
        host_context, host = new_page(browser)
        bob_context, bob = new_page(browser)
        carol_context, carol = new_page(browser)
        contexts += [host_context, bob_context, carol_context]
        open_online_table(host, server, preset="draw", seats=3)
        arrive(bob, host.url)
        arrive(carol, host.url)
        sit(bob, "Bob", 1)
        sit(carol, "Carol", 2)
        expect(seat(host, 1)).to_contain_text("Bob")

        seat(host, 1).get_by_role("button", name="Remove").click()
        expect(seat(host, 1)).to_contain_text("empty")
        expect(bob.locator("#join-form")).to_be_visible()  # he watches now
        expect(seat(carol, 1)).to_contain_text("empty")
        bob.get_by_label("Your name").fill("Bob")
        bob.get_by_role("button", name="Join the game").click()
        expect(bob.locator("#alert")).to_have_text("The host removed you from this table.")

        seat(carol, 2).get_by_role("button", name="Leave seat").click()
        expect(seat(host, 2)).to_contain_text("empty")
        expect(carol.locator("#join-form")).to_be_visible()
        expect(seat(host, 2).get_by_role("button")).to_have_count(0)  # nobody to remove
    finally:
        for context in contexts:
            context.close()


def test_a_late_friend_takes_the_computers_seat_at_the_next_hand(browser, server):
    contexts = []
    try:
        host_context, host = new_page(browser)
        dave_context, dave = new_page(browser, 390, 844)
        contexts += [host_context, dave_context]
        open_online_table(host, server, preset="block", seats=2)
        expect(host.locator("#connection")).to_have_attribute("data-state", "online")
        host.get_by_role("button", name="Start").click()
        expect(host.locator("#hand [data-tile]")).to_have_count(7)
        arrive(dave, host.url)
        expect(dave.locator("#lobby-title")).to_have_text("Join at the next hand")
        dave.get_by_label("Your name").fill("Dave")
        seat(dave, 1).get_by_role("button", name="Take this seat").click()
        expect(dave.locator("#arrival-text")).to_have_text(
            "You take seat 2 from the computer when the next hand is dealt."
        )
        expect(dave.locator("#hand [data-tile]")).to_have_count(0)
        # The computer keeps the seat this hand: the medium one of seat 2 (bot_name).
        expect(host.locator("#seats")).to_contain_text("Rosa")
        shot(dave, "late-phone")

        table = Table(host)
        table.play_until(lambda t: t.hand_over() or t.finished())
        assert not table.finished()  # a first hand of Block never scores the 100 points
        host.locator("#main-action").click()  # Next round
        expect(dave.locator("#hand [data-tile]")).to_have_count(7)
        expect(dave.locator("#lobby")).to_be_hidden()
        expect(host.locator('#seats li[data-seat="1"]')).to_contain_text("Dave")
        expect(dave.locator('#seats li[data-seat="1"]')).to_contain_text("you")
    finally:
        for context in contexts:
            context.close()
