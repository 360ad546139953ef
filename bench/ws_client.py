"""A minimal RFC 6455 WebSocket client for the benches and the tests that drive the site over its
socket (the venv has no WebSocket client library): loopback only, frames cut as the bytes
arrive."""

from __future__ import annotations

import asyncio
import base64
import collections
import hashlib
import os
import ssl
from collections.abc import Callable

HOST = "127.0.0.1"


MESSAGE_TIMEOUT = 10.0


WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Closed(Exception):
    pass


class WebSocket(asyncio.Protocol):
    """Reads all the time, as a browser does: pings are answered at once, even while its user
    is busy elsewhere or waiting (daphne drops a socket whose ping goes unanswered for 30 s,
    and 2,000 sockets can take longer than that to connect before a window opens).

    A protocol, not streams: frames are cut from the bytes as the event loop hands them over,
    and a message wakes only the task waiting for it. The client shares the machine with the
    servers it measures, so what it spends per message is taken from them (streams cost a
    reader task, a queue and several awaits per frame).
    """

    def __init__(self, key: str) -> None:
        self.key = key
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.parts: list[bytes] = []
        self.messages: collections.deque[str] = collections.deque()
        self.waiter: asyncio.Future[str] | None = None
        self.ended: BaseException | None = None
        self.on_message: Callable[[str], None] | None = None
        self.on_end: Callable[[BaseException], None] | None = None

    @classmethod
    async def connect(
        cls,
        port: int,
        path: str,
        headers: dict[str, str],
        source: str | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> WebSocket:
        """A WebSocket to ``path``, from the loopback address ``source`` if given (the site
        counts some limits per address: bench/abuse.py), over TLS with ``tls`` (wss://, the
        site behind its proxy: tests/operations/test_proxy.py)."""
        key = base64.b64encode(os.urandom(16)).decode()
        loop = asyncio.get_running_loop()
        local = (source, 0) if source else None
        _, socket = await loop.create_connection(
            lambda: cls(key),
            HOST,
            port,
            local_addr=local,
            ssl=tls,
            server_hostname=HOST if tls else None,
        )
        request = [
            f"GET {path} HTTP/1.1",
            f"Host: {HOST}:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
            *(f"{name}: {value}" for name, value in headers.items()),
        ]
        socket.transport.write(("\r\n".join(request) + "\r\n\r\n").encode())
        try:
            await asyncio.wait_for(socket.opened, MESSAGE_TIMEOUT)
        except BaseException:
            socket.transport.close()
            raise
        return socket

    async def send(self, text: str) -> None:
        self.send_now(text)

    def send_now(self, text: str) -> None:
        self._write(0x1, text.encode())

    def listen(
        self, on_message: Callable[[str], None], on_end: Callable[[BaseException], None]
    ) -> None:
        """From now on, each message goes to ``on_message`` as it arrives, from the event loop's
        callback (no task wakes up for it), and the socket's end to ``on_end``; the messages
        received before go first. For players that answer each message at once."""
        self.on_message, self.on_end = on_message, on_end
        while self.messages:
            on_message(self.messages.popleft())
        if self.ended is not None:
            on_end(self.ended)

    async def receive(self) -> str:
        """The next text message (fragments joined); Closed or the connection's error once
        the socket has ended."""
        if self.messages:
            return self.messages.popleft()
        if self.ended is not None:
            raise self.ended
        self.waiter = asyncio.get_running_loop().create_future()
        try:
            return await self.waiter
        finally:
            self.waiter = None

    async def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self._write(0x8, (1000).to_bytes(2, "big"))
            self.transport.close()

    # --- asyncio.Protocol ---------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.opened.done() and not self._handshake():
            return
        try:
            while (frame := self._frame()) is not None:
                self._take(*frame)
        except Closed as closed:
            self._end(closed)
            self.transport.close()

    def connection_lost(self, error: Exception | None) -> None:
        if not self.opened.done():  # connect() says so as any refused connection does
            error = error or ConnectionResetError("the connection ended during the handshake")
        self._end(error or Closed("the connection ended"))

    # --- inside -------------------------------------------------------------------------------
    def _handshake(self) -> bool:
        """Whether the server's answer to the upgrade is in (and accepted: else the socket
        ends with ConnectionError)."""
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = bytes(self.buffer[:end]).decode("latin-1")
        del self.buffer[: end + 4]
        status, *lines = head.split("\r\n")
        fields = {
            name.strip().lower(): value.strip()
            for name, _, value in (line.partition(":") for line in lines)
        }
        accept = base64.b64encode(hashlib.sha1((self.key + WS_GUID).encode()).digest()).decode()
        if status.split()[1] != "101" or fields.get("sec-websocket-accept") != accept:
            refused = ConnectionError(f"WebSocket handshake refused: {status}")
            self.opened.set_exception(refused)
            self._end(refused)
            self.transport.close()
            return False
        self.opened.set_result(None)
        return True

    def _frame(self) -> tuple[bool, int, bytes] | None:
        """The next whole frame cut from the buffer, or None until it has all arrived."""
        buffer = self.buffer
        if len(buffer) < 2:
            return None
        first, second = buffer[0], buffer[1]
        size, at = second & 0x7F, 2
        if size == 126:
            if len(buffer) < 4:
                return None
            size, at = int.from_bytes(buffer[2:4], "big"), 4
        elif size == 127:
            if len(buffer) < 10:
                return None
            size, at = int.from_bytes(buffer[2:10], "big"), 10
        mask = b""
        if second & 0x80:
            mask, at = bytes(buffer[at : at + 4]), at + 4
        if len(buffer) < at + size:
            return None
        payload = bytes(buffer[at : at + size])
        del buffer[: at + size]
        if mask:
            key = (mask * (size // 4 + 1))[:size]
            payload = bytes(byte ^ k for byte, k in zip(payload, key, strict=True))
        return bool(first & 0x80), first & 0x0F, payload

    def _take(self, final: bool, opcode: int, payload: bytes) -> None:
        if opcode == 0x8:
            code = int.from_bytes(payload[:2], "big") if payload else None
            raise Closed(f"the server closed the WebSocket (code {code})")
        if opcode == 0x9:
            self._write(0xA, payload)
        elif opcode in (0x0, 0x1):
            self.parts.append(payload)
            if final:
                message, self.parts = b"".join(self.parts).decode(), []
                if self.on_message is not None:
                    self.on_message(message)
                elif self.waiter is not None and not self.waiter.done():
                    self.waiter.set_result(message)
                else:
                    self.messages.append(message)

    def _end(self, error: BaseException) -> None:
        if self.ended is None:
            self.ended = error
            if self.on_end is not None:
                self.on_end(error)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(self.ended)
        if not self.opened.done():
            self.opened.set_exception(self.ended)

    def _write(self, opcode: int, payload: bytes) -> None:
        size = len(payload)
        if size < 126:
            head = bytes([0x80 | opcode, 0x80 | size])
        elif size < 1 << 16:
            head = bytes([0x80 | opcode, 0x80 | 126]) + size.to_bytes(2, "big")
        else:
            head = bytes([0x80 | opcode, 0x80 | 127]) + size.to_bytes(8, "big")
        mask = os.urandom(4)
        key = (mask * (size // 4 + 1))[:size]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(size, "big")
        if self.transport is None or self.transport.is_closing():
            raise ConnectionResetError("the WebSocket is closed")
        self.transport.write(head + mask + masked)
