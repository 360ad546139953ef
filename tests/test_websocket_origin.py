"""Only the site's own pages open its WebSockets (dominoes.origins): the Origin's scheme, host
and port must equal the origin the socket was opened on (its allowed Host, ws -> http, wss ->
https) or one of CSRF_TRUSTED_ORIGINS. Channels' host-only check let other ports of the same
machine and other schemes through."""

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from fault_support import new_guest

from bench.ws_client import HOST, WebSocket
from dominoes.asgi import application
from dominoes.origins import SameOriginValidator
from games import services
from games.engine import Rules

ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]


async def accepting(scope, receive, send) -> None:
    """An application that opens every socket it is given."""
    assert (await receive())["type"] == "websocket.connect"
    await send({"type": "websocket.accept"})
    await receive()  # the disconnect


async def opens(app, host: str | None, origin: str | None, *, scheme="ws", headers=()) -> bool:
    sent = [(b"host", host), (b"origin", origin), *headers]
    communicator = WebsocketCommunicator(
        app,
        "/ws/tables/x/",
        headers=[(name, value.encode()) for name, value in sent if value is not None],
    )
    communicator.scope["scheme"] = scheme
    connected, _ = await communicator.connect()
    if connected:
        await communicator.disconnect()
    return connected


CASES = {
    # host header, scheme, origin: opens?
    "the page's own origin": ("localhost:8000", "ws", "http://localhost:8000", True),
    "the host in capitals": ("localhost:8000", "ws", "http://LOCALHOST:8000", True),
    "the default port said or not": ("localhost", "ws", "http://localhost:80", True),
    "the default port left out": ("localhost:80", "ws", "http://localhost", True),
    "https page, wss socket": ("localhost", "wss", "https://localhost", True),
    "IPv6": ("[::1]:8000", "ws", "http://[::1]:8000", True),
    "another port of the machine": ("127.0.0.1:8000", "ws", "http://127.0.0.1:9999", False),
    "no port is port 80": ("localhost:8000", "ws", "http://LOCALHOST", False),
    "another host of the site": ("localhost:8000", "ws", "http://127.0.0.1:8000", False),
    "https page, ws socket": ("localhost:8000", "ws", "https://localhost:8000", False),
    "http page, wss socket": ("localhost", "wss", "http://localhost", False),
    "a host not the site's (DNS rebinding)": (
        "evil.example:8000",
        "ws",
        "http://evil.example:8000",
        False,
    ),
    "a longer host": ("localhost:8000", "ws", "http://localhost:8000.evil.example", False),
    "a path": ("localhost:8000", "ws", "http://localhost:8000/", False),
    "a user": ("localhost:8000", "ws", "http://ada@localhost:8000", False),
    "a tab inside": ("localhost:8000", "ws", "http://local\thost:8000", False),
    "another scheme": ("localhost:8000", "ws", "ws://localhost:8000", False),
    "a port out of range": ("localhost:8000", "ws", "http://localhost:80000", False),
    "null": ("localhost:8000", "ws", "null", False),
    "no Origin": ("localhost:8000", "ws", None, False),
    "no Host": (None, "ws", "http://localhost:8000", False),
}


@pytest.mark.asyncio
@pytest.mark.parametrize(("host", "scheme", "origin", "expected"), CASES.values(), ids=CASES)
async def test_a_socket_opens_only_from_the_same_origin(settings, host, scheme, origin, expected):
    settings.ALLOWED_HOSTS = ALLOWED_HOSTS
    settings.CSRF_TRUSTED_ORIGINS = []
    settings.SECURE_PROXY_SSL_HEADER = None
    app = SameOriginValidator(accepting)
    assert await opens(app, host, origin, scheme=scheme) is expected


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("origin", "expected"),
    [
        ("https://play.example.com", True),
        ("https://PLAY.example.com:443", True),
        ("http://play.example.com", False),
        ("https://play.example.com:8443", False),
        ("https://www.play.example.com", False),
    ],
)
async def test_a_trusted_origin_opens_a_socket_from_anywhere_the_site_is(
    settings, origin, expected
):
    """A socket opened on an internal address (the proxy's) from the public page."""
    settings.ALLOWED_HOSTS = ALLOWED_HOSTS
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example.com", "https://*.example.org"]
    app = SameOriginValidator(accepting)
    assert await opens(app, "127.0.0.1:8000", origin) is expected


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("forwarded", "expected"), [("https", True), ("http", False), (None, False)]
)
async def test_behind_the_tls_proxy_the_page_is_https_when_the_proxy_says_so(
    settings, forwarded, expected
):
    settings.ALLOWED_HOSTS = ["play.example.com"]
    settings.CSRF_TRUSTED_ORIGINS = []
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    app = SameOriginValidator(accepting)
    proxy = [] if forwarded is None else [(b"x-forwarded-proto", forwarded)]
    assert (
        await opens(app, "play.example.com", "https://play.example.com", headers=proxy) is expected
    )


# --- the site's own stack -------------------------------------------------------------------
def guest_table() -> tuple[str, str]:
    cookie, guest = new_guest()
    table = services.create_computer_table(
        player=guest, name="Alice", rules=Rules.for_preset("draw", seats=2), levels=["easy"]
    )
    return table.public_id, cookie


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("origin", "expected"),
    [
        ("http://localhost:8000", True),
        ("http://127.0.0.1:9999", False),
        ("http://LOCALHOST", False),
    ],
)
async def test_the_table_socket_checks_the_whole_origin(origin, expected):
    public_id, cookie = await sync_to_async(guest_table)()
    headers = [(b"host", b"localhost:8000"), (b"origin", origin.encode())]
    headers.append((b"cookie", f"sessionid={cookie}".encode()))
    communicator = WebsocketCommunicator(application, f"/ws/tables/{public_id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected is expected
    if connected:
        assert json.loads(await communicator.receive_from(timeout=10))["type"] == "state"
        await communicator.disconnect()


@pytest.mark.integration
def test_daphne_refuses_a_page_on_another_port_of_the_same_machine(site):
    public_id, cookie = guest_table()

    async def handshake(origin: str) -> str:
        headers = {"Origin": origin, "Cookie": f"sessionid={cookie}"}
        try:
            socket = await WebSocket.connect(site.port, f"/ws/tables/{public_id}/", headers)
        except ConnectionError as refused:
            return str(refused)
        socket.transport.close()
        return "open"

    async def handshakes() -> list[str]:
        own = f"http://{HOST}:{site.port}"
        return [
            await handshake(origin) for origin in (own, f"http://{HOST}:9999", f"http://{HOST}")
        ]

    refused = "WebSocket handshake refused: HTTP/1.1 403 Access denied"
    assert asyncio.run(handshakes()) == ["open", refused, refused]
