"""The host's pages in Chromium (issue 23): a host runs a Swiss of six from "My tournaments"
and the console (never the admin) to a winner, one player a newcomer who signs up from the
emailed invitation; and a player meets a full tournament.

The players' matches are played through the services by computer players in this process
(their pages are tests/browser/test_tournament.py's); the host's every step is in the browser.
"""

import re

import pytest
from accounts_support import PASSWORD
from browser_support import SCREENSHOTS, account, signed_in
from playwright.sync_api import expect
from tournament_play import check_in_both, checking_in, play_out

from billing import plans
from tournaments import selectors, services, swiss
from tournaments.models import Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PLAYERS = [f"p{i}" for i in range(5)]  # and a newcomer with no account yet


def screenshots(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{name} scrolls sideways at {width} px"


def newcomer_signs_up_and_joins(browser, server: str, mailbox) -> None:
    """The newcomer opens the emailed link, signs up, confirms the address, signs in, opens
    the link again and accepts."""
    invitation = mailbox.link("/tournaments/invitations/")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(invitation)
        expect(
            page.get_by_role("heading", name="host invites you to Thursday Swiss")
        ).to_be_visible()
        page.get_by_role("link", name="Sign up to play").click()
        page.get_by_label("Display name", exact=True).fill("Newcomer")
        page.get_by_label("Email", exact=True).fill("newcomer@example.com")
        page.get_by_label("Password", exact=True).fill(PASSWORD)
        page.get_by_label("Password (again)", exact=True).fill(PASSWORD)
        page.get_by_role("button", name="Sign Up").click()
        expect(page.get_by_role("heading", name="Verify Your Email Address")).to_be_visible()
        page.goto(mailbox.link("/accounts/confirm-email/", after=1))
        page.get_by_role("button", name="Confirm").click()
        page.wait_for_url(re.compile(r"/accounts/login/"))
        page.get_by_label("Email", exact=True).fill("newcomer@example.com")
        page.get_by_label("Password", exact=True).fill(PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page.get_by_role("button", name="Sign out")).to_be_visible()
        page.goto(invitation)
        screenshots(page, "invitation")
        page.get_by_role("button", name="Accept the invitation").click()
        expect(page.locator(".messages")).to_contain_text("You are in Thursday Swiss.")
    finally:
        context.close()


def test_a_host_runs_a_swiss_of_six_from_the_host_pages(mailbox, browser, server):
    services.make_host(user=account("host"))
    players = [account(name) for name in PLAYERS]
    context, host = signed_in(browser, server, "host")
    try:
        host.goto(server + "/tournaments/")
        host.get_by_role("link", name="My tournaments as host").click()
        expect(host.get_by_role("heading", name="My tournaments")).to_be_visible()
        host.fill("#id_name", "Thursday Swiss")
        host.select_option("#id_format", "swiss")
        expect(host.locator("#id_rounds")).to_be_visible()
        host.fill("#id_rounds", "3")
        host.select_option("#id_scoring", "best_of")
        expect(host.locator("#id_points_target")).to_be_hidden()
        host.select_option("#id_best_of_hands", "1")
        screenshots(host, "hosting-new")
        host.get_by_role("button", name="Create the tournament").click()
        expect(host.get_by_role("heading", name="Thursday Swiss")).to_be_visible()
        tournament = Tournament.objects.get(name="Thursday Swiss")

        emails = [f"{name}@example.com" for name in PLAYERS] + ["newcomer@example.com"]
        host.fill("#id_emails", "\n".join(emails))
        host.get_by_role("button", name="Invite").click()
        expect(host.locator(".messages")).to_contain_text("Invited 5.")
        expect(host.locator(".messages")).to_contain_text(
            "Emailed a link to sign up and join: newcomer@example.com."
        )
        newcomer_signs_up_and_joins(browser, server, mailbox)
        for player in players:
            services.join(player=player, public_id=tournament.public_id)
        host.reload()
        expect(host.get_by_role("heading", name="Entrants: 6 of 10 confirmed")).to_be_visible()
        screenshots(host, "hosting-console")
        host.get_by_role("button", name="Start now").click()
        expect(host.locator("#console-status")).to_have_text("Running")
        expect(host.get_by_role("heading", name="Checking in")).to_be_visible()

        for number in (1, 2, 3):
            opened = checking_in(tournament)
            assert len(opened) == 3 and {m.round for m in opened} == {number}
            for match in opened:
                play_out(check_in_both(match))

        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        leader = swiss.standings(*selectors.swiss_record(tournament))[0]
        assert tournament.champion_id == leader.entrant
        champion = tournament.champion.user.first_name
        host.reload()
        expect(host.locator(".champion")).to_have_text(champion)
        host.get_by_role("link", name=f"/tournaments/{tournament.public_id}/").click()
        expect(host.locator(".tournament-status .champion")).to_have_text(champion)
        expect(host.locator("table.standings.swiss tbody tr")).to_have_count(6)
        expect(host.locator("table.standings.swiss tbody tr").first).to_contain_text(champion)
        screenshots(host, "hosting-swiss-finished")
    finally:
        context.close()


def test_a_player_meets_a_full_tournament(browser, server):
    host = account("host")
    services.make_host(user=host)
    tournament = services.create_tournament(host=host, name="Full house")
    for index in range(plans.FREE_TOURNAMENT_PLAYERS):
        player = account(f"in{index}")
        services.invite(host=host, public_id=tournament.public_id, user=player)
        services.join(player=player, public_id=tournament.public_id)
    account("late")
    context, page = signed_in(browser, server, "late", viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{server}/tournaments/{tournament.public_id}/")
        expect(page.locator(".full")).to_have_text("This tournament is full.")
        expect(page.get_by_role("button", name="Ask to join")).to_have_count(0)
        expect(page.locator("body")).not_to_contain_text("Upgrade")
        screenshots(page, "tournament-full")
    finally:
        context.close()
