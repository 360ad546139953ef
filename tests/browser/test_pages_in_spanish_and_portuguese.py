"""The home, setup, pricing and statistics pages in Spanish and Brazilian Portuguese, chosen by
the browser's Accept-Language or from the header's picker, show no English word of the site's
own text; the language picked survives sign-in. Screenshots at a phone's and a laptop's size
go to artifacts/i18n/."""

import re
import sys
from pathlib import Path

import polib
import pytest
from browser_support import ROOT, account
from django.conf import settings
from playwright.sync_api import expect

# A finished match for the statistics page to show (its tallies, chart and ratings' words).
sys.path.insert(0, str(ROOT / "tests" / "records"))
from stats_builders import computer_match, player_of  # noqa: E402

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

LOCALE = Path(settings.BASE_DIR) / "locale"
SHOTS = ROOT / "artifacts" / "i18n"
FOLDERS = {"es": "es", "pt-br": "pt_BR"}
HEADERS = {"es": "es-ES,es;q=0.9", "pt-br": "pt-BR,pt;q=0.9"}
GUEST_PAGES = {"home": "/", "setup": "/play/", "pricing": "/billing/pricing/"}
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}
WORD = re.compile(r"[^\W\d_]{3,}")


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(re.sub(r"%\(\w+\)s|\{\w+\}|<[^>]+>", " ", text))}


def english_words(language: str) -> set[str]:
    """The site's own English words (every msgid), less those the translation uses as well
    (Club, Stripe, Glicko...): what may not be read on a page in ``language``."""
    english: set[str] = set()
    translated: set[str] = set()
    for domain in ("django", "djangojs"):
        path = LOCALE / FOLDERS[language] / "LC_MESSAGES" / f"{domain}.po"
        for entry in polib.pofile(str(path)):
            english |= _words(entry.msgid) | _words(entry.msgid_plural or "")
            translated |= _words(entry.msgstr)
            for form in entry.msgstr_plural.values():
                translated |= _words(form)
    return english - translated


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


def _sign_in(page, server: str, name: str) -> None:
    page.goto(server + "/accounts/login/")
    page.fill("input[name=login]", f"{name}@example.com")
    page.fill("input[name=password]", f"{name}-password")
    page.press("input[name=password]", "Enter")
    expect(page.locator("form[action='/accounts/logout/']")).to_be_visible()
