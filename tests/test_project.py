"""The project's wiring: apps, ASGI routing, and the PyPI `dominoes` library beside it."""

from pathlib import Path

import pytest
from channels.routing import ProtocolTypeRouter
from channels.testing import HttpCommunicator
from django.apps import apps
from django.conf import settings


def test_project_apps_are_installed():
    for label in ("games", "tournaments", "accounts", "billing"):
        assert apps.get_app_config(label).name == label


def test_tests_run_jobs_inline():
    assert settings.JOBS_BACKEND == "inline"  # the test settings run bot turns at once


def test_asgi_routes_http_and_websocket():
    from dominoes.asgi import application

    assert isinstance(application, ProtocolTypeRouter)
    assert set(application.application_mapping) == {"http", "websocket"}


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)  # the home page reads the person's games
async def test_asgi_serves_the_home_page():
    from dominoes.asgi import application

    communicator = HttpCommunicator(application, "GET", "/", headers=[(b"host", b"localhost")])
    response = await communicator.get_response()
    assert response["status"] == 200
    assert b"Online double-six dominoes" in response["body"]


def test_no_module_outside_tests_and_migrations_is_over_400_lines():
    """The project's standard (README): a module past ~400 lines holds more than one idea."""
    root = Path(__file__).resolve().parents[1]
    long = {
        str(path.relative_to(root)): lines
        for path in root.rglob("*.py")
        if not path.relative_to(root).parts[0].startswith(".")
        and path.relative_to(root).parts[0] != "tests"
        and "migrations" not in path.parts
        and (lines := len(path.read_text().splitlines())) > 400
    }
    assert long == {}


def test_no_template_comment_spans_lines():
    """Django's ``{# #}`` ends on its own line: one left open shows its words on the page (the
    table's once did); a longer note is ``{% comment %}``."""
    root = Path(__file__).resolve().parents[1]
    open_comments = [
        f"{path.relative_to(root)}:{number}"
        for path in (root / "templates").rglob("*.html")
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if line.count("{#") > line.count("#}")
    ]
    assert open_comments == []
