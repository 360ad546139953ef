"""Structured logs: one JSON object a line in production, each with the request's id.

Every HTTP request gets an id (the proxy's ``X-Request-ID`` when it sends a sane one, else a
new one), returned in the ``X-Request-ID`` response header and attached to every log record
written while the request is handled, so one request's lines can be found together.
"""

import json
import logging
import re
import uuid
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime

from asgiref.sync import iscoroutinefunction
from django.http import HttpRequest, HttpResponse
from django.utils.decorators import sync_and_async_middleware

HEADER = "X-Request-ID"
#: Ids from outside are kept only when short and plain: they end up in every log line.
ACCEPTED_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")

_request_id: ContextVar[str | None] = ContextVar("request_id", default=None)


def current_request_id() -> str | None:
    """The id of the request being handled here, if any."""
    return _request_id.get()


def _request_id_of(request: HttpRequest) -> str:
    offered = request.headers.get(HEADER, "")
    return offered if ACCEPTED_ID.fullmatch(offered) else uuid.uuid4().hex


@sync_and_async_middleware
def request_id_middleware(get_response: Callable) -> Callable:
    """Give each request an id for its log lines and its response's ``X-Request-ID``
    (natively sync or async, so it adds no thread hop under ASGI)."""
    if iscoroutinefunction(get_response):

        async def middleware(request: HttpRequest) -> HttpResponse:
            request.request_id = request_id = _request_id_of(request)
            token = _request_id.set(request_id)
            try:
                response = await get_response(request)
            finally:
                _request_id.reset(token)
            response[HEADER] = request_id
            return response

    else:

        def middleware(request: HttpRequest) -> HttpResponse:
            request.request_id = request_id = _request_id_of(request)
            token = _request_id.set(request_id)
            try:
                response = get_response(request)
            finally:
                _request_id.reset(token)
            response[HEADER] = request_id
            return response

    return middleware


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` (None outside a request) to every record. Django logs a response's
    4xx/5xx after the middleware has finished, with the request on the record: its id then
    comes from there."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        record.request_id = _request_id.get() or getattr(request, "request_id", None)
        return True


class WithoutHttp2Note(logging.Filter):
    """Drops daphne's note that HTTP/2 needs Twisted's extras: the proxy speaks HTTP/2 to
    browsers, the site HTTP/1.1 to the proxy, so there is nothing to install."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("HTTP/2 support not enabled")


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON: time, level, logger, message, request id, exception."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, tz=UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None),
        }
        status = getattr(record, "status_code", None)
        if status is not None:  # django.request and django.server name the response's status
            line["status"] = status
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, default=str)
