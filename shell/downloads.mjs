// @ts-check
// The start's downloads: the big ones from the first moment (the wasm, the
// shipped snapshot), the entry script with them, and their progress on the
// loading screen, counted in bytes as they come over the wire.

import {
  DOWNLOAD_SIZES,
  EARLY,
  INDEX_URL,
  SHIPPED_SNAPSHOT,
  SITE_URL,
  WASM_URL,
  WIRE_SIZES,
  report,
} from "./loader-context.mjs";
import { hookFetch, patchOn } from "./patches.mjs";

// ---- first-visit download progress (download-progress) ---------------------------
// On a first visit (no service worker yet) the runtime download dominates the
// wait. Pyodide fetches its files with fetch(); for the big ones we count the
// bytes as they stream in, and show them as the player's connection carries
// them: compressed, by the encoding each response came with (the build knows
// each file's compressed sizes). Not done when the service worker serves the
// files: re-wrapping a response there would lose the wasm code cache.

/** @param {string} name @param {string} encoding */
function wireSize(name, encoding) {
  const sizes = /** @type {Record<string, number | undefined>} */ (WIRE_SIZES[name] || {});
  return sizes[encoding] ?? DOWNLOAD_SIZES[name];
}

/** The player's words for the shell's English (shell/early.js: ui/i18n/early.py's, translated). @param {string} english @returns {string} */
const t = (english) => /** @type {any} */ (globalThis).spiderShell?.t?.(english) ?? english.slice(english.indexOf("\u0004") + 1);

/** @param {number} loaded @param {number} total */
function megabytes(loaded, total) {
  const lang = globalThis.document?.documentElement.lang || "en"; // shell/early.js sets it
  const mb = (/** @type {number} */ n) => (n / 1e6).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return t("{loaded} of {total} MB").replace("{loaded}", mb(loaded)).replace("{total}", mb(total));
}

/** The loading bar's share of the downloads (shell/boot.js, SHARES): it
 * follows the bytes on the wire, from DOWNLOAD_FROM to DOWNLOAD_TO. */
export const DOWNLOAD_FROM = 0.05;
export const DOWNLOAD_TO = 0.7;

/**
 * @typedef {object} Counting
 * @property {() => void} stop stops counting
 * @property {(url: string, response: Response) => Response} count counts a response to a request made before
 */

/** Counts the downloads of NAMES from here on.
 * @param {string[]} names
 * @returns {Counting} */
export function countDownloads(names) {
  names = names.filter((name) => name in DOWNLOAD_SIZES);
  if (navigator.serviceWorker?.controller || !names.length || !patchOn("download-progress")) {
    return { stop: () => {}, count: (url, response) => response };
  }
  const raw = names.reduce((sum, name) => sum + DOWNLOAD_SIZES[name], 0);
  /** @type {Record<string, number>} name -> bytes received, decoded */
  const decoded = {};
  /** @type {Record<string, string>} name -> the response's Content-Encoding ("" for none) */
  const encodings = {};
  let lastShown = 0;
  // Until a file's response arrives, count it as the first response came (brotli if none yet).
  const assumed = () => Object.values(encodings)[0] ?? "br";
  const show = () => {
    let done = 0;
    let loaded = 0;
    let total = 0;
    for (const name of names) {
      const size = wireSize(name, encodings[name] ?? assumed());
      const got = decoded[name] || 0;
      done += got;
      loaded += (size * got) / DOWNLOAD_SIZES[name];
      total += size;
    }
    // The bar follows the bytes the MB count shows: those on the wire.
    const fraction = done >= raw ? 1 : Math.min(1, loaded / total);
    if (fraction - lastShown >= 0.01 || fraction === 1) {
      lastShown = fraction;
      const bytes = megabytes(Math.min(loaded, total), total);
      report(DOWNLOAD_FROM + (DOWNLOAD_TO - DOWNLOAD_FROM) * fraction, `Getting the cards ready… ${bytes}`, bytes, fraction === 1);
    }
  };
  /** @param {string} url @param {Response} response */
  const count = (url, response) => {
    const name = new URL(url).pathname.split("/").pop() ?? "";
    if (!names.includes(name) || !response.ok || !response.body) return response;
    encodings[name] = (response.headers.get("content-encoding") || "").trim();
    const counter = new TransformStream({
      transform(chunk, controller) {
        decoded[name] = (decoded[name] || 0) + chunk.byteLength;
        show();
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  const unhook = hookFetch(async (url, input, init, next) => count(url, await next()));
  const stop = () => {
    unhook();
    report(0, "", "", true); // no byte count shown once counting ends
  };
  return { stop, count };
}

export const RUNTIME_FILES = ["pyodide.asm.wasm", "python_stdlib.zip"];

// ---- the big downloads from the first moment -------------------------------------
// The wasm is compiled while it streams in (early-wasm: Pyodide itself would
// compile it only once the snapshot is in; on a return visit the service
// worker serves it and the browser's code cache makes the compile quick): it
// overlaps looking up and reading the stored snapshot. On a first visit (no
// service worker yet) shell/early.js has requested it already, and the
// shipped snapshot with it, ahead of the stylesheets and the game's Python
// files: their responses are taken over here.

/**
 * @typedef {object} Downloads
 * @property {Promise<WebAssembly.Module> | null} module the wasm, compiled early (early-wasm), or null
 * @property {Promise<Response> | null} snapshot a first visit's response for the shipped snapshot, or null
 * @property {boolean} countsRuntime whether the progress counts the normal start's files
 * @property {() => void} stopCounting
 * @property {() => void} dropSnapshotDownload aborts the shipped snapshot's download (a stored one is there)
 */

/** @param {boolean} snapshots whether this start may use a snapshot
 * @returns {Downloads} */
export function startDownloads(snapshots) {
  const early = EARLY.downloads;
  const shipping = !navigator.serviceWorker?.controller && Boolean(SHIPPED_SNAPSHOT) && snapshots && EARLY.shippedWorthIt;
  // The progress bar counts what this start downloads, from its first byte:
  // the shipped snapshot and the wasm (the standard library comes after the
  // table), or for a normal start the wasm and the standard library. (Nothing
  // once the service worker serves the files: countDownloads.)
  const counted = shipping ? [SHIPPED_SNAPSHOT.split("/").pop() ?? "", "pyodide.asm.wasm"] : RUNTIME_FILES;
  const counting = countDownloads(counted);
  /** @param {string} url @param {Promise<Response>} promise */
  const requested = (url, promise) => promise.then((response) => counting.count(url, response));
  const aborter = early?.aborter ?? new AbortController();
  /** @type {Promise<Response> | null} */
  let snapshot = null;
  if (shipping) {
    const url = new URL(SHIPPED_SNAPSHOT, SITE_URL).href;
    snapshot = early?.snapshot ? requested(url, early.snapshot) : fetch(url, { signal: aborter.signal });
    snapshot.catch(() => {});
  }
  // Pyodide's Emscripten module (1.2 MB of JavaScript) is evaluated now, while
  // the snapshot is read, rather than when Pyodide gets to importing it.
  import(new URL("pyodide.asm.mjs", INDEX_URL).href).catch(() => {});
  /** @type {Promise<WebAssembly.Module> | null} */
  let module = null;
  if (typeof WebAssembly.compileStreaming === "function" && patchOn("early-wasm")) {
    module = WebAssembly.compileStreaming(early?.wasm ? requested(WASM_URL, early.wasm) : fetch(WASM_URL));
    module.catch(() => {}); // then Pyodide downloads and compiles it itself
  }
  const dropSnapshotDownload = () => {
    aborter.abort();
    counting.stop();
  };
  return { module, snapshot, countsRuntime: counted === RUNTIME_FILES, stopCounting: counting.stop, dropSnapshotDownload };
}

/** A shipped snapshot on its way: TARGET fills as it streams in.
 * @typedef {{target: Uint8Array, filled: Promise<void>}} ShippedSnapshot */

/** The snapshot shipped with the build, or null: none shipped, not worth it
 * on this connection, or it could not be fetched. A first visit passes the
 * request it already made (startDownloads).
 * @param {Promise<Response> | null} requested
 * @returns {Promise<ShippedSnapshot | null>} */
export async function fetchShippedSnapshot(requested) {
  if (!requested && (!SHIPPED_SNAPSHOT || !EARLY.shippedWorthIt)) return null;
  let response;
  try {
    response = await (requested ?? fetch(new URL(SHIPPED_SNAPSHOT, SITE_URL).href));
  } catch {
    return null;
  }
  if (!response.ok || !response.body) return null;
  const target = new Uint8Array(DOWNLOAD_SIZES[SHIPPED_SNAPSHOT.split("/").pop() ?? ""]);
  const filled = readInto(response.body, target);
  filled.catch(() => {}); // a failure is handled where it is awaited
  return { target, filled };
}

/** A response's body, streamed into TARGET, which it must fill exactly.
 * @param {ReadableStream<Uint8Array>} body @param {Uint8Array} target */
export async function readInto(body, target) {
  const reader = body.getReader();
  let at = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (at + chunk.value.byteLength > target.byteLength) throw new Error("a snapshot longer than expected");
    target.set(chunk.value, at);
    at += chunk.value.byteLength;
  }
  if (at !== target.byteLength) throw new Error(`a snapshot of ${at} bytes, expected ${target.byteLength}`);
}

// ---- the entry script (entry-prefetch) -------------------------------------------
// PyScript fetches the page's <script type="py" src> (ui/main.py) only once
// Pyodide has started, which on a first visit is one more round trip before
// the table. It is requested now, beside the big downloads, and PyScript's
// request gets that response (or, if it failed, goes out again).
export function prefetchEntryScript() {
  const url = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[type="py"][src]'))?.src;
  if (!url || !patchOn("entry-prefetch")) return;
  const early = fetch(url);
  early.catch(() => {});
  const unhook = hookFetch((requested, input, init, next) => {
    if (requested !== url) return next();
    unhook();
    return early.then(
      (response) => (response.ok ? response : next()),
      () => next(),
    );
  });
}
