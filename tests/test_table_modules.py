"""Issue 20, "The code": the table's script is small ES modules under static/js/table/, served
as written in development (production serves what `npm run build` bundled: tests/browser/
test_table_bundle.py); issue 34: the board (its geometry, its tiles, its SVG and its words) is
one module, static/js/board/, that the table and the replay viewer both import instead of
keeping copies. (What the modules do is shown by the browser tests in tests/browser/.)"""

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "static" / "js"
TABLE_JS = JS / "table"
IMPORT = re.compile(r"""^import .* from "(\.\.?/[\w/-]+\.js)";$""", re.MULTILINE)
# A module the page needs only later (the coach's review at a hand's end) is imported lazily.
LAZY_IMPORT = re.compile(r"""\bimport\("(\./[\w-]+\.js)"\)""")
LIMIT = 400  # lines a module: the project's standard
#: The table page's files before issue 20 (3c19040: table.js, table.css, site.css), as they were
#: served: unminified, gzipped (`bench/table_weight.py --rev 3c19040`).
OLD_TABLE_SERVED = 20_261


def test_the_table_script_is_small_es_modules_that_import_each_other():
    modules = sorted(TABLE_JS.glob("*.js"))
    assert len(modules) >= 10, modules
    imported = set()
    for module in modules:
        text = module.read_text()
        assert len(text.splitlines()) <= LIMIT, f"{module.name}: over {LIMIT} lines"
        assert "export " in text or module.name == "main.js", f"{module.name} exports nothing"
        for name in IMPORT.findall(text) + LAZY_IMPORT.findall(text):
            assert (TABLE_JS / name).exists(), f"{module.name} imports a missing {name}"
            if name.startswith("./"):
                imported.add(name.removeprefix("./"))
    # Every module but the entry point is used by another: none left behind.
    assert imported == {m.name for m in modules} - {"main.js"}


def test_the_page_loads_the_entry_module_and_no_old_script():
    template = (ROOT / "templates" / "games" / "table.html").read_text()
    assert re.search(r"""<script type="module" src="{% static 'js/table/main.js' %}">""", template)
    assert not (ROOT / "static" / "js" / "table.js").exists()


def test_the_table_and_the_replay_viewer_draw_and_say_the_board_with_one_module():
    replay = (JS / "replay.js").read_text()
    for module in ("draw", "geometry", "tiles", "words"):
        assert re.search(rf'from "\./board/{module}\.js"', replay), module
    table = {path.name: path.read_text() for path in TABLE_JS.glob("*.js")}
    assert re.search(r'from "\.\./board/draw\.js"', table["board.js"])
    # No second copy of the layout, the tile drawing, the SVG's frame or the board's words: the
    # translators translate them once.
    for text in [replay, *table.values()]:
        for name in ("function layoutTable", "function tileSVG", "function handTileSVG"):
            assert name not in text, name
        for copied in ("escapeAttribute =", "<svg xmlns", "Opening tile", "oward the left"):
            assert copied not in text, copied


def test_the_weight_benchmark_counts_every_file_the_table_page_loads():
    """bench/table_weight.py (the A/B of issue 20): a guest's first visit to the table as
    production serves it: the page's stylesheets and the table's bundle as `npm run build` makes it
    (its entry and the chunks the entry imports), the chunks imported later apart, and what a
    signed-in reader's pages add (the bell and the catalog module it imports)."""
    done = subprocess.run(
        [sys.executable, "bench/table_weight.py", "--rev", "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    weight = json.loads(done.stdout)
    bundle = "dist/table/"
    first = set(weight["by_file"])
    assert {name for name in first if not name.startswith(bundle)} == {
        "css/site.css",
        "css/table.css",
    }
    assert any(name.startswith(f"{bundle}main-") for name in first)
    assert any(name.startswith(f"{bundle}chunk-") for name in first)
    # The coach's review, the lobby, the talk (its reactions inside), the end panel's fold, the
    # first hand's tips and the bonuses' words and pop-ups: fetched when needed.
    later = {name.removeprefix(bundle).split("-")[0] for name in weight["later"]["by_file"]}
    assert later == {"review", "lobby", "remarks", "fold", "tips", "bonuses"}
    assert set(weight["signed_in_adds"]["by_file"]) == {"js/bell.js", "js/i18n.js"}
    files = weight["by_file"].values()
    assert 0 < weight["served_brotli"] < weight["served_gzip"] <= weight["gzip"] < weight["bytes"]
    assert weight["bytes"] == sum(f["bytes"] for f in files)
    # The stylesheets as collectstatic serves them: minified, then gzipped.
    for name in ("css/site.css", "css/table.css"):
        sheet = weight["by_file"][name]
        assert 0 < sheet["served_gzip"] < 0.8 * sheet["gzip"], name
    # Issue 20: the rebuilt table weighed what the old one did as served (1.01x); issue 35's
    # first-load features (avatars, resign and play again, the end panel's fold, its rows'
    # words) took it to 1.09x; issue 36's faces up to twelve pips and the bonuses' hook to
    # 1.106x (bench/RESULTS.md). More than 1.11x: move a part to later.js.
    assert weight["served_brotli"] <= 1.11 * OLD_TABLE_SERVED


def test_the_page_preloads_every_module_the_entry_point_imports():
    """``<link rel="modulepreload">`` for the whole import graph: a module several imports deep
    is fetched with the page, not after the modules that name it (one round trip each)."""
    graph, todo = set(), ["table/main.js"]
    while todo:
        module = JS / todo.pop()
        for name in IMPORT.findall(module.read_text()):
            if (found := (module.parent / name).resolve().relative_to(JS).as_posix()) not in graph:
                graph.add(found)
                todo.append(found)
    template = (ROOT / "templates" / "games" / "table.html").read_text()
    preloaded = re.findall(
        r"""rel="modulepreload" href="{% static 'js/([\w/-]+\.js)' %}""", template
    )
    assert sorted(preloaded) == sorted(graph)
