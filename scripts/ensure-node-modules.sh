#!/usr/bin/env bash
# The static files' build tools (package.json: esbuild, which `npm run build` bundles the table's
# script with) into node_modules/, by `npm ci` from package-lock.json, only when the lock
# changed since the last install (its checksum is kept in node_modules/.package-lock.sha256).
# Development serves the sources as written and needs none of it; the build and its tests do.
set -euo pipefail
cd "$(dirname "$0")/.."

lock=package-lock.json
stamp=node_modules/.package-lock.sha256
wanted=$(sha256sum "$lock" | cut -d' ' -f1)

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ] && [ -x node_modules/.bin/esbuild ]; then
    exit 0 # up to date: nothing to do
fi
if ! command -v npm >/dev/null; then
    echo "error: npm (Node.js 18 or newer) is needed to install $lock's build tools" >&2
    exit 1
fi
echo "Installing node_modules from $lock"
# esbuild's own postinstall only swaps its launcher for the binary (a speed-up): not needed.
npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
echo "$wanted" >"$stamp"
