"""Invitations in Chromium (issue 33, 8 and 9): the host pasting more addresses than the plan
allows reads why on the console and nothing is sent; a link that reached another account asks
the host, who sees the request and approves it."""

import pytest
from browser_support import account, signed_in
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Entrant, Invitation

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_host_meets_the_plan_in_words_and_approves_a_forwarded_invitation(browser, server):
    services.make_host(user=account("host"))
    sharer = account("sharer")
    context, host = signed_in(browser, server, "host")
    other, page = signed_in(browser, server, "sharer")
    try:
        host.goto(server + "/tournaments/host/")
        host.fill("#id_name", "Club night")
        host.get_by_role("button", name="Create the tournament").click()
        expect(host.get_by_role("heading", name="Club night")).to_be_visible()

        invite = host.get_by_label("Invite players by email (one, or a pasted list)")
        invite.fill(" ".join(f"friend{n}@example.com" for n in range(11)))
        host.get_by_role("button", name="Invite", exact=True).click()
        expect(host.locator(".messages")).to_contain_text(
            "Invitations hold places: with these, 11 players would be in or invited. Free "
            "allows 10 players."
        )
        assert not Invitation.objects.exists()

        invite.fill("friend0@example.com")
        host.get_by_role("button", name="Invite", exact=True).click()
        expect(host.locator(".messages")).to_contain_text("Emailed a link to sign up and join")

        # friend0 forwarded the link to sharer, who accepts it signed in as themself.
        page.goto(f"{server}/tournaments/invitations/{Invitation.objects.get().token}/")
        expect(page.locator(".invitation")).to_contain_text(
            "This invitation was sent to another email address: the host decides whether you join."
        )
        page.get_by_role("button", name="Ask to join").click()
        expect(page.locator(".messages")).to_contain_text(
            "This invitation was sent to another email address: you have asked to join "
            "Club night, and its host decides."
        )

        host.reload()
        asking = host.locator("li", has=host.get_by_text("sharer@example.com"))
        asking.get_by_role("button", name="Approve").click()
        expect(host.locator(".messages")).to_contain_text("Confirmed.")
        assert Entrant.objects.get(user=sharer).status == Entrant.Status.CONFIRMED
    finally:
        context.close()
        other.close()
