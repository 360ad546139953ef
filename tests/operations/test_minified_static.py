"""collectstatic minifies the site's own scripts and stylesheets (dominoes/static_storage.py):
the minified, hashed modules still load in Chromium, export what their sources export, and
import each other (statically and with ``import()``) by their hashed names only; the table's
bundle too."""

import functools
import json
import re
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import brotli
import pytest
from production_support import PRODUCTION, run_python

ROOT = Path(__file__).resolve().parents[2]
HASHED = re.compile(r"\.[0-9a-f]{12}\.js$")

IMPORT_ALL = """async (urls) => {
  const found = {};
  for (const url of urls) {
    try {
      found[url] = Object.keys(await import(url)).sort();
    } catch (error) {
      found[url] = `error: ${error.message}`;
    }
  }
  return found;
}"""


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def serve(tmp_path):
    """One origin (a module from another needs CORS) serving each folder under its name."""
    servers = []

    def start(**folders: Path) -> str:
        for name, folder in folders.items():
            (tmp_path / name).symlink_to(folder)
        handler = functools.partial(QuietHandler, directory=str(tmp_path))
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server in servers:
        server.shutdown()


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    folder = tmp_path_factory.mktemp("collected")
    env = {**PRODUCTION, "STATIC_ROOT": str(folder), "DJANGO_SETTINGS_MODULE": "dominoes.settings"}
    done = run_python(env, "manage.py", "collectstatic", "--noinput")
    assert done.returncode == 0, done.stderr
    return folder, json.loads((folder / "staticfiles.json").read_text())["paths"]


def test_the_sites_own_files_are_minified_and_other_apps_files_left_as_shipped(collected):
    folder, manifest = collected
    for name in ("js/table/page.js", "js/table/lobby.js", "css/table.css", "css/site.css"):
        source = (ROOT / "static" / name).read_text()
        served = (folder / manifest[name]).read_text()
        assert len(served) < 0.8 * len(source), name
        assert "\n  " not in served and "// " not in served and "/* " not in served, name
    # The parts fetched when first needed come by their hashed names too.
    main = (folder / manifest["js/table/main.js"]).read_text()
    for part in ("lobby", "remarks"):
        hashed = manifest[f"js/table/{part}.js"].rsplit("/", 1)[1]
        assert f'import("./{hashed}")' in main, part
    admin = "admin/js/core.js"
    assert (folder / manifest[admin]).read_text().startswith("// Core JavaScript")


def test_the_minified_modules_load_and_export_what_their_sources_do(collected, serve, browser):
    folder, manifest = collected
    # The modules as written, each beside its source; the table's bundle (no source of its
    # own) is the browser test's (tests/browser/test_table_bundle.py).
    modules = sorted(
        name
        for name in manifest
        if re.match(r"js/.*\.js$", name) and not name.startswith("js/table/bundle/")
    )
    origin = serve(served=folder, source=ROOT / "static")
    served_at, source_at = f"{origin}/served", f"{origin}/source"
    page = browser.new_page()
    try:
        fetched = []
        page.on("request", lambda request: fetched.append(request.url))
        page.goto(origin + "/")
        # The table's entry point alone: its whole graph comes by hashed names.
        entry = f"{served_at}/{manifest['js/table/main.js']}"
        assert page.evaluate(IMPORT_ALL, [entry]) == {entry: []}
        scripts = [url for url in fetched if url.endswith(".js")]
        assert len(scripts) > 10 and all(HASHED.search(url) for url in scripts), scripts
        fetched.clear()
        bundle = f"{served_at}/{manifest['js/table/bundle/main.js']}"
        assert page.evaluate(IMPORT_ALL, [bundle]) == {bundle: []}
        scripts = [url for url in fetched if url.endswith(".js")]
        # The entry and the one chunk it shares with the parts fetched later (i18n.js, dom.js):
        # the rest of the first load is in the entry.
        assert len(scripts) == 2 and all(HASHED.search(url) for url in scripts), scripts
        served = page.evaluate(IMPORT_ALL, [f"{served_at}/{manifest[m]}" for m in modules])
        sources = page.evaluate(IMPORT_ALL, [f"{source_at}/{m}" for m in modules])
    finally:
        page.close()
    # A page's own script may stop at once on this empty page (no element of its page): the
    # same stop, word for word, from its source shows the minified copy behaves alike.
    assert list(served.values()) == list(sources.values())
    table = [served[f"{served_at}/{manifest[m]}"] for m in modules if m.startswith("js/table/")]
    assert len(table) > 10 and not [e for e in table if isinstance(e, str)], served


def test_the_bundle_imports_its_chunks_by_hashed_names_static_and_later(collected):
    """Every import in the collected bundle, ``import()`` of the parts fetched later included,
    names a hashed file: cached for ever, never the plain name WhiteNoise caches for a minute.
    (Django's rewriting skipped the ``import()`` after a nested template literal.)"""
    folder, manifest = collected
    hashed = {
        manifest[name].rsplit("/", 1)[1]
        for name in manifest
        if name.startswith("js/table/bundle/") and name.endswith(".js")
    }
    entry = (folder / manifest["js/table/bundle/main.js"]).read_text()
    assert entry.count('import("./') == 3  # the review, the lobby, the talk
    for name in hashed:
        text = (folder / "js" / "table" / "bundle" / name).read_text()
        imported = re.findall(r"""(?:from\s*|import\s*\(?\s*)["']\./([^"']+)["']""", text)
        assert all(found in hashed for found in imported), (name, imported)


def test_every_collected_script_and_stylesheet_has_a_smaller_brotli_copy(collected):
    """WhiteNoise stores a Brotli copy beside the gzip one when ``brotli`` is installed (a
    dependency for this) and serves it to browsers that accept ``br``: every current one."""
    folder, manifest = collected
    for name in ("js/table/main.js", "js/table/page.js", "css/table.css", "css/site.css"):
        served = folder / manifest[name]
        squeezed = served.with_name(served.name + ".br")
        zipped = served.with_name(served.name + ".gz")
        assert squeezed.exists(), name
        assert brotli.decompress(squeezed.read_bytes()) == served.read_bytes(), name
        assert squeezed.stat().st_size < zipped.stat().st_size, name


def test_without_esbuild_collectstatic_says_how_to_install_it(tmp_path, monkeypatch):
    from django.core.exceptions import ImproperlyConfigured

    from dominoes import static_storage

    monkeypatch.setattr(static_storage, "ESBUILD", tmp_path / "no-esbuild")
    with pytest.raises(ImproperlyConfigured, match="make node-modules"):
        static_storage.bundle_table(ROOT / "static" / "js" / "table" / "main.js", tmp_path / "out")
    assert not (tmp_path / "out").exists()
