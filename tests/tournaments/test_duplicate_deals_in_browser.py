"""A duplicate's first leg in Chromium (issue 33, point 1): its player, the leg over, finds no
way to its deals (no replay button at the table, the history's row saying when its replay
opens, the replay refused in words) while the second leg that replays them is unplayed; once
it is played, the history links the replay and it opens with every hand."""

import pytest
from browser_support import account, signed_in
from playwright.sync_api import expect
from tournament_play import check_in_both, checking_in, play_out

from billing import plans
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_first_legs_player_finds_its_deals_only_once_the_second_leg_is_played(
    monkeypatch, browser, server
):
    monkeypatch.setattr(plans, "tournament_player_limit", lambda *, host: 20)
    host = account("host")
    services.make_host(user=host)
    ann, bob = account("ann"), account("bob")
    tournament = services.create_tournament(
        host=host, name="Duplicate pair", scoring="target", match_length=50, duplicate=True
    )
    for player in (ann, bob):
        services.invite(host=host, public_id=tournament.public_id, user=player)
        services.join(player=player, public_id=tournament.public_id)
    tournament = Tournament.objects.get(pk=tournament.pk)
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    (match,) = checking_in(tournament)
    first_leg = check_in_both(match)
    play_out(first_leg)  # its second leg, on the same deals, checks in next

    context, page = signed_in(browser, server, "ann")
    try:
        page.goto(f"{server}/tables/{first_leg.public_id}/")
        expect(page.locator("#match-end")).to_be_visible()
        expect(page.locator("#replay-match")).to_have_count(0)

        page.goto(f"{server}/me/history/")
        row = page.locator(f'tr[data-table="{first_leg.public_id}"]')
        expect(row).to_contain_text("Replay once the other table has played these deals")
        expect(row.get_by_role("link", name="Replay")).to_have_count(0)
        page.goto(f"{server}/tables/{first_leg.public_id}/replay/")
        refused = page.get_by_text("Another table has still to play this match's deals")
        expect(refused).to_be_visible()

        play_out(check_in_both(match))  # the second leg: both legs are over
        page.goto(f"{server}/me/history/")
        row.get_by_role("link", name="Replay").click()
        expect(page).to_have_url(f"{server}/tables/{first_leg.public_id}/replay/")
        expect(page.locator("#download-record")).to_be_visible()
    finally:
        context.close()
