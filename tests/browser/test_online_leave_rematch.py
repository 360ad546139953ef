"""Online tables in the browser: leaving hands the seat to the computer and coming back takes
it back; at the end of a match a rematch needs both players, and then both pages go to it."""

import re
from datetime import timedelta

import pytest
from browser_support import axe_report, axe_violations
from django.utils import timezone
from online_driver import new_page, start_online_pair
from playwright.sync_api import expect

from games import services
from games.models import Seat, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_leaving_and_coming_back(browser, server):
    (host_context, host), (friend_context, friend) = new_page(browser), new_page(browser)
    try:
        start_online_pair(host, friend, server, server)
        friend.get_by_role("button", name="Leave (the computer plays for you)").click()
        expect(host.locator(".seat[data-seat='1'] .away-tag")).to_be_visible()
        expect(host.locator("#live")).to_contain_text("Bob left: the computer plays for them.")
        # While away, the table offers nothing but "I'm back".
        back = friend.get_by_role("button", name="I'm back")
        expect(back).to_be_visible()
        expect(friend.locator("#main-action")).to_be_hidden()
        expect(friend.locator("#hand [data-tile].playable")).to_have_count(0)
        expect(
            friend.get_by_role("button", name="Leave (the computer plays for you)")
        ).to_be_hidden()
        expect(friend.locator("#status")).to_contain_text("You are away")
        assert not (found := axe_violations(friend)), "away:\n" + axe_report(found)
        # "I'm back" is said over the open socket: no new connection.
        sockets = []
        friend.on("websocket", lambda socket: sockets.append(socket))
        back.click()
        expect(host.locator(".seat[data-seat='1'] .away-tag")).to_have_count(0)
        expect(host.locator("#live")).to_contain_text("Bob is back.")
        expect(back).to_be_hidden()
        expect(
            friend.get_by_role("button", name="Leave (the computer plays for you)")
        ).to_be_visible()
        assert friend.evaluate("() => document.activeElement !== document.body")
        assert sockets == []
        # Opening the table again is coming back too.
        friend.get_by_role("button", name="Leave (the computer plays for you)").click()
        expect(host.locator(".seat[data-seat='1'] .away-tag")).to_be_visible()
        friend.reload()
        expect(host.locator(".seat[data-seat='1'] .away-tag")).to_have_count(0)
    finally:
        host_context.close()
        friend_context.close()


def test_a_forfeit_ends_the_match_and_a_rematch_needs_both(browser, server):
    (host_context, host), (friend_context, friend) = new_page(browser), new_page(browser)
    try:
        path = start_online_pair(host, friend, server, server)
        # The table plays on the tournament clock, and the seat to move runs out of time.
        public_id = path.strip("/").split("/")[-1]
        Table.objects.filter(public_id=public_id).update(
            forfeit_at_deadline=True, deadline=timezone.now() - timedelta(seconds=1)
        )
        assert services.sweep_deadlines() == 1
        for page in (host, friend):
            expect(page.locator("#match-end")).to_be_visible()
            expect(page.locator("#match-end-text")).to_contain_text("ran out of time")
        # One who has left would never agree: no Rematch is offered while they are gone.
        seat = Seat.objects.get(table__public_id=public_id, index=1)
        bob = services.Player(user_id=seat.user_id, session_key=seat.guest)
        services.leave_table(public_id=public_id, player=bob)
        expect(host.get_by_role("button", name="Rematch")).to_be_hidden()
        expect(host.locator("#rematch-status")).to_have_text(
            "Bob has left the table: start a new match instead."
        )
        services.come_back(public_id=public_id, player=bob)
        expect(host.locator("#rematch-status")).to_be_hidden()
        host.get_by_role("button", name="Rematch").click()
        expect(friend.locator("#rematch-status")).to_contain_text("1 of 2 players ready")
        friend.get_by_role("button", name="Rematch").click()
        # Both accepted: both pages go to the new table by themselves (no "Go to the rematch").
        host.wait_for_url(lambda url: url.startswith(server + "/tables/") and path not in url)
        rematch = f"/tables/{Table.objects.get(public_id=public_id).rematch.public_id}/"
        for page in (host, friend):
            page.wait_for_url(re.compile(re.escape(rematch) + "$"))
            expect(page.locator("#hand [data-tile]")).to_have_count(7)
        # A finished table opened later stays put, with the link to the rematch.
        host.goto(server + path)
        expect(host.locator("#rematch-link")).to_be_visible()
        expect(host.locator("#rematch-link")).to_have_attribute("href", rematch)
        assert host.url.endswith(path)
    finally:
        host_context.close()
        friend_context.close()
