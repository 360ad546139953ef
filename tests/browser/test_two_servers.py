"""Scale-out: two players of one table connected to two different daphne processes see each
other's moves live (the announcement crosses processes through channels-redis; each process
loads the state from PostgreSQL)."""

import pytest
from browser_support import Site
from online_driver import (
    assert_same_board,
    board_tiles,
    new_page,
    play_one,
    start_online_pair,
    whose_turn,
)
from playwright.sync_api import expect

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_players_on_two_daphne_processes_play_one_table_live(browser, site):
    other_site = Site()
    other_site.start()
    contexts = []
    try:
        host_context, host = new_page(browser)
        friend_context, friend = new_page(browser)
        contexts = [host_context, friend_context]
        start_online_pair(host, friend, site.url, other_site.url)

        played = 0
        for _ in range(4):
            mover, other = whose_turn(host, friend)
            before = board_tiles(mover)
            if not play_one(mover):
                break
            played += 1
            expect(other.locator("#board")).to_have_attribute("data-tiles", str(before + 1))
            if host.locator("#hand-result").is_visible():
                break
        assert played >= 2
        assert_same_board(host, friend)
    finally:
        for context in contexts:
            context.close()
        other_site.stop()
