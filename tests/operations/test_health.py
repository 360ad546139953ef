"""/healthz: 200 with JSON while PostgreSQL and Redis answer, 503 naming the one that does not,
without authentication, before the host check and the HTTPS redirect, and with no secrets."""

import json

import pytest
from django.db import connection
from django.test import Client

from dominoes import health

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_healthy_when_the_database_and_redis_answer(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "no-store"
    assert json.loads(response.content) == {"status": "ok", "database": "ok", "redis": "ok"}


def test_redis_is_not_checked_when_the_site_runs_without_it(client, settings):
    settings.REDIS_URL = ""
    assert json.loads(client.get("/healthz").content) == {"status": "ok", "database": "ok"}


def test_unreachable_redis_is_503_without_its_address(client, settings):
    secret_url = "redis://:hunter2-password@127.0.0.1:1/0"  # nothing listens on port 1
    settings.REDIS_URL = secret_url
    response = client.get("/healthz")
    assert response.status_code == 503
    body = json.loads(response.content)
    assert body == {"status": "unavailable", "database": "ok", "redis": "unavailable"}
    assert b"hunter2" not in response.content


def test_a_failing_database_is_503(client, settings, monkeypatch):
    settings.REDIS_URL = ""

    def broken_cursor(*args, **kwargs):
        raise connection.OperationalError("connection to server at 10.0.0.9 failed")

    monkeypatch.setattr(health, "check_database", broken_cursor)
    response = client.get("/healthz/")
    assert response.status_code == 503
    assert json.loads(response.content) == {"status": "unavailable", "database": "unavailable"}
    assert b"10.0.0.9" not in response.content


def test_probes_by_address_over_plain_http_are_answered(settings):
    """A load balancer asks each instance by its IP, without TLS: neither the host check nor
    the HTTPS redirect may turn it away."""
    settings.REDIS_URL = ""
    settings.ALLOWED_HOSTS = ["play.example.com"]
    settings.SECURE_SSL_REDIRECT = True
    probe = Client(HTTP_HOST="10.1.2.3:8000")
    assert probe.get("/healthz").status_code == 200
    # Everything else still gets the host check.
    assert probe.get("/").status_code == 400


def test_only_reads_are_answered(client):
    response = client.post("/healthz")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_through_the_asgi_server_with_a_request_id(settings):
    """As daphne serves it: the async request-id middleware, then the health check."""
    from channels.testing import HttpCommunicator

    from dominoes.asgi import application

    settings.REDIS_URL = ""
    communicator = HttpCommunicator(
        application, "GET", "/healthz", headers=[(b"host", b"10.0.0.7"), (b"x-request-id", b"r1")]
    )
    response = await communicator.get_response()
    assert response["status"] == 200
    assert json.loads(response["body"]) == {"status": "ok", "database": "ok"}
    assert (b"X-Request-ID", b"r1") in response["headers"]
