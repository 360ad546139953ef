"""The table page's weight at a git revision: the stylesheets and scripts its template loads.

``bench/table.py`` measures the page's HTML (its ``bytes``); this adds what a browser fetches
with it on a first visit: every ``{% static %}`` stylesheet and script named by the template and
the templates it extends or includes, and every ES module those scripts import, read from the
repository at ``--rev`` (``git show``), so that two revisions compare without checking either
out. It prints one JSON line: per file and in total, the bytes as stored and gzipped (level 6,
as a server or CDN compresses text). Icons, the manifest and fonts are left out: the browser
fetches them lazily or once for the whole site.

    .venv/bin/python bench/table_weight.py --rev 003d240^1
    .venv/bin/python bench/table_weight.py --rev HEAD
"""

from __future__ import annotations

import argparse
import gzip
import json
import posixpath
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE_REFERENCES = re.compile(r"""{%\s*(extends|include)\s+["']([^"']+)["']""")
STATIC = re.compile(r"""{%\s*static\s+["']([^"']+\.(?:css|js))["']\s*%}""")
# import ... from "./x.js", import "./x.js", export ... from "./x.js" (relative modules only).
IMPORTS = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\.{1,2}/[^"']+)["']""")


def show(rev: str, path: str) -> bytes | None:
    done = subprocess.run(
        ["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, check=False
    )
    return done.stdout if done.returncode == 0 else None


def template_statics(rev: str, name: str, seen: set[str]) -> list[str]:
    """The static CSS and JS named by a template and the templates it extends or includes."""
    if name in seen:
        return []
    seen.add(name)
    text = (show(rev, f"templates/{name}") or b"").decode()
    found = STATIC.findall(text)
    for _, other in TEMPLATE_REFERENCES.findall(text):
        found += template_statics(rev, other, seen)
    return found


def weigh(rev: str, template: str) -> dict:
    queue = template_statics(rev, template, set())
    files: dict[str, dict[str, int]] = {}
    while queue:
        path = queue.pop(0)
        if path in files:
            continue
        body = show(rev, f"static/{path}")
        if body is None:
            continue
        files[path] = {"bytes": len(body), "gzip": len(gzip.compress(body, compresslevel=6))}
        if path.endswith(".js"):
            for module in IMPORTS.findall(body.decode()):
                queue.append(posixpath.normpath(posixpath.join(posixpath.dirname(path), module)))
    commit = subprocess.run(
        ["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    return {
        "bench": "table.weight",
        "rev": commit,
        "template": template,
        "files": len(files),
        "bytes": sum(f["bytes"] for f in files.values()),
        "gzip": sum(f["gzip"] for f in files.values()),
        "by_file": files,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rev", default="HEAD", help="git revision (HEAD)")
    parser.add_argument("--template", default="games/table.html", help="the page's template")
    args = parser.parse_args()
    print(json.dumps(weigh(args.rev, args.template)))


if __name__ == "__main__":
    main()
