"""The largest request body the site reads: refused by its Content-Length before any of it is
read, and cut off at the cap when it has none (a chunked upload).

Django's ASGI handler copies the whole body into a file before any view runs, so a view's
own size check (the record import's) comes after a 60 MB upload was read whole. This ASGI
middleware stands before that handler: past the cap it gives Django an empty body and marks
the request, and :func:`body_too_large_middleware` answers 413 in the site's words. (daphne
itself still receives what the client sends: the proxy in front should cap bodies too, e.g.
nginx's ``client_max_body_size 2m``.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

TOO_LARGE = "dominoes.body_too_large"
MESSAGE = "This upload is too large: the site takes files of at most 1 MB."

Receive = Callable[[], Awaitable[dict[str, Any]]]


class BodyLimit:
    """ASGI middleware: HTTP bodies past ``settings.MAX_REQUEST_BODY_BYTES`` are not read."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cap = settings.MAX_REQUEST_BODY_BYTES
        if _declared_length(scope) > cap:
            scope = {**scope, TOO_LARGE: True}
            await self.app(scope, _nothing_read(receive), send)
            return
        scope = dict(scope)
        await self.app(scope, _capped(scope, receive, cap), send)


def _declared_length(scope: dict[str, Any]) -> int:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0  # Django refuses it itself
    return 0


def _nothing_read(receive: Receive) -> Receive:
    """A body that ends at once. Nothing more is pulled from the client: Django's wait for a
    disconnect after the body then waits until the answer is sent and is cancelled (pulling
    on would read the rest of the body, which is what this refuses to do)."""
    ended = False

    async def empty() -> dict[str, Any]:
        nonlocal ended
        if not ended:
            ended = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()
        raise AssertionError("unreachable: the wait above never ends")

    return empty


def _capped(scope: dict[str, Any], receive: Receive, cap: int) -> Receive:
    """The body as it comes until it passes ``cap``: then it ends there and the request is
    marked too large (what was read so far is never parsed)."""
    read = 0
    rest: Receive | None = None

    async def capped() -> dict[str, Any]:
        nonlocal read, rest
        if rest is not None:
            return await rest()
        message = await receive()
        if message["type"] == "http.request":
            read += len(message.get("body", b""))
            if read > cap:
                scope[TOO_LARGE] = True
                rest = _nothing_read(receive)
                return await rest()
        return message

    return capped


def body_too_large_middleware(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """413 for a request whose body :class:`BodyLimit` did not read."""

    def middleware(request: HttpRequest) -> HttpResponse:
        if getattr(request, "scope", {}).get(TOO_LARGE):
            page = render_to_string("413.html", {"message": MESSAGE}, request=request)
            return HttpResponse(page, status=413)
        return get_response(request)

    return middleware
