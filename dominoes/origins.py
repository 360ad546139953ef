"""Which pages may open the site's WebSockets: the site's own, compared as whole origins.

A socket carries the player's session cookie, so a page of another site opening one could play
in the player's name (cross-site WebSocket hijacking). Channels' ``AllowedHostsOriginValidator``
compares only the Origin's host with ``ALLOWED_HOSTS``: ``http://127.0.0.1:9999`` (any other
program on the machine) and ``http://LOCALHOST`` passed it. Here an Origin is accepted only
when its scheme, host and port (a missing port being the scheme's default) equal

- the origin the socket was opened on: its ``Host`` header, when that host is in
  ``ALLOWED_HOSTS`` (as Django's ``request.get_host()`` checks it), with ``http`` for ``ws``
  and ``https`` for ``wss`` (or behind the proxy of ``SECURE_PROXY_SSL_HEADER``), the same
  rule as Django's CSRF check of a form's Origin; or
- one of ``CSRF_TRUSTED_ORIGINS`` (exact entries; wildcard ones are not honoured here).

A handshake without an Origin is refused: browsers always send one on a WebSocket, and any
other client can send whichever Origin it likes, so refusing costs such a client nothing and
leaves no exception to the rule. ``null`` and anything that is not ``scheme://host[:port]``
are refused too.
"""

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

#: An origin as compared: scheme, host (lowercase, IPv6 without brackets), port.
Origin = tuple[str, str, int]

_DEFAULT_PORTS = {"http": 80, "https": 443}


def parse_origin(text: str) -> Origin | None:
    """``text`` as an origin (``scheme://host[:port]``, http or https), else None."""
    # urlsplit drops tabs and newlines inside a URL: text holding them is no origin at all.
    if not (text.isascii() and text.isprintable()) or " " in text:
        return None
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:  # a port out of range or not a number, a bad IPv6 address
        return None
    scheme, host = parts.scheme, parts.hostname
    if scheme not in _DEFAULT_PORTS or not host or "@" in parts.netloc:
        return None
    if parts.path or parts.query or parts.fragment:
        return None
    return scheme, host.removesuffix("."), port if port is not None else _DEFAULT_PORTS[scheme]


def _allowed_hosts() -> list[str]:
    # As request.get_host() allows them.
    if settings.DEBUG and not settings.ALLOWED_HOSTS:
        return [".localhost", "127.0.0.1", "[::1]"]
    return settings.ALLOWED_HOSTS


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return None


def _secure(scope: dict[str, Any]) -> bool:
    """Whether the page was served over HTTPS, as ``request.is_secure()`` decides it."""
    if scope.get("scheme") == "wss":
        return True
    proxy_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy_header is None:
        return False
    meta_name, secure_value = proxy_header
    name = meta_name.removeprefix("HTTP_").lower().replace("_", "-").encode("latin-1")
    value = _header(scope, name)
    return value is not None and value.split(",", 1)[0].strip() == secure_value


def own_origin(scope: dict[str, Any]) -> Origin | None:
    """The origin the socket was opened on, if its host is one of the site's."""
    host = _header(scope, b"host")
    if host is None:
        return None
    domain, _ = split_domain_port(host)
    if not domain or not validate_host(domain, _allowed_hosts()):
        return None
    return parse_origin(f"{'https' if _secure(scope) else 'http'}://{host}")


def trusted_origins() -> Iterable[Origin]:
    return filter(None, map(parse_origin, settings.CSRF_TRUSTED_ORIGINS))


def same_origin(scope: dict[str, Any]) -> bool:
    """Whether the page opening this socket is one of the site's own."""
    text = _header(scope, b"origin")
    origin = parse_origin(text) if text is not None else None
    if origin is None:
        return False
    return origin == own_origin(scope) or origin in trusted_origins()


class SameOriginValidator:
    """ASGI middleware for WebSockets: a handshake from another origin is closed before the
    application sees it (the browser gets HTTP 403)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            raise ValueError("SameOriginValidator guards WebSocket connections only.")
        if same_origin(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
