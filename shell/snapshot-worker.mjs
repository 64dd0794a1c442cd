// @ts-check
// Makes a Pyodide memory snapshot for pyodide-boot.mjs, off the main thread,
// in a throwaway worker (see snapshot-prepare.mjs for what goes into it).
//
// Message in: { indexURL, lockFile, siteURL, files: [[url, path, size]], imports: [name],
//               compiled: [[name, path, isPackage, source]] }
// Message out: { ok, snapshot, heapBytes, imported, compiled } or
//              { ok: false, stage, error }

import { PYTHON_ENV, prepareSnapshot, readSiteFile, writePythonFiles } from "./snapshot-prepare.mjs";

self.onmessage = async ({ data }) => {
  const { indexURL, lockFile, siteURL, files, imports = [], compiled = [], hideJspi = false } = data;
  let stage = "load";
  try {
    if (hideJspi) {
      // The no-jspi patch, as shell/patches.mjs (hideJspi) makes it in the page.
      const wasm = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (WebAssembly));
      delete wasm.Suspending;
      delete wasm.Suspender;
    }
    const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
    const pyodide = await loadPyodide({
      indexURL,
      lockFileContents: lockFile,
      _makeSnapshot: true,
      env: { ...PYTHON_ENV },
      stdout: () => {},
      stderr: () => {},
    });
    stage = "files";
    await writePythonFiles(pyodide, files, (url) => readSiteFile(siteURL, url));
    stage = "imports";
    const result = prepareSnapshot(pyodide, imports, compiled);
    stage = "snapshot";
    const heapBytes = pyodide._module.HEAP8.length;
    const snapshot = pyodide.makeMemorySnapshot();
    self.postMessage(
      { ok: true, snapshot, heapBytes, imported: result[0], compiled: result[1] },
      [snapshot.buffer],
    );
  } catch (error) {
    self.postMessage({ ok: false, stage, error: String(error instanceof Error && error.stack ? error.stack : error) });
  }
};
