"""The client's address, on which every per-address limit counts, is the one the site's own
proxies vouch for: a client that writes X-Forwarded-For itself gets no fresh address."""

import pytest
from django.test import RequestFactory, override_settings

from dominoes import client_address
from dominoes.client_address import UNKNOWN

ROTATING = [f"10.0.{n}.{n}" for n in range(1, 6)]


@override_settings(TRUSTED_PROXY_COUNT=0)
def test_without_a_trusted_proxy_a_forged_header_changes_nothing():
    factory = RequestFactory()
    seen = {
        client_address.of_request(
            factory.get("/", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR=forged)
        )
        for forged in ROTATING
    }
    assert seen == {"203.0.113.9"}


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_one_proxy_the_entry_it_wrote_is_the_client():
    """The client may prepend what it likes: the proxy appends the address it saw."""
    factory = RequestFactory()
    seen = {
        client_address.of_request(
            factory.get(
                "/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=f"{forged}, 198.51.100.4"
            )
        )
        for forged in ROTATING
    }
    assert seen == {"198.51.100.4"}


@override_settings(TRUSTED_PROXY_COUNT=2)
def test_behind_two_proxies_the_first_proxy_names_the_client():
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.1.1.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 198.51.100.4, 10.0.0.2"
    )
    assert client_address.of_request(request) == "198.51.100.4"


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_a_websocket_scope_counts_the_same_way():
    scope = {
        "client": ("127.0.0.1", 50000),
        "headers": [(b"x-forwarded-for", b"6.6.6.6, 198.51.100.4"), (b"host", b"x")],
    }
    assert client_address.of_scope(scope) == "198.51.100.4"
    assert client_address.of_scope({"client": None, "headers": []}) == UNKNOWN


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("203.0.113.9:5555", "203.0.113.9"),
        ("[2001:db8::1]:443", "2001:db8::/64"),
        ("2001:db8:0:0:ffff::1", "2001:db8::/64"),
        ("::ffff:203.0.113.9", "203.0.113.9"),
        ("not an address", UNKNOWN),
        ("", UNKNOWN),
    ],
)
def test_addresses_are_normalised_so_one_client_has_one_name(text, address):
    assert client_address.client_address(peer=text, forwarded_for=None, trusted_proxies=0) == (
        address
    )


def test_allauth_counts_by_the_same_proxies():
    from django.conf import settings

    assert settings.ALLAUTH_TRUSTED_PROXY_COUNT == settings.TRUSTED_PROXY_COUNT
