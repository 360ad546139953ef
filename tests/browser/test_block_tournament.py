"""A host creates a Block tournament in Chromium (issue 36, point 3): the game chosen from the
cards of the setup page, the players' page saying "Block", and a match table of it dealing
Block, where a stuck player passes (nobody draws).

The players check in and the opponent's moves are played through the services in this process
(as in tests/tournaments/test_hosting_in_browser.py); the host's steps and the first player's
turns are in the browser.
The host's form is photographed at a phone's and a laptop's size (issue 36's screenshots)."""

import re
from pathlib import Path

import pytest
from browser_support import account, axe_report, axe_violations, signed_in
from django.urls import reverse
from playwright.sync_api import expect
from table_driver import Table

from games import services as games
from games.engine import load
from games.engine.bots import Bot, Level
from games.models import LogEntry
from tournaments import services
from tournaments.models import Tournament, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/work/shots/tournament-games")


def shots(page, name: str) -> None:
    """The page at a phone's and a laptop's size, never scrolling sideways."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{name} scrolls sideways at {width} px"


def passes(table) -> list[dict]:
    return [e.payload for e in LogEntry.objects.filter(table=table) if e.payload.get("pass")]


def test_a_host_creates_a_block_tournament_and_its_table_deals_block(browser, server):
    services.make_host(user=account("host"))
    ann, bob = account("ann"), account("bob")
    context, host = signed_in(browser, server, "host")
    player_context = None
    try:
        host.goto(server + "/tournaments/host/")
        games_offered = host.get_by_role("radiogroup", name="Game")
        card = games_offered.locator("input[name=preset][value=block]")
        expect(games_offered.locator("input[name=preset][value=classic]")).to_be_checked()
        host.fill("#id_name", "Block night")
        expect(card).to_have_accessible_name(re.compile(r"^Block 2, 3 or 4 players No drawing"))
        card.click()  # the card: its radio covers it
        expect(card).to_be_checked()
        host.select_option("#id_scoring", "best_of")
        host.select_option("#id_best_of_hands", "5")
        host.select_option("#id_format", "round_robin")
        shots(host, "host-form")
        assert not (found := axe_violations(host)), axe_report(found)
        host.get_by_role("button", name="Create the tournament").click()
        expect(host.get_by_role("heading", name="Block night")).to_be_visible()
        expect(host.locator(".live-part .game")).to_have_text("Block, best of 5 hands")
        tournament = Tournament.objects.get(name="Block night")
        assert tournament.preset == "block"
        shots(host, "console-block")

        for player in (ann, bob):
            services.invite(host=tournament.host, public_id=tournament.public_id, user=player)
            services.join(player=player, public_id=tournament.public_id)
        host.reload()
        host.get_by_role("button", name="Start now").click()
        expect(host.locator("#console-status")).to_have_text("Running")
        match = tournament.matches.get(status=TournamentMatch.Status.CHECK_IN)
        for player in (ann, bob):
            services.check_in(player=player, match_id=match.pk)
        match.refresh_from_db()
        table = match.table
        assert load(table.record).rules.preset.value == "block"

        player_context, page = signed_in(browser, server, "ann")
        page.goto(f"{server}/tournaments/{tournament.public_id}/")
        expect(page.locator(".lede .game")).to_have_text("Block, best of 5 hands")
        page.goto(server + reverse("games:table", args=[table.public_id]))
        expect(page.locator("#table-title")).to_contain_text("Block")
        expect(page.locator("#boneyard-label")).to_have_text("Set aside")
        shots(page, "block-table")

        # ann plays in the browser, bob through the services, until someone is stuck
        mine = Table(page)
        seat_of_ann = table.seats.get(user=ann).index
        bot, other = Bot(Level.EASY, seed=7), games.Player(user_id=bob.pk, session_key=None)
        while not passes(table):
            table.refresh_from_db()
            assert not table.finished, "the match ended with nobody stuck"
            played = load(table.record)
            if played.needs_deal:
                games.next_hand(public_id=table.public_id, player=other, seen_version=table.version)
            elif played.turn == seat_of_ann:
                page.wait_for_function(
                    "v => window.dominoesTable.state.version >= v", arg=table.version
                )
                action = mine.pointer_turn()
                assert action != "Draw", "nobody draws in Block"
            else:
                games.play(
                    public_id=table.public_id,
                    player=other,
                    move=bot.choose(played.view_for(played.turn)),
                    seen_version=table.version,
                )
        stuck = passes(table)[0]
        words = "You passed" if stuck["seat"] == seat_of_ann else "bob passed"
        expect(page.locator("#table-page")).to_contain_text(words)
        shots(page, "block-table-pass")
    finally:
        if player_context is not None:
            player_context.close()
        context.close()
