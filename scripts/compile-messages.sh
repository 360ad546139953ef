#!/usr/bin/env bash
# Compile the translation catalogs (locale/*/LC_MESSAGES/*.po -> .mo, git-ignored build output)
# with GNU msgfmt. Django's compilemessages skips a catalog whose .mo is newer than its .po, so
# this costs a fraction of a second when nothing changed. `make run`, `make test` and
# scripts/run-tests.sh call it.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v msgfmt >/dev/null; then
    echo "error: msgfmt not found (apt-get install gettext): the site's translations need it" >&2
    exit 1
fi
DJANGO_ENV=development .venv/bin/python manage.py compilemessages --ignore '.venv' \
    --ignore 'node_modules' --verbosity 0
