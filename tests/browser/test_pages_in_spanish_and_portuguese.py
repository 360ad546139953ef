"""The home, setup, pricing, statistics and tournament pages (the list, a tournament's page,
the host's console and the notifications) in Spanish and Brazilian Portuguese, chosen by the
browser's Accept-Language or from the header's picker, show no English word of the site's own
text; the language picked survives sign-in. Screenshots at a phone's and a laptop's size
go to artifacts/i18n/."""

import re

import pytest
from browser_support import account, sign_in_as_account
from language_support import HEADERS, SHOTS, _words, english_words
from playwright.sync_api import expect

# A finished match for the statistics page to show (its tallies, chart and ratings' words).
from records.stats_builders import computer_match, player_of

from games.preferences import remember_language
from tournaments import services as tournaments

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

GUEST_PAGES = {"home": "/", "setup": "/play/", "pricing": "/billing/pricing/"}
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}


def english_on(page, language: str) -> set[str]:
    """English words a person reads on the page (its text, title, and the names read aloud),
    the language picker's native names and the player's own name aside."""
    read = page.evaluate(
        """() => {
        const parts = [document.title, document.body.innerText];
        for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]"))
            for (const name of ["aria-label", "title", "placeholder", "alt"])
                if (el.hasAttribute(name)) parts.push(el.getAttribute(name));
        for (const option of document.querySelectorAll(".language-menu button"))
            parts.push("\\u0000" + option.textContent);
        return parts.join("\\n");
    }"""
    )
    picker = {line[1:] for line in read.splitlines() if line.startswith("\x00")}
    for name in picker:
        read = read.replace(name, " ")
    return _words(read) & english_words(language)


def _shoot(page, language: str, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"{name}-{language}-{size}.png"), full_page=True)


@pytest.mark.parametrize("language", ["es", "pt-br"])
def test_pages_by_the_browsers_language(server, browser, language):
    computer_match(player_of(account("ana")), "single_round")
    context = browser.new_context(
        viewport=SIZES["laptop"], extra_http_headers={"Accept-Language": HEADERS[language]}
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    for name, path in GUEST_PAGES.items():
        page.goto(server + path)
        assert page.locator("html").get_attribute("lang") == language
        assert not english_on(page, language), f"{name} in {language}: {english_on(page, language)}"
        _shoot(page, language, name)
    _sign_in(page, server, "ana")
    page.goto(server + "/me/statistics/")
    assert not english_on(page, language), f"statistics: {english_on(page, language)}"
    # The chart's coordinates stay numbers ("12.5", never the reader's "12,5").
    bars = page.locator("#results-chart rect")
    expect(bars).not_to_have_count(0)
    for name in ("x", "y", "width", "height"):
        assert float(bars.first.get_attribute(name)) >= 0
    _shoot(page, language, "statistics")
    context.close()


@pytest.mark.parametrize("language", ["es", "pt-br"])
def test_a_language_picked_in_the_header_survives_sign_in(server, browser, language):
    account("bea")
    # An English browser: only the pick makes the pages Spanish or Portuguese.
    context = browser.new_context(
        viewport=SIZES["phone"], extra_http_headers={"Accept-Language": "en-US,en;q=0.9"}
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(server + "/billing/pricing/")
    assert page.locator("html").get_attribute("lang") == "en"
    # By keyboard: the header's language menu opened, then the language's button.
    menu = page.locator(".language-menu summary")
    menu.focus()
    page.keyboard.press("Enter")
    choice = page.locator(f'.language-menu button[value="{language}"]')
    expect(choice).to_be_in_viewport()
    choice.focus()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert page.url.endswith("/billing/pricing/"), "the pick comes back to the same page"
    for name, path in GUEST_PAGES.items():
        page.goto(server + path)
        assert not english_on(page, language), f"{name}: {english_on(page, language)}"

    _sign_in(page, server, "bea")
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.goto(server + "/me/statistics/")
    assert not english_on(page, language), f"statistics: {english_on(page, language)}"
    context.close()

    # Another browser, English by its header: the account's language comes back at sign-in.
    elsewhere = browser.new_context(extra_http_headers={"Accept-Language": "en-US"})
    page = elsewhere.new_page()
    page.set_default_timeout(10_000)
    _sign_in(page, server, "bea")
    expect(page.locator("html")).to_have_attribute("lang", language)
    elsewhere.close()


def _swiss_taking_entrants(language: str) -> str:
    """A Swiss of four hosted by "sol", seeded in the host's order, taking entrants: the
    players' notifications written in their language (their preferences'). Returns its id."""
    host = account("sol")
    tournaments.make_host(user=host)
    tournament = tournaments.create_tournament(
        host=host,
        name="Copa 2026",
        format="swiss",
        rounds=2,
        scoring="best_of",
        match_length=3,
        schedule=tournaments.Schedule(seeding="manual"),
    )
    for name in ("ana", "bea", "cai", "dani"):
        player = account(name)
        remember_language(user=player, language=language)
        tournaments.invite(host=host, public_id=tournament.public_id, user=player)
        tournaments.join(player=player, public_id=tournament.public_id)
    return tournament.public_id


def _context(browser, language: str):
    context = browser.new_context(
        viewport=SIZES["laptop"], extra_http_headers={"Accept-Language": HEADERS[language]}
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


@pytest.mark.parametrize("language", ["es", "pt-br"])
def test_tournament_pages_in_the_host_and_players_language(server, browser, language):
    public_id = _swiss_taking_entrants(language)
    # The host's pages before the start: the tournaments, the settings, the seeding order.
    context, page = _context(browser, language)
    _sign_in(page, server, "sol")
    for name, path in {
        "hosting": "/tournaments/host/",
        "console": f"/tournaments/{public_id}/host/",
    }.items():
        page.goto(server + path)
        _shoot(page, language, name)
        # The time zones are IANA's names ("America/Indiana/Tell_City") and the players'
        # link is a URL: the same in every language, not the site's words.
        page.evaluate(
            "for (const el of document.querySelectorAll('#id_time_zone, #share-link')) el.remove()"
        )
        assert not english_on(page, language), f"{name} in {language}: {english_on(page, language)}"
    page.get_by_role("button", name=re.compile(r"^(Empezar ahora|Começar agora)$")).click()
    expect(page.locator("#console-status")).not_to_have_text(
        re.compile(r"Inscripción abierta|Inscrições abertas")
    )
    context.close()

    # A player's pages once it runs: their match checking in, the standings, the rounds.
    context, page = _context(browser, language)
    _sign_in(page, server, "ana")
    for name, path in {
        "tournaments": "/tournaments/",
        "tournament": f"/tournaments/{public_id}/",
        "notifications": "/notifications/",
    }.items():
        page.goto(server + path)
        assert page.locator("html").get_attribute("lang") == language
        assert not english_on(page, language), f"{name} in {language}: {english_on(page, language)}"
        _shoot(page, language, name)
    page.goto(server + f"/tournaments/{public_id}/")
    expect(page.locator("#my-match form button")).to_be_visible()
    expect(page.locator("table.standings")).to_be_visible()
    context.close()


def _sign_in(page, server: str, name: str) -> None:
    sign_in_as_account(page, server, name)
    # In the header's row, or under its Menu button on a phone (closed, not seen).
    expect(page.locator("form[action='/accounts/logout/']")).to_be_attached()
