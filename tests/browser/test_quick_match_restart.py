"""The quick match waiting page while its server is down, in Chromium: it says it is
reconnecting and its wait goes on counting; once the server is back the wait continues where
the server counts it from (the person's join), the entry back in the queue even after the sweep
took it out, and the next stranger is matched with it."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect
from quick_match_support import press_quick_match, stranger
from table_driver import screenshot

from games.services import sweep_deadlines
from matchmaking.models import Entry

# serial: kills and restarts the site's server under the waiting page.
pytestmark = [pytest.mark.serial, pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def waited(page) -> int:
    return int(page.locator("#waited").inner_text())


def test_the_waiting_page_says_reconnecting_while_its_server_is_down_and_the_wait_goes_on(
    browser, site
):
    ann = stranger(browser)
    try:
        press_quick_match(ann, site.url, "Ann")
        expect(ann.locator("#looking")).to_have_text("1")
        # Its script polls (killed before it had loaded, the page would never run it).
        expect(ann.locator("#waiting")).to_have_attribute("data-connection", "online")
        reconnecting = ann.locator("#reconnecting")
        expect(reconnecting).to_be_hidden()

        site.process.kill()
        site.process.wait()
        expect(reconnecting).to_be_visible()
        expect(reconnecting).to_have_text("Reconnecting…")
        # The wait goes on counting while nobody answers (it froze before).
        before = waited(ann)
        expect(ann.locator("#waited")).not_to_have_text(str(before))
        assert waited(ann) > before
        screenshot(ann, "quick-match-reconnecting")
        # The page closed for good as far as any server knows: its lease ran out, and the
        # sweep takes the entry out of the queue.
        entry = Entry.objects.get(name="Ann")
        Entry.objects.filter(pk=entry.pk).update(lease_until=timezone.now())
        assert sweep_deadlines() == 1
        assert Entry.objects.get(pk=entry.pk).state == Entry.State.GONE
        counted = waited(ann)

        site.start()
        expect(ann.locator("#waiting")).to_have_attribute(
            "data-connection", "online", timeout=10_000
        )
        expect(reconnecting).to_be_hidden()
        # Back in the queue, the wait as the server counts it from her join: never behind
        # what the page counted alone, never past the time since she joined.
        assert Entry.objects.get(pk=entry.pk).state == Entry.State.WAITING
        since_joined = (timezone.now() - entry.joined_at).total_seconds()
        assert counted <= waited(ann) <= since_joined + 1
        expect(ann.locator("#offer-computer")).to_be_hidden()  # the server's 20 s are not up

        bob = stranger(browser)
        press_quick_match(bob, site.url, "Bob")
        table = re.compile(r"/tables/[\w-]+/$")
        expect(ann).to_have_url(table)
        expect(bob).to_have_url(table)
        bob.context.close()
    finally:
        ann.context.close()
