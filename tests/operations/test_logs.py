"""Structured logs: JSON lines with logger, level, message and the request's id."""

import json
import logging
import sys

import pytest

from dominoes.logs import HEADER, JsonFormatter, RequestIdFilter, current_request_id

pytestmark = pytest.mark.django_db


def formatted(record: logging.LogRecord) -> dict:
    RequestIdFilter().filter(record)
    return json.loads(JsonFormatter().format(record))


def record(message: str, *args, level=logging.WARNING, exc_info=None) -> logging.LogRecord:
    return logging.LogRecord("games.live.consumers", level, __file__, 1, message, args, exc_info)


def test_a_record_is_one_line_of_json():
    line = JsonFormatter().format(record('He said "hi"\nand left %s', "now"))
    assert "\n" not in line
    data = json.loads(line)
    assert data["logger"] == "games.live.consumers"
    assert data["level"] == "WARNING"
    assert data["message"] == 'He said "hi"\nand left now'
    assert data["time"].endswith("+00:00")


def test_an_exception_is_kept_in_the_line():
    try:
        raise ValueError("boom")
    except ValueError:
        data = formatted(record("failed", level=logging.ERROR, exc_info=sys.exc_info()))
    assert "ValueError: boom" in data["exception"]
    assert data["request_id"] is None  # outside a request


def test_every_request_gets_an_id_in_its_response(client):
    response = client.get("/", headers={HEADER: "lb-4f2a.17"})
    assert response[HEADER] == "lb-4f2a.17"
    fresh = client.get("/")[HEADER]
    assert len(fresh) == 32 and fresh != response[HEADER]
    assert current_request_id() is None  # nothing leaks past the request


@pytest.mark.parametrize("offered", ['x" injected', "a" * 65, "line\nbreak"])
def test_an_odd_request_id_from_outside_is_replaced(client, offered):
    response = client.get("/healthz", headers={HEADER: offered})
    assert response[HEADER] != offered and len(response[HEADER]) == 32


def test_log_lines_written_during_a_request_carry_its_id(client, caplog):
    caplog.handler.addFilter(RequestIdFilter())
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client.get("/tables/no-such-table/", headers={HEADER: "req-42"})
    assert response.status_code == 404
    not_found = [r for r in caplog.records if r.name == "django.request"]
    assert not_found and not_found[-1].request_id == "req-42"
    line = json.loads(JsonFormatter().format(not_found[-1]))
    assert line["request_id"] == "req-42" and line["status"] == 404
