// Runs a benchmark (bench/engine_bench.py by default) inside Pyodide under Node.
//
// Loads the pinned npm `pyodide` package (node_modules/pyodide, from `npm ci`),
// copies engine/, solver/ and bench/NAME_bench.py into Pyodide's in-memory file system,
// calls NAME_bench.measure(quick=...) and prints one line: "BENCH_JSON {...}".
// bench/engine_bench.py and bench/solver_bench.py run this script and read that line.
//
// Usage: node bench/pyodide_bench.mjs [--quick] [--bench engine|solver]

import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const quick = process.argv.includes("--quick");
const at = process.argv.indexOf("--bench");
const name = at > 0 ? process.argv[at + 1] : "engine";
if (!/^[a-z_]+$/.test(name)) throw new Error(`bad benchmark name ${name}`);

// Python's own output goes to stderr, so that stdout carries only the result.
const pyodide = await loadPyodide({
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

// engine/ and solver/ with their subpackages
function copyPython(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "__pycache__") copyPython(join(from, entry.name), `${to}/${entry.name}`);
    else if (entry.name.endsWith(".py")) pyodide.FS.writeFile(`${to}/${entry.name}`, readFileSync(join(from, entry.name)));
  }
}
copyPython(join(root, "engine"), "/bench/engine");
copyPython(join(root, "solver"), "/bench/solver");
pyodide.FS.writeFile(`/bench/${name}_bench.py`, readFileSync(join(root, "bench", `${name}_bench.py`)));

const result = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/bench")
import ${name}_bench
json.dumps(${name}_bench.measure(quick=${quick ? "True" : "False"}))
`);
process.stdout.write(`BENCH_JSON ${result}\n`);
