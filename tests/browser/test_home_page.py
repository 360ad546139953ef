"""The first page, in a real browser."""

import pytest

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_home_page_says_what_the_site_is(server, page):
    page.goto(server + "/")
    assert page.locator("h1").inner_text() == "Online double-six dominoes"
