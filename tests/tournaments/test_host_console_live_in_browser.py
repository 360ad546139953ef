"""What hosts stumbled on, in Chromium (issue 35, 20 and 22-24): the console lists an emailed
invitation (sent again, withdrawn) and refreshes itself (a request to join, a player's "ready",
a match at its table, with no reload), a no-show is recorded and a player dropped from a
running Swiss; the standings say their tie-break order and, on a phone, that they scroll; a
bracket's round 2 names the bye-holder; the bell's count sits beside its icon.

The players act through the services in this process; every step of the host's is in the
browser. Screenshots at 390x844 and 1366x768 (tournament_play.screenshots)."""

import pytest
from browser_support import account, axe_report, axe_violations, signed_in
from playwright.sync_api import expect
from tournament_play import check_in_both, checking_in, play_out, screenshots

from tournaments import services
from tournaments.models import Tournament, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_the_console_lists_invitations_refreshes_itself_and_records_absences(browser, server):
    services.make_host(user=account("host"))
    players = [account(f"p{i}") for i in range(6)]
    context, host = signed_in(browser, server, "host")
    try:
        host.goto(server + "/tournaments/host/")
        host.fill("#id_name", "Friday Swiss")
        host.select_option("#id_format", "swiss")
        host.fill("#id_rounds", "3")
        host.select_option("#id_scoring", "best_of")
        host.select_option("#id_best_of_hands", "1")
        host.get_by_role("button", name="Create the tournament").click()
        tournament = Tournament.objects.get(name="Friday Swiss")
        public_id = tournament.public_id

        host.fill("#id_emails", "nobody-yet@example.com")
        host.get_by_role("button", name="Invite").click()
        row = host.locator("li[data-invitation='nobody-yet@example.com']")
        expect(row).to_contain_text("to sign up and join")
        row.get_by_role("button", name="Send again").click()
        expect(host.locator(".messages")).to_contain_text(
            "Sent the invitation again to nobody-yet@example.com."
        )
        host.locator("li[data-invitation='nobody-yet@example.com']").get_by_role(
            "button", name="Withdraw"
        ).click()
        expect(host.locator(".messages")).to_contain_text("its link no longer works")
        expect(host.locator("li[data-invitation]")).to_have_count(0)

        # A request to join reaches the open console by itself, and the bell.
        services.join(player=players[0], public_id=public_id)
        asking = host.locator(f"li[data-entrant='{players[0].email}']")
        expect(asking.get_by_role("button", name="Approve")).to_be_visible()  # no reload
        bell = host.locator("#bell")
        expect(bell.locator(".bell-count")).to_have_text("1")
        icon, count = bell.locator("svg").bounding_box(), bell.locator(".bell-count").bounding_box()
        assert count["x"] >= icon["x"] + icon["width"] - 0.5, (icon, count)  # beside, not over
        asking.get_by_role("button", name="Approve").click()
        for player in players[1:]:
            services.invite(host=tournament.host, public_id=public_id, user=player)
            services.join(player=player, public_id=public_id)
        host.reload()
        host.get_by_role("button", name="Start now").click()
        expect(host.locator("#console-status")).to_have_text("Running")

        # Round 1: a "ready" shows up by itself; one match is played; one player did not come.
        first, second, third = checking_in(tournament)
        services.check_in(player=first.first.user, match_id=first.pk)
        ready = host.locator(f".check-ins li[data-match='{first.pk}']")
        expect(ready).to_contain_text(f"{first.first.user.first_name}: ready")
        check_in_both(second)
        playing = host.locator(f".playing li[data-match='{second.pk}']")
        expect(playing.get_by_role("link", name="Watch")).to_be_visible()
        screenshots(host, "console-live")
        assert not (found := axe_violations(host)), axe_report(found)
        absent = first.second.user.first_name
        ready.locator("summary", has_text=f"{absent} did not come").click()
        ready.get_by_role("button", name=f"Record {absent}'s no-show").click()
        expect(host.locator(".messages")).to_contain_text("wins by forfeit")
        first.refresh_from_db()
        assert first.by_forfeit and first.winner_id == first.first_id

        # Before round 2 a player leaves: dropped, and never paired again.
        leaving = third.first
        drop = host.locator(f".in-swiss li[data-entrant='{leaving.user.email}']")
        drop.locator("summary").click()
        drop.get_by_role(
            "button", name=f"Drop {leaving.user.first_name} from the tournament"
        ).click()
        expect(host.locator(".messages")).to_contain_text("is dropped")
        third.refresh_from_db()
        assert third.status == TournamentMatch.Status.FINISHED and third.by_forfeit
        play_out(second.table)
        for _round in (2, 3):
            for match in checking_in(tournament):
                assert leaving.pk not in (match.first_id, match.second_id)
                play_out(check_in_both(match))
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        assert tournament.champion_id != leaving.pk

        # The standings: the order said in words, the dropped player marked, a phone told to
        # scroll for Hands ± and Points ±.
        host.goto(f"{server}/tournaments/{public_id}/")
        expect(host.locator(".tie-breaks")).to_contain_text("Ranked by match points")
        expect(host.locator("tr.withdrawn")).to_contain_text(leaving.user.first_name)
        host.set_viewport_size(PHONE)
        host.reload()
        expect(host.locator(".scroll-hint").first).to_be_visible()
        screenshots(host, "standings-swiss")
    finally:
        context.close()


def test_a_bracket_names_the_bye_holder_in_round_2_and_a_phone_is_told_to_scroll(browser, server):
    host_user = account("host")
    services.make_host(user=host_user)
    tournament = services.create_tournament(host=host_user, name="Club cup")
    for name in ("ann", "bob", "cat"):
        player = account(name)
        services.invite(host=host_user, public_id=tournament.public_id, user=player)
        services.join(player=player, public_id=tournament.public_id)
    services.start_tournament(host=host_user, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    (bye,) = tournament.matches.filter(status=TournamentMatch.Status.BYE)
    context, page = signed_in(browser, server, "host", viewport=PHONE)
    try:
        page.goto(f"{server}/tournaments/{tournament.public_id}/")
        awaited = page.locator(".round").nth(1).locator(".match.to-come")
        names = (match.first.user.first_name, match.second.user.first_name)
        expect(awaited).to_contain_text(bye.first.user.first_name)  # through on the bye
        expect(awaited).to_contain_text(f"{names[0]} or {names[1]}")  # their match undecided
        expect(page.get_by_text("Scroll the bracket sideways")).to_be_visible()
        screenshots(page, "bracket-round-2")
        page.set_viewport_size({"width": 1366, "height": 768})
        page.reload()
        expect(page.get_by_text("Scroll the bracket sideways")).to_be_hidden()
    finally:
        context.close()
