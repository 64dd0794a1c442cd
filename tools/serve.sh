#!/usr/bin/env bash
# Installs what is missing (the pinned npm packages), builds the site into
# _site/ and serves it on http://127.0.0.1:8000 (PORT=... to change).
# Extra arguments go to the server, python -m tools.serve (--prefix /sub/path/, --verbose).
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/lib.sh

find_python
find_node
npm_install
"$PYTHON" -m tools.build
exec "$PYTHON" -m tools.serve --port "${PORT:-8000}" "$@"
