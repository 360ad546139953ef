"""The apps depend on each other one way (docs/architecture.md, "Boundaries, held by tests"):
accounts is a leaf the others read (it imports none of them: a player's preferences for new
games are the games'), the live tables (games.services) never read the records, and everything
outside the services package goes through its public face."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The project's apps besides accounts: none of them may be imported by accounts.
OTHER_APPS = ["games", "tournaments", "matchmaking", "billing"]


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _modules(folder: str) -> list[Path]:
    return [
        path
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "migrations" not in path.parts and ".venv" not in path.parts
    ]


def _reaching(paths: list[Path], prefix: str) -> dict[str, set[str]]:
    found = {}
    for path in paths:
        hits = {name for name in _imports(path) if name == prefix or name.startswith(prefix + ".")}
        if hits:
            found[str(path.relative_to(ROOT))] = hits
    return found


def _is_module(name: str) -> bool:
    return (ROOT / (name.replace(".", "/") + ".py")).exists() or (
        ROOT / name.replace(".", "/") / "__init__.py"
    ).exists()


@pytest.mark.parametrize("app", OTHER_APPS)
def test_accounts_imports_no_other_app(app):
    assert _reaching(_modules("accounts"), app) == {}


def test_the_check_sees_an_import_of_games_in_accounts(tmp_path):
    module = tmp_path / "example.py"
    module.write_text("from games.engine import Preset\n")
    assert "games.engine" in _imports(module)  # what _reaching looks for


#: The words are said in the reader's language: games/words.py (and the partnership games'
#: words it reads, games/partnership_words.py) marks them for the catalogs (lazy until shown,
#: no settings read at import). Nothing else of Django, and the engine none.
WORDS = ("words.py", "partnership_words.py")
TRANSLATION = {
    "django.utils.translation",
    "django.utils.text",
    *(
        f"django.utils.translation.{name}"
        for name in ("gettext", "gettext_lazy", "ngettext", "pgettext_lazy")
    ),
    "django.utils.text.format_lazy",
}


@pytest.mark.parametrize("path", [*_modules("games/engine"), *(ROOT / "games" / w for w in WORDS)])
def test_the_engine_and_the_words_import_no_app(path):
    allowed = TRANSLATION if path.name in WORDS else set()
    app = {
        name
        for name in _imports(path)
        if name.split(".")[0] in {"accounts", "django"} and name not in allowed
    }
    games = {
        name
        for name in _imports(path)
        if name.startswith("games.")
        and not name.startswith(("games.engine", "games.partnership_words"))
    }
    assert (app, games) == (set(), set())


def test_the_live_tables_never_read_the_records():
    assert _reaching(_modules("games/services"), "games.records") == {}


def test_outside_the_services_package_only_its_public_face_is_imported():
    inside = {
        f"games.services.{path.stem}"
        for path in (ROOT / "games" / "services").glob("*.py")
        if path.stem != "__init__"
    }
    package = ROOT / "games" / "services"
    everyone = [
        path
        for folder in ("accounts", "billing", "dominoes", "games", "tournaments", "bench", "tests")
        for path in _modules(folder)
        if not path.is_relative_to(package)
    ]
    reaching = {
        str(path.relative_to(ROOT)): _imports(path) & inside
        for path in everyone
        if _imports(path) & inside
    }
    assert reaching == {}


def _selectors() -> list[Path]:
    return [
        path
        for folder in ("accounts", *OTHER_APPS, "notifications")
        for path in _modules(folder)
        if path.stem == "selectors" or "selectors" in path.parent.name
    ]


def test_the_reads_never_import_the_writes():
    """Selectors answer from rows and snapshots; a service may ask a selector, never the other
    way round (games.selectors once imported games.services for a constant and an error)."""
    reaching = {
        module: {name for name in names if ".services" in f".{name}" or name.endswith("services")}
        for module, names in ((str(p.relative_to(ROOT)), _imports(p)) for p in _selectors())
    }
    assert {module: names for module, names in reaching.items() if names} == {}
    assert len(_selectors()) >= 5  # the check sees the apps' selectors


#: The site's infrastructure (dominoes/) is a layer every app stands on: it imports no app, but
#: for what each of these names. The site's own pages (the home page, the front door), its URL
#: map and its ASGI entry bring the apps together and may import any.
SITE_PAGES = {"asgi", "urls", "views", "front_door", "settings", "settings_test"}
INFRASTRUCTURE_READS = {
    "language": {"games.preferences"},  # an account's language is kept with its preferences
    "limits": {"accounts"},  # a budget is counted per person (accounts.guests)
}


@pytest.mark.parametrize(
    "path", [p for p in _modules("dominoes") if p.stem not in SITE_PAGES], ids=lambda p: p.stem
)
def test_the_site_infrastructure_imports_no_app(path):
    allowed = INFRASTRUCTURE_READS.get(path.stem, set())
    apps = {
        name
        for name in _imports(path)
        if name.split(".")[0] in {"accounts", *OTHER_APPS, "notifications"}
        and not any(name == a or name.startswith(a + ".") for a in allowed)
    }
    assert apps == set()


@pytest.mark.parametrize("app", ["matchmaking", "tournaments", "billing", "notifications"])
def test_the_games_app_imports_none_built_on_it(app):
    """Quick match, tournaments, billing and the bell are built on the games; the games know
    none of them (the front door that lists a new table in matchmaking's lobby is the site's:
    dominoes.front_door)."""
    assert _reaching(_modules("games"), app) == {}


#: The socket runtime of the live package: only the package itself and the ASGI entry start it.
SOCKET_RUNTIME = ["consumers", "presence", "catch_up", "routing"]


def test_only_the_live_package_and_the_asgi_entry_reach_the_socket_runtime():
    live = ROOT / "games" / "live"
    outside = [
        path
        for folder in (*OTHER_APPS, "accounts", "notifications", "dominoes")
        for path in _modules(folder)
        if not path.is_relative_to(live) and path != ROOT / "dominoes" / "asgi.py"
    ]
    reaching = {}
    for module in SOCKET_RUNTIME:
        reaching.update(_reaching(outside, f"games.live.{module}"))
    assert reaching == {}
    assert _reaching([ROOT / "dominoes" / "asgi.py"], "games.live.routing")  # the check sees it
