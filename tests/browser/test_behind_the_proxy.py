"""Two people play a live table in Chromium through the proxy the site ships: the pages, their
files and the table's WebSocket over HTTPS through nginx, in front of two daphne processes in
production mode (tests/proxy_support.py; issue 33, point 13). Both players' sockets reach the
same process, chosen by the table."""

import pytest
from online_driver import play_a_few_moves, start_online_pair

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_two_people_play_a_live_table_through_nginx(browser, deployment):
    # The test's certificate is its own: Chromium is told to take it, as the socket clients
    # are given it to trust.
    contexts = [
        browser.new_context(ignore_https_errors=True, viewport={"width": 1280, "height": 900})
        for _ in range(2)
    ]
    try:
        host, friend = (context.new_page() for context in contexts)
        for page in (host, friend):
            page.set_default_timeout(15_000)
        path = start_online_pair(host, friend, deployment.origin, deployment.origin)

        play_a_few_moves(host, friend)
    finally:
        for context in contexts:
            context.close()
    # Both pages' sockets (logged as they closed) went to one process.
    served = deployment.nginx.upstreams(f"/ws{path}", count=2)
    assert len(served) == 1, served
