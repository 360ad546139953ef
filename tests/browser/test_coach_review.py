"""The coach on the replay in Chromium: a finished hand's review (the costly moment with the
better move and why, the grade of the move at the step shown), the analysis board's toggle of
the other hands, and "play on from here" opening a table against the computer at that moment.

The hand is dealt so that the second decision has a known blunder (All Fives: 4-3 makes the
count 15, 6-2 scores nothing) and the person plays it."""

import re

import pytest
from browser_support import account, signed_in
from coach_support import blundered_table, play_the_blunder
from playwright.sync_api import expect
from table_driver import screenshot

from games.coach.words import decision_words
from games.models import HandReview

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def blundered_match(monkeypatch, settings, user):
    """One hand of All Fives against the computer, my 6-2 played when 4-3 scored 15; my other
    moves the first legal one. Reviewed as it ends (the coach's job runs inline here)."""
    settings.COACH_REVIEWS = True
    return play_the_blunder(blundered_table(monkeypatch, user), user)


def test_the_review_of_a_finished_hand_and_play_on_from_here(
    browser, server, monkeypatch, settings
):
    alice = account("alice")
    table = blundered_match(monkeypatch, settings, alice)
    review = HandReview.objects.get(table=table, hand=0, seat=0)
    blunder = next(d for d in review.decisions if d["ply"] == 2)
    assert blunder["played"] == ["6-2"] and blunder["best"] == ["4-3"]
    assert blunder["grade"] in {"mistake", "blunder"}
    # The costliest moment (which one depends on the rest of the hand, played first-legal).
    costliest = decision_words(max(review.decisions, key=lambda d: d["cost"]))
    assert review.critical[0] == costliest["ply"]

    context, page = signed_in(browser, server, "alice", viewport={"width": 1366, "height": 768})
    page.goto(f"{server}/tables/{table.public_id}/replay/")
    coach = page.locator("#coach")
    expect(coach).to_be_visible()
    expect(page.locator("#coach-hands li")).to_have_count(1)
    expect(page.locator("#coach-hands li")).to_contain_text("Hand 1, alice: accuracy")
    first = page.locator("#coach-moments li").first
    expect(first).to_contain_text(f"played {costliest['played']}")
    expect(first).to_contain_text(f"Better: {costliest['best']}")
    expect(page.locator("#coach-note")).to_be_hidden()  # the deal: nobody has chosen yet

    first.get_by_role("button").click()  # jump to the moment: the step before the move
    expect(page.locator("#step-count")).to_contain_text(f"Step {costliest['ply'] + 1} of")
    expect(page.locator("#coach-note")).to_contain_text(f"plays {costliest['played']}")

    page.get_by_role("button", name="First").click()
    page.get_by_role("button", name="Forward").click()
    page.get_by_role("button", name="Forward").click()
    expect(page.locator("#step-count")).to_contain_text("Step 3 of")
    note = page.locator("#coach-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("alice is to move and plays 6-2")
    expect(note).to_have_attribute("data-grade", blunder["grade"])
    expect(note).to_contain_text("Better: 4-3. 4-3 scores 15 on the count at once")
    # Every hand open, or only what my seat saw then.
    theirs = page.locator('#replay-seats [data-seat="1"] .result-tiles')
    expect(theirs.locator("svg")).to_have_count(6)
    page.get_by_label("Show every hand").uncheck()
    expect(theirs).to_have_class(re.compile("closed"))
    expect(theirs).to_have_attribute("aria-label", "6 tiles, face down")
    mine = page.locator('#replay-seats [data-seat="0"] .result-tiles')
    expect(mine.locator("svg")).to_have_count(6)
    screenshot(page, "coach-replay-1366x768")

    # The match was against the easy computer: playing on keeps it, and the button says so.
    page.get_by_role("button", name="Play on from here against the computer (easy)").click()
    page.wait_for_url(re.compile(r"/tables/(?!" + table.public_id + r")[^/]+/$"))
    expect(page.locator("#hand [data-tile]")).to_have_count(6)
    expect(page.locator(".seat[data-seat='1']")).to_contain_text("computer: easy")
    expect(page.locator('#hand [data-tile="4-3"].playable')).to_be_visible()
    context.close()

    phone_context, phone = signed_in(
        browser, server, "alice", viewport={"width": 390, "height": 844}, is_mobile=True
    )
    phone.goto(f"{server}/tables/{table.public_id}/replay/")
    phone.locator("#coach-moments button").first.click()
    expect(phone.locator("#coach-note")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "coach-replay-390x844")
    # Accuracy and luck beside the result, and skill apart from the tiles.
    phone.goto(f"{server}/me/history/")
    expect(phone.locator(f'[data-table="{table.public_id}"] .accuracy-value')).to_have_text(
        f"{review.accuracy:.0f}%"
    )
    screenshot(phone, "coach-history-390x844")
    phone.goto(f"{server}/me/statistics/")
    expect(phone.locator("#skill-accuracy")).to_have_text(f"{review.accuracy:.0f}%")
    screenshot(phone, "coach-statistics-390x844")
    phone_context.close()
