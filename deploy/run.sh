#!/usr/bin/env bash
# Runs one process of the Procfile, as a Procfile runner would (docs/operations.md "Deploying
# on PostgreSQL and Redis"): from the repository, with .venv/bin first on PATH, in the environment it is
# given (systemd's EnvironmentFile=, or the shell's).
#
#   deploy/run.sh NAME[-N]
#
# NAME is a line of the Procfile (web, bots, worker, coach, sweep, billing, sessions); -N tells
# one instance from another (dominoes@bots-2 in systemd), and for web it is the port:
# `deploy/run.sh web-8001` listens on 127.0.0.1:8001.
set -euo pipefail
cd "$(dirname "$0")/.."

instance=${1:?usage: deploy/run.sh NAME[-N], NAME a line of the Procfile}
name=${instance%%-*}
if [ "$name" != "$instance" ] && [ "$name" = web ]; then
    export PORT=${instance#*-}
fi
command=$(sed -n "s/^${name}: *//p" Procfile)
if [ -z "$command" ]; then
    echo "deploy/run.sh: no process '$name' in the Procfile" >&2
    exit 2
fi
export PATH="$PWD/.venv/bin:$PATH"
# The line as the Procfile writes it, ${PORT:-8000} and all; exec: signals (SIGTERM) reach the
# process itself.
exec bash -c "exec $command"
