"""Static files in production: WhiteNoise's hashed, compressed copies, the site's own scripts
and stylesheets minified, the table's modules bundled, with a way out when nothing was
collected."""

import json
import shutil
import subprocess
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import Any, TypedDict

import rcssmin
import rjsmin
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}

#: The table page's entry module, and the folder its bundle is collected into.
TABLE_ENTRY = "js/table/main.js"
TABLE_BUNDLE = "js/table/bundle"
#: The bundle's chunks the entry imports statically, in the bundle's folder, uncollected.
PRELOAD = "preload.json"
ESBUILD = Path(__file__).resolve().parents[1] / "node_modules" / ".bin" / "esbuild"


class TableBundle(TypedDict):
    """The URLs the table page loads in production: its entry, and the chunks to preload."""

    entry: str
    preload: list[str]


def bundle_table(entry: Path, folder: Path) -> tuple[list[str], list[str]]:
    """Bundle the table's ES modules from their ``entry`` into ``folder`` with esbuild: one
    minified entry module, the parts imported later (``import()``) as chunks of their own, and
    the code those share with the entry as chunks the entry imports. Returns the files written
    and, of those, the ones the entry imports statically (for ``modulepreload``).

    The bundle compresses a fifth smaller than the same modules minified one by one, and esbuild
    renames local names, which the one-by-one minifiers may not (bench/RESULTS.md, issue 20)."""
    if not ESBUILD.exists():
        raise ImproperlyConfigured(
            f"collectstatic bundles the table's script with esbuild, and {ESBUILD} is missing:"
            " run `make node-modules` (npm ci, package-lock.json) first."
        )
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    meta = folder / "meta.json"
    subprocess.run(
        [
            str(ESBUILD),
            str(entry),
            "--bundle",
            "--splitting",
            "--format=esm",
            "--minify",
            "--legal-comments=none",
            "--outdir=.",
            "--entry-names=[name]",
            "--chunk-names=[name]-[hash]",
            f"--metafile={meta.name}",
            "--log-level=warning",
        ],
        cwd=folder,
        check=True,
        capture_output=True,
        text=True,
    )
    outputs = json.loads(meta.read_text())["outputs"]
    meta.unlink()
    imported = [
        found["path"]
        for found in outputs[f"{entry.stem}.js"]["imports"]
        if found["kind"] == "import-statement"
    ]
    return sorted(outputs), imported


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Content-hashed names once ``collectstatic`` has written its manifest (served with
    far-future cache headers); before that, the plain names, which WhiteNoise then serves from
    the sources. A server started in production mode without ``collectstatic`` (a benchmark,
    a test) still renders its pages instead of failing on every ``{% static %}``.

    The table's ES modules import each other by relative name (statically and with
    ``import()``): rewritten to the hashed names (``import ... from "./page.3f2a.js"``), every
    module is cached for ever like the entry point, instead of being fetched again under its
    plain name (WhiteNoise's short cache) on a player's later visits.

    The site's own scripts and stylesheets are kept readable in the repository (no build step)
    and minified here, before they are hashed: their comments and indentation are a third of
    what a first visit to the table would download. Only whitespace and comments go (rjsmin and
    rcssmin, django-compressor's minifiers); no name is changed, so an error's stack still reads.
    Other apps' files (the admin's) are left as their authors shipped them.

    The table's modules are also bundled (:func:`bundle_table`) into ``js/table/bundle/``,
    collected and hashed like the rest, which the table page loads instead of the modules one
    by one once it is here (:attr:`table_bundle`); the modules stay collected for the pages that
    import a few of them (the replay's viewer)."""

    support_js_module_import_aggregation = True

    @cached_property
    def table_bundle(self) -> TableBundle | None:
        """The table's bundle as collected here; None before ``collectstatic`` (the sources).
        Read once a process, not at every table page: the manifest does not change under it."""
        if not self.hashed_files:
            return None
        try:
            preload = json.loads(Path(self.path(f"{TABLE_BUNDLE}/{PRELOAD}")).read_text())
        except FileNotFoundError:
            return None
        return {
            "entry": self.url(f"{TABLE_BUNDLE}/main.js"),
            "preload": [self.url(f"{TABLE_BUNDLE}/{name}") for name in preload],
        }

    def stored_name(self, name: str) -> str:
        if not self.hashed_files:  # no manifest: nothing was collected here
            return name
        return super().stored_name(name)

    def url_converter(self, name: str, hashed_files: dict, template=None, ignored_blocks=None):
        # Django skips the imports it guesses are inside comments or strings, but its guess at
        # where a string ends is lost at a template literal nested in another (`${`...`}`), which
        # the bundle holds: every import after one (the parts fetched later) kept its plain
        # name. esbuild's output holds no comments and no import in a string, so none is skipped.
        if name.startswith(f"{TABLE_BUNDLE}/"):
            ignored_blocks = None
        return super().url_converter(name, hashed_files, template, ignored_blocks)

    def post_process(
        self, paths: dict[str, tuple[Any, str]], dry_run: bool = False, **options: Any
    ) -> Iterator[tuple[str, str, bool]]:
        if not dry_run:
            paths = dict(paths)
            table = paths.get(TABLE_ENTRY)  # bundled from the sources, not the minified copies
            own = {str(Path(folder).resolve()) for folder in settings.STATICFILES_DIRS}
            for name, (source, _) in paths.items():
                minify = MINIFIERS.get(Path(name).suffix)
                if minify and str(Path(source.location).resolve()) in own:
                    path = Path(self.path(name))
                    path.write_text(minify(path.read_text(encoding="utf-8")), encoding="utf-8")
                    # Hashing reads each file from where it was found: this one from here now.
                    paths[name] = (self, name)
            if table is not None:
                source, found = table
                folder = Path(self.path(TABLE_BUNDLE))
                written, imported = bundle_table(Path(source.path(found)), folder)
                (folder / PRELOAD).write_text(json.dumps(imported))
                for name in written:
                    paths[f"{TABLE_BUNDLE}/{name}"] = (self, f"{TABLE_BUNDLE}/{name}")
        yield from super().post_process(paths, dry_run, **options)
