// @ts-check
// What every part of our Pyodide loader shares (shell/pyodide-boot.mjs and the
// modules it imports): the values the build fills in, the addresses made
// from them, what shell/early.js began, the page's boot attributes, and when
// the game is ready.
//
// The build bundles this module and the loader's others into
// shell/pyodide-boot.mjs (tools/build/minify.py, bundled_loader): one request, as
// before the loader was split. A build without esbuild ships them as they
// are, each its own module.

import { version } from "../@PYODIDE_DIR@/pyodide.mjs";

export { version };

/**
 * A file of the game's Python: [url relative to the site, path in Pyodide's
 * file system relative to the home folder, size in bytes].
 * @typedef {[string, string, number]} PythonFile
 */

/**
 * What shell/early.js began (see that file).
 * @typedef {object} Early
 * @property {boolean} snapshots whether snapshots are on at all
 * @property {boolean} shippedWorthIt whether this connection should download the shipped snapshot
 * @property {Promise<Response | null | undefined>} stored the stored snapshot's response, if any
 * @property {{wasm: Promise<Response> | null, snapshot: Promise<Response> | null, aborter: AbortController} | null} downloads
 *   a first visit's downloads
 * @property {string[]} patchesOff the patches switched off (shell/patches.mjs)
 */

/**
 * The page's shell object (shell/boot.js defines most of it).
 * @typedef {object} SpiderShell
 * @property {Early} [early]
 * @property {Record<string, unknown>} [bootInfo]
 * @property {unknown} [pyodide]
 * @property {string[]} [stdlibRest]
 * @property {() => Uint8Array | null} [fetchFullStdlib]
 */

export const BUILD = "@BUILD@";
export const INDEX_URL = new URL("../@PYODIDE_DIR@/", import.meta.url).href;
export const SITE_URL = new URL("../", import.meta.url).href;
/** Every Python file of the game (see shell/python-files.mjs). @type {PythonFile[]} */
export const PYTHON_FILES = /*@PYTHON_FILES@*/[];
/** Our modules whose import imports nothing from the browser, safe to import
 * in the snapshot (computed by tools/build/imports.py from their imports): all of
 * them but the entry script. @type {string[]} */
export const SNAPSHOT_MODULES = /*@SNAPSHOT_MODULES@*/[];
/** Uncompressed sizes of the big runtime files, for the progress bar.
 * @type {Record<string, number>} */
export const DOWNLOAD_SIZES = /*@DOWNLOAD_SIZES@*/{};
/** Their sizes as sent compressed ({} without compressed copies).
 * @type {Record<string, {br?: number, gzip?: number}>} */
export const WIRE_SIZES = /*@WIRE_SIZES@*/{};
/** Pyodide's lock file, as the build keeps it: its "info" (which Pyodide
 * checks against its own ABI) and no packages, since the game loads none.
 * Given to Pyodide (its public lockFileContents option) instead of its 119 KB
 * pyodide-lock.json, one download less. @type {any} */
export const LOCK_FILE = /*@LOCK_FILE@*/null;
/** The snapshot shipped with the build, relative to the site ("" if none). */
export const SHIPPED_SNAPSHOT = "@SHIPPED_SNAPSHOT@";
/** How the build mixed the shipped snapshot's static data with the wasm's
 * (tools/wasm_image.py): {end, checksum}, or null if it ships whole.
 * @type {{end: number, checksum: number} | null} */
export const SHIPPED_BASE = /*@SHIPPED_BASE@*/null;
/** The modules the whole standard library has and the shipped one lacks. @type {string[]} */
export const STDLIB_REST = /*@STDLIB_REST@*/[];

export const SNAPSHOT_CACHE = `spider-snapshot-${version}-${BUILD}`;
export const SNAPSHOT_URL = new URL(`../.snapshot/pyodide-${version}-${BUILD}.bin`, import.meta.url).href;
// The trimmed standard library Pyodide mounts, and the address a start from a
// snapshot gives Pyodide instead (never requested: answered empty).
export const STDLIB_URL = new URL("python_stdlib.zip", INDEX_URL).href;
export const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
export const DEFERRED_STDLIB_URL = new URL("stdlib/deferred.zip", SITE_URL).href;
export const FULL_STDLIB_URL = new URL(`stdlib/python_stdlib-${version}.zip`, SITE_URL).href;
export const SITE_CACHE = `spider-site-${BUILD}`; // sw.js's, for this version

export const html = document.documentElement;
/** @type {SpiderShell} */
export const shell = (/** @type {any} */ (globalThis).spiderShell ??= {});
export const info = (shell.bootInfo ??= {});

/** Records KEY in spiderShell.bootInfo and as <html data-KEY>.
 * @param {string} key
 * @param {string} value */
export function setInfo(key, value) {
  info[key] = value;
  html.dataset[key] = value;
}

/** Tells shell/boot.js's loading screen how far the start is: FRACTION of
 * the bar, TEXT; BYTES, the downloads' count ("4.2 of 5.6 MB"), stays beside
 * every later text until a report says they are DONE.
 * @param {number} fraction
 * @param {string} text
 * @param {string} [bytes]
 * @param {boolean} [done] */
export function report(fraction, text, bytes, done) {
  dispatchEvent(new CustomEvent("spider:boot-progress", { detail: { fraction, text, bytes, done } }));
}

/** What shell/early.js began. Without it (it did not run), a normal start.
 * @type {Early} */
export const EARLY = shell.early ?? {
  snapshots: false,
  shippedWorthIt: false,
  stored: Promise.resolve(null),
  downloads: null,
  patchesOff: [],
};

/** Runs FN once the game is ready (now, if it is).
 * @param {() => void} fn */
export function afterReady(fn) {
  if (html.hasAttribute("data-ready")) fn();
  else addEventListener("spider:ready", () => fn(), { once: true });
}

// ---- reading in the background, after the table ------------------------------------
// What a start from a snapshot deferred is read once the game is ready and the
// service worker holds the site, or cannot (<html data-offline>, shell/boot.js):
// from its cache, there is no second download of what it has just stored, and
// no request that a reload at that moment would leave it to abandon. Without
// it (no service worker, or a cache the browser evicted), from the network.
const OFFLINE_SETTLED = ["ready", "failed", "unsupported"];

/** Runs FN once the game is ready and the service worker has settled.
 * @param {() => void} fn */
export function whenSettled(fn) {
  afterReady(() => {
    if (OFFLINE_SETTLED.includes(html.dataset.offline ?? "")) {
      fn();
      return;
    }
    const watcher = new MutationObserver(() => {
      if (!OFFLINE_SETTLED.includes(html.dataset.offline ?? "")) return;
      watcher.disconnect();
      fn();
    });
    watcher.observe(html, { attributes: true, attributeFilter: ["data-offline"] });
  });
}

/** URL from this version's site cache, else from the network.
 * @param {string} url
 * @returns {Promise<Response>} */
export async function readInBackground(url) {
  const held = await globalThis.caches?.match(url, { cacheName: SITE_CACHE }).catch(() => undefined);
  return held ?? fetch(url);
}
