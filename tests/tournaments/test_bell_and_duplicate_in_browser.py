"""The bell and the duplicate bracket in Chromium (issue 23, points 3, 4 and 5): a host makes a
duplicate knockout of four from the host pages and copies its share link; the matches are
played through the services (two legs each) to a champion; a player's bell counts what they
were told, live, with a browser notification once allowed, and the list marks it read; the
bracket is joined by lines at a phone's width and a laptop's, and prints alone."""

import pytest
from browser_support import SCREENSHOTS, account, signed_in
from django.core import mail
from playwright.sync_api import expect
from tournament_play import check_in_both, checking_in, play_out

from notifications import selectors
from notifications.models import Notification
from notifications.services import notify
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PLAYERS = [f"d{i}" for i in range(4)]


def look(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{name} scrolls sideways at {width} px"


def test_a_duplicate_knockout_to_a_champion_with_the_bell(mailbox, browser, server):
    services.make_host(user=account("host"))
    players = [account(name) for name in PLAYERS]
    context, host = signed_in(
        browser, server, "host", permissions=["clipboard-read", "clipboard-write"]
    )
    try:
        host.goto(server + "/tournaments/host/")
        host.fill("#id_name", "Duplicate cup")
        host.select_option("#id_scoring", "best_of")
        host.select_option("#id_best_of_hands", "1")
        host.get_by_label("Duplicate deals").check()
        host.get_by_role("button", name="Create the tournament").click()
        expect(host.get_by_role("heading", name="Duplicate cup")).to_be_visible()
        tournament = Tournament.objects.get(name="Duplicate cup")
        host.get_by_role("button", name="Copy the link").click()  # the share link
        expect(host.locator(".share .copied")).to_have_text("Copied.")
        copied = host.evaluate("() => navigator.clipboard.readText()")
        assert copied == f"{server}/tournaments/{tournament.public_id}/"
        assert tournament.duplicate
        host.fill("#id_emails", "\n".join(f"{name}@example.com" for name in PLAYERS))
        host.get_by_role("button", name="Invite").click()
        expect(host.locator(".messages")).to_contain_text("Invited 4 players.")
        for player in players:
            services.join(player=player, public_id=tournament.public_id)
        host.reload()
        host.get_by_role("button", name="Start now").click()
        expect(host.locator("#console-status")).to_have_text("Running")
    finally:
        context.close()

    legs = 0
    while Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING:
        for match in checking_in(tournament):
            play_out(check_in_both(match))
            legs += 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and legs == 6
    champion = tournament.champion.user
    # The emails: the invitations and first check-ins from the server, the rest from here.
    page_link = f"/tournaments/{tournament.public_id}/"
    invited_and_checking_in = [body for body in mailbox.bodies() if page_link in body]
    assert len(invited_and_checking_in) == 8  # 4 invitations, 4 first check-ins
    assert [m.subject for m in mail.outbox if m.to == [champion.email]][-1] == (
        "You are the champion of Duplicate cup!"
    )

    unread = selectors.unread_count(user=champion)
    assert unread >= 6  # invited, 2 check-ins and 2 results a round... and the title
    context, page = signed_in(browser, server, champion.username)
    try:
        # The person allowed browser notifications: each new one is shown by the browser too.
        page.add_init_script(
            """window.shown = [];
            window.Notification = class extends EventTarget {
              constructor(title) { super(); window.shown.push(title); }
            };
            Notification.permission = "granted";"""
        )
        page.goto(f"{server}/tournaments/{tournament.public_id}/")
        bell = page.locator("#bell")
        expect(bell.locator(".bell-count")).to_have_text(str(unread))
        expect(page.locator(".champion-banner")).to_be_visible()
        expect(page.locator(".rounds.elimination .round")).to_have_count(2)
        look(page, "duplicate-bracket")
        page.emulate_media(media="print")  # the printable view: the bracket alone
        expect(page.locator(".site-header")).to_be_hidden()
        expect(page.locator(".rounds.elimination")).to_be_visible()
        look(page, "duplicate-bracket-print")
        page.emulate_media(media="screen")
        notify(user=champion, kind=Notification.Kind.NOTICE, title="Prizes at the bar")
        expect(bell.locator(".bell-count")).to_have_text(str(unread + 1))  # live, no reload
        expect(bell).to_have_attribute("aria-label", f"Notifications, {unread + 1} unread")
        assert page.evaluate("() => window.shown") == ["Prizes at the bar"]
        bell.click()
        expect(page.get_by_role("heading", name="Notifications")).to_be_visible()
        expect(page.locator(".notification").first).to_contain_text("Prizes at the bar")
        expect(page.locator(".notification.unread")).to_have_count(unread + 1)
        expect(page.locator("#browser-notifications-state")).to_have_text(
            "The browser tells you too."  # allowed: no button to ask again
        )
        look(page, "notifications")
        page.reload()
        expect(bell.locator(".bell-count")).to_be_hidden()
        expect(page.locator(".notification.unread")).to_have_count(0)
    finally:
        context.close()
