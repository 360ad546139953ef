"""The Content-Security-Policy and Permissions-Policy do not break the site in Chromium: the
main pages, a table against the computer with moves played (its WebSocket included), an online
table's lobby joined by a friend and watched by a stranger, and the signed-in pages load and
work with no `securitypolicyviolation` event, no console error and no uncaught error."""

import re

import pytest
from accounts_support import verified_user
from factories import sign_in
from playwright.sync_api import BrowserContext, Page, expect
from table_driver import screenshot, start_match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

# Runs before any script of each page (Playwright injects it outside the page's CSP): every
# violation of the policy, and of the Permissions-Policy's features, is reported to the test.
WATCH_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.reportViolation(
    `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} ` +
      `(${event.sourceFile || location.href}:${event.lineNumber}) ${event.sample || ""}`,
  );
});
"""


class Watched:
    """Everything a context's pages reported that a policy blocked or broke."""

    def __init__(self, context: BrowserContext) -> None:
        self.problems: list[str] = []
        context.expose_binding(
            "reportViolation", lambda source, text: self.problems.append(f"CSP: {text}")
        )
        context.add_init_script(WATCH_VIOLATIONS)

    def page(self, page: Page) -> Page:
        def console(message) -> None:
            where = message.location.get("url", "")
            # Pages without the site's icon link (the admin) make the browser ask /favicon.ico.
            if message.type == "error" and not where.endswith("/favicon.ico"):
                self.problems.append(f"console ({page.url}, {where}): {message.text}")

        page.on("console", console)
        page.on("pageerror", lambda error: self.problems.append(f"error ({page.url}): {error}"))
        return page


def watched_page(browser, **options) -> tuple[Page, Watched]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
    watched = Watched(context)
    return watched.page(context.new_page()), watched


def signed_in(page: Page, url: str) -> None:
    user = verified_user("ada@example.com", display_name="Ada")
    user.is_staff = user.is_superuser = True
    user.save()
    sign_in(page, url, user)


def test_the_pages_and_a_game_against_the_computer_break_no_policy(server, browser):
    page, watched = watched_page(browser)
    for path, words in [
        ("/", "Dominoes"),
        ("/leaderboard/", "Leaderboard"),
        ("/billing/pricing/", "Plans"),
        ("/accounts/login/", "Sign In"),
        ("/accounts/signup/", "Sign Up"),
        ("/replays/import/", "Open a match record"),
        ("/admin/login/", "Log in"),
    ]:
        page.goto(server + path)
        expect(page.get_by_text(words, exact=False).first).to_be_visible()
        # The site's style sheet applied (a blocked one would leave the browser's defaults).
        assert page.evaluate("() => document.styleSheets.length") > 0, path
    screenshot(page, "csp-home-and-pages")

    table = start_match(page, server, preset="draw", level="easy", target=25)
    expect(page.locator("#connection")).to_have_attribute("data-state", "online")  # the socket
    played = []
    while len(played) < 3:
        action = table.pointer_turn()
        assert action != "finished", played
        if action.startswith("play "):
            played.append(action)
    expect(page.locator("#board .tile").first).to_be_visible()
    screenshot(page, "csp-computer-table")
    assert not watched.problems, watched.problems


def test_an_online_lobby_a_joining_friend_and_a_spectator_break_no_policy(server, browser):
    host, watched_host = watched_page(browser)
    friend, watched_friend = watched_page(browser)
    stranger, watched_stranger = watched_page(browser)
    host.goto(server + "/play/")
    host.check("input[name=mode][value=online]")
    host.check("input[name=preset][value=block]")
    host.check("input[name=seats][value='2']")
    host.fill("input[name=name]", "Alice")  # friends see the host's name
    host.get_by_role("button", name="Start match").click()
    expect(host).to_have_url(re.compile(r"/tables/[\w-]+/$"))
    expect(host.locator("#connection")).to_have_attribute("data-state", "online")
    host.get_by_role("button", name="Copy").click()  # the clipboard: allowed to the site
    screenshot(host, "csp-online-lobby")

    friend.goto(host.url)
    expect(friend.locator("#connection")).to_have_attribute("data-state", "online")
    friend.get_by_label("Your name").fill("Bob")
    friend.get_by_role("button", name="Join the game").click()
    expect(host.locator("#lobby-seats")).to_contain_text("Bob")
    host.get_by_role("button", name="Start").click()
    expect(friend.locator("#hand [data-tile]")).to_have_count(7)

    stranger.goto(host.url)
    expect(stranger.locator("#watching")).to_be_visible()
    expect(stranger.locator("#board")).to_be_visible()
    screenshot(stranger, "csp-spectator")
    for watched in (watched_host, watched_friend, watched_stranger):
        assert not watched.problems, watched.problems


def test_the_signed_in_pages_and_the_admin_break_no_policy(server, browser):
    page, watched = watched_page(browser)
    signed_in(page, server)
    for path, heading in [
        ("/me/statistics/", "Statistics"),
        ("/me/history/", "History"),
        ("/accounts/settings/", "Settings"),
        ("/billing/", "Your plan and billing"),
        ("/tournaments/", "Tournaments"),
        ("/admin/", "Site administration"),
        ("/admin/tournaments/tournament/add/", "Add tournament"),
    ]:
        page.goto(server + path)
        expect(page.locator("h1").first).to_contain_text(heading, ignore_case=True)
    screenshot(page, "csp-admin-form")
    assert not watched.problems, watched.problems


def test_the_watch_does_see_what_the_policy_blocks(server, browser):
    """The test's own check: markup with a style attribute and an inline script is reported,
    while a style set through the DOM (as the table's drag does) is not blocked."""
    page, watched = watched_page(browser)
    page.goto(server + "/")
    page.evaluate(
        """() => {
          document.body.style.outlineColor = "red";
          document.body.insertAdjacentHTML("beforeend", '<p style="color: red">x</p>');
          const script = document.createElement("script");
          script.textContent = "window.ran = true";
          document.body.append(script);
        }"""
    )
    for _ in range(200):  # the reports arrive as events: up to 10 s
        reported = " ".join(watched.problems)
        if "style-src-attr" in reported and "script-src-elem" in reported:
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError(f"violations not reported: {watched.problems}")
    assert page.evaluate("() => window.ran") is None
    assert page.evaluate("() => document.body.style.outlineColor") == "red"
    assert sum("style-src-attr" in problem for problem in watched.problems) == 1, watched.problems
