#!/usr/bin/env bash
# Create .venv with Python 3.13 if needed, and sync it to requirements.lock only when the lock
# changed since the last sync (its checksum is kept in .venv/.requirements.lock.sha256).
#
# Only the lock is installed, hash-checked, wheels only: first uv itself (its pinned, hashed
# entry in the lock, installed with pip), then `uv pip sync`, which installs exactly the lock
# and removes anything else, so the venv always matches the lock.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.venv
lock=requirements.lock
stamp=$venv/.requirements.lock.sha256

wanted=$(sha256sum "$lock" | cut -d' ' -f1)
python_ok() { "$venv/bin/python" -c 'import sys; assert sys.version_info[:2] == (3, 13)' 2>/dev/null; }

if python_ok && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    exit 0 # up to date: nothing to do
fi

if ! python_ok; then
    python=$(scripts/find-python.sh)
    echo "Creating $venv with $python"
    rm -rf "$venv"
    "$python" -m venv "$venv"
fi

echo "Syncing $venv with $lock (hash-checked)"
rm -f "$stamp"

# uv's own entry in the lock: the "uv==" line and its indented hash and comment lines.
uv_requirement=$(mktemp)
trap 'rm -f "$uv_requirement"' EXIT
awk '/^uv==/ { keep = 1; print; next } keep && /^[[:space:]]/ { print; next } { keep = 0 }' \
    "$lock" >"$uv_requirement"
if ! grep -q '^uv==' "$uv_requirement"; then
    echo "error: $lock has no uv entry (it is in the dev extra of pyproject.toml)" >&2
    exit 1
fi
# The grep hides pip's notes about optional local package mirrors that this machine lacks.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --require-hashes --no-deps --only-binary=:all: -r "$uv_requirement" 2>&1 \
    | { grep -v "is ignored: it is neither a file nor a directory" || true; }

# localstripe (a test-only dev extra) is published as an sdist alone: it is the one package
# built on install (pure Python, its hash-checked sdist from the lock).
# --quiet: a first `make run` showed ~90 "+ package" lines before the URL; errors still print.
"$venv/bin/uv" pip sync --quiet --python "$venv/bin/python" --require-hashes --only-binary :all: \
    --no-binary localstripe "$lock"
"$venv/bin/uv" pip check --quiet --python "$venv/bin/python"
echo "$wanted" >"$stamp"
echo "Installed the packages of $lock into $venv"
