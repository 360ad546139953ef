"""The host's console in Chromium for the actions beyond the basics (issue 23, 1): a start time
entered on the host's clock and read on each player's, the seeding set by hand from the
keyboard, an entrant replaced before the start, a no-show replaced at check-in, and a result
overridden with a reason, the champion following.

The players' moves are played through the services in this process (as in
test_hosting_in_browser.py); every step of the host's is in the browser."""

import re

import pytest
from browser_support import account, axe_report, axe_violations, signed_in
from playwright.sync_api import expect
from tournament_play import check_in_both, checking_in, play_out, screenshots

from tournaments import services
from tournaments.models import Tournament, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_host_schedules_seeds_replaces_and_overrides_from_the_console(browser, server):
    services.make_host(user=account("host"))
    players = [account(name) for name in ("ann", "bob", "cat", "dan")]
    account("sub1")
    account("sub2")
    context, host = signed_in(browser, server, "host", timezone_id="America/New_York")
    try:
        host.goto(server + "/tournaments/host/")
        expect(host.locator("#id_time_zone")).to_have_value("America/New_York")  # the browser's
        host.fill("#id_name", "Club night")
        host.fill("#id_description", "Our monthly knockout.")
        host.fill("#id_rules_text", "Be on time.")
        host.fill("#id_starts_at", "2030-06-01T19:00")
        host.get_by_label("Start automatically at the start time").check()
        host.fill("#id_check_in_minutes", "10")
        host.fill("#id_player_cap", "8")
        host.select_option("#id_seeding", "manual")
        screenshots(host, "console-new")
        host.get_by_role("button", name="Create the tournament").click()
        expect(host.get_by_role("heading", name="Club night")).to_be_visible()
        tournament = Tournament.objects.get(name="Club night")
        expect(host.locator("#start-time")).to_contain_text("Starts automatically")
        expect(host.locator("#start-time time")).to_contain_text("7:00 PM (your time)")

        for player in players:
            services.invite(host=tournament.host, public_id=tournament.public_id, user=player)
            services.join(player=player, public_id=tournament.public_id)
        host.reload()
        expect(host.get_by_role("heading", name="Entrants: 4 of 8 confirmed")).to_be_visible()
        # the seeding from the keyboard: dan up twice, to seed 2
        for _ in range(2):
            host.get_by_role("button", name="Move dan up").focus()
            host.keyboard.press("Enter")
            expect(host.locator(".messages")).to_contain_text("Moved to seed")
        expect(host.locator("ol.seeding > li")).to_have_text(
            [re.compile(rf"^\s*{i}\s+{n}") for i, n in enumerate(["ann", "dan", "bob", "cat"], 1)]
        )
        # and by mouse: cat dragged above bob
        rows = host.locator("ol.seeding > li")
        rows.filter(has_text="cat").drag_to(
            rows.filter(has_text="bob"), target_position={"x": 20, "y": 5}
        )
        expect(host.locator(".messages")).to_contain_text("Seeding order saved.")
        expect(rows).to_have_text(
            [re.compile(rf"^\s*{i}\s+{n}") for i, n in enumerate(["ann", "dan", "cat", "bob"], 1)]
        )
        # ann cannot come: sub1 takes her place (and her seed)
        row = host.locator("ol.seeding > li", has_text="ann")
        row.get_by_text("Replace", exact=False).first.click()
        row.get_by_label("Email of the player taking ann's place").fill("sub1@example.com")
        screenshots(host, "console-draft")
        assert not (found := axe_violations(host)), axe_report(found)
        row.get_by_role("button", name="Replace ann").click()
        expect(host.locator(".messages")).to_contain_text("sub1@example.com has the place")
        expect(host.locator("ol.seeding > li").first).to_contain_text("sub1")

        host.get_by_role("button", name="Start now").click()
        expect(host.locator("#console-status")).to_have_text("Running")
        seeds = list(tournament.entrants.order_by("seed_position").values_list("user__username"))
        assert [s for (s,) in seeds] == ["sub1", "dan", "cat", "bob"]
        first, second = sorted(checking_in(tournament), key=lambda m: m.slot)
        # seed 1 meets seed 4; seeds 1 and 2 can meet only in the final
        assert {first.first.user.username, first.second.user.username} == {"sub1", "bob"}

        # bob does not show: sub2 takes bob's place at check-in and plays
        services.check_in(player=first.first.user, match_id=first.pk)
        host.reload()
        no_show = host.locator(f".check-ins li[data-match='{first.pk}']")
        no_show.get_by_text("Replace bob").click()
        no_show.get_by_label("Email of the substitute for bob").fill("sub2@example.com")
        screenshots(host, "console-check-in")
        assert not (found := axe_violations(host)), axe_report(found)
        no_show.get_by_role("button", name="Give bob's place away").click()
        expect(host.locator(".messages")).to_contain_text("sub2@example.com has the place")
        first.refresh_from_db()
        services.check_in(player=first.second.user, match_id=first.pk)
        first.refresh_from_db()
        assert first.second.user.username == "sub2"
        assert first.status == TournamentMatch.Status.PLAYING
        play_out(first.table)
        play_out(check_in_both(second))
        (final,) = checking_in(tournament)
        play_out(check_in_both(final))
        tournament.refresh_from_db()
        final.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        loser = final.second if final.winner_id == final.first_id else final.first
        loser_name = loser.user.username

        # the final's result is disputed: the host gives it to the other player, with a reason
        host.reload()
        result = host.locator(f".results li[data-match='{final.pk}']")
        result.locator("summary").click()
        result.get_by_label(loser_name, exact=True).check()
        result.get_by_label("Reason, shown to the players").fill("Scores misreported")
        screenshots(host, "console-override")
        assert not (found := axe_violations(host)), axe_report(found)
        result.get_by_role("button", name="Save the new result").click()
        expect(host.locator(".messages")).to_contain_text("Result changed.")
        expect(host.locator(".lede .champion")).to_have_text(loser_name)
        expect(host.locator(f".results li[data-match='{final.pk}']")).to_contain_text(
            "(set by the host: Scores misreported)"
        )
    finally:
        context.close()

    # a player in Tokyo reads the start time on their own clock (on a new tournament: the
    # first has started)
    later = services.create_tournament(
        host=tournament.host,
        name="Next month",
        schedule=services.Schedule(
            starts_at=tournament.starts_at, time_zone="America/New_York", description="Again."
        ),
    )
    context, player = signed_in(browser, server, "bob", timezone_id="Asia/Tokyo")
    try:
        player.goto(f"{server}/tournaments/{later.public_id}/")
        expect(player.locator(".starts time")).to_contain_text("June 2, 2030")
        expect(player.locator(".starts time")).to_contain_text("8:00 AM (your time)")
        expect(player.locator(".about")).to_contain_text("Again.")
        screenshots(player, "tournament-start-time")
    finally:
        context.close()
