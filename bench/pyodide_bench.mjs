// Runs the engine benchmark (bench/engine.py) inside Pyodide under Node.
//
// Loads the pinned npm `pyodide` package (node_modules/pyodide, from `npm ci`),
// copies engine/*.py and bench/engine.py into Pyodide's in-memory file system,
// calls engine_bench.measure() and prints one line: "BENCH_JSON {...}".
// bench/engine.py runs this script and reads that line.
//
// Usage: node bench/pyodide_bench.mjs [--quick]

import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const quick = process.argv.includes("--quick");

// Python's own output goes to stderr, so that stdout carries only the result.
const pyodide = await loadPyodide({
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

pyodide.FS.mkdirTree("/bench/engine");
for (const name of readdirSync(join(root, "engine"))) {
  if (name.endsWith(".py")) {
    pyodide.FS.writeFile(`/bench/engine/${name}`, readFileSync(join(root, "engine", name)));
  }
}
pyodide.FS.writeFile("/bench/engine_bench.py", readFileSync(join(root, "bench", "engine.py")));

const result = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/bench")
import engine_bench
json.dumps(engine_bench.measure(quick=${quick ? "True" : "False"}))
`);
process.stdout.write(`BENCH_JSON ${result}\n`);
