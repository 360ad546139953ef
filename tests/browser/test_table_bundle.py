"""The table as production serves it: `npm run build` bundles the table's modules with esbuild
(scripts/build-static.mjs; scripts/run-tests.sh runs it), collectstatic collects the bundle
(dominoes/static_storage.py), and the page loads that bundle, by hashed names, instead of the
modules one by one. A whole match is played on it in Chromium, so the bundle is the code the
other browser tests try on the sources."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect
from table_driver import Stuck, start_match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
BUILT = re.compile(r"/static/dist/table/\w+-[A-Z0-9]{8}\.js$")
MAX_ACTIONS = 300


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("collected")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "dominoes.settings_test",
        "TEST_STATIC_ROOT": str(folder),
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return folder


@pytest.fixture
def bundled(collected, monkeypatch):
    """The site the test starts next serves ``collected`` (settings_test's TEST_STATIC_ROOT)."""
    monkeypatch.setenv("TEST_STATIC_ROOT", str(collected))


def test_a_whole_match_against_the_computer_on_the_collected_bundle(bundled, server, page):
    scripts: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: scripts.append(request.url) if ".js" in request.url else 0)
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = start_match(page, server, preset="all_fives", level="easy", target=25)
    for _ in range(MAX_ACTIONS):
        if table.pointer_turn() == "finished":
            break
    else:
        raise Stuck(f"no match end after {MAX_ACTIONS} actions")
    expect(page.locator("#match-end")).to_be_visible()
    assert table.view()["match"]["finished"]
    assert not errors, errors

    own = [url for url in scripts if "/static/js/table/" in url or "/static/dist/" in url]
    # The bundle's entry and the chunks it imports, preloaded; no module by its own name.
    assert own and all(BUILT.search(url) for url in own), own
    assert any("/dist/table/main-" in url for url in own), own
    preloads = page.eval_on_selector_all(
        'link[rel="modulepreload"]', "links => links.map(link => link.href)"
    )
    assert preloads and all("/static/dist/table/chunk-" in href for href in preloads)
