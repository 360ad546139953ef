"""The docs name what is there: every repo path, module, link, queue, make target and
environment variable they mention is checked against the code, so they cannot drift again
(issue 34: the README had named a module that did not exist and left out a worker)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The docs a reader follows today. bench/RESULTS.md is a dated log: it names the code as it was
#: when each number was measured, so it is left out.
DOCS = ["README.md", "docs/architecture.md", "docs/operations.md", "bench/README.md"]
#: The apps and the project package: a dotted name starting with one of them is a module path.
PACKAGES = {
    "accounts",
    "billing",
    "dominoes",
    "games",
    "matchmaking",
    "notifications",
    "tournaments",
}
#: Paths a doc names before they exist: adding a language names the catalog it makes.
NOT_YET = {"locale/fr/LC_MESSAGES/django.po"}
#: Where a span that starts with a slash is a file on a server, not an address on the site.
FILE_ROOTS = ("/etc/", "/srv/", "/var/", "/proc", "/tmp/")
#: Modules that read the environment for the settings (dominoes/env.py holds the readers).
SETTINGS_READERS = ["dominoes/settings.py", "dominoes/databases.py"]
ENV_READ = re.compile(
    r"""(?:env_(?:str|bool|int|list)|os\.environ\.get|os\.getenv)\(\s*["']([A-Z][A-Z0-9_]*)["']"""
)


def _code_spans(text: str) -> list[str]:
    """What the text puts in backticks, outside fenced blocks (those hold shell lines)."""
    outside_fences = re.sub(r"^```.*?^```", "", text, flags=re.DOTALL | re.MULTILINE)
    return re.findall(r"`([^`\n]+)`", outside_fences)


def repo_paths(text: str) -> set[str]:
    """The spans that look like a path in this repository: one word whose first part is a file
    or folder at the repo's top level (``games/consumers.py``, ``deploy/``, ``Procfile``);
    placeholders (``<id>``) and globs are not paths."""
    top = {path.name for path in ROOT.iterdir()}
    found = set()
    for span in _code_spans(text):
        word = span.strip().rstrip(".,:;")
        if " " in word or any(mark in word for mark in "<>*{}$=("):
            continue
        first = word.split("/", 1)[0]
        if first in top and ("/" in word or "." in word or first[:1].isupper()):
            found.add(word)
    return found


def dotted_names(text: str) -> set[str]:
    """The spans that name a module of the project or a name in one: ``dominoes.jobs``,
    ``dominoes.mail``, ``games.records.results.rate_pair`` (a call's arguments cut off)."""
    found = set()
    for span in _code_spans(text):
        word = span.split("(", 1)[0].strip()
        is_dotted = re.fullmatch(r"[a-z_][a-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+", word)
        if is_dotted and not word.endswith(".py") and word.split(".", 1)[0] in PACKAGES:
            found.add(word)
    return found


def missing_name(dotted: str) -> str | None:
    """Why ``dotted`` names nothing, or None: its longest prefix that is a module (a file or a
    package) must define or import the next part; an app's name followed by one name may also be
    Django's ``app_label.Model`` or ``app_label.permission``, in the app's models."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:end])
        module = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
        if module.is_file():
            rest = parts[end:]
            if not rest:
                return None
            source = module.read_text()
            if end == 1 and len(rest) == 1 and (base / "models.py").is_file():
                source += (base / "models.py").read_text()
            if re.search(rf"\b{re.escape(rest[0])}\b", source):
                return None
            return f"{module.relative_to(ROOT)} has no {rest[0]}"
    return f"no module {parts[0]}"


def site_urls(text: str) -> set[str]:
    """The spans that are an address on the site (``/billing/``, ``/tables/<id>/replay/``), not
    a file on a server (``/etc/dominoes.env``)."""
    return {
        span
        for span in _code_spans(text)
        if re.fullmatch(r"/[A-Za-z0-9_.<>/-]*", span) and not span.startswith(FILE_ROOTS)
    }


def served(url: str) -> bool:
    """Whether the site answers ``url``, a placeholder (``<id>``) standing for ``1``: a page of
    the URLconf, a socket of the ASGI routes (or their ``/ws/`` prefix), a static file, or the
    health check answered before the URLconf."""
    from django.conf import settings
    from django.urls import Resolver404, URLResolver, get_resolver
    from django.urls.resolvers import RegexPattern

    from dominoes import health
    from games.live.routing import websocket_urlpatterns as table_sockets
    from notifications.routing import websocket_urlpatterns as bell_sockets

    path = re.sub(r"<[^>]+>", "1", url)
    if path in {health.PATH, "/ws/"} or path.startswith(settings.STATIC_URL):
        return True
    sockets = URLResolver(RegexPattern(r"^/"), [*table_sockets, *bell_sockets])
    resolver = sockets if path.startswith("/ws/") else get_resolver()
    try:
        resolver.resolve(path)
    except Resolver404:
        return False
    return True


def settings_env_vars() -> set[str]:
    return {
        name for path in SETTINGS_READERS for name in ENV_READ.findall((ROOT / path).read_text())
    }


def code_queues() -> set[str]:
    """Every RQ queue the code puts a job on."""
    names = set()
    for path in ROOT.glob("[a-z]*/**/*.py"):
        if path.parts[len(ROOT.parts)] in PACKAGES:
            text = path.read_text()
            names.update(re.findall(r"""queue=["']([a-z_]+)["']""", text))
            names.update(re.findall(r"""get_queue\(["']([a-z_]+)["']\)""", text))
    return names


@pytest.mark.parametrize("doc", DOCS)
def test_every_repo_path_a_doc_names_exists(doc):
    named = repo_paths((ROOT / doc).read_text()) - NOT_YET
    missing = sorted(path for path in named if not (ROOT / path).exists())
    assert missing == []


@pytest.mark.parametrize("doc", DOCS)
def test_every_module_a_doc_names_exists(doc):
    wrong = {
        name: why for name in dotted_names((ROOT / doc).read_text()) if (why := missing_name(name))
    }
    assert wrong == {}


@pytest.mark.parametrize("doc", DOCS)
def test_every_relative_link_of_a_doc_leads_to_a_file(doc):
    links = re.findall(r"\]\(([^)#\s]+)\)", (ROOT / doc).read_text())
    folder = (ROOT / doc).parent
    assert [link for link in links if "://" not in link and not (folder / link).exists()] == []


@pytest.mark.parametrize("doc", DOCS)
def test_every_address_a_doc_names_is_served(doc):
    assert sorted(url for url in site_urls((ROOT / doc).read_text()) if not served(url)) == []


def test_the_readme_opens_with_the_two_commands():
    """Whoever opens the README first reads how to start the site and how to test it."""
    opening = (ROOT / "README.md").read_text().split("\n")[:6]
    assert opening[2:6] == [
        "```sh",
        "make run    # starts the site on the embedded default and prints the URL"
        " (and a demo login)",
        "make test   # lint (ruff, mypy --strict on the engine, services and live code), unit and"
        " integration tests",
        "```",
    ]


def test_every_environment_variable_the_settings_read_is_in_operations():
    table = set(_code_spans((ROOT / "docs/operations.md").read_text()))
    read = settings_env_vars()
    assert {"SECRET_KEY", "DATABASE_URL", "DB_POOL_MAX_SIZE", "MAIL_BACKEND"} <= read
    assert sorted(read - table) == []


def test_every_queue_has_its_worker_in_the_procfile_and_operations():
    queues = code_queues()
    assert {"bots", "deadlines", "default", "coach"} <= queues
    procfile = (ROOT / "Procfile").read_text()
    served = {
        name for line in re.findall(r"rqworker ([a-z_ ]+?) --", procfile) for name in line.split()
    }
    operations = set(_code_spans((ROOT / "docs/operations.md").read_text()))
    assert sorted(queues - served) == []
    assert sorted(queues - operations) == []


def test_every_bench_script_is_in_the_bench_readme():
    text = (ROOT / "bench/README.md").read_text()
    spans = set(_code_spans(text))
    scripts = {path.name for path in (ROOT / "bench").glob("*.py")}
    assert sorted(scripts - spans) == []
    named = {span for span in spans if re.fullmatch(r"[a-z_]+\.py", span)}
    assert sorted(named - scripts) == []


def test_every_make_target_the_readme_names_exists():
    targets = set(re.findall(r"^([a-z][a-z-]*):", (ROOT / "Makefile").read_text(), re.MULTILINE))
    named = set(re.findall(r"\bmake ([a-z][a-z-]*)", (ROOT / "README.md").read_text()))
    assert sorted(named - targets) == []


def test_the_checks_see_a_wrong_path_module_and_variable():
    modules = "`games.results`, `dominoes.jobs.run_later`"
    text = f"`games/results.py`, `deploy/nginx/dominoes.conf`, {modules}"
    assert repo_paths(text) == {"games/results.py", "deploy/nginx/dominoes.conf"}
    assert missing_name("games.results") == "games/__init__.py has no results"
    assert missing_name("dominoes.jobs.run_later") is None
    assert missing_name("dominoes.jobs.no_such_thing") == "dominoes/jobs.py has no no_such_thing"
    assert missing_name("matchmaking.Entry") is None
    assert dotted_names("`bench/matchmaking.py`, `matchmaking.py`, `dominoes.mail`") == {
        "dominoes.mail"
    }
    assert site_urls("`/billing/`, `/etc/dominoes.env`, `/me/history/`") == {
        "/billing/",
        "/me/history/",
    }
    assert served("/tables/<id>/replay/") and served("/ws/tables/<id>/") and served("/healthz")
    assert not served("/no/such/page/") and not served("/ws/no_such_socket/")
    assert ENV_READ.findall('env_str(\n    "MAIL_BACKEND",\n    "x")') == ["MAIL_BACKEND"]
