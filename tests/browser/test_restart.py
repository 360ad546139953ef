"""Restarting the server in the middle of a hand loses nothing: the page reconnects by itself
and the game goes on from the database. Stopped (SIGTERM) or killed (``kill -9``) alike."""

import re
import signal

import pytest
from playwright.sync_api import expect

# serial: kills and restarts the site's server mid-hand.
pytestmark = [pytest.mark.serial, pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def hand_tiles(page) -> list[str]:
    return page.locator("#hand [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")


def my_turn_with_a_play(page) -> None:
    """Wait for a turn of mine with a tile to play. The deal is the server's: a hand may leave
    me nothing that fits (in block the site then passes for me) and end blocked; the next
    round is then dealt until one does."""
    playable = page.locator("#hand [data-tile].playable")
    next_round = page.get_by_role("button", name="Next round")
    for _ in range(20):
        expect(playable.or_(next_round).first).to_be_visible()
        if playable.count():
            return
        next_round.click()
    raise AssertionError("twenty hands without a tile of mine to play")


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGKILL], ids=["term", "kill"])
def test_a_server_restart_mid_hand_continues_exactly_where_it_was(site, page, stop_signal):
    page.goto(site.url + "/play/")
    page.check("input[name=preset][value=block]")
    page.get_by_role("button", name="Start match").click()
    expect(page).to_have_url(re.compile(r"/tables/[\w-]+/$"))
    expect(page.locator("#connection")).to_have_attribute("data-state", "online")
    my_turn_with_a_play(page)
    tiles_before = hand_tiles(page)
    page.locator("#hand [data-tile].playable").first.click()
    spot = page.locator(".spot").first
    if spot.count():
        spot.click()
    expect(page.locator("#hand [data-tile]")).to_have_count(len(tiles_before) - 1)
    my_turn_with_a_play(page)
    held = hand_tiles(page)
    board = page.locator("#board").inner_html()

    site.process.send_signal(stop_signal)
    site.process.wait(timeout=15)
    expect(page.locator("#connection")).not_to_have_attribute("data-state", "online")
    expect(page.locator("#connection")).to_contain_text("retrying")
    site.start()

    # No reload: the page reconnects by itself, asks for the state and shows the same hand.
    expect(page.locator("#connection")).to_have_attribute("data-state", "online", timeout=30_000)
    assert hand_tiles(page) == held
    assert page.locator("#board").inner_html() == board
    page.locator("#hand [data-tile].playable").first.click()
    spot = page.locator(".spot").first
    if spot.count():
        spot.click()
    expect(page.locator("#hand [data-tile]")).to_have_count(len(held) - 1)
