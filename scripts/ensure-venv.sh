#!/usr/bin/env bash
# Create .venv with Python 3.13 if needed, and install requirements.lock into it only when the
# lock changed since the last install (a checksum is kept in .venv/.requirements.lock.sha256).
# Installs exactly what the lock pins, with hashes checked, and nothing else: when the lock
# changes, the venv is rebuilt from scratch so no package the lock dropped stays behind.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.venv
lock=requirements.lock
stamp=$venv/.requirements.lock.sha256

wanted=$(sha256sum "$lock" | cut -d' ' -f1)
python_ok() { "$venv/bin/python" -c 'import sys; assert sys.version_info[:2] == (3, 13)' 2>/dev/null; }

if python_ok && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    exit 0  # up to date: nothing to do
fi

if ! python_ok || [ -f "$stamp" ]; then
    # No usable venv, or one installed from another version of the lock: start clean.
    python=$(scripts/find-python.sh)
    echo "Creating $venv with $python"
    rm -rf "$venv"
    "$python" -m venv "$venv"
fi

echo "Installing $lock into $venv (hash-checked)"
# --no-deps: the lock already lists every transitive dependency, pinned with hashes.
# The grep hides pip's notes about optional local package mirrors that this machine lacks.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --require-hashes --no-deps --only-binary=:all: -r "$lock" 2>&1 \
    | { grep -v "is ignored: it is neither a file nor a directory" || true; }
"$venv/bin/python" -m pip check --disable-pip-version-check >/dev/null \
    || { "$venv/bin/python" -m pip check; exit 1; }
echo "$wanted" >"$stamp"
