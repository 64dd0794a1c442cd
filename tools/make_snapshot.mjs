// Makes the Pyodide memory snapshot shipped with the site (python -m tools.build
// runs this with Node, from tools/build/snapshot.py). A first visit restores it instead of starting Python and
// importing the game, which is most of a cold start; see shell/pyodide-boot.mjs.
//
// Usage: node tools/make_snapshot.mjs SPEC.json OUT.bin
// SPEC: { indexDir, files: [[localPath, pathInPyodide]], imports: [name],
//         compiled: [[name, path, isPackage, source]], heapLimit }
// Prints one JSON line: { ok, bytes, heapBytes, imported, compiled } or
// { ok: false, stage, error } (exit status 1).
//
// The snapshot is made by the same code as the browser's own
// (shell/snapshot-prepare.mjs), with the same files at the same paths. What it
// carries from Node is harmless: the restored page reseeds Python's random,
// and `sys._emscripten_info.runtime` still says Node.js.

import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import path from "node:path";

import { PYTHON_ENV, prepareSnapshot, writePythonFiles } from "../shell/snapshot-prepare.mjs";

const [specPath, outPath] = process.argv.slice(2);
let stage = "spec";
try {
  if (!specPath || !outPath) throw new Error("usage: node tools/make_snapshot.mjs SPEC.json OUT.bin");
  const spec = JSON.parse(await readFile(specPath, "utf8"));
  stage = "load";
  const indexDir = path.resolve(spec.indexDir) + path.sep;
  const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: indexDir,
    // The trimmed standard library the site ships (tools/build/stdlib.py): the
    // snapshot's import caches must describe the zip the page will have.
    ...(spec.stdLib ? { stdLibURL: path.resolve(spec.stdLib) } : {}),
    _makeSnapshot: true,
    // The environment a page gets. Emscripten's default "_" would be this
    // script's path on the build machine (the page has "./this.program").
    env: { HOME: "/home/pyodide", _: "./this.program", ...PYTHON_ENV },
    stdout: () => {},
    stderr: () => {},
  });
  stage = "files";
  await writePythonFiles(pyodide, spec.files, async (local) => new Uint8Array(await readFile(local)));
  stage = "imports";
  const [imported, compiled] = prepareSnapshot(pyodide, spec.imports, spec.compiled);
  stage = "snapshot";
  const heapBytes = pyodide._module.HEAP8.length;
  if (spec.heapLimit && heapBytes > spec.heapLimit) {
    throw new Error(`the heap grew to ${heapBytes} bytes (limit ${spec.heapLimit}): it would not restore`);
  }
  const snapshot = pyodide.makeMemorySnapshot();
  await writeFile(outPath, snapshot);
  console.log(JSON.stringify({ ok: true, bytes: snapshot.byteLength, heapBytes, imported, compiled }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, stage, error: String(error && error.stack ? error.stack : error) }));
  process.exitCode = 1;
}
