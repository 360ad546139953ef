#!/usr/bin/env bash
# The proxy's test (tests/operations/test_proxy.py) runs Debian's nginx, over TLS with a
# certificate openssl makes, in front of two daphne processes with the shipped configuration
# (deploy/nginx/). Installs both when missing and this user may (root, or passwordless sudo);
# otherwise says how.
set -euo pipefail

if [ -x /usr/sbin/nginx ] && [ -x /usr/bin/openssl ]; then
    exit 0
fi
packages=(nginx openssl)
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif sudo -n true 2>/dev/null; then
    sudo=(sudo)
else
    echo "note: nginx or openssl is missing: install them with 'apt-get install -y ${packages[*]}'" \
        "(the proxy's test is skipped without them, and fails under CI=true)." >&2
    exit 0
fi
echo "Installing ${packages[*]} for the proxy's test..."
"${sudo[@]}" apt-get update -qq
# The test runs an nginx of its own (its own configuration, ports and files), never the
# packaged service.
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${packages[@]}" >/dev/null
