"""Scale-out: two players of one table connected to two different daphne processes see each
other's moves live (the announcement crosses processes through channels-redis; each process
loads the state from PostgreSQL)."""

import pytest
from browser_support import Site
from online_driver import new_page, play_a_few_moves, start_online_pair

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

        play_a_few_moves(host, friend)
    finally:
        for context in contexts:
            context.close()
        other_site.stop()
