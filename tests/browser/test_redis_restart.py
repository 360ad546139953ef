"""Redis restarted in the middle of a game (the channel layer's server, killed or stopped, comes
back empty on the same port), or flushed: the next moves appear on the other pages without a
reload. The server's pub/sub reader reconnects and subscribes again to every group it serves;
a flush touches no subscription (they live in the connection, not in Redis's data)."""

import signal
import time

import pytest
import redis as redis_client
from browser_support import Site
from fault_support import RedisServer
from online_driver import (
    assert_same_board,
    board_tiles,
    new_page,
    play_one,
    start_online_pair,
    whose_turn,
)
from playwright.sync_api import expect

# serial: restarts a Redis server and waits on the page's reconnect.
pytestmark = [pytest.mark.serial, pytest.mark.integration, pytest.mark.django_db(transaction=True)]

RECONNECT_SECONDS = 3
PASSES_AT_MOST = 4


def play_and_see(host, friend, watcher) -> None:
    """The player to move plays a tile; the other player and the spectator see it, live. The
    deal is random: a player with no tile that fits passes first (Block), and the other plays."""
    for _ in range(PASSES_AT_MOST + 1):
        mover, other = whose_turn(host, friend)
        before = board_tiles(mover)
        if play_one(mover):
            break
        mover.locator("#main-action").click()
        expect(mover.locator("#status")).not_to_have_attribute("data-turn", "mine")
    else:
        raise AssertionError(f"no tile played after {PASSES_AT_MOST} passes")
    for page in (mover, other, watcher):
        expect(page.locator("#board")).to_have_attribute("data-tiles", str(before + 1))


@pytest.mark.parametrize("fault", ["kill", "term", "flush"])
def test_pages_recover_by_themselves_when_redis_restarts_mid_game(browser, transactional_db, fault):
    redis = RedisServer()
    redis.start()
    site = Site()
    site.env["REDIS_URL"] = redis.url
    site.start()
    contexts = []
    try:
        (host_context, host), (friend_context, friend), (watcher_context, watcher) = [
            new_page(browser) for _ in range(3)
        ]
        contexts = [host_context, friend_context, watcher_context]
        path = start_online_pair(host, friend, site.url, site.url)
        watcher.goto(site.url + path)
        expect(watcher.locator("#connection")).to_have_attribute("data-state", "online")
        play_and_see(host, friend, watcher)

        if fault == "flush":
            redis_client.Redis.from_url(redis.url).flushall()
        else:
            redis.stop(signal.SIGKILL if fault == "kill" else signal.SIGTERM)
            redis.start()  # on the same port, empty
        # Long enough for the server's reader to reconnect (it waits a second after a failure).
        time.sleep(RECONNECT_SECONDS)

        for page in (host, friend, watcher):
            expect(page.locator("#connection")).to_have_attribute(
                "data-state", "online", timeout=30_000
            )
        for _ in range(3):
            play_and_see(host, friend, watcher)
        assert_same_board(host, friend)
    finally:
        for context in contexts:
            context.close()
        site.stop()
        redis.stop()
