"""A request the site refuses before any page runs (issue 33, 6: a NUL in the address or a
form) reads as a page in the reader's words, with the way back, not a server error."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_an_address_holding_a_nul_is_refused_in_words(site, page):
    answer = page.goto(f"{site.url}/tournaments/a%00b/")
    assert answer.status == 400
    expect(page.get_by_role("heading", name="That request was not understood")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_text(
        "This address or form holds a character no one types (NUL): nothing was done."
    )
    page.get_by_role("link", name="Back to the home page").click()
    expect(page).to_have_url(f"{site.url}/")


def test_the_refusal_speaks_the_readers_language(site, page):
    page.set_extra_http_headers({"Accept-Language": "es"})
    answer = page.goto(f"{site.url}/tables/?q=%00")
    assert answer.status == 400
    expect(page.get_by_role("heading", name="No se entendió esa solicitud")).to_be_visible()
