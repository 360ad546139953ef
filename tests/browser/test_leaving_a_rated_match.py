"""Leaving a rated quick match in Chromium: the page says what leaving means there (the match is
lost unless you are back within the grace, and nobody plays for you meanwhile), the other
player is told, "I'm back" within the grace plays on, and staying away loses."""

import re
from datetime import timedelta

import pytest
from browser_support import axe_report, axe_violations
from playwright.sync_api import Page, expect
from quick_match_support import members_press_quick_match, stranger

from games import services
from games.models import LogEntry, Seat

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

LEAVE = "Leave (you lose the match unless back within 2 minutes)"


def test_leaving_a_rated_match_says_it_loses_unless_back_and_staying_away_does(browser, server):
    pages: list[Page] = []
    try:
        ann, bob = stranger(browser), stranger(browser, 390, 844)
        pages = [ann, bob]
        members_press_quick_match(server, (ann, "Ann"), (bob, "Bob"))
        for page in pages:
            expect(page).to_have_url(re.compile(r"/tables/[\w-]+/$"))
            expect(page.locator("#connection")).to_have_attribute("data-state", "online")
        public_id = ann.url.rstrip("/").split("/")[-1]
        bob_seat = Seat.objects.get(table__public_id=public_id, user__first_name="Bob").index
        moves = LogEntry.objects.filter(table__public_id=public_id, kind="move")

        # The button says what leaving means at a rated table; the casual words are not there.
        expect(bob.get_by_role("button", name="Leave (the computer plays for you)")).to_have_count(
            0
        )
        played = moves.count()
        bob.get_by_role("button", name=LEAVE).click()
        tag = ann.locator(f".seat[data-seat='{bob_seat}'] .away-tag")
        expect(tag).to_have_text("left: loses unless back in time")
        expect(ann.locator("#live")).to_contain_text(
            "Bob left: they lose the match unless back within 2 minutes."
        )
        expect(bob.locator("#status")).to_contain_text(
            "You left the match: nobody plays for you, and your clock runs."
        )
        back = bob.get_by_role("button", name="I'm back")
        expect(back).to_be_visible()
        expect(bob.locator("#hand [data-tile].playable")).to_have_count(0)
        assert not (found := axe_violations(bob)), "left:\n" + axe_report(found)
        assert moves.count() == played, "nothing played for Bob"

        back.click()
        expect(tag).to_have_count(0)
        expect(ann.locator("#live")).to_contain_text("Bob is back.")
        expect(bob.get_by_role("button", name=LEAVE)).to_be_visible()

        # He leaves again and is not back within the grace: he loses, and Ann is told.
        bob.get_by_role("button", name=LEAVE).click()
        expect(tag).to_be_visible()
        long_ago = services.REJOIN_GRACE_SECONDS + 1
        seat = Seat.objects.filter(table__public_id=public_id, index=bob_seat)
        seat.update(left_at=seat.get().left_at - timedelta(seconds=long_ago))
        assert services.hand_over_if_gone(public_id=public_id, seat_index=bob_seat)
        told = "Bob left for good: you win the match!"
        expect(ann.locator("#match-end-text")).to_contain_text(told)
        expect(tag).to_have_text("left")
        # His "I'm back" is gone with the match.
        expect(back).to_be_hidden()
    finally:
        for page in pages:
            page.context.close()
