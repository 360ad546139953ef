#!/usr/bin/env bash
# Screenshots of the table: every preset and seat count at every size (1366x768, 1280x720,
# 390x844, 844x390, 768x1024), at the hand's start, its middle and its end, written to
# artifacts/table/ as JPEG (committed: look at them after a change to the table). The same run
# checks that the table fits at every turn. About 2-4 minutes.
#   scripts/table_screenshots.sh            (TEST_REDIS_URL=... to pick a Redis database)
set -euo pipefail
cd "$(dirname "$0")/.."
TABLE_SCREENSHOTS=1 exec scripts/run-tests.sh tests/browser/test_table_fits*.py "$@"
