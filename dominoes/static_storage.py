"""Static files in production: WhiteNoise's hashed, compressed copies, the site's own scripts
and stylesheets minified, with a way out when nothing was collected."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import rcssmin
import rjsmin
from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


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
    Other apps' files (the admin's) are left as their authors shipped them."""

    support_js_module_import_aggregation = True

    def stored_name(self, name: str) -> str:
        if not self.hashed_files:  # no manifest: nothing was collected here
            return name
        return super().stored_name(name)

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
        yield from super().post_process(paths, dry_run, **options)
