"""What a request says, read one way everywhere: whole numbers and ids by :func:`whole_number`,
and NUL refused before any view or consumer sees it (:func:`refuse_nul_middleware` for pages and
forms, :class:`RefuseNulSockets` for a socket's address). The table socket's messages carry no
free text but a name, which the display name rule refuses with a NUL in its own words.

NUL is no character a person types, and PostgreSQL stores none: a NUL that reached a query
failed the request with a 500. ``str.isdigit`` is no test for a number either: "²" is a digit
to it that ``int()`` refuses (a 500 again), and ``int()`` reads "٣" and " 3 ", which no form of
the site sends.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, QueryDict
from django.template.loader import render_to_string
from django.utils.translation import gettext

#: The largest whole number a request may name: PostgreSQL's integer, which every id and count
#: the site keeps fits in.
LARGEST = 2**31 - 1

NUL = "\x00"


def whole_number(text: object, *, largest: int = LARGEST) -> int | None:
    """``text`` as a whole number of 0 or more written in ASCII digits, at most ``largest``;
    None for anything else (nothing, a sign, a space, "²", "٣", a list, a number too large).
    Each caller says in its own words what it wanted instead."""
    if not isinstance(text, str) or not text.isascii() or not text.isdecimal():
        return None
    if len(text) > len(str(largest)):  # too long to be in range: not read (int() is slow on it)
        return None
    number = int(text)
    return number if number <= largest else None


def _form_holds_nul(data: QueryDict) -> bool:
    """Whether a NUL is in a name or any value of ``data`` (a field sent twice included)."""
    return any(NUL in key or any(NUL in value for value in data.getlist(key)) for key in data)


def refuse_nul_middleware(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """400, in words, for a NUL in the path, the query string or a form field (a file's
    contents are the upload's own business), before any view reads them."""

    def middleware(request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            # Read whole first (at most MAX_REQUEST_BODY_BYTES): the form is then parsed from
            # it, and a view that reads the body itself (Stripe's webhook) still can.
            request.body  # noqa: B018
        if NUL in request.path or _form_holds_nul(request.GET) or _form_holds_nul(request.POST):
            message = gettext(
                "This address or form holds a character no one types (NUL): nothing was done."
            )
            page = render_to_string("400.html", {"message": message}, request=request)
            return HttpResponse(page, status=400)
        return get_response(request)

    return middleware


class RefuseNulSockets:
    """ASGI middleware: a socket whose address holds a NUL is refused at the handshake (no
    consumer would find anything by it, and the database would fail on it)."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket" and (
            NUL in scope["path"] or _form_holds_nul(QueryDict(scope.get("query_string", b"")))
        ):
            await send({"type": "websocket.close"})  # before acceptance: a refused handshake
            return
        await self.app(scope, receive, send)
