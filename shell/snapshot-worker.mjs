// Makes a Pyodide memory snapshot for pyodide-boot.mjs, off the main thread.
// A snapshotting instance must not hold references to JavaScript objects it
// cannot serialise (the DOM among them), so it runs here, in a throwaway
// worker, and only imports the standard library and our pure modules.

self.onmessage = async ({ data }) => {
  const { indexURL, siteURL, files, modules } = data;
  try {
    const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
    const pyodide = await loadPyodide({
      indexURL,
      _makeSnapshot: true,
      stdout: () => {},
      stderr: () => {},
    });
    // The same Python files PyScript writes, at the same paths, so the
    // restored import system finds exactly what it cached.
    const home = pyodide.FS.cwd();
    await Promise.all(
      files.map(async ([url, path]) => {
        const response = await fetch(new URL(url, siteURL));
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        const target = pyodide.PATH.normalize(`${home}/${path}`);
        pyodide.FS.mkdirTree(pyodide.PATH.dirname(target));
        pyodide.FS.writeFile(target, new Uint8Array(await response.arrayBuffer()));
      }),
    );
    const scope = pyodide.toPy({ names: modules });
    let imported;
    try {
      imported = pyodide
        .runPython(
          `
import gc, importlib
imported = []
for name in names:
    try:
        importlib.import_module(name)
    except Exception:
        continue
    imported.append(name)
del name
gc.collect()
imported
`,
          { globals: scope },
        )
        .toJs();
      // Drop every reference this scope holds before the memory is copied.
      pyodide.runPython("globals().clear()", { globals: scope });
    } finally {
      scope.destroy();
    }
    const heapBytes = pyodide._module.HEAP8.length;
    const snapshot = pyodide.makeMemorySnapshot();
    self.postMessage({ ok: true, snapshot, imported, heapBytes }, [snapshot.buffer]);
  } catch (error) {
    self.postMessage({ ok: false, error: String(error && error.stack ? error.stack : error) });
  }
};
