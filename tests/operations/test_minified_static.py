"""collectstatic minifies the site's own scripts and stylesheets (dominoes/static_storage.py):
the minified, hashed modules still load in Chromium, export what their sources export, and
import each other (statically and with ``import()``) by their hashed names only; and it collects
the table's bundle as ``npm run build`` made it (scripts/build-static.mjs), whose files import
each other by the content-hashed names the build gave them."""

import functools
import hashlib
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
#: The build's names: esbuild's hash of the content (``main-ABHOL76Q.js``).
BUILT = re.compile(r"/dist/table/\w+-[A-Z0-9]{8}\.js$")

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


def bundle_of(folder: Path) -> dict:
    """The table's bundle as collected: its entry's file and the chunks the entry imports."""
    return json.loads((folder / "dist" / "manifest.json").read_text())["entries"][
        "js/table/main.js"
    ]


def test_the_sites_own_files_are_minified_and_other_apps_files_left_as_shipped(collected):
    folder, manifest = collected
    for name in ("js/table/ctrl.js", "js/table/lobby.js", "css/table.css", "css/site.css"):
        source = (ROOT / "static" / name).read_text()
        served = (folder / manifest[name]).read_text()
        assert len(served) < 0.8 * len(source), name
        assert "\n  " not in served and "// " not in served and "/* " not in served, name
    # The parts fetched when first needed come by their hashed names too.
    ctrl = (folder / manifest["js/table/ctrl.js"]).read_text()
    for part in ("lobby", "remarks", "review"):
        hashed = manifest[f"js/table/{part}.js"].rsplit("/", 1)[1]
        assert f'import("./{hashed}")' in ctrl, part
    admin = "admin/js/core.js"
    assert (folder / manifest[admin]).read_text().startswith("// Core JavaScript")


def test_the_minified_modules_load_and_export_what_their_sources_do(collected, serve, browser):
    folder, manifest = collected
    # The modules as written, each beside its source; the table's bundle (no source of its
    # own) is the browser test's (tests/browser/test_table_bundle.py).
    modules = sorted(name for name in manifest if re.match(r"js/.*\.js$", name))
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
        bundle = f"{served_at}/{manifest[bundle_of(folder)['file']]}"
        assert page.evaluate(IMPORT_ALL, [bundle]) == {bundle: []}
        scripts = [url for url in fetched if url.endswith(".js")]
        # The entry and the one chunk it shares with the parts fetched later (i18n.js, dom.js):
        # the rest of the first load is in the entry.
        assert len(scripts) == 2 and all(BUILT.search(url) for url in scripts), scripts
        served = page.evaluate(IMPORT_ALL, [f"{served_at}/{manifest[m]}" for m in modules])
        sources = page.evaluate(IMPORT_ALL, [f"{source_at}/{m}" for m in modules])
    finally:
        page.close()
    # A page's own script may stop at once on this empty page (no element of its page): the
    # same stop, word for word, from its source shows the minified copy behaves alike.
    assert list(served.values()) == list(sources.values())
    table = [served[f"{served_at}/{manifest[m]}"] for m in modules if m.startswith("js/table/")]
    assert len(table) > 10 and not [e for e in table if isinstance(e, str)], served


def test_the_bundle_is_collected_as_built_and_imports_its_chunks_by_hashed_names(collected):
    """Every file of the build collected as it is, under its own name (a hash of its content),
    and every import in it, ``import()`` of the parts fetched later included, names one of
    them: cached for ever, never a plain name WhiteNoise caches for a minute."""
    folder, manifest = collected
    built = sorted((ROOT / "build" / "dist").rglob("*.js"))
    names = {path.name for path in built}
    assert len(built) >= 4 and all(BUILT.search(path.as_posix()) for path in built), built
    for path in built:
        name = path.relative_to(ROOT / "build").as_posix()
        assert manifest[name] == name
        text = (folder / name).read_text()
        assert text == path.read_text(), name
        imported = re.findall(r"""(?:from\s*|import\s*\(?\s*)["']\./([^"']+)["']""", text)
        assert all(found in names for found in imported), (name, imported)
    entry = (folder / bundle_of(folder)["file"]).read_text()
    # the review, the lobby, the talk, the end's fold, the first hand's tips, the bonuses
    assert entry.count('import("./') == 6


def test_every_collected_script_and_stylesheet_has_a_smaller_brotli_copy(collected):
    """WhiteNoise stores a Brotli copy beside the gzip one when ``brotli`` is installed (a
    dependency for this) and serves it to browsers that accept ``br``: every current one."""
    folder, manifest = collected
    bundle = bundle_of(folder)["file"]
    for name in ("js/table/main.js", "js/table/ctrl.js", "css/table.css", "css/site.css", bundle):
        served = folder / manifest[name]
        squeezed = served.with_name(served.name + ".br")
        zipped = served.with_name(served.name + ".gz")
        assert squeezed.exists(), name
        assert brotli.decompress(squeezed.read_bytes()) == served.read_bytes(), name
        assert squeezed.stat().st_size < zipped.stat().st_size, name


def test_without_the_build_or_with_an_older_one_collectstatic_says_to_run_it(tmp_path):
    from django.core.exceptions import ImproperlyConfigured

    from dominoes import static_storage

    with pytest.raises(ImproperlyConfigured, match=r"npm run build"):
        static_storage.read_build(tmp_path / "never-built")
    # A build of other sources than static/ holds: the bundle would be the old table.
    sources = tmp_path / "static"
    (sources / "js").mkdir(parents=True)
    (sources / "js" / "main.js").write_text("export const version = 2;\n")
    (tmp_path / "build" / "dist").mkdir(parents=True)
    made_from = {"js/main.js": hashlib.sha256(b"export const version = 1;\n").hexdigest()}
    (tmp_path / "build" / "dist" / "manifest.json").write_text(
        json.dumps({"entries": {}, "sources": made_from})
    )
    with pytest.raises(ImproperlyConfigured, match=r"js/main.js.*npm run build"):
        static_storage.read_build(tmp_path / "build", sources)
    (sources / "js" / "main.js").write_text("export const version = 1;\n")
    assert static_storage.read_build(tmp_path / "build", sources) == ["dist/manifest.json"]
