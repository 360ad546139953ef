"""The table page's weight at a git revision: the stylesheets and scripts its template loads.

``bench/table.py`` measures the page's HTML (its ``bytes``); this adds what a browser fetches
with it on a guest's first visit to a table against the computer (the table the front door
leads to), and apart what a signed-in reader's pages add (``signed_in_adds``, the bell):
every ``{% static %}`` stylesheet and script named by the template and the templates it extends
or includes (leaving out what only ``{% if online %}``, a table of people, adds), and every ES
module those scripts import, read from the repository at ``--rev`` (``git show``), so that two
revisions compare without checking either out. Modules reached only through ``import()`` (a
part of the table fetched when first needed) are weighed apart, as ``later``.

Each file is counted as stored (``bytes``, ``gzip``: gzipped at level 6, as a server or CDN
compresses text) and as ``collectstatic`` serves it today: minified by
``dominoes.static_storage``'s minifiers, then gzipped (``served_gzip``) or compressed with
Brotli as WhiteNoise stores it for browsers that accept ``br`` (``served_brotli``), so that a
revision from before the minifier can be weighed both ways. Where the revision's template loads
the table's bundle (``{% table_bundle %}``, as production does once ``collectstatic`` made it),
the table's modules are weighed as ``npm run build`` (scripts/build-static.mjs, today's)
bundles the revision's sources, under the names collectstatic serves them by: the entry and the
chunks it imports in the first visit, the chunks it imports with ``import()`` later; a bundle
file's ``bytes`` and ``gzip`` are the bundle's, as nothing else is stored. It prints one JSON
line. Icons, the manifest and fonts are left out: the browser fetches them lazily or once for
the whole site.

    .venv/bin/python bench/table_weight.py --rev 003d240^1
    .venv/bin/python bench/table_weight.py --rev HEAD
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import posixpath
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import brotli

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dominoes.static_storage import MANIFEST, MINIFIERS, TABLE_ENTRY  # noqa: E402

TEMPLATE_REFERENCES = re.compile(r"""{%\s*(extends|include)\s+["']([^"']+)["']""")
STATIC = re.compile(r"""{%\s*static\s+["']([^"']+\.(?:css|js))["']\s*%}""")
# An `{% if online %}` block with no other `{% if %}` inside: a table of people's own files
# (and `{% if first_hand %}`: the guided first hand's, dominoes.first_hand).
ONLINE_ONLY = re.compile(
    r"{%\s*if (?:online|first_hand)\s*%}(?:(?!{%\s*(?:if|endif)\b).)*{%\s*endif\s*%}", re.S
)
# The same for `{% if user.is_authenticated %}`: what a signed-in reader's pages add (the bell).
SIGNED_IN_ONLY = re.compile(
    r"{%\s*if user.is_authenticated\s*%}(?:(?!{%\s*(?:if|endif)\b).)*{%\s*endif\s*%}", re.S
)
# import ... from "./x.js", import "./x.js", export ... from "./x.js" (relative modules only).
IMPORTS = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\.{1,2}/[^"']+)["']""")
BUNDLE_TAG = re.compile(r"{%\s*table_bundle\b")
LATER_IMPORTS = re.compile(r"""\bimport\(\s*["'](\.{1,2}/[^"']+)["']\s*\)""")


def show(rev: str, path: str) -> bytes | None:
    done = subprocess.run(
        ["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, check=False
    )
    return done.stdout if done.returncode == 0 else None


def template_statics(rev: str, name: str, seen: set[str], signed_in: bool) -> list[str]:
    """The static CSS and JS named by a template and the templates it extends or includes, for
    a guest or a signed-in reader."""
    if name in seen:
        return []
    seen.add(name)
    text = ONLINE_ONLY.sub("", (show(rev, f"templates/{name}") or b"").decode())
    if not signed_in:
        text = SIGNED_IN_ONLY.sub("", text)
    found = STATIC.findall(text)
    for _, other in TEMPLATE_REFERENCES.findall(text):
        found += template_statics(rev, other, seen, signed_in)
    return found


def uses_bundle(rev: str, template: str) -> bool:
    return bool(BUNDLE_TAG.search((show(rev, f"templates/{template}") or b"").decode()))


def sizes(body: bytes, served: bytes) -> dict[str, int]:
    return {
        "bytes": len(body),
        "gzip": len(gzip.compress(body, compresslevel=6)),
        "served_gzip": len(gzip.compress(served, compresslevel=6)),
        "served_brotli": len(brotli.compress(served)),  # WhiteNoise's call
    }


def weigh_bundle(rev: str) -> tuple[dict, dict]:
    """The table's bundle made from ``rev``'s sources: the files of a first visit (the entry
    and the chunks it imports) and the ones imported later."""
    archive = subprocess.run(
        ["git", "archive", rev, "static"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        out = Path(folder) / "build"
        subprocess.run(
            ["node", str(ROOT / "scripts" / "build-static.mjs"), folder, str(out)],
            capture_output=True,
            check=True,
        )
        entry = json.loads((out / MANIFEST).read_text())["entries"][TABLE_ENTRY]
        files = {path.relative_to(out).as_posix(): path.read_bytes() for path in out.rglob("*.js")}
    now, later = {}, {}
    for name, body in files.items():
        part = now if name in {entry["file"], *entry["imports"]} else later
        part[name] = sizes(body, body)  # esbuild minified it already
    return now, later


def relative(path: str, module: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(path), module))


def weigh_files(rev: str, queue: list[str], skip: set[str]) -> tuple[dict, list[str]]:
    """The files of ``queue`` and every module they import statically; and the modules they
    import with ``import()``."""
    files: dict[str, dict[str, int]] = {}
    later: list[str] = []
    while queue:
        path = queue.pop(0)
        if path in files or path in skip:
            continue
        body = show(rev, f"static/{path}")
        if body is None:
            continue
        files[path] = sizes(body, MINIFIERS[Path(path).suffix](body.decode()).encode())
        if path.endswith(".js"):
            text = body.decode()
            queue += [relative(path, module) for module in IMPORTS.findall(text)]
            later += [relative(path, module) for module in LATER_IMPORTS.findall(text)]
    return files, later


SIZES = ("bytes", "gzip", "served_gzip", "served_brotli")


def totals(files: dict[str, dict[str, int]]) -> dict[str, int]:
    return {
        "files": len(files),
        **{key: sum(f[key] for f in files.values()) for key in SIZES},
    }


def weigh(rev: str, template: str) -> dict:
    statics = template_statics(rev, template, set(), signed_in=False)
    signed_in = template_statics(rev, template, set(), signed_in=True)
    rest: dict[str, dict[str, int]] = {}
    bundle: dict[str, dict[str, int]] = {}
    if uses_bundle(rev, template):  # the template's list of modules is then the sources' branch
        modules, _ = weigh_files(rev, [TABLE_ENTRY], set())
        statics, signed_in = (
            [path for path in paths if path not in modules] for paths in (statics, signed_in)
        )
        bundle, rest = weigh_bundle(rev)
    first, later = weigh_files(rev, statics, set())
    first |= bundle
    adds, _ = weigh_files(rev, [path for path in signed_in if path not in statics], set(first))
    while later:
        found, later = weigh_files(rev, later, set(first) | set(rest))
        rest |= found
    commit = subprocess.run(
        ["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    return {
        "bench": "table.weight",
        "rev": commit,
        "template": template,
        **totals(first),
        "by_file": first,
        "signed_in_adds": {**totals(adds), "by_file": adds},
        "later": {**totals(rest), "by_file": rest},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rev", default="HEAD", help="git revision (HEAD)")
    parser.add_argument("--template", default="games/table.html", help="the page's template")
    args = parser.parse_args()
    print(json.dumps(weigh(args.rev, args.template)))


if __name__ == "__main__":
    main()
