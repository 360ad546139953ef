"""Accounts in Chromium: sign up with a display name, verify through the emailed link, sign in
and out, reset a forgotten password by email and change it; preferences that a new game starts
from; and a guest's game that stays theirs once they have an account.

The site's server process writes its mail to files (``TEST_MAIL_DIR``, see
dominoes/settings_test.py), which :class:`Mailbox` reads.
"""

import re

import pytest
from account_support import field, sign_in_through_the_page, signed_in_as
from accounts_support import PASSWORD, verified_user
from browser_support import Mailbox, axe_report, axe_violations
from playwright.sync_api import Page, expect
from table_driver import screenshot, start_match

from games.models import Seat, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def sign_up(page: Page, server: str, *, name: str, address: str, password: str) -> None:
    page.goto(server + "/")
    page.get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", name="Sign Up")).to_be_visible()
    field(page, "Display name").fill(name)
    field(page, "Email").fill(address)
    field(page, "Password").fill(password)
    field(page, "Password (again)").fill(password)
    page.get_by_role("button", name="Sign Up").click()
    expect(page.get_by_role("heading", name="Verify Your Email Address")).to_be_visible()


def verify(page: Page, mailbox: Mailbox) -> None:
    page.goto(mailbox.link("/accounts/confirm-email/"))
    expect(page.get_by_role("heading", name="Confirm Email Address")).to_be_visible()
    page.get_by_role("button", name="Confirm").click()


def sign_out(page: Page) -> None:
    page.get_by_role("navigation", name="Main").get_by_role("button", name="Sign out").click()
    expect(
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Sign in")
    ).to_be_visible()


def test_sign_up_verify_sign_in_and_out_reset_and_change_the_password(mailbox, server, page):
    address = "ada@example.com"
    sign_up(page, server, name="Ada L.", address=address, password=PASSWORD)
    screenshot(page, "accounts-verification-sent")

    # Unverified, signing in leads back to the notice.
    sign_in_through_the_page(page, server, address=address, password=PASSWORD)
    expect(page.get_by_role("heading", name="Verify Your Email Address")).to_be_visible()

    verify(page, mailbox)
    page.wait_for_url(re.compile(r"/accounts/login/"))
    sign_in_through_the_page(page, server, address=address, password=PASSWORD)
    page.wait_for_url(server + "/")
    signed_in_as(page, "Ada L.")
    sign_out(page)

    # A forgotten password: reset through the emailed link.
    sent = len(mailbox.bodies())
    page.get_by_role("link", name="Sign in").click()
    page.get_by_role("link", name="Forgot your password?").click()
    field(page, "Email").fill(address)
    page.get_by_role("button", name="Reset My Password").click()
    expect(page.get_by_role("heading", name="Password Reset")).to_be_visible()
    page.goto(mailbox.link("/accounts/password/reset/key/", after=sent))
    reset_to = "a-new-passphrase-for-ada"
    field(page, "New Password").fill(reset_to)
    field(page, "New Password (again)").fill(reset_to)
    page.get_by_role("button", name="Change Password").click()
    expect(page.get_by_text("Your password is now changed.")).to_be_visible()
    sign_in_through_the_page(
        page, server, address=address, password=PASSWORD
    )  # the old one no longer works
    expect(page.locator(".account-form .form-errors")).to_be_visible()
    sign_in_through_the_page(page, server, address=address, password=reset_to)
    signed_in_as(page, "Ada L.")

    # Change the password from the settings page.
    page.get_by_role("link", name="Settings").click()
    page.get_by_role("link", name="Change your password").click()
    changed_to = "yet-another-passphrase-9"
    field(page, "Current Password").fill(reset_to)
    field(page, "New Password").fill(changed_to)
    field(page, "New Password (again)").fill(changed_to)
    page.get_by_role("button", name="Change Password").click()
    expect(page.locator(".messages")).to_contain_text("Password successfully changed.")
    screenshot(page, "accounts-password-changed")
    sign_out(page)
    sign_in_through_the_page(page, server, address=address, password=changed_to)
    signed_in_as(page, "Ada L.")


def test_new_games_start_from_the_players_preferences(server, page):
    user = verified_user("ada@example.com", display_name="Ada")
    sign_in_through_the_page(page, server, address="ada@example.com", password=PASSWORD)
    signed_in_as(page, "Ada")
    page.get_by_role("link", name="Settings").click()
    field(page, "Display name").fill("Ada the Host")
    page.get_by_label("Classic", exact=True).check()
    field(page, "Target score").fill("150")
    field(page, "Single Draw").check()
    field(page, "Show tile hints").uncheck()
    field(page, "Computer level").select_option("hard")
    field(page, "Alternating starters").check()
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator(".messages")).to_contain_text("Your settings are saved")
    signed_in_as(page, "Ada the Host")

    page.goto(server + "/play/")
    expect(page.locator('input[name="preset"][value="classic"]')).to_be_checked()
    expect(page.locator("#id_match_format")).to_have_value("target")
    expect(page.locator("#id_target")).to_have_value("150")
    expect(page.locator("#id_stuck")).to_have_value("single_draw")
    expect(page.locator("#id_next_opener")).to_have_value("rotate")
    expect(page.locator("#id_level_1")).to_have_value("hard")
    expect(page.locator("#id_show_hints")).not_to_be_checked()
    expect(page.locator("#id_name")).to_have_value("Ada the Host")
    screenshot(page, "accounts-setup-from-preferences")
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/tables/[^/]+/$"))

    expect(page.locator("#format")).to_have_text("To 150 points")
    table = Table.objects.get(created_by=user)
    expected = {
        "preset": "classic",
        "seats": 2,
        "match": {"target": 150},
        "stuck": "single_draw",
        "next_opener": "rotate",
    }
    assert table.rules == expected
    assert table.show_hints is False
    seats = list(table.seats.order_by("index"))
    assert [(s.name, s.user_id, s.bot_level) for s in seats] == [
        ("Ada the Host", user.pk, ""),
        ("Computer (hard)", None, "hard"),
    ]

    # Later preferences are for later games: this table keeps its rules.
    page.goto(server + "/accounts/settings/")
    page.get_by_label("Block", exact=True).check()
    field(page, "Target score").fill("")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator(".messages")).to_contain_text("Your settings are saved")
    table.refresh_from_db()
    assert table.rules == expected
    page.goto(f"{server}/tables/{table.public_id}/")
    expect(page.locator("#format")).to_have_text("To 150 points")


def test_a_guests_game_is_theirs_after_signing_up_and_in(mailbox, server, page):
    table = start_match(page, server, preset="draw", level="easy", target=50)
    table.pointer_turn()
    url = page.url
    public_id = url.rstrip("/").rsplit("/", 1)[1]
    seat = Seat.objects.get(table__public_id=public_id, index=0)
    assert seat.user_id is None and seat.guest

    sign_up(page, server, name="Grace", address="grace@example.com", password=PASSWORD)
    verify(page, mailbox)
    sign_in_through_the_page(page, server, address="grace@example.com", password=PASSWORD)
    signed_in_as(page, "Grace")
    seat.refresh_from_db()
    assert seat.user is not None and seat.user.email == "grace@example.com"

    page.goto(url)
    table.wait_settled()
    assert table.view()["seat"] == 0
    before = table.version()
    table.pointer_turn()  # still theirs to play
    assert table.version() > before
    screenshot(page, "accounts-guest-game-kept")

    # Signed out, this browser is a new guest: the table is the account's, not the browser's.
    sign_out(page)
    page.goto(url)
    expect(page.get_by_role("heading", name="Not your table")).to_be_visible()


def fits_the_width(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_account_pages_fit_a_phone_and_pass_axe(server, phone):
    verified_user("ada@example.com", display_name="Ada Lovelace-Byron")
    for path in ("/accounts/signup/", "/accounts/login/", "/accounts/password/reset/"):
        phone.goto(server + path)
        assert fits_the_width(phone), path
        assert not (found := axe_violations(phone)), f"{path}:\n{axe_report(found)}"
    sign_in_through_the_page(phone, server, address="ada@example.com", password=PASSWORD)
    signed_in_as(phone, "Ada Lovelace-Byron")
    for path in ("/accounts/settings/", "/accounts/password/change/", "/play/"):
        phone.goto(server + path)
        assert fits_the_width(phone), path
    phone.goto(server + "/accounts/settings/")
    assert not (found := axe_violations(phone)), axe_report(found)
    screenshot(phone, "accounts-settings-phone")
