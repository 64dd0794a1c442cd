# Shared by tools/serve.sh and tools/test.sh (sourced, not run).

say() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# python3 (or $PYTHON), 3.11 or newer
find_python() {
  PYTHON=${PYTHON:-python3}
  command -v "$PYTHON" >/dev/null 2>&1 || die "python3 not found (Python 3.11+ is needed)"
  "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || die "$("$PYTHON" --version 2>&1) is too old: Python 3.11+ is needed"
}

# node 20+ and npm
find_node() {
  command -v node >/dev/null 2>&1 || die "node not found (Node.js 20+ and npm are needed)"
  command -v npm >/dev/null 2>&1 || die "npm not found (Node.js 20+ and npm are needed)"
  node -e 'process.exit(+process.versions.node.split(".")[0] < 20 ? 1 : 0)' \
    || die "Node.js $(node --version) is too old: 20+ is needed"
}

# node_modules as pinned by package-lock.json (npm ci when missing or stale)
npm_install() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "npm ci (pinned Pyodide and PyScript)"
    npm ci --no-audit --no-fund --loglevel=error || die "npm ci failed"
  fi
}
