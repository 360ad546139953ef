"""Odd values sent everywhere (issue 33, 6): every URL pattern of the site (Django's resolver),
each parameter its view reads, and every message type of the table's and the bell's sockets
get superscript and Arabic-Indic digits, NUL, huge and negative numbers, empty values, lists,
very long text, non-JSON frames and wrong types. Never a 500, never a socket closed by an error
(daphne's 1011), never a traceback logged: a refusal in words, or the page as usual.

This file sends them to the sockets; the URLs are walked in parts by
tests/test_odd_values_urls_*.py (tests/odd_values_support.py says why, and holds what both
send). The HTTP walk reads each view's parameters from its own source (``request.GET``/``POST``
and the forms it builds), so a view added later is covered without touching these files; a view
whose parameters it cannot read (the admin's, allauth's) gets every parameter name the site
reads, all odd at once.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from odd_values_support import ODD_TEXT, tracebacks

from dominoes.asgi import application
from games.live import consumers, protocol
from notifications.services import notify

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


# --- the sockets -------------------------------------------------------------------------------
#: Every message type the table's socket reads, and the fields each reads: written out here, and
#: held to the protocol's registry (games.live.protocol.INCOMING) below.
TABLE_MESSAGES = {
    "sync": (),
    "hint": (),
    "move": ("version", "move"),
    "next_hand": ("version",),
    "undo": ("version",),
    "join": ("name", "seat"),
    "rematch": (),
    "resign": (),
    "leave": (),
    "back": (),
    "start": (),
    "remark": ("phrase",),
    "remarks": (),
    "seat": ("seat",),
    "remove": ("seat",),
    "unjoin": (),
    "table_talk": ("allowed",),
}
ODD_JSON = [
    *ODD_TEXT,
    None,
    True,
    -1,
    10**30,
    -(10**30),
    1.5,
    float("inf"),
    [],
    [1, "²"],
    {},
    {"play": "\x00", "end": "left"},
]
ODD_FRAMES = ["{not json", "", "[]", "null", '"\\u0000"', "1" * 3000, "\x00", "²"]


def test_every_message_type_of_the_table_socket_is_sent_odd_values():
    read = {
        kind: tuple(field.name for field in dataclasses.fields(message))
        for kind, message in protocol.INCOMING.items()
    }
    assert read == TABLE_MESSAGES


BINARY = b"\x00\xff binary"


async def _send_frame(socket: WebsocketCommunicator, frame: str | bytes) -> None:
    """A frame as daphne passes it on (the communicator's send_to refuses an empty one)."""
    key = "bytes" if isinstance(frame, bytes) else "text"
    await socket.send_input({"type": "websocket.receive", key: frame})


def _socket(path: str, user=None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        client = Client()
        client.force_login(user)
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def _still_answers(socket: WebsocketCommunicator) -> None:
    """The socket is open and answers: a sync gets the state (whatever came before it)."""
    await socket.send_to(text_data=json.dumps({"type": "sync"}))
    while True:
        message = json.loads(await socket.receive_from(timeout=10))
        if message["type"] == "state":
            return


def _table_frames() -> Iterator[str | bytes]:
    for kind, fields in TABLE_MESSAGES.items():
        for odd in ODD_JSON:
            yield json.dumps({"type": kind, **dict.fromkeys(fields, odd)})
            yield json.dumps({"type": kind, "extra\x00": odd})
    for odd in ODD_JSON:
        yield json.dumps({"type": odd})
    yield from ODD_FRAMES
    yield BINARY


@pytest.mark.asyncio
async def test_the_table_socket_answers_odd_messages_and_stays_open(
    site_objects, errors_logged, monkeypatch
):
    # Every frame answered: the message budget (tested in test_rate_limits) out of the way.
    monkeypatch.setattr(consumers, "RATE_BURST", 10**6)
    table, host = site_objects["table"], site_objects["host"]
    socket = await sync_to_async(_socket)(f"/ws/tables/{table.public_id}/", host)
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_from(timeout=10)  # the state
    for frame in _table_frames():
        await sync_to_async(_refill_budget)()  # the hints' and joins' limits (dominoes.limits)
        await _send_frame(socket, frame)
        await _still_answers(socket)
    await socket.disconnect()
    assert tracebacks(errors_logged) == []


def _refill_budget() -> None:
    from dominoes import limits

    limits.reset()


@pytest.mark.asyncio
@pytest.mark.parametrize("odd", ["a\x00b", "\x00", "²"])
async def test_a_socket_address_with_an_odd_id_is_refused_not_failed(site_objects, odd):
    for path in (f"/ws/tables/{quote(odd, safe='')}/", f"/ws/notifications/?x={quote(odd)}"):
        socket = await sync_to_async(_socket)(path, site_objects["host"])
        connected, code = await socket.connect()
        if connected:  # the bell ignores what it is not asked
            await socket.disconnect()
        else:
            assert code != 1011


@pytest.mark.asyncio
async def test_the_bell_socket_ignores_odd_json_and_closes_clearly_on_the_rest(
    site_objects, errors_logged
):
    """JSON the bell was not asked for is ignored; a frame that is not JSON is answered in words
    and closed 4400, as the table socket does: never a server error."""
    socket = await sync_to_async(_socket)("/ws/notifications/", site_objects["host"])
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_json_from(timeout=10)  # the bell's state
    frames = [*ODD_FRAMES, *(json.dumps({"type": odd}) for odd in ODD_JSON), BINARY]
    for frame in frames:
        try:
            json.loads(frame)
        except ValueError:
            continue
        await _send_frame(socket, frame)
    # Still listening after them all (frames are handled in order): a notification arrives.
    await sync_to_async(notify)(user=site_objects["host"], kind="notice", title="Still here")
    state = await socket.receive_json_from(timeout=10)
    assert state["type"] == "state" and state["title"] == "Still here"
    await socket.disconnect()
    for frame in frames:
        try:
            json.loads(frame)
            continue
        except ValueError:
            pass
        socket = await sync_to_async(_socket)("/ws/notifications/", site_objects["host"])
        assert (await socket.connect())[0]
        await socket.receive_json_from(timeout=10)
        await _send_frame(socket, frame)
        assert (await socket.receive_json_from(timeout=10))["type"] == "error"
        assert (await socket.receive_output(timeout=10))["code"] == 4400
    assert tracebacks(errors_logged) == []
