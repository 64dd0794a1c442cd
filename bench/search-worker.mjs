// @ts-check
// The searches' Web Worker, as bench/worker_bench.py measures it: a
// dedicated worker that starts a Pyodide of its own from the memory snapshot
// the page keeps in Cache Storage (shell/snapshot-cache.mjs), then runs the
// Python it is sent. The benchmark copies it into a copy of the site, beside
// the shell's modules (shell/), so that it is same-origin, as the page's CSP
// (worker-src 'self') asks; the site itself ships no such worker.
//
// Message in, first: { indexURL, shellURL, lockFile, snapshotCache, snapshotURL }
//   answer: { ok, ms: {imported, read, unpacked, restored, ready}, heapBytes,
//             snapshotBytes, resources: [{name, transferSize, encodedBodySize, decodedBodySize}] }
//           or { ok: false, stage, error }
// Then: { id, code } (Python, run with runPythonAsync; its value as text)
//   answer: { id, ok, value, ms } or { id, ok: false, error }

/** @type {any} */
let pyodide = null;

/** @param {any} data */
async function start(data) {
  const { indexURL, shellURL, lockFile, snapshotCache, snapshotURL } = data;
  const ms = /** @type {Record<string, number>} */ ({});
  let stage = "import";
  try {
    const [{ loadPyodide }, { unpackSnapshot }] = await Promise.all([
      import(`${indexURL}pyodide.mjs`),
      import(`${shellURL}snapshot-format.mjs`),
    ]);
    ms.imported = performance.now();
    stage = "read";
    const cache = await caches.open(snapshotCache);
    const response = await cache.match(snapshotURL);
    if (!response) throw new Error(`no stored snapshot at ${snapshotURL} in ${snapshotCache}`);
    const packed = await response.arrayBuffer();
    ms.read = performance.now();
    const bytes = unpackSnapshot(packed);
    ms.unpacked = performance.now();
    stage = "restore";
    pyodide = await loadPyodide({
      indexURL,
      lockFileContents: lockFile,
      _loadSnapshot: bytes,
      env: { PYTHONOPTIMIZE: "2", PYTHONNODEBUGRANGES: "1" },
      stdout: () => {},
      stderr: () => {},
    });
    ms.restored = performance.now();
    stage = "python";
    pyodide.runPython("import engine, solver, random; random.seed()");
    ms.ready = performance.now();
    const resources = performance.getEntriesByType("resource").map((entry) => {
      const r = /** @type {PerformanceResourceTiming} */ (entry);
      return {
        name: r.name,
        transferSize: r.transferSize,
        encodedBodySize: r.encodedBodySize,
        decodedBodySize: r.decodedBodySize,
      };
    });
    self.postMessage({
      ok: true,
      ms,
      heapBytes: pyodide._module.HEAP8.length,
      snapshotBytes: packed.byteLength,
      resources,
    });
  } catch (error) {
    self.postMessage({ ok: false, stage, error: String(error instanceof Error && error.stack ? error.stack : error) });
  }
}

self.onmessage = async ({ data }) => {
  if (!("code" in data)) {
    await start(data);
    return;
  }
  const { id, code } = data;
  try {
    const t0 = performance.now();
    const value = await pyodide.runPythonAsync(code);
    self.postMessage({ id, ok: true, value: String(value), ms: performance.now() - t0 });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error) });
  }
};
