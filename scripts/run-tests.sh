#!/usr/bin/env bash
# Run pytest over everything, with the integration tests on the local PostgreSQL and Redis.
#
# DATABASE_URL / REDIS_URL, when set, are used as they are. When unset, the local defaults
# (TEST_DATABASE_URL / TEST_REDIS_URL, from the Makefile) are used if they answer. If one does
# not answer: under CI=true the run fails (tests/conftest.py stops it with the reason);
# elsewhere the tests run on the embedded default instead and the integration tests are
# skipped, each with the reason.
set -uo pipefail
cd "$(dirname "$0")/.."

python=.venv/bin/python
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
echo "tests: DATABASE_URL=${DATABASE_URL:-<unset: SQLite>} REDIS_URL=${REDIS_URL:-<unset: in-memory>} CI=$ci"

status=0
"$python" -m pytest "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "error: pytest collected no tests (exit 5); that counts as a failure." >&2
fi
exit "$status"
