"""Static files in production: WhiteNoise's hashed, compressed copies, the site's own scripts
and stylesheets minified, the table's bundle as ``npm run build`` made it, with a way out when
nothing was collected."""

import hashlib
import json
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import Any, TypedDict

import rcssmin
import rjsmin
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.files.storage import FileSystemStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}

#: The table page's entry module, which the build bundles (scripts/build-static.mjs).
TABLE_ENTRY = "js/table/main.js"
#: What ``npm run build`` writes: ``dist/`` and, in it, the manifest naming each entry's
#: bundle and the chunks it imports, and the sources it was made from.
BUILD = Path(__file__).resolve().parents[1] / "build"
BUILT = "dist/"
MANIFEST = f"{BUILT}manifest.json"


class TableBundle(TypedDict):
    """The URLs the table page loads in production: its entry, and the chunks to preload."""

    entry: str
    preload: list[str]


def read_build(build: Path = BUILD, sources: Path | None = None) -> list[str]:
    """The files ``npm run build`` wrote into ``build`` (under ``dist/``), once it is sure they
    were made from the ``sources`` as they are (``static/``): collecting a bundle of older
    sources would serve the old table with the new pages."""
    manifest = build / MANIFEST
    if not manifest.exists():
        raise ImproperlyConfigured(
            f"collectstatic collects the table's bundle, and {manifest} is missing: run"
            " `npm run build` (after `make node-modules`) first."
        )
    made_from = json.loads(manifest.read_text())["sources"]
    sources = sources or Path(settings.BASE_DIR) / "static"
    changed = [
        name
        for name, digest in made_from.items()
        if not (sources / name).exists()
        or hashlib.sha256((sources / name).read_bytes()).hexdigest() != digest
    ]
    if changed:
        raise ImproperlyConfigured(
            f"The table's bundle in {build} was built from other sources than static/ holds"
            f" ({', '.join(changed)}): run `npm run build` again."
        )
    return sorted(path.relative_to(build).as_posix() for path in (build / BUILT).rglob("*.*"))


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Content-hashed names once ``collectstatic`` has written its manifest (served with
    far-future cache headers); before that, the plain names, which WhiteNoise then serves from
    the sources. A server started in production mode without ``collectstatic`` (a benchmark,
    a test) still renders its pages instead of failing on every ``{% static %}``.

    The table's ES modules import each other by relative name (statically and with
    ``import()``): rewritten to the hashed names (``import ... from "./page.3f2a.js"``), every
    module is cached for ever like the entry point, instead of being fetched again under its
    plain name (WhiteNoise's short cache) on a player's later visits.

    The site's own scripts and stylesheets are kept readable in the repository and minified
    here, before they are hashed: their comments and indentation are a third of what a first
    visit would download. Only whitespace and comments go (rjsmin and rcssmin, django-compressor's
    minifiers); no name is changed, so an error's stack still reads. Other apps' files (the
    admin's) are left as their authors shipped them.

    The table page loads its bundle instead (:attr:`table_bundle`), which ``npm run build``
    made: collected from ``build/dist/`` as it is, under the names the build gave it, which
    already carry a hash of their content and by which its files import each other (no name of
    them is rewritten). The modules stay collected for the pages that import a few of them (the
    replay's viewer)."""

    support_js_module_import_aggregation = True

    @cached_property
    def table_bundle(self) -> TableBundle | None:
        """The table's bundle as collected here; None before ``collectstatic`` (the sources).
        Read once a process, not at every table page: the manifest does not change under it."""
        if not self.hashed_files:
            return None
        try:
            manifest = json.loads(Path(self.path(MANIFEST)).read_text())
        except FileNotFoundError:
            return None
        entry = manifest["entries"][TABLE_ENTRY]
        return {
            "entry": self.url(entry["file"]),
            "preload": [self.url(name) for name in entry["imports"]],
        }

    def stored_name(self, name: str) -> str:
        if not self.hashed_files:  # no manifest: nothing was collected here
            return name
        return super().stored_name(name)

    # The build's files are collected as they are: their names hash their content already, and
    # they import each other by those names.
    def hashed_name(self, name: str, content: Any = None, filename: str | None = None) -> str:
        return name if name.startswith(BUILT) else super().hashed_name(name, content, filename)

    def url_converter(self, name: str, hashed_files: dict, template=None, ignored_blocks=None):
        if name.startswith(BUILT):
            return lambda matched: matched["matched"]
        return super().url_converter(name, hashed_files, template, ignored_blocks)

    def post_process(
        self, paths: dict[str, tuple[Any, str]], dry_run: bool = False, **options: Any
    ) -> Iterator[tuple[str, str, bool]]:
        if not dry_run:
            paths = dict(paths)
            own = {str(Path(folder).resolve()) for folder in settings.STATICFILES_DIRS}
            for name, (source, _) in paths.items():
                minify = MINIFIERS.get(Path(name).suffix)
                if minify and str(Path(source.location).resolve()) in own:
                    path = Path(self.path(name))
                    path.write_text(minify(path.read_text(encoding="utf-8")), encoding="utf-8")
                    # Hashing reads each file from where it was found: this one from here now.
                    paths[name] = (self, name)
            if TABLE_ENTRY in paths:  # the table's sources are collected: its bundle with them
                build = FileSystemStorage(location=BUILD)
                paths |= {name: (build, name) for name in read_build()}
        yield from super().post_process(paths, dry_run, **options)
