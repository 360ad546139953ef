#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through Playwright (never a downloaded browser build).
# Installs it when missing and this user may (root, or passwordless sudo); otherwise says how.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
    exit 0
fi
packages=(chromium fonts-liberation)
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif sudo -n true 2>/dev/null; then
    sudo=(sudo)
else
    echo "note: /usr/bin/chromium is missing: install it with 'apt-get install -y ${packages[*]}'" \
        "(the browser tests are skipped without it, and fail under CI=true)." >&2
    exit 0
fi
echo "Installing ${packages[*]} for the browser tests..."
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${packages[@]}" >/dev/null
