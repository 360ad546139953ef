"""The project's wiring: apps, ASGI routing, and the PyPI `dominoes` library beside it; the test
tree's own rules (shared helpers in support modules, every package's doctests run)."""

import ast
import tomllib
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


ROOT = Path(__file__).resolve().parents[1]
BUILDERS = {"make_user", "online_table", "sign_in"}


def test_no_test_file_imports_another():
    """What test files share lives in a support module (tests/factories.py, *_support.py,
    *_builders.py): a test module imported by another runs its module code twice, under two
    names, and ties one file's tests to another's helpers."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno} imports {module}"
                for module in modules
                if module.rsplit(".", 1)[-1].startswith("test_")
            ]
    assert not found, found


def test_the_shared_builders_are_defined_once_in_the_factories():
    defined = [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for node in ast.parse(path.read_text()).body
        if isinstance(node, ast.FunctionDef) and node.name in BUILDERS
    ]
    assert defined == [
        f"tests/factories.py:{line} {name}" for line, name in _factories_builders()
    ], defined


def _factories_builders() -> list[tuple[int, str]]:
    tree = ast.parse((ROOT / "tests" / "factories.py").read_text())
    return [
        (node.lineno, node.name)
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name in BUILDERS
    ]


def test_every_first_party_package_has_its_doctests_collected():
    """pytest collects doctests (--doctest-modules) only under its testpaths: a package left
    out would keep examples that nothing checks."""
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in options["addopts"]
    packages = {path.parent.name for path in ROOT.glob("*/__init__.py")}
    assert packages >= {"games", "dominoes", "accounts"}  # the glob found the project
    collected = {Path(path).parts[0] for path in options["testpaths"]}
    assert packages - collected == set(), "packages whose doctests are not collected"


def test_every_model_change_has_its_migration():
    """A model's change without its migration (even a help text) would be made by whoever runs
    makemigrations next, in an unrelated change."""
    from django.db.migrations.autodetector import MigrationAutodetector
    from django.db.migrations.loader import MigrationLoader
    from django.db.migrations.state import ProjectState

    loader = MigrationLoader(None, ignore_no_migrations=True)  # no database: the files only
    detector = MigrationAutodetector(loader.project_state(), ProjectState.from_apps(apps))
    assert detector.changes(graph=loader.graph) == {}
