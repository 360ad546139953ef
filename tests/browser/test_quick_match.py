"""Quick match in Chromium, on two daphne processes: two strangers press Quick match for the
same game and sit at one table; a third waits, sees how long and how many, and is offered the
computer."""

import re
import time
from datetime import timedelta

import pytest
from browser_support import Site
from deal_support import play_out_the_hand
from django.utils.timezone import now
from playwright.sync_api import Page, expect
from quick_match_support import (
    fill_quick_match,
    members_press_quick_match,
    press_quick_match,
    stranger,
)
from table_driver import screenshot

from games import services
from games.models import MatchResult, Seat
from games.services import Player
from matchmaking.models import Entry
from matchmaking.services import LEASE

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.mark.serial  # it bounds a time: alone, the machine's other work does not count in it
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

        # The clock starts at Bob's press, as a player's would: loading the home page and
        # filling the form are his, not the match's.
        fill_quick_match(bob, other.url, "Bob")
        started = time.monotonic()
        bob.get_by_role("button", name="Find players").click()
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


def test_a_guest_plays_under_the_sites_name_and_nobody_is_the_host(browser, server):
    """Issue 35, 18: a guest is offered the name the site gives them (a computer's table calls
    them by it too) and may keep it; no seat of a quick match is tagged host (nobody hosted
    it); the "Matched" banner goes once the match is over."""
    pages: list[Page] = []
    try:
        ann, bob = stranger(browser), stranger(browser, 390, 844)
        pages = [ann, bob]
        for page in pages:
            page.goto(server + "/")
            page.locator("#quick-match").click()
            page.locator("#id_preset").select_option("single_round")  # one hand decides
            page.check("input[name=seats][value='2']")
        name_field = ann.get_by_label("Your name at the table")
        expect(name_field).to_have_value(re.compile(r"^Guest \d{4}$"))
        offered = name_field.input_value()
        screenshot(ann, "quick-match-guest-name-laptop")
        bobs_name = bob.get_by_label("Your name at the table")
        expect(bobs_name).to_have_value(re.compile(r"^Guest \d{4}$"))
        screenshot(bob, "quick-match-guest-name-phone")
        bobs_name.fill("Bob")
        for page in pages:
            page.get_by_role("button", name="Find players").click()
        for page in pages:
            expect(page).to_have_url(re.compile(r"/tables/[\w-]+/$"))
        expect(bob.locator(".messages")).to_contain_text(f"Matched: you play {offered}.")
        banner = ann.locator(".messages .matched")
        expect(banner).to_have_text("Matched: you play Bob.")
        for page in pages:
            expect(page.locator("#hand [data-tile]")).to_have_count(7)
            expect(page.locator("#seats .seat-tag", has_text="host")).to_have_count(0)
        public_id = ann.url.rstrip("/").split("/")[-1]
        seats = Seat.objects.filter(table__public_id=public_id)
        people = {seat.index: Player(user_id=None, session_key=seat.guest) for seat in seats}
        assert {seat.name for seat in seats} == {offered, "Bob"}
        play_out_the_hand(public_id, people)
        for page in pages:
            expect(page.locator("#match-end")).to_be_visible()
            expect(page.locator(".messages .matched")).to_have_count(0)
        screenshot(bob, "quick-match-over-phone")
        screenshot(ann, "quick-match-over-laptop")

        # Her computer's table calls her by the same name: the one the form offered.
        ann.goto(server + "/")
        ann.locator("#play-computer").click()
        expect(ann.locator("#hand [data-tile]")).not_to_have_count(0)
        computer_table = ann.url.rstrip("/").split("/")[-1]
        assert Seat.objects.get(table__public_id=computer_table, index=0).name == offered
    finally:
        for page in pages:
            page.context.close()


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


def test_a_player_gone_for_good_from_a_rated_quick_match_loses_and_the_other_is_told(
    browser, server
):
    """Issue 21: signed in, both are rated; Bob closes his page and stays away past the grace:
    Ann's page says so in words (the live region and the end panel) and shows her win."""
    pages: list[Page] = []
    try:
        ann, bob = stranger(browser), stranger(browser, 390, 844)
        pages = [ann, bob]
        members_press_quick_match(server, (ann, "Ann"), (bob, "Bob"))
        for page in pages:
            expect(page).to_have_url(re.compile(r"/tables/[\w-]+/$"))
            expect(page.locator("#hand [data-tile]")).to_have_count(7)
            # Seated by the server (a socket opens once its seat is taken): a socket still
            # opening when Bob's page closes would take his seat back after the forfeit.
            expect(page.locator("#connection")).to_have_attribute("data-state", "online")
        public_id = ann.url.rstrip("/").split("/")[-1]
        assert Entry.objects.filter(table__public_id=public_id, rated=True).count() == 2
        bob_seat = Seat.objects.get(table__public_id=public_id, user__first_name="Bob").index

        bob.context.close()
        pages.remove(bob)
        # Gone past the grace: his page's last word (its socket closing) may still be on its
        # way, and would make him seen just now; ask again until it has come.
        for _ in range(40):
            long_ago = now() - timedelta(seconds=services.REJOIN_GRACE_SECONDS + 1)
            Seat.objects.filter(table__public_id=public_id, index=bob_seat).update(seen_at=long_ago)
            if services.hand_over_if_gone(public_id=public_id, seat_index=bob_seat):
                break
            time.sleep(0.25)
        else:
            raise AssertionError("Bob's seat was never handed over")

        told = "Bob left for good: you win the match!"
        expect(ann.locator("#live")).to_contain_text(told)
        expect(ann.locator("#match-end")).to_be_visible()
        expect(ann.locator("#match-end-text")).to_contain_text(told)
        expect(ann.locator(f".seat[data-seat='{bob_seat}'] .away-tag")).to_have_text("left")
        ann_result = MatchResult.objects.get(table__public_id=public_id, user__first_name="Ann")
        assert ann_result.outcome == MatchResult.Outcome.WIN
        screenshot(ann, "quick-match-opponent-left-for-good")

        # His page opening again (a socket late to connect, or Bob back to look) makes him
        # present: the end stays what it was, he left for good.
        bob_user = Seat.objects.get(table__public_id=public_id, index=bob_seat).user_id
        services.seat_connected(
            public_id=public_id, player=Player(user_id=bob_user, session_key=None)
        )
        expect(ann.locator(f".seat[data-seat='{bob_seat}'] .away-tag")).to_have_count(0)
        expect(ann.locator("#match-end-text")).to_contain_text(told)
    finally:
        for page in pages:
            page.context.close()
