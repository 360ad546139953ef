"""Setting up an online table in the browser: the host creates it, a friend joins, it starts."""

import re
import time

from playwright.sync_api import Page, expect


def open_online_table(host: Page, host_url: str, *, preset: str, seats: int) -> None:
    """The host sets up a table for friends from the setup page and lands in its lobby."""
    host.goto(host_url + "/play/")
    host.check("input[name=mode][value=online]")
    host.check(f"input[name=preset][value={preset}]")
    host.check(f"input[name=seats][value='{seats}']")
    host.fill("input[name=name]", "Alice")  # friends see the host's name
    host.get_by_role("button", name="Start match").click()
    expect(host).to_have_url(re.compile(r"/tables/[\w-]+/$"))


def start_online_pair(host: Page, friend: Page, host_url: str, friend_url: str) -> str:
    """A 2-seat Block table for friends, started; returns its path. The friend may use
    another server (``friend_url``) than the host."""
    open_online_table(host, host_url, preset="block", seats=2)
    expect(host.locator("#connection")).to_have_attribute("data-state", "online")
    path = host.url.removeprefix(host_url)
    friend.goto(friend_url + path)
    expect(friend.locator("#connection")).to_have_attribute("data-state", "online")
    friend.get_by_label("Your name").fill("Bob")
    friend.get_by_role("button", name="Join the game").click()
    expect(host.locator("#lobby-seats")).to_contain_text("Bob")
    host.get_by_role("button", name="Start").click()
    expect(friend.locator("#hand [data-tile]")).to_have_count(7)
    expect(host.locator("#hand [data-tile]")).to_have_count(7)
    return path


def assert_same_board(first: Page, second: Page, *, within: float = 10.0) -> None:
    """Both pages show the same chain, once each has rendered the last state: the other player
    sees a move as soon as its state arrives, the mover only when its own state does, so a
    comparison straight after the other saw it can catch the mover's page one state behind.
    The same tiles on the same arms, as the board's words say them: the picture itself is laid
    out to fit each window (two windows of different sizes turn the snake differently)."""
    deadline = time.monotonic() + within
    while True:
        boards = [
            (
                page.locator("#board").get_attribute("data-tiles"),
                page.locator("#board-summary").text_content(),
            )
            for page in (first, second)
        ]
        if boards[0] == boards[1] or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert boards[0] == boards[1], boards


def new_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def board_tiles(page) -> int:
    return int(page.locator("#board").get_attribute("data-tiles") or 0)


def play_one(page) -> bool:
    """Play a tile from this page (its player's turn); False when there is nothing to play."""
    playable = page.locator("#hand [data-tile].playable").first
    if not playable.count():
        return False
    playable.click()
    spot = page.locator(".spot").first
    if spot.count():
        spot.click()
    return True


def whose_turn(host, friend):
    """(the page whose turn it is, the other), waiting up to 10 s for one of them to move. A
    page still waiting for its own move's answer (busy) is not yet anyone's turn."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for mover, other in ((host, friend), (friend, host)):
            if mover.locator("#table-page:not([aria-busy]) #status[data-turn=mine]").count():
                return mover, other
        host.wait_for_timeout(100)
    raise AssertionError("neither player's turn")


def play_a_few_moves(host: Page, friend: Page) -> None:
    """Up to four moves, each by whoever's turn it is and seen on the other page, at least two
    before a hand ends; then both pages show the same board. A player with nothing that fits
    passes (Block), as the deal, random on a server in production mode, may ask."""
    played = turns = 0
    while played < 4 and turns < 12:
        turns += 1
        mover, other = whose_turn(host, friend)
        before = board_tiles(mover)
        if not play_one(mover):
            mover.locator("#main-action").click()
            continue
        played += 1
        expect(other.locator("#board")).to_have_attribute("data-tiles", str(before + 1))
        if host.locator("#hand-result").is_visible():
            break
    assert played >= 2, f"{played} moves in {turns} turns"
    assert_same_board(host, friend)
