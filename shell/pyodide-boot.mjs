// @ts-check
// Our Pyodide loader. PyScript imports this module as its interpreter
// (pyscript.toml: interpreter = "./shell/pyodide-boot.mjs") and calls
// loadPyodide(options) from it, exactly as it would call Pyodide's own.
//
// What it adds:
//  * an early start: index.html loads this module directly, so Pyodide starts
//    loading before PyScript has even read its configuration. The wasm is
//    compiled while it streams in; shell/early.js, the page's first script,
//    has already begun looking up a stored snapshot and, on a first visit,
//    the two big downloads (shell/downloads.mjs);
//  * the vendored Pyodide files on our own origin (indexURL), and Pyodide's
//    lock file from the build (LOCK_FILE), not downloaded;
//  * the entry script, ui/main.py, requested with the big downloads;
//  * byte-accurate download progress on a first visit;
//  * the game's Python files, written on a normal start, lazy on a snapshot's
//    (shell/python-files.mjs);
//  * the memory-snapshot boot (shell/snapshot-cache.mjs). After a normal
//    start, once the game is ready and the page idle, a throwaway Pyodide in
//    a worker imports what this page imported (the standard library, all our
//    modules: they reach the browser only when called) and compiles, without
//    running, the modules that need the browser as they import (PyScript's);
//    its memory is saved in Cache Storage under the Pyodide version and the
//    build hash (packed: snapshot-format.mjs). The next start restores that
//    memory instead of initialising Python and importing all that again.
//    Python's random is reseeded from crypto.getRandomValues right after.
//    Any failure falls back to a normal start and throws the snapshot away.
//
// A first visit has no stored snapshot yet: it restores the one shipped with
// the site instead (made at build time by tools/make_snapshot.mjs with the
// same code, 2.9 MB compressed: its static data ships XORed with the wasm's,
// see fillOnInstantiate in shell/patches.mjs), then keeps it in Cache Storage
// as if it had made it. Not on a slow or data-saving connection, where
// downloading it would cost more than starting Python; those start normally
// and make their own snapshot afterwards, as does a build shipped without
// one. A start from a snapshot fetches the standard library only after the
// table (deferStdlib).
//
// Every patch this makes to Pyodide or PyScript is in shell/patches.mjs, with
// its switch. Switches: ?snapshot=off in the URL, or
// localStorage["spider.snapshot"]="off", boot normally and make no snapshot;
// ?nopatch=NAME,… or ?nopatch=all switch patches off (shell/patches.mjs).
// <html data-boot> tells how the page started ("normal", "snapshot",
// "shipped", "fallback"); <html data-snapshot> what happened to the snapshot
// ("off", "none", "loaded", "making", "saved", "failed", "too-big").
//
// Pyodide's snapshot options (_makeSnapshot, _loadSnapshot, makeMemorySnapshot)
// are private and experimental: they are pinned with Pyodide in package.json,
// and both boot paths are tested (e2e/test_shell.py).
//
// The build bundles this module with the loader's others (loader-context,
// patches, downloads, snapshot-cache, python-files) into one file.

import { loadPyodide as loadPyodideUpstream } from "../@PYODIDE_DIR@/pyodide.mjs";
import { fetchShippedSnapshot, countDownloads, prefetchEntryScript, RUNTIME_FILES, startDownloads } from "./downloads.mjs";
import {
  EARLY,
  INDEX_URL,
  LOCK_FILE,
  SHIPPED_BASE,
  SHIPPED_SNAPSHOT,
  DEFERRED_STDLIB_URL,
  info,
  report,
  setInfo,
  shell,
  version,
} from "./loader-context.mjs";
import {
  SnapshotHeader,
  fillOnInstantiate,
  hideJspi,
  patchOn,
  usePyScriptPackageFromJavaScript,
  useEarlyWasm,
} from "./patches.mjs";
import { deferPythonFiles, deferStdlib, fetchPythonFiles } from "./python-files.mjs";
import { dropSnapshot, findSnapshot, freshenRestored, keepShippedSnapshot, saveSnapshotWhenIdle } from "./snapshot-cache.mjs";
import { unpackSnapshot } from "./snapshot-format.mjs";

export { version };

/** @typedef {import("./downloads.mjs").Downloads} Downloads */
/** @typedef {import("./patches.mjs").SnapshotSource} SnapshotSource */

/** Whether this start may use a snapshot: snapshots on (shell/early.js) and
 * the snapshot patch too. */
const SNAPSHOTS = EARLY.snapshots && patchOn("snapshot");

/** A normal start (COUNTED: the start's own counting already counts its files).
 * @param {any} options @param {boolean} counted */
async function loadNormally(options, counted) {
  const restore = counted ? () => {} : countDownloads(RUNTIME_FILES).stop;
  try {
    return await loadPyodideUpstream(options);
  } finally {
    restore();
  }
}

/** @param {Downloads} downloads */
async function bootPyodide(downloads) {
  const stopEarlyWasm = downloads.module ? useEarlyWasm(downloads.module) : () => {};
  try {
    return await bootPyodideWith(downloads);
  } finally {
    stopEarlyWasm();
    downloads.stopCounting();
  }
}

/** The snapshot to restore (a stored one, else the shipped one), or null;
 * and whether it is the shipped one.
 * @param {Downloads} downloads
 * @returns {Promise<{snapshot: SnapshotSource | null, shipped: boolean}>} */
async function snapshotToRestore(downloads) {
  /** @type {SnapshotSource | null} */
  let snapshot = null;
  try {
    snapshot = await findSnapshot();
  } catch (error) {
    console.warn("Stored Pyodide snapshot is unusable; starting normally.", error);
  }
  if (snapshot) {
    downloads.dropSnapshotDownload();
    return { snapshot, shipped: false };
  }
  // A shipped snapshot whose static data is XORed with the wasm's can be
  // restored only in place (snapshot-in-place).
  if (!SHIPPED_SNAPSHOT || (SHIPPED_BASE && !patchOn("snapshot-in-place"))) {
    if (downloads.snapshot) downloads.dropSnapshotDownload();
    return { snapshot: null, shipped: false };
  }
  snapshot = await fetchShippedSnapshot(downloads.snapshot);
  return { snapshot, shipped: Boolean(snapshot) };
}

/** What Pyodide's _loadSnapshot is given: with snapshot-in-place, the array
 * that fills while Pyodide sets up; without, the whole snapshot once read.
 * @param {SnapshotSource} snapshot
 * @returns {Uint8Array | Promise<Uint8Array>} */
function snapshotOption(snapshot) {
  if (patchOn("snapshot-in-place")) return snapshot.target;
  const { stored } = snapshot;
  if (stored) return stored.then((buffer) => unpackSnapshot(buffer));
  return snapshot.filled.then(() => snapshot.target);
}

/** @param {Downloads} downloads */
async function bootPyodideWith(downloads) {
  // Python's -OO and -X no_debug_ranges, as every snapshot was made (PYTHON_ENV
  // in snapshot-prepare.mjs).
  const settings = {
    indexURL: INDEX_URL,
    lockFileContents: LOCK_FILE,
    env: { PYTHONOPTIMIZE: "2", PYTHONNODEBUGRANGES: "1" },
  };
  performance.mark("spider-pyodide-start");
  setInfo("snapshot", SNAPSHOTS ? "none" : "off");
  /** @type {any} */
  let pyodide;
  if (SNAPSHOTS) {
    const { snapshot, shipped } = await snapshotToRestore(downloads);
    const stopCounting = downloads.countsRuntime ? () => {} : downloads.stopCounting;
    if (!shipped) stopCounting();
    if (snapshot) {
      const lazy = patchOn("lazy-files");
      const deferral = lazy ? deferStdlib() : null;
      const writePythonFiles = lazy ? null : fetchPythonFiles();
      const stopFilling = patchOn("snapshot-in-place") ? fillOnInstantiate(snapshot, shipped ? SHIPPED_BASE : null) : () => {};
      try {
        if (!shipped) report(0.3, "Setting up the table…");
        pyodide = await loadPyodideUpstream({
          ...settings,
          _loadSnapshot: snapshotOption(snapshot),
          ...(deferral ? { stdLibURL: DEFERRED_STDLIB_URL, fsInit: deferral.fsInit } : {}),
        });
        if (snapshot.target instanceof SnapshotHeader && patchOn("snapshot-in-place") && !snapshot.target.restored) {
          throw new Error("Pyodide restored the stored snapshot without taking its memory");
        }
        freshenRestored(pyodide);
        if (writePythonFiles) await writePythonFiles(pyodide);
        else deferPythonFiles(pyodide); // after the last step that can fail and fall back
        setInfo("boot", shipped ? "shipped" : "snapshot");
        setInfo("snapshot", "loaded");
        if (shipped) keepShippedSnapshot(snapshot.target); // whole by now, in either way
      } catch (error) {
        console.warn("Pyodide could not start from its memory snapshot; starting normally.", error);
        pyodide = undefined;
        deferral?.cancel();
        if (!shipped) await dropSnapshot();
        setInfo("boot", "fallback");
        setInfo("snapshot", "none");
      } finally {
        deferral?.stop();
        stopFilling();
        if (shipped) stopCounting();
      }
    }
  }
  if (!pyodide) {
    if (!info.boot) setInfo("boot", "normal");
    const writePythonFiles = fetchPythonFiles();
    pyodide = await loadNormally(settings, downloads.countsRuntime);
    await writePythonFiles(pyodide);
    if (SNAPSHOTS) saveSnapshotWhenIdle(pyodide);
  }
  performance.mark("spider-pyodide-loaded");
  shell.pyodide = pyodide;
  return pyodide;
}

/** @type {Promise<any> | null} */
let booting = null;

function boot() {
  if (!booting) {
    if (patchOn("no-jspi")) setInfo("jspi", hideJspi() ? "hidden" : "none");
    prefetchEntryScript();
    booting = bootPyodide(startDownloads(SNAPSHOTS));
    booting.catch(() => {}); // reported to PyScript, which awaits it below
  }
  return booting;
}

/** PyScript's entry point. Pyodide is already on its way (see below); PyScript
 * only adds where Python's output goes.
 * @param {{stdout?: unknown, stderr?: unknown}} [options] */
export async function loadPyodide(options = {}) {
  const pyodide = await boot();
  // PyScript's package is written from here, not by its Python snippet
  // (pyscript-package.mjs): the game does not import it.
  if (patchOn("pyscript-package")) {
    usePyScriptPackageFromJavaScript(pyodide, (count) => {
      info.pyscriptFiles = count;
    });
  }
  if (typeof options.stdout === "function") pyodide.setStdout({ batched: options.stdout });
  if (typeof options.stderr === "function") pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

// index.html loads this module itself, right after boot.js: Pyodide starts
// loading at once instead of after PyScript has read its configuration and
// fetched its plugins.
boot();
