"""A tournament in the browser: the host creates and starts it in the admin, the two players
check in on its page and play their match at the table, and the bracket page follows live."""

import time

import pytest
from browser_support import SCREENSHOTS, account, axe_report, axe_violations, signed_in
from playwright.sync_api import expect
from table_driver import SETTLED_JS, Table

from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def play_to_the_end(first: Table, second: Table, seconds: float = 120) -> None:
    """Each player acts whenever their page waits for them, until the match is over."""
    deadline = time.monotonic() + seconds
    while not (first.finished() and second.finished()):
        assert time.monotonic() < deadline, f"{first.describe()} {second.describe()}"
        for driver in (first, second):
            if not driver.finished() and driver.page.evaluate(SETTLED_JS):
                driver.pointer_turn()
                break
        else:
            first.page.wait_for_timeout(100)


def test_a_host_runs_a_tournament_and_two_players_play_their_match(browser, server):
    host_user = account("host")
    services.make_host(user=host_user)
    account("alice")
    account("bob")
    contexts = []
    try:
        host_context, host = signed_in(browser, server, "host")
        contexts.append(host_context)

        # The host creates the tournament in the admin, invites and confirms both players.
        host.goto(server + "/admin/tournaments/tournament/add/")
        host.fill("#id_name", "Friday cup")
        host.select_option("#id_format", "elimination")
        host.select_option("#id_scoring", "best_of")
        host.select_option("#id_best_of_hands", "1")
        host.click("input[name=_continue]")
        expect(host.locator("body")).to_contain_text("Player limit of the host's plan")
        host.fill("#id_entrants-0-email", "alice@example.com")
        host.select_option("#id_entrants-0-status", "confirmed")
        host.get_by_text("Add another Entrant").click()
        host.fill("#id_entrants-1-email", "bob@example.com")
        host.select_option("#id_entrants-1-status", "confirmed")
        host.click("input[name=_continue]")
        expect(host.locator(".messagelist")).to_contain_text("changed successfully")

        # ... and starts it with the admin action.
        host.goto(server + "/admin/tournaments/tournament/")
        host.check("input[name=_selected_action]")
        host.select_option("select[name=action]", "start_tournaments")
        host.click("button[name=index]")
        expect(host.locator(".messagelist")).to_contain_text("Friday cup: started.")
        tournament = Tournament.objects.get(name="Friday cup")
        assert tournament.status == Tournament.Status.RUNNING and tournament.seed is not None
        page_url = f"{server}/tournaments/{tournament.public_id}/"

        # The host watches the bracket page; the players open it too.
        host.goto(page_url)
        expect(host.locator(".match.status-check_in")).to_have_count(1)
        players = {}
        for name in ("alice", "bob"):
            context, page = signed_in(browser, server, name)
            contexts.append(context)
            page.goto(page_url)
            expect(page.get_by_role("heading", name="Your next match")).to_be_visible()
            players[name] = page
        alice, bob = players["alice"], players["bob"]
        expect(alice.locator(".countdown")).to_contain_text(":")

        # Alice checks in; the others' pages show it without a reload.
        alice.get_by_role("button", name="I'm ready").click()
        expect(alice.locator(".my-match")).to_contain_text("Waiting for your opponent")
        marks = host.locator(".ready-marks")
        expect(marks).to_contain_text("alice ready")  # the seed decides who is named first
        expect(marks).to_contain_text("bob not ready")
        bob.get_by_role("button", name="I'm ready").click()
        expect(bob.get_by_role("link", name="Play your match")).to_be_visible()
        expect(alice.get_by_role("link", name="Play your match")).to_be_visible()
        expect(host.locator(".match-status")).to_have_text("Playing")

        # They play the match at its table.
        alice.get_by_role("link", name="Play your match").click()
        bob.get_by_role("link", name="Play your match").click()
        play_to_the_end(Table(alice), Table(bob))

        # The bracket page follows: the winner is champion, with no reload.
        expect(host.locator(".champion")).to_be_visible(timeout=15_000)
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        champion = tournament.champion.user.username
        expect(host.locator(".champion")).to_have_text(champion)
        expect(host.locator(".match .winner")).to_have_text(champion)
    finally:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for index, context in enumerate(contexts):
            for page in context.pages:
                page.screenshot(path=str(SCREENSHOTS / f"tournament-{index}.png"), full_page=True)
            context.close()


def test_the_tournament_page_fits_a_phone_and_passes_axe(browser, server):
    host = account("host")
    services.make_host(user=host)
    players = [account(f"p{i}") for i in range(5)]
    tournament = services.create_tournament(host=host, name="Phone cup")
    for player in players:
        services.invite(host=host, public_id=tournament.public_id, user=player)
        services.join(player=player, public_id=tournament.public_id)
    services.start_tournament(host=host, public_id=tournament.public_id)
    in_check_in = tournament.matches.filter(status="check_in").first().first.user.username
    context, page = signed_in(
        browser,
        server,
        in_check_in,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    try:
        page.goto(f"{server}/tournaments/{tournament.public_id}/")
        expect(page.get_by_role("button", name="I'm ready")).to_be_visible()
        expect(page.get_by_role("heading", name="Final")).to_be_visible()
        overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "tournament-phone.png"), full_page=True)
        found = axe_violations(page)
        assert not found, axe_report(found)
    finally:
        context.close()
