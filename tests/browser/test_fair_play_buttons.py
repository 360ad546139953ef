"""Fair play on the page (issue 18): the Hint button against the computer only, and an Undo
that says why it cannot take anything back (nothing played yet, a draw)."""

import re

import pytest
from online_driver import start_online_pair
from playwright.sync_api import expect
from table_driver import Stuck, screenshot, start_match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_hint_button_is_offered_against_the_computer(server, page):
    table = start_match(page, server, preset="classic", level="easy", target=500)
    hint, undo = (page.get_by_role("button", name=name) for name in ("Hint", "Undo"))
    expect(hint).to_be_visible()
    assert table.state()["table"]["can_hint"] is True
    # Nothing of this hand played yet: Undo is there, disabled, saying why.
    expect(undo).to_be_visible()
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", "You have no play to take back in this hand.")
    screenshot(page, "fair-play-computer")


def test_no_hint_button_at_an_online_table(server, page, browser):
    friend_context = browser.new_context(viewport={"width": 1280, "height": 900})
    friend = friend_context.new_page()
    friend.set_default_timeout(10_000)
    start_online_pair(page, friend, server, server)
    for player in (page, friend):
        expect(player.locator("#hand [data-tile]")).to_have_count(7)
        # In the page (its hook stays) but hidden, so no longer a button anyone can press.
        expect(player.locator("#hint")).to_have_count(1)
        expect(player.locator("#hint")).to_be_hidden()
        expect(player.get_by_role("button", name="Hint")).to_have_count(0)
        expect(player.locator("#undo")).to_be_hidden()
        assert player.evaluate("() => window.dominoesTable.state.table.can_hint") is False
    screenshot(page, "fair-play-online")
    friend_context.close()


def test_undo_is_disabled_with_the_reason_after_a_draw(server, page):
    table = start_match(page, server, preset="classic", level="easy", target=500)
    undo = page.get_by_role("button", name="Undo")
    # Play on until the last thing since the player's last play is a draw (theirs or the
    # computer's): Undo then stays disabled and says a draw cannot be taken back.
    table.play_until(
        lambda t: t.my_plays_made() > 0 and drew_since_my_last_play(t.view()), limit=200
    )
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", re.compile(r"a draw cannot be taken back\.$"))
    screenshot(page, "fair-play-undo-after-a-draw")


def drew_since_my_last_play(view) -> bool:
    history, me = view["history"], view["seat"]
    last = max(i for i, move in enumerate(history) if move["seat"] == me and "play" in move)
    return any("draw" in move for move in history[last:])


def test_a_match_with_a_take_back_says_so_at_its_end(server, page):
    table = start_match(page, server, preset="single_round", level="easy")
    undo = page.get_by_role("button", name="Undo")
    table.play_until(lambda t: t.my_plays_made() > 0 and undo.is_enabled(), limit=100)
    before = table.version()
    undo.click()
    table.wait_version_above(before)
    assert table.state()["table"]["take_backs"] == 1
    for _ in range(200):
        if table.pointer_turn() == "finished":
            break
    else:
        raise Stuck(f"the single round did not end: {table.describe()}")
    expect(page.locator("#match-end-text")).to_have_text(re.compile(r" Played with take-backs\.$"))
    screenshot(page, "fair-play-match-end-with-take-backs")


def test_undo_is_not_offered_once_the_hand_is_over_and_the_server_refuses_it(server, page):
    table = start_match(page, server, preset="classic", level="easy", target=500)
    undo = page.get_by_role("button", name="Undo")
    table.play_until(lambda t: t.hand_over(), limit=200)
    # Every tile is shown: nothing of the finished hand is offered back.
    expect(undo).to_have_count(0)
    expect(page.locator("#undo")).to_be_hidden()
    expect(page.locator("#main-action")).to_have_text("Next round")
    # Sent anyway through the page's own connection, the server says why in words and
    # changes nothing.
    before = table.version()
    page.evaluate(
        "t => t.send({type: 'undo', version: t.state.version})",
        page.evaluate_handle("() => window.dominoesTable"),
    )
    alert = page.locator("#alert")
    expect(alert).to_have_text(
        "The hand is over and every tile was shown: it can no longer be undone."
    )
    table.wait_settled()
    assert table.version() == before and table.hand_over()
    expect(page.locator("#undo")).to_be_hidden()
