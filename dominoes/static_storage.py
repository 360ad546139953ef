"""Static files in production: WhiteNoise's hashed, compressed copies, with a way out when
nothing was collected."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Content-hashed names once ``collectstatic`` has written its manifest (served with
    far-future cache headers); before that, the plain names, which WhiteNoise then serves from
    the sources. A server started in production mode without ``collectstatic`` (a benchmark,
    a test) still renders its pages instead of failing on every ``{% static %}``.

    The table's ES modules import each other by relative name: rewritten to the hashed names
    (``import ... from "./page.3f2a.js"``), every module is cached for ever like the entry
    point, instead of being fetched again under its plain name (WhiteNoise's short cache) on a
    player's later visits."""

    support_js_module_import_aggregation = True

    def stored_name(self, name: str) -> str:
        if not self.hashed_files:  # no manifest: nothing was collected here
            return name
        return super().stored_name(name)
