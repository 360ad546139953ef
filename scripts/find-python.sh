#!/bin/sh
# Print the path of a working Python 3.13 interpreter, or fail with a clear message.
# `python3.13` on PATH may be a pyenv shim that fails unless the version is activated,
# so every candidate is actually run before it is chosen.
for candidate in \
    "${PYTHON313:-}" \
    python3.13 \
    "$HOME"/.pyenv/versions/3.13*/bin/python3.13 \
    /root/.pyenv/versions/3.13*/bin/python3.13 \
    /usr/local/bin/python3.13 \
    /usr/bin/python3.13; do
    [ -n "$candidate" ] || continue
    path=$(command -v "$candidate" 2>/dev/null) || continue
    if "$path" -c 'import sys; assert sys.version_info[:2] == (3, 13)' >/dev/null 2>&1; then
        # Resolve the real interpreter (not a shim) so the venv does not depend on pyenv state.
        "$path" -c 'import sys; print(sys.executable)'
        exit 0
    fi
done
echo "error: Python 3.13 not found. Install python3.13 (or set PYTHON313=/path/to/python3.13)." >&2
exit 1
