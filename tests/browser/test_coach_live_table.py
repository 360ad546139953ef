"""The coach on the table between hands, in Chromium: the hand against the computer ends while
the page is open, and the person's own review arrives on the hand-end panel by the socket (the
job runs inline in this process and announces it), with its grades and the costliest moments;
its link opens the replay at that moment once the match is over. A page opened later fetches
the review done already. On a phone the panel stays short: the next round's button stays in
view.

The deal is test_coach_review's: the person's second decision is a known blunder."""

import pytest
from browser_support import account, signed_in
from coach_support import blundered_table, play_the_blunder
from playwright.sync_api import expect
from table_driver import screenshot

from games.coach.words import decision_words
from games.models import HandReview

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_review_reaches_the_table_between_hands_and_links_to_the_replay(
    browser, server, monkeypatch, settings
):
    settings.COACH_REVIEWS = True
    alice = account("alice")
    table = blundered_table(monkeypatch, alice)
    context, page = signed_in(browser, server, "alice", viewport={"width": 1366, "height": 768})
    page.goto(f"{server}/tables/{table.public_id}/")
    expect(page.locator("#hand [data-tile]")).to_have_count(7)
    expect(page.locator("#hand-review")).to_have_count(0)  # the coach's module not even loaded

    table = play_the_blunder(table, alice)
    review = HandReview.objects.get(table=table, hand=0, seat=0)
    costliest = decision_words(max(review.decisions, key=lambda d: d["cost"]))
    coach = page.locator("#hand-review")
    expect(coach).to_be_visible()
    expect(coach.locator(".review-summary")).to_contain_text(
        f"Coach: {review.accuracy:.0f}% accuracy"
    )
    moment = coach.locator(".review-moments li").first
    expect(moment).to_have_attribute("data-grade", costliest["grade"])
    expect(moment).to_contain_text(f"{costliest['label']}: {costliest['played']} cost about")
    expect(moment).to_contain_text(f"{costliest['best']} was better")
    expect(coach.locator(".review-moments li")).to_have_count(min(2, len(review.critical)))
    screenshot(page, "coach-table-1366x768")

    moment.get_by_role("link", name="See it").click()
    page.wait_for_url(f"**/tables/{table.public_id}/replay/#hand=0&ply={costliest['ply']}")
    expect(page.locator("#step-count")).to_contain_text(f"Step {costliest['ply'] + 1} of")
    expect(page.locator("#coach-note")).to_contain_text(f"plays {costliest['played']}")

    # A page opened after the job: the review fetched when the panel opens.
    page.goto(f"{server}/tables/{table.public_id}/")
    expect(page.locator("#hand-review .review-summary")).to_contain_text("accuracy")
    context.close()


def test_on_a_phone_the_review_leaves_the_next_round_in_view(
    browser, server, monkeypatch, settings
):
    settings.COACH_REVIEWS = True
    alice = account("alice")
    table = play_the_blunder(blundered_table(monkeypatch, alice, best_of=3), alice)
    assert not table.finished
    context, phone = signed_in(
        browser, server, "alice", viewport={"width": 390, "height": 844}, is_mobile=True
    )
    phone.goto(f"{server}/tables/{table.public_id}/")
    coach = phone.locator("#hand-review")
    expect(coach.locator(".review-moments li").first).to_be_visible()
    # Between hands of a match still played the replay is closed: no link yet.
    expect(coach.get_by_role("link")).to_have_count(0)
    expect(phone.locator("#main-action")).to_be_in_viewport()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "coach-table-390x844")
    context.close()
