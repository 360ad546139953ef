"""Who is asking, by network address: the one thing a client cannot choose for itself.

Every per-address limit (sign-ups, logins, tables, sockets) counts by this address, so it must
come from a machine the site trusts. ``X-Forwarded-For`` is written by each proxy in turn, the
client's own value first: only the last ``TRUSTED_PROXY_COUNT`` entries were written by the
site's proxies, and the entry the first of them wrote is the client. With no trusted proxy
(the default) the header is ignored and the TCP peer is the client. daphne runs without
``--proxy-headers`` for the same reason: it would take the header's first entry, the one the
client wrote. allauth reads the same setting (``ALLAUTH_TRUSTED_PROXY_COUNT``), so its limits
and the site's count the same address.

IPv6 addresses count by their /64 network: one home or phone gets a whole /64 to pick from.

>>> client_address(peer="203.0.113.7", forwarded_for="198.51.100.1", trusted_proxies=0)
'203.0.113.7'
>>> client_address(peer="127.0.0.1", forwarded_for="1.2.3.4, 198.51.100.1", trusted_proxies=1)
'198.51.100.1'
>>> client_address(peer="127.0.0.1", forwarded_for=None, trusted_proxies=1)
'127.0.0.1'
>>> client_address(peer="2001:db8:1:2:3:4:5:6", forwarded_for=None, trusted_proxies=0)
'2001:db8:1:2::/64'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest

#: What an address that cannot be read counts as: one shared budget, never a fresh one.
UNKNOWN = "unknown"


def client_address(*, peer: str | None, forwarded_for: str | None, trusted_proxies: int) -> str:
    """The client's address given the TCP peer, the ``X-Forwarded-For`` value and how many
    proxies in front of the site are the site's own."""
    candidate = peer
    if trusted_proxies > 0 and forwarded_for:
        entries = [entry.strip() for entry in forwarded_for.split(",")]
        # Fewer entries than proxies: the header was not written by them all; the nearest
        # entry is still the best the site's proxies vouch for.
        candidate = entries[-min(trusted_proxies, len(entries))]
    return _normalised(candidate)


def of_request(request: HttpRequest) -> str:
    """The client's address of an HTTP request."""
    return client_address(
        peer=request.META.get("REMOTE_ADDR"),
        forwarded_for=request.headers.get("x-forwarded-for"),
        trusted_proxies=settings.TRUSTED_PROXY_COUNT,
    )


def of_scope(scope: Mapping[str, Any]) -> str:
    """The client's address of an ASGI connection (a WebSocket's scope)."""
    client = scope.get("client") or (None, None)
    forwarded = [
        value.decode("latin-1")
        for name, value in scope.get("headers", ())
        if name == b"x-forwarded-for"
    ]
    return client_address(
        peer=client[0],
        forwarded_for=",".join(forwarded) or None,
        trusted_proxies=settings.TRUSTED_PROXY_COUNT,
    )


def _normalised(text: str | None) -> str:
    if not text:
        return UNKNOWN
    text = text.strip()
    if text.startswith("[") and "]" in text:  # "[v6]:port"
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # "v4:port"
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return UNKNOWN
    if address.version == 6:
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)
