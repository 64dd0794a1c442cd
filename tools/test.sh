#!/usr/bin/env bash
# Installs what the tests need and runs every test:
#   1. .venv/ with the pinned requirements-dev.txt (pytest, Hypothesis, mypy, ruff, Playwright,
#      Selenium and websocket-client for the Firefox and WebKit suite)
#   2. node_modules/ as pinned by package-lock.json (npm ci)
#   3. Chromium: /usr/bin/chromium if present; else Debian's chromium when root
#      (apt-get), else Playwright's own browser
#   3b. Firefox ESR, WebKitGTK's WebDriver and xvfb (Debian packages, apt-get as root;
#      missing and not root: the run stops and says what to install)
#   4. the pure-Python wheels for the Pyodide run (tests/pyodide/requirements.txt)
#   5. the site (python -m tools.build -> _site/)
# then, in order, each stage even if an earlier one failed:
#   a. pytest tests/ engine/ solver/ --doctest-modules   engine, solver, layout, tools, and
#      the engine's and the solver's docstring examples (CPython)
#   b. mypy --strict over engine, solver, ui, tools and the test kits, then over bench
#      (mypy -p bench)                      settings in pyproject.toml
#   c. ruff check . and ruff format --check .   (pyproject.toml)
#   c2. tsc --noEmit and eslint             the JavaScript shell's types (JSDoc, tsconfig.json,
#                                           tsconfig.worker.json) and lint (eslint.config.mjs)
#   d. node tests/pyodide/run.mjs           the engine and solver suites and examples inside Pyodide
#                                           (two runs, the engine's and the solver's)
#   e. pytest e2e/                          the real page in Chromium
#   f. pytest xbrowser/ (under xvfb-run)    the same game in Firefox and WebKit
#   g. every benchmark's --quick            a smoke run: each benchmark still runs
# b, c, c2 and d run side by side, as do f and g: each is one process, and the machine has
# two cores; their output is printed when the last of them ends.
# Exits non-zero if any stage fails; a pytest run that collects no test
# (exit code 5) counts as a failure. The last line adds up the test counts.
# Extra arguments are passed to every pytest run (e.g. -x, -k name).
set -uo pipefail
cd "$(dirname "$0")/.."
. tools/lib.sh

LOGS=.cache/test-logs
mkdir -p "$LOGS"
export PYTHONDONTWRITEBYTECODE=1

# ---- installs ------------------------------------------------------------------
find_python
find_node

# npm ci downloads while pip installs: both mostly wait on the registries and the disk.
( npm_install ) >"$LOGS/npm.log" 2>&1 &
NPM_PID=$!

if [ ! -x .venv/bin/python ] || ! cmp -s requirements-dev.txt .venv/requirements-dev.installed; then
  say "Python tools (.venv, requirements-dev.txt)"
  [ -x .venv/bin/python ] || "$PYTHON" -m venv .venv || die "could not create .venv"
  .venv/bin/python -m pip install --disable-pip-version-check -q -r requirements-dev.txt \
    || die "pip install -r requirements-dev.txt failed"
  cp requirements-dev.txt .venv/requirements-dev.installed
fi
VPY=.venv/bin/python

wait "$NPM_PID"
NPM_RC=$?
cat "$LOGS/npm.log"
[ "$NPM_RC" = 0 ] || die "npm ci failed (exit $NPM_RC)"

if [ -n "${SPIDER_CHROMIUM:-}" ]; then
  [ -x "$SPIDER_CHROMIUM" ] || die "SPIDER_CHROMIUM=$SPIDER_CHROMIUM is not an executable"
elif [ -x /usr/bin/chromium ]; then
  export SPIDER_CHROMIUM=/usr/bin/chromium
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  say "Chromium (Debian package)"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -q && apt-get install -y -q chromium; } >"$LOGS/apt.log" 2>&1 \
    || { tail -20 "$LOGS/apt.log"; die "apt-get install chromium failed"; }
  [ -x /usr/bin/chromium ] || die "apt-get installed chromium but /usr/bin/chromium is missing"
  export SPIDER_CHROMIUM=/usr/bin/chromium
else
  say "Chromium (Playwright's own browser)"
  $VPY -m playwright install chromium || die "playwright install chromium failed"
fi
echo "browser: ${SPIDER_CHROMIUM:-the Chromium of Playwright}"

# The cross-browser suite (xbrowser/): Firefox ESR over WebDriver BiDi and
# WebKitGTK's MiniBrowser over WebDriver, under a virtual screen (xvfb-run).
XB_MISSING=()
[ -x "${SPIDER_FIREFOX:-/usr/bin/firefox-esr}" ] || XB_MISSING+=(firefox-esr)
[ -x "${SPIDER_WEBKITDRIVER:-/usr/bin/WebKitWebDriver}" ] || XB_MISSING+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null 2>&1 || XB_MISSING+=(xvfb)
if [ ${#XB_MISSING[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "Firefox and WebKit for the cross-browser suite (Debian packages: ${XB_MISSING[*]})"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -q && apt-get install -y -q "${XB_MISSING[@]}"; } >"$LOGS/apt-xbrowser.log" 2>&1 \
      || { tail -20 "$LOGS/apt-xbrowser.log"; die "apt-get install ${XB_MISSING[*]} failed: the Firefox and WebKit suite cannot run"; }
  else
    die "the Firefox and WebKit suite needs Debian's ${XB_MISSING[*]} (apt-get install ${XB_MISSING[*]}, as root)"
  fi
fi

WHEELS=.cache/pyodide-wheels
if ! cmp -s tests/pyodide/requirements.txt "$WHEELS/requirements.installed"; then
  say "Pure-Python wheels for the Pyodide run (tests/pyodide/requirements.txt)"
  rm -rf "$WHEELS" && mkdir -p "$WHEELS"
  $VPY -m pip download --disable-pip-version-check -q --only-binary=:all: --no-deps \
    --python-version 3.14 --platform any --implementation py --abi none \
    -d "$WHEELS" -r tests/pyodide/requirements.txt || die "pip download of the Pyodide wheels failed"
  cp tests/pyodide/requirements.txt "$WHEELS/requirements.installed"
fi

say "Build (python -m tools.build -> _site/)"
$PYTHON -m tools.build || die "build failed"

# ---- stages ----------------------------------------------------------------------
NAMES=()
RESULTS=()
FAILED=0

# run NAME LOG COMMAND... : runs the stage, keeps its output in $LOGS/LOG.log
run() {
  local name=$1 log=$2
  shift 2
  say "$name: $*"
  "$@" 2>&1 | tee "$LOGS/$log.log"
  record "$name" "$log" "${PIPESTATUS[0]}"
}

# together NAME LOG COMMAND... [--- NAME LOG COMMAND...]... : runs the stages at the same
# time, each into its log, then prints each one's output in order and records it as run()
# does. For stages of one process each: alone, each would leave the second core idle.
together() {
  local specs=() pids=() args=() i
  while [ $# -gt 0 ]; do
    args=()
    while [ $# -gt 0 ] && [ "$1" != "---" ]; do args+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    specs+=("${args[0]}|${args[1]}")
    say "${args[0]}: ${args[*]:2} (beside the others; output below when all end)"
    ( "${args[@]:2}" >"$LOGS/${args[1]}.log" 2>&1; echo $? >"$LOGS/${args[1]}.rc" ) &
    pids+=($!)
  done
  wait "${pids[@]}"
  for i in "${!specs[@]}"; do
    local name=${specs[$i]%%|*} log=${specs[$i]#*|}
    say "$name"
    cat "$LOGS/$log.log"
    record "$name" "$log" "$(cat "$LOGS/$log.rc")"
  done
}

# record NAME LOG RC : the stage's line in the summary, from its exit code and its log
record() {
  local name=$1 log="$LOGS/$2.log" rc=$3
  local summary
  summary=$(grep -E '^=+ .*( in [0-9.]+s).* =+$' "$log" | tail -1 | sed -E 's/^=+ //; s/ =+$//')
  [ -n "$summary" ] || summary=$(grep -E '^(Success|Found [0-9]+ error|All checks passed|[0-9]+ files? (already formatted|would be reformatted))' "$log" | tail -1)
  if [ "$rc" = 5 ]; then
    summary="no tests collected (pytest exit code 5): counted as a failure"
  fi
  if [ "$rc" = 0 ]; then
    RESULTS+=("ok      $name: ${summary:-done}")
  else
    RESULTS+=("FAILED  $name (exit $rc): ${summary:-see $log}")
    FAILED=1
  fi
  NAMES+=("$log")
}

# -n 2 (pytest-xdist): two workers, one per core, taking tests one by one and from each other
# (--dist worksteal: a few solver proofs take most of a minute each; kept whole per file they
# left one worker alone at the end)
run "CPython tests" cpython $VPY -m pytest tests/ engine/ solver/ --doctest-modules -n 2 --dist worksteal --durations=10 "$@"

# The checks and the two halves of the Pyodide run are one process each: they run side by side.
together "mypy --strict (pyproject.toml)" mypy $VPY -m mypy \
  --- "mypy --strict, the benchmarks" mypy-bench $VPY -m mypy -p bench \
  --- "ruff check" ruff-check $VPY -m ruff check . \
  --- "ruff format --check" ruff-format $VPY -m ruff format --check . \
  --- "tsc --noEmit (tsconfig.json)" tsc node_modules/.bin/tsc --noEmit -p tsconfig.json \
  --- "tsc --noEmit (tsconfig.worker.json)" tsc-worker node_modules/.bin/tsc --noEmit -p tsconfig.worker.json \
  --- "eslint" eslint node_modules/.bin/eslint . \
  --- "Engine tests in Pyodide" pyodide-engine node tests/pyodide/run.mjs tests/engine engine --doctest-modules "$@" \
  --- "Solver tests in Pyodide" pyodide-solver node tests/pyodide/run.mjs tests/solver solver --doctest-modules "$@"

# The site built above (SPIDER_SITE) rather than a second build; two workers, one per core (four
# were tried: on an otherwise idle machine the load rose to 19 and the stage was no faster),
# that take tests one by one, and take from each other when one runs dry (--dist worksteal: a
# few tests take a minute, and a file kept whole on one worker can leave the other idle at the
# end; a module's fixtures are made once per worker); --durations: the slowest, to keep the
# whole run under 30 minutes
run "Browser tests" e2e env SPIDER_SITE="$PWD/_site" $VPY -m pytest e2e/ -n 2 --dist worksteal --durations=40 "$@"

# Every benchmark in its quick mode, on the site built above: a renamed file or a
# broken step fails here. Their figures are not judged (a smoke run is too short).
bench_smoke() {
  local rc=0 args
  for args in "engine_bench --quick" "solver_bench --quick --jobs 2" "layout_bench --quick" \
    "ui_bench --quick --site _site" "load --quick --site _site"; do
    echo "== python -m bench.$args"
    # shellcheck disable=SC2086  # the words of $args are the arguments
    $VPY -m bench.$args || { echo "FAILED: python -m bench.$args"; rc=1; }
  done
  return $rc
}
# The Firefox and WebKit suite runs one browser at a time, the smoke run one benchmark at a
# time: side by side.
together "Firefox and WebKit" xbrowser env SPIDER_SITE="$PWD/_site" xvfb-run -a $VPY -m pytest xbrowser/ "$@" \
  --- "Benchmarks, quick" bench bench_smoke

# ---- summary -----------------------------------------------------------------------
say "Summary (logs in $LOGS/)"
printf '  %s\n' "${RESULTS[@]}"
$PYTHON - "${NAMES[@]}" <<'PY'
import re, sys
totals = {"passed": 0, "failed": 0, "errors": 0, "skipped": 0}
for path in sys.argv[1:]:
    lines = [l for l in open(path, encoding="utf-8", errors="replace") if re.match(r"^=+ .* in [\d.]+s", l)]
    if not lines:
        continue
    for count, word in re.findall(r"(\d+) (passed|failed|errors?|skipped)", lines[-1]):
        totals["errors" if word.startswith("error") else word] += int(count)
failed = totals["failed"] + totals["errors"]
print(f"{totals['passed']} passed, {failed} failed, {totals['skipped']} skipped")
PY
exit $FAILED
