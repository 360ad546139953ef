#!/usr/bin/env bash
# Run pytest over everything, with the integration tests on the local PostgreSQL and Redis.
#
# DATABASE_URL / REDIS_URL, when set, are used as they are. When unset, the local defaults
# (TEST_DATABASE_URL / TEST_REDIS_URL, from the Makefile) are used if they answer. If one does
# not answer: under CI=true the run fails (tests/conftest.py stops it with the reason);
# elsewhere the tests run on the embedded default instead and the integration tests are
# skipped, each with the reason.
#
# The whole suite (no arguments, or TEST_WORKERS set) runs in two passes, both counted:
#   1. every test not marked `serial`, in TEST_WORKERS pytest processes (pytest-xdist, a test
#      file stays in one process). Each process has its own PostgreSQL test database
#      (pytest-django adds _gw0, _gw1...) and its own Redis database: TEST_REDIS_WORKER_DB + its
#      index, on REDIS_URL's server. Browser tests mostly wait on daphne and Chromium, so two
#      processes help even on two cores.
#   2. the tests marked `serial` (they restart Redis, kill servers or workers, or bound a time),
#      alone, on REDIS_URL itself.
# With arguments (one file, -k...) and no TEST_WORKERS, one plain pytest run, as before.
set -uo pipefail
cd "$(dirname "$0")/.."

python=.venv/bin/python
# Every process of a run (pytest's, each daphne server, RQ worker and bench a test starts) would
# otherwise compile Django and the site from source again when the environment forbids writing
# bytecode (PYTHONDONTWRITEBYTECODE=1 on these machines): ~5 s of CPU a daphne start instead of
# ~1.5. The caches go to __pycache__/ (git-ignored) in .venv and the project.
unset PYTHONDONTWRITEBYTECODE
ci=false
case "${CI:-}" in 1 | true | TRUE | True | yes) ci=true ;; esac

use_default() {  # use_default VAR DEFAULT_URL KIND
    local var=$1 url=$2 kind=$3
    if [ -n "${!var:-}" ]; then
        return
    fi
    if [ "$ci" = true ] || "$python" tests/service_probe.py "$kind" "$url"; then
        export "$var=$url"
    else
        echo "note: $var unset and nothing answers at $url: integration tests will be skipped." >&2
    fi
}
use_default DATABASE_URL "${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/dominoes}" postgres
use_default REDIS_URL "${TEST_REDIS_URL:-redis://127.0.0.1:6379/1}" redis
# The pages are read in Spanish and Portuguese too: their compiled catalogs first.
scripts/compile-messages.sh
# The table's bundle, which the tests that run collectstatic collect (npm run build, with the
# tools of `make node-modules`; without them those tests say what to run).
if [ -x node_modules/.bin/esbuild ]; then
    npm run build --silent >/dev/null
fi
echo "tests: DATABASE_URL=${DATABASE_URL:-<unset: SQLite>} REDIS_URL=${REDIS_URL:-<unset: in-memory>} CI=$ci"

if [ $# -eq 0 ]; then
    workers=${TEST_WORKERS:-2}
else
    workers=${TEST_WORKERS:-0}
fi

# pytest's exit status 5 (no tests collected) counts as a failure, unless the other pass ran.
if [ "$workers" -le 1 ]; then
    status=0
    "$python" -m pytest "$@" || status=$?
    if [ "$status" -eq 5 ]; then
        echo "error: pytest collected no tests (exit 5); that counts as a failure." >&2
    fi
    exit "$status"
fi

# One execnet gateway per worker, each naming its Redis database (dominoes/settings_test.py).
worker_db=${TEST_REDIS_WORKER_DB:-10}
gateways=()
for ((index = 0; index < workers; index++)); do
    gateways+=(--tx "popen//env:TEST_REDIS_DB=$((worker_db + index))")
done
echo "tests: pass 1 of 2, not serial, in $workers processes (Redis databases from $worker_db)"
parallel=0
# The files in the order collected, the long ones first (tests/run_order.py), not xdist's
# default (most tests first), which left a long file of one test for the end.
"$python" -m pytest -m "not serial" --dist loadfile --no-loadscope-reorder "${gateways[@]}" "$@" \
    || parallel=$?
echo "tests: pass 2 of 2, serial"
serial=0
"$python" -m pytest -m serial -p no:xdist "$@" || serial=$?

if [ "$parallel" -eq 5 ] && [ "$serial" -eq 5 ]; then
    echo "error: pytest collected no tests in either pass (exit 5); that counts as a failure." >&2
    exit 5
fi
for status in "$parallel" "$serial"; do
    if [ "$status" -ne 0 ] && [ "$status" -ne 5 ]; then
        echo "error: pass 1 (parallel) exited $parallel, pass 2 (serial) exited $serial." >&2
        exit "$status"
    fi
done
echo "tests: pass 1 (parallel) exited $parallel, pass 2 (serial) exited $serial."
exit 0
