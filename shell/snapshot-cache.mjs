// @ts-check
// The memory snapshots a start restores, kept in Cache Storage under the
// Pyodide version and the build hash: finding and reading the stored one,
// keeping the shipped one after a first visit, and making one after a
// normal start (in a throwaway worker, shell/snapshot-worker.mjs). Every boot
// from a snapshot would replay the same random state, so Python's random is
// reseeded right after (freshenRestored).

import {
  EARLY,
  INDEX_URL,
  LOCK_FILE,
  PYTHON_FILES,
  SITE_URL,
  SNAPSHOT_CACHE,
  SNAPSHOT_MODULES,
  SNAPSHOT_URL,
  afterReady,
  info,
  setInfo,
} from "./loader-context.mjs";
import { readInto } from "./downloads.mjs";
import { SnapshotHeader, patchOn } from "./patches.mjs";
import { packSnapshot } from "./snapshot-format.mjs";

// A snapshot restores only if the heap it copies never grew past Pyodide's
// initial 30 MiB (a grown heap fails with "offset is out of bounds"); the
// snapshot itself is that heap plus a small header.
const HEAP_LIMIT = 30 * 1024 * 1024;

// Cache Storage keeps a snapshot without its empty 64 KiB chunks, so every
// start reads about 18 MB instead of 30 (packSnapshot, in snapshot-format.mjs),
// and with the length of its header, which a start needs before the bytes.
/** @param {Uint8Array} bytes */
async function storeSnapshot(bytes) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  const header = new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true);
  const packed = packSnapshot(bytes);
  await cache.put(
    SNAPSHOT_URL,
    new Response(packed, {
      headers: {
        "content-type": "application/octet-stream",
        "x-snapshot-header": String(header),
        "x-snapshot-size": String(packed.byteLength),
      },
    }),
  );
  await dropOtherSnapshots();
}

/**
 * A stored snapshot: TARGET is its header (SnapshotHeader), STORED its
 * packed bytes, read while Pyodide sets up.
 * @typedef {{target: SnapshotHeader, filled: Promise<ArrayBuffer>, stored: Promise<ArrayBuffer>}} StoredSnapshot
 */

/** The stored snapshot, or null (shell/early.js began looking it up). Its
 * bytes come as a promise: Pyodide awaits them only when it needs them, so
 * reading them from Cache Storage overlaps compiling the runtime.
 * @returns {Promise<StoredSnapshot | null>} */
export async function findSnapshot() {
  const response = await EARLY.stored;
  if (!response) return null;
  // (Without a header length that can be one, it is damaged: the header
  // will not match, Pyodide refuses the snapshot and the start falls back.)
  const header = Number(response.headers.get("x-snapshot-header"));
  const size = header >= 16 && header % 16 === 0 ? header : 16;
  const stored = readStored(response);
  stored.catch(() => {}); // a failure is handled where it is awaited
  return { target: new SnapshotHeader(size), filled: stored, stored };
}

/** A stored snapshot's bytes. With their number known, they are streamed
 * into one array of that size: on the phone profile that keeps the main
 * thread about 50 ms less busy than response.arrayBuffer(), which copies them
 * there in one piece. A response stored without it (or with a body that does
 * not match) is read whole, or fails where it is awaited.
 * @param {Response} response
 * @returns {Promise<ArrayBuffer>} */
async function readStored(response) {
  const size = Number(response.headers.get("x-snapshot-size"));
  if (!response.body || !Number.isSafeInteger(size) || size <= 0) return response.arrayBuffer();
  const bytes = new Uint8Array(size);
  await readInto(response.body, bytes);
  return bytes.buffer;
}

/** Keep the shipped snapshot, once the game is ready, as if this page had made it.
 * @param {Uint8Array} bytes */
export function keepShippedSnapshot(bytes) {
  const keep = async () => {
    await storeSnapshot(bytes);
    setInfo("snapshot", "saved");
  };
  const start = () =>
    keep().catch((error) => {
      setInfo("snapshot", "failed");
      console.warn("Could not keep the shipped Pyodide snapshot:", error);
    });
  afterReady(start);
}

export async function dropSnapshot() {
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch {
    // nothing to clean
  }
}

async function dropOtherSnapshots() {
  for (const name of await caches.keys()) {
    if (name.startsWith("spider-snapshot-") && name !== SNAPSHOT_CACHE) await caches.delete(name);
  }
}

// ---- making one after a normal start ------------------------------------------------
// What this page's Python imported, split into what the snapshot worker can
// import itself (the standard library and Pyodide's package, which the worker
// has too; our modules, which touch the browser only when called) and what it
// can only compile (modules that touch the browser as they import: PyScript's
// package).
const COLLECT_MODULES = `
import json, os, sys
safe = set(SAFE)
home = os.getcwd().rstrip("/") + "/"
imports, compiled = [], []
for name, module in sorted(sys.modules.items()):
    path = getattr(module, "__file__", None)
    if not isinstance(path, str) or name == "__main__":
        continue
    if path.startswith("/lib/") or name in safe:
        imports.append(name)
    elif path.startswith(home) and path.endswith(".py"):
        try:
            with open(path, encoding="utf-8") as handle:
                source = handle.read()
        except OSError:
            continue
        compiled.append([name, path, hasattr(module, "__path__"), source])
json.dumps({"imports": imports, "compiled": compiled})
`;

/** @typedef {{imports: string[], compiled: [string, string, boolean, string][]}} Modules */

/** @param {any} pyodide @returns {Modules} */
function collectModules(pyodide) {
  const scope = pyodide.toPy({ SAFE: SNAPSHOT_MODULES });
  try {
    return JSON.parse(pyodide.runPython(COLLECT_MODULES, { globals: scope }));
  } finally {
    scope.destroy();
  }
}

/**
 * What shell/snapshot-worker.mjs answers.
 * @typedef {{ok: true, snapshot: Uint8Array, heapBytes: number, imported: string[], compiled: string[]}
 *   | {ok: false, stage?: string, error: string}} WorkerResult
 */

/** @param {Modules} modules @returns {Promise<WorkerResult>} */
function makeSnapshotInWorker(modules) {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), {
      type: "module",
      name: "pyodide-snapshot",
    });
    /** @param {WorkerResult} result */
    const done = (result) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = (event) => done(event.data);
    worker.onerror = (event) => done({ ok: false, error: event.message || "worker error" });
    worker.postMessage({ indexURL: INDEX_URL, lockFile: LOCK_FILE, siteURL: SITE_URL, files: PYTHON_FILES, hideJspi: patchOn("no-jspi"), ...modules });
  });
}

/** @param {any} pyodide */
async function saveSnapshot(pyodide) {
  setInfo("snapshot", "making");
  const started = performance.now();
  const modules = collectModules(pyodide);
  let result = await makeSnapshotInWorker(modules);
  if (!result.ok && result.stage === "snapshot") {
    // Something imported holds a JavaScript object that cannot be saved:
    // try again with only our own browser-free modules.
    console.warn("Pyodide snapshot with every module failed; trying with fewer:", result.error);
    result = await makeSnapshotInWorker({ imports: SNAPSHOT_MODULES, compiled: modules.compiled });
  }
  if (!result.ok) {
    setInfo("snapshot", "failed");
    console.warn("Could not make a Pyodide memory snapshot:", result.error);
    return;
  }
  const bytes = result.snapshot;
  Object.assign(info, {
    snapshotBytes: bytes.byteLength,
    snapshotImported: result.imported,
    snapshotCompiled: result.compiled,
  });
  if (result.heapBytes > HEAP_LIMIT) {
    setInfo("snapshot", "too-big");
    console.warn(`Pyodide heap grew to ${result.heapBytes} bytes making the snapshot; not kept.`);
    return;
  }
  await storeSnapshot(bytes);
  info.snapshotMs = Math.round(performance.now() - started);
  setInfo("snapshot", "saved");
}

/** After a normal start, once the game is ready and the page idle.
 * @param {any} pyodide */
export function saveSnapshotWhenIdle(pyodide) {
  const start = () => {
    const idle = globalThis.requestIdleCallback ?? ((/** @type {() => void} */ fn) => setTimeout(fn, 500));
    idle(
      () =>
        saveSnapshot(pyodide).catch((error) => {
          setInfo("snapshot", "failed");
          console.warn("Could not save a Pyodide memory snapshot:", error);
        }),
      { timeout: 3000 },
    );
  };
  afterReady(start);
}

/** A restored interpreter carries the snapshot's random state and the import
 * caches of the worker that made it. Not the standard library's: its zip is
 * the very one the snapshot was made with, and keeping its directory cached
 * lets the file itself come after the table (see deferStdlib).
 * @param {any} pyodide */
export function freshenRestored(pyodide) {
  const seed = Array.from(crypto.getRandomValues(new Uint8Array(32)));
  const scope = pyodide.toPy({ seed });
  try {
    pyodide.runPython(
      [
        "import importlib, random, sys, zipimport",
        "zips = {k: v for k, v in sys.path_importer_cache.items() if isinstance(v, zipimport.zipimporter)}",
        "for k in zips: del sys.path_importer_cache[k]",
        "importlib.invalidate_caches()",
        "sys.path_importer_cache.update(zips)",
        "random.seed(int.from_bytes(bytes(seed), 'little'))",
      ].join("\n"),
      { globals: scope },
    );
  } finally {
    scope.destroy();
  }
}
