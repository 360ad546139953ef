"""The host's pages in Chromium (issue 23): a host runs a Swiss of six from "My tournaments"
and the console (never the admin) to a winner, one player a newcomer who signs up from the
emailed invitation; and a player meets a full tournament.

The players' matches are played through the services by computer players in this process
(their pages are tests/browser/test_tournament.py's); the host's every step is in the browser.
"""

import re
import time

import pytest
from accounts_support import PASSWORD
from browser_support import account, signed_in
from django.contrib.auth import get_user_model
from django.core import mail
from playwright.sync_api import expect
from tournament_play import check_in_both, checking_in, play_out, screenshots

from accounts.selectors import display_name
from billing import plans
from notifications.models import Notification
from tournaments import selectors, services, swiss
from tournaments.models import Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PLAYERS = [f"p{i}" for i in range(5)]  # and a newcomer with no account yet
NEWCOMER = "newcomer@example.com"
INVITES = "host invites you to Thursday Swiss"


def newcomer_signs_up_and_joins(browser, server: str, mailbox):
    """The newcomer opens the emailed link, signs up (the address filled in), confirms the
    address, which joins them, and signs in to the tournament's page (issue 35, 21: no second
    trip to the email). Returns their browser context and page, left on that page."""
    invitation = mailbox.link("/tournaments/invitations/")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(invitation)
    expect(page.get_by_role("heading", name="host invites you to Thursday Swiss")).to_be_visible()
    screenshots(page, "invitation")
    page.get_by_role("link", name="Sign up to play").click()
    expect(page.get_by_label("Email", exact=True)).to_have_value(NEWCOMER)
    page.get_by_label("Display name", exact=True).fill("Newcomer")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    expect(page.get_by_role("heading", name="Verify Your Email Address")).to_be_visible()
    page.goto(mailbox.link("/accounts/confirm-email/"))
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_url(re.compile(r"/accounts/login/"))
    expect(page.locator(".messages")).to_contain_text("You are in Thursday Swiss.")
    page.get_by_label("Email", exact=True).fill(NEWCOMER)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Thursday Swiss")).to_be_visible()
    expect(page.locator("#live")).to_contain_text("You are in. The host starts the tournament.")
    return context, page


def all_mail(mailbox, *, from_server: int) -> dict[str, list]:
    """Every message of the tournament by address (``to``: ``(subject, body)``): the server's
    (the host's pages, the newcomer's), once ``from_server`` of them have arrived (they leave
    from a thread after each commit), and this process's (the matches played here)."""
    deadline = time.monotonic() + 10
    while len(server := mailbox.messages()) < from_server and time.monotonic() < deadline:
        time.sleep(0.1)
    sent = [(m["to"], m["subject"], m.get_body(("plain",)).get_content()) for m in server]
    sent += [(address, m.subject, m.body) for m in mail.outbox for address in m.to]
    by_address: dict[str, list] = {}
    for to, subject, body in sent:
        if "Thursday Swiss" in subject:
            by_address.setdefault(str(to), []).append((subject, body))
    return by_address


def expected_mail(tournament: Tournament, user, first: str) -> list[str]:
    """What ``user``, a player of the whole Swiss, is emailed: ``first`` (the invitation or
    the acceptance), each round's check-in and result, and the champion."""
    name = "Thursday Swiss"
    subjects = [first]
    for match in tournament.matches.select_related("first__user", "second__user"):
        me, opponent = (match.first, match.second)[:: 1 if match.first.user == user else -1]
        if me.user != user:
            continue
        subjects.append(f"Check in now: round {match.round} of {name}")
        beat = (
            f"You beat {display_name(opponent.user)}"
            if match.winner_id == me.pk
            else f"{display_name(opponent.user)} beat you"
        )
        subjects.append(f"{beat} in round {match.round} of {name}")
    champion = tournament.champion.user
    subjects.append(
        f"You are the champion of {name}!"
        if champion == user
        else f"{display_name(champion)} is the champion of {name}"
    )
    return sorted(subjects)


def test_a_host_runs_a_swiss_of_six_from_the_host_pages(mailbox, browser, server):
    services.make_host(user=account("host"))
    invited = [account(name) for name in PLAYERS[:4]]
    asking, declined = account(PLAYERS[4]), account("asker")
    context, host = signed_in(browser, server, "host")
    newcomer_context = None
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

        emails = [player.email for player in invited] + [NEWCOMER]
        host.fill("#id_emails", "\n".join(emails))
        host.get_by_role("button", name="Invite").click()
        expect(host.locator(".messages")).to_contain_text("Invited 4 players.")
        expect(host.locator(".messages")).to_contain_text(
            f"Emailed a link to sign up and join: {NEWCOMER}."
        )
        newcomer_context, newcomer_page = newcomer_signs_up_and_joins(browser, server, mailbox)
        newcomer = get_user_model().objects.get(email=NEWCOMER)
        for player in invited:
            services.join(player=player, public_id=tournament.public_id)
        for player in (asking, declined):  # two ask to join: the host takes one
            services.join(player=player, public_id=tournament.public_id)
        host.reload()
        host.locator(f"li[data-entrant='{asking.email}']").get_by_role(
            "button", name="Approve"
        ).click()
        expect(host.locator(".messages")).to_contain_text("Confirmed.")
        host.locator(f"li[data-entrant='{declined.email}']").get_by_role(
            "button", name="Decline"
        ).click()
        expect(host.locator(".messages")).to_contain_text("Removed.")
        expect(host.get_by_role("heading", name="Entrants: 6 of 10 confirmed")).to_be_visible()
        screenshots(host, "hosting-console")
        host.get_by_role("button", name="Start now").click()
        expect(host.locator("#console-status")).to_have_text("Running")
        expect(host.get_by_role("heading", name="Checking in")).to_be_visible()

        # The newcomer checks in from the link in their check-in email.
        link = mailbox.link("/tournaments/", to=NEWCOMER, subject="Check in now: round 1")
        path = link[link.index("/tournaments/") :]
        assert path == f"/tournaments/{tournament.public_id}/#my-match"
        newcomer_page.goto(server + path)
        newcomer_page.get_by_role("button", name="I'm ready").click()
        expect(newcomer_page.locator("#my-match")).to_contain_text("You are ready.")
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

        # The outbox: 4 invitations, the newcomer's and their address's confirmation, the
        # acceptance, the decline and round 1's six check-ins left from the server.
        mail_of = all_mail(mailbox, from_server=4 + 2 + 1 + 1 + 6)
        for player in invited:
            subjects = [subject for subject, _ in mail_of[player.email]]
            assert sorted(subjects) == expected_mail(tournament, player, INVITES)
        assert sorted(s for s, _ in mail_of[asking.email]) == expected_mail(
            tournament, asking, "You are in Thursday Swiss"
        )
        assert sorted(s for s, _ in mail_of[NEWCOMER]) == expected_mail(
            tournament, newcomer, INVITES
        )
        assert [s for s, _ in mail_of[declined.email]] == [
            "Your entry to Thursday Swiss was declined"
        ]
        # the host hears of each request to join (issue 35, 20), and nothing else
        assert sorted(s for s, _ in mail_of["host@example.com"]) == [
            f"{name} asks to join Thursday Swiss" for name in ("asker", "p4")
        ]
        for subject, body in mail_of[NEWCOMER]:
            if subject.startswith("Check in now"):
                assert f"/tournaments/{tournament.public_id}/#my-match" in body
            elif " beat" in subject:  # best of 1: the one hand that counted
                assert body.startswith(
                    "1–0 in hands." if "You beat" in subject else "0–1 in hands."
                )

        # The bell: the newcomer's page, open all along, counts what they were told.
        told = [n.title for n in Notification.objects.filter(user=newcomer)]
        assert len(told) == 7  # 3 check-ins, 3 results, the champion
        bell = newcomer_page.locator("#bell")
        expect(bell.locator(".bell-count")).to_have_text("7")  # live, no reload
        expect(bell).to_have_attribute("aria-label", "Notifications, 7 unread")
        bell.click()
        expect(newcomer_page.locator(".notification.unread")).to_have_count(7)
        expect(newcomer_page.locator(".notification a")).to_have_text(told)
        screenshots(newcomer_page, "hosting-newcomer-bell")
    finally:
        context.close()
        if newcomer_context is not None:
            newcomer_context.close()


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
