// Runs the engine test suite inside Pyodide (Python 3.14, WebAssembly) under
// Node: the same engine code the browser runs, tested by the same pytest.
//
//   node tests/pyodide/run.mjs [pytest arguments]
//   (default: tests/engine tests/solver engine solver --doctest-modules: the
//   engine's and the solver's suites and their docstring examples)
//
// * Pyodide is the pinned npm package (node_modules/pyodide, `npm ci`).
// * engine/, solver/, ui/ and tests/ (and the root pytest configuration) are copied
//   into Pyodide's in-memory file system at /repo, so the run writes nothing
//   into the working tree.
// * pytest, Hypothesis and their dependencies are the pure-Python wheels
//   listed in tests/pyodide/requirements.txt, downloaded by tools/test.sh into
//   .cache/pyodide-wheels/ (or $PYODIDE_WHEELS); they are unpacked into
//   /wheels and put on sys.path. No micropip, no network.
// * Tests marked cpython_only are deselected.
// Prints pytest's normal output and exits with pytest's exit code.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const wheelDir = process.env.PYODIDE_WHEELS || join(root, ".cache", "pyodide-wheels");
const args = process.argv.slice(2);
const pytestArgs = args.length ? args : ["tests/engine", "tests/solver", "engine", "solver", "--doctest-modules"];

const wheels = existsSync(wheelDir) ? readdirSync(wheelDir).filter((n) => n.endsWith(".whl")) : [];
for (const needed of ["pytest-", "pluggy-", "iniconfig-", "packaging-", "hypothesis-"]) {
  if (!wheels.some((name) => name.toLowerCase().startsWith(needed))) {
    console.error(`no ${needed}*.whl in ${wheelDir}: run tools/test.sh (it downloads tests/pyodide/requirements.txt)`);
    process.exit(2);
  }
}

const write = (stream) => ({
  write(buffer) {
    stream.write(buffer);
    return buffer.length;
  },
});

const started = performance.now();
// CI and HYPOTHESIS_PROFILE pick the Hypothesis profile (tests/conftest.py).
const passed = Object.fromEntries([["CI", process.env.CI], ["HYPOTHESIS_PROFILE", process.env.HYPOTHESIS_PROFILE]].filter(([, v]) => v !== undefined));
const pyodide = await loadPyodide({ env: { COLUMNS: "100", PYTHONDONTWRITEBYTECODE: "1", ...passed } });
pyodide.setStdout(write(process.stdout));
pyodide.setStderr(write(process.stderr));

for (const name of wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(wheelDir, name))), "wheel", { extractDir: "/wheels" });
}

const SKIP = new Set(["__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache", "artifacts"]);
function copyTree(source, target) {
  pyodide.FS.mkdirTree(target);
  for (const name of readdirSync(source)) {
    if (SKIP.has(name) || name.startsWith(".")) continue;
    const from = join(source, name);
    const to = `${target}/${name}`;
    if (statSync(from).isDirectory()) copyTree(from, to);
    else pyodide.FS.writeFile(to, readFileSync(from));
  }
}
for (const folder of ["engine", "solver", "ui", "tests"]) {
  if (existsSync(join(root, folder))) copyTree(join(root, folder), `/repo/${folder}`);
}
for (const name of ["pytest.ini", "pyproject.toml", "setup.cfg", "conftest.py"]) {
  if (existsSync(join(root, name))) pyodide.FS.writeFile(`/repo/${name}`, readFileSync(join(root, name)));
}
console.log(
  `Pyodide ${pyodide.version} (Python ${pyodide.runPython("import sys; sys.version.split()[0]")}) ready in ` +
    `${Math.round(performance.now() - started)} ms; ${wheels.length} wheels from ${relative(root, wheelDir) || wheelDir}`,
);

const code = pyodide.runPython(
  `
import os, sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/wheels", "/repo"]
os.chdir("/repo")
import pytest
int(pytest.main(["-p", "no:cacheprovider", "-m", "not cpython_only", *ARGS]))
`.replace("*ARGS", JSON.stringify(pytestArgs).slice(1, -1) ? `*${JSON.stringify(pytestArgs)}` : ""),
);
process.exit(code);
