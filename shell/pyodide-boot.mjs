// Our Pyodide loader. PyScript imports this module as its interpreter
// (pyscript.toml: interpreter = "./shell/pyodide-boot.mjs") and calls
// loadPyodide(options) from it, exactly as it would call Pyodide's own.
//
// What it adds:
//  * an early start: index.html loads this module directly, so Pyodide starts
//    loading before PyScript has even read its configuration. The wasm is
//    compiled while it streams in (startDownloads); shell/early.js, the
//    page's first script, has already begun looking up a stored snapshot
//    and, on a first visit, the two big downloads;
//  * the vendored Pyodide files on our own origin (indexURL), and Pyodide's
//    lock file from the build (LOCK_FILE), not downloaded;
//  * the entry script, ui/main.py, requested with the big downloads
//    (prefetchEntryScript);
//  * byte-accurate download progress on a first visit;
//  * the game's Python files, written on a normal start, lazy on a snapshot's;
//  * the memory-snapshot boot. After a normal start, once the game is ready
//    and the page idle, a throwaway Pyodide in a worker imports what this
//    page imported (the standard library, all our modules: they reach the
//    browser only when called) and compiles, without running, the modules
//    that need the browser as they import (PyScript's); its memory is saved
//    in Cache Storage under the Pyodide version and the build hash (packed:
//    snapshot-format.mjs). The next start
//    restores that memory instead of initialising Python and importing all
//    that again. Every boot from a snapshot would replay the same random
//    state, so Python's random is reseeded from crypto.getRandomValues right
//    after. Any failure falls back to a normal start and throws the snapshot
//    away.
//
// A first visit has no stored snapshot yet: it restores the one shipped with
// the site instead (made at build time by tools/make_snapshot.mjs with the
// same code, 2.9 MB compressed: its static data ships XORed with the wasm's,
// see fillOnInstantiate), then keeps it in Cache Storage as if it had made
// it. Not on a slow or data-saving connection, where downloading it would
// cost more than starting Python; those start normally and make their own
// snapshot afterwards, as does a build shipped without one. A start from a
// snapshot fetches the standard library only after the table (deferStdlib).
//
// Switches: ?snapshot=off in the URL, or localStorage["spider.snapshot"]="off",
// boot normally and make no snapshot. <html data-boot> tells how the page
// started ("normal", "snapshot", "shipped", "fallback"); <html data-snapshot>
// what happened to the snapshot ("off", "none", "loaded", "making", "saved",
// "failed", "too-big").
//
// Pyodide's snapshot options (_makeSnapshot, _loadSnapshot, makeMemorySnapshot)
// are private and experimental: they are pinned with Pyodide in package.json,
// and both boot paths are tested (e2e/test_shell.py).

import { loadPyodide as loadPyodideUpstream, version } from "../@PYODIDE_DIR@/pyodide.mjs";
import { writePackageFromJavaScript } from "./pyscript-package.mjs";
import { packSnapshot, unmixSnapshot, unpackSnapshotInto } from "./snapshot-format.mjs";

export { version };

const BUILD = "@BUILD@";
const INDEX_URL = new URL("../@PYODIDE_DIR@/", import.meta.url).href;
const SITE_URL = new URL("../", import.meta.url).href;
// [url relative to the site, path in Pyodide's file system relative to the
// home folder, size in bytes] for every Python file of the game (see "the
// game's Python files").
const PYTHON_FILES = /*@PYTHON_FILES@*/[];
// Our modules whose import imports nothing from the browser, safe to import
// in the snapshot (computed by tools/build.py from their imports): all of
// them but the entry script.
const SNAPSHOT_MODULES = /*@SNAPSHOT_MODULES@*/[];
// Uncompressed sizes of the big runtime files, for the progress bar, and
// their sizes as sent compressed ({name: {br, gzip}}; {} without copies).
const DOWNLOAD_SIZES = /*@DOWNLOAD_SIZES@*/{};
const WIRE_SIZES = /*@WIRE_SIZES@*/{};
// Pyodide's lock file, as the build keeps it: its "info" (which Pyodide checks
// against its own ABI) and no packages, since the game loads none. Given to
// Pyodide here instead of its 119 KB pyodide-lock.json, one download less.
const LOCK_FILE = /*@LOCK_FILE@*/null;

// A snapshot restores only if the heap it copies never grew past Pyodide's
// initial 30 MiB (a grown heap fails with "offset is out of bounds"); the
// snapshot itself is that heap plus a small header.
const HEAP_LIMIT = 30 * 1024 * 1024;
const SNAPSHOT_CACHE = `spider-snapshot-${version}-${BUILD}`;
const SNAPSHOT_URL = new URL(`../.snapshot/pyodide-${version}-${BUILD}.bin`, import.meta.url).href;
// The snapshot shipped with the build, relative to the site ("" if none).
const SHIPPED_SNAPSHOT = "@SHIPPED_SNAPSHOT@";
// How the build mixed the shipped snapshot's static data with the wasm's
// (tools/wasm_image.py): {end, checksum}, or null if it ships whole.
const SHIPPED_BASE = /*@SHIPPED_BASE@*/null;
// The trimmed standard library Pyodide mounts, and the address a start from a
// snapshot gives Pyodide instead (never requested: answered empty here).
const STDLIB_URL = new URL("python_stdlib.zip", INDEX_URL).href;
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
const DEFERRED_STDLIB_URL = new URL("stdlib/deferred.zip", SITE_URL).href;

const html = document.documentElement;
const shell = (globalThis.spiderShell ??= {});
const info = (shell.bootInfo ??= {});

function setInfo(key, value) {
  info[key] = value;
  html.dataset[key] = value;
}

function report(fraction, text) {
  dispatchEvent(new CustomEvent("spider:boot-progress", { detail: { fraction, text } }));
}

// What shell/early.js began: whether snapshots are on, the stored snapshot's
// lookup, a first visit's downloads. Without it (it did not run), a normal start.
const EARLY = shell.early ?? { snapshots: false, shippedWorthIt: false, stored: Promise.resolve(null), downloads: null };

function snapshotsEnabled() {
  return EARLY.snapshots;
}

// ---- fetch, as the boot sees it ---------------------------------------------------
// Parts of the boot answer or watch some of the page's requests while Pyodide
// and PyScript start: the first visit's downloads and their progress, the
// wasm compiled early, the standard library a snapshot start defers.
// Each adds a hook, hook(url, input, init, next) -> a promise of a Response
// (next() passes the request on); the newest runs first. Removing one leaves
// the others in place, and the page's own fetch comes back with the last.
const fetchHooks = [];
let pageFetch = null;

function requestURL(input) {
  return input instanceof Request ? input.url : new URL(String(input), location.href).href;
}

function fetchThroughHooks(input, init) {
  const url = requestURL(input);
  const hooks = fetchHooks.slice();
  const next = (i) => (i < 0 ? pageFetch.call(globalThis, input, init) : hooks[i](url, input, init, () => next(i - 1)));
  return next(hooks.length - 1);
}

function hookFetch(hook) {
  if (!fetchHooks.length) {
    pageFetch = globalThis.fetch;
    globalThis.fetch = fetchThroughHooks;
  }
  fetchHooks.push(hook);
  return () => {
    const at = fetchHooks.indexOf(hook);
    if (at < 0) return;
    fetchHooks.splice(at, 1);
    if (!fetchHooks.length && globalThis.fetch === fetchThroughHooks) globalThis.fetch = pageFetch;
  };
}

// ---- the game's Python files ------------------------------------------------------
// PyScript does not copy them (pyscript.toml has no [files] table): this loader
// puts them in Pyodide's file system, at PYTHON_FILES' paths under the home
// folder, as each start needs them. <html data-python-files> says how.
//  * A normal start imports them all: they download while Pyodide starts and
//    are written before PyScript runs main.py ("written").
//  * A start from a snapshot has imported or compiled them already (a stored
//    snapshot, those the page had imported when it was made). Every file is
//    there at once, but empty until read ("deferred"): after the table they
//    are read in the background ("fetched", see whenSettled); a file read
//    before that, by an import the snapshot lacks or for a traceback's source
//    line, is fetched there and then, synchronously ("fetched-on-demand").
//    A first visit downloads 0.2 MB less before the table, and a return visit
//    writes nothing on its way to it.

// A normal start: begins the downloads, and gives the step that writes the
// files once Pyodide is up.
function fetchPythonFiles() {
  const prepare = import("./snapshot-prepare.mjs");
  const files = new Map(
    PYTHON_FILES.map(([url]) => {
      const bytes = prepare.then(({ readSiteFile }) => readSiteFile(SITE_URL, url));
      bytes.catch(() => {}); // reported where it is awaited
      return [url, bytes];
    }),
  );
  return async function writeFetched(pyodide) {
    const { writePythonFiles } = await prepare;
    await writePythonFiles(pyodide, PYTHON_FILES, (url) => files.get(url));
    setInfo("pythonFiles", "written");
  };
}

// A start from a snapshot: every file, empty until read.
function deferPythonFiles(pyodide) {
  const { FS, PATH } = pyodide;
  const home = FS.cwd();
  const files = PYTHON_FILES.map(([url, path, size]) => {
    const target = PATH.normalize(`${home}/${path}`);
    FS.mkdirTree(PATH.dirname(target));
    FS.writeFile(target, new Uint8Array(0));
    return [FS.lookupPath(target).node, new URL(url, SITE_URL).href, size];
  });
  readAfterTable("pythonFiles", files);
}

// Makes FILES ([MEMFS node, url, size or null]) lazy, and reads them after the
// table, unless CANCELLED(). <html data-KEY> says how they came: "deferred",
// then "fetched" once all have, or "fetched-on-demand" if one was read first.
function readAfterTable(key, files, cancelled = () => false) {
  const onDemand = () => setInfo(key, "fetched-on-demand");
  const later = files.map(([node, url, size = null]) => lazyContents(node, url, onDemand, size));
  setInfo(key, "deferred");
  whenSettled(async () => {
    if (cancelled()) return;
    const came = await Promise.all(later.map((fetchLater) => fetchLater().catch(() => false)));
    if (came.every(Boolean) && info[key] === "deferred") setInfo(key, "fetched");
  });
}

// Makes a file's content in Pyodide's file system lazy (NODE: its MEMFS
// node): read before it came, it is fetched there and then, synchronously,
// from URL (an import cannot wait for a promise), and ON_DEMAND() is told; if
// that fails too (offline without it), the file reads as empty. With its SIZE
// known, a stat answers without fetching it (the snapshot's import system
// checks the size of what it compiled). Returns fetchLater(), which reads it
// in the background (readInBackground) and resolves to whether it came.
function lazyContents(node, url, onDemand, size = null) {
  let bytes = null;
  const load = () => {
    if (!bytes) {
      bytes = fetchBytesSync(url) ?? new Uint8Array(0);
      onDemand();
    }
    return bytes;
  };
  Object.defineProperty(node, "contents", { configurable: true, get: load, set: (value) => (bytes = value) });
  const usedBytes = () => (bytes || size === null ? load().length : size);
  Object.defineProperty(node, "usedBytes", { configurable: true, get: usedBytes, set: () => {} });
  return async function fetchLater() {
    const response = await readInBackground(url);
    if (!response.ok) return false;
    const data = new Uint8Array(await response.arrayBuffer());
    if (!bytes || !bytes.length) bytes = data;
    return true;
  };
}

// Runs FN once the game is ready (now, if it is).
function afterReady(fn) {
  if (html.hasAttribute("data-ready")) fn();
  else addEventListener("spider:ready", () => fn(), { once: true });
}

// ---- reading in the background, after the table ------------------------------------
// What a start from a snapshot deferred is read once the game is ready and the
// service worker holds the site, or cannot (<html data-offline>, shell/boot.js):
// from its cache, there is no second download of what it has just stored, and
// no request that a reload at that moment would leave it to abandon. Without
// it (no service worker, or a cache the browser evicted), from the network.
const SITE_CACHE = `spider-site-${BUILD}`; // sw.js's, for this version
const OFFLINE_SETTLED = ["ready", "failed", "unsupported"];

function whenSettled(fn) {
  afterReady(() => {
    if (OFFLINE_SETTLED.includes(html.dataset.offline)) {
      fn();
      return;
    }
    const watcher = new MutationObserver(() => {
      if (!OFFLINE_SETTLED.includes(html.dataset.offline)) return;
      watcher.disconnect();
      fn();
    });
    watcher.observe(html, { attributes: true, attributeFilter: ["data-offline"] });
  });
}

async function readInBackground(url) {
  const held = await globalThis.caches?.match(url, { cacheName: SITE_CACHE }).catch(() => undefined);
  return held ?? fetch(url);
}

// ---- the whole standard library, for ui/browser/stdlib.py ------------------------------
// The site ships a trimmed standard library; the first import it cannot serve
// asks for the whole one. An import cannot wait for a promise, so this request
// is synchronous (bytes through the "x-user-defined" charset); it is made at
// most once, and the service worker has the file for offline play.
// The modules the whole library has and the shipped one lacks (tools/build.py).
shell.stdlibRest = /*@STDLIB_REST@*/[];
shell.fetchFullStdlib = () => fetchBytesSync(new URL(`stdlib/python_stdlib-${version}.zip`, SITE_URL).href);

function fetchBytesSync(url) {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url, false);
  xhr.overrideMimeType("text/plain; charset=x-user-defined");
  try {
    xhr.send();
  } catch {
    return null;
  }
  if (xhr.status !== 200) return null;
  const text = xhr.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

// ---- the trimmed standard library, after the table -------------------------------
// A start from a snapshot has imported everything the page needs to become
// ready, so the standard library it mounts (0.9 MB) need not come first:
// Pyodide gets an empty file at its place, whose content is filled in on first
// use. After the table it is read in the background (whenSettled); an import
// that needs it earlier fetches it there and then, synchronously (as the whole
// library is, above). The snapshot's import caches describe the very same zip,
// so the file it finds is the one it expects. <html data-stdlib> says how it
// came: "deferred", then "fetched", or "fetched-on-demand".
//
// deferStdlib() answers Pyodide's request for DEFERRED_STDLIB_URL with an
// empty file until stop(), and gives its fsInit hook, and a cancel for a
// start that fell back to a normal one. The hook runs before the empty zip is
// written (Pyodide awaits its download in a step before it, but does not wait
// to run the next): it watches for that write, then makes the file's content
// a lazy one, all before the snapshot is restored.
function deferStdlib() {
  const stop = hookFetch((url, input, init, next) =>
    url === DEFERRED_STDLIB_URL ? Promise.resolve(new Response(new Uint8Array(0))) : next(),
  );
  let cancelled = false;
  const cancel = () => {
    cancelled = true;
    delete info.stdlib;
    delete html.dataset.stdlib;
  };
  const fsInit = (FS) => {
    const write = FS.writeFile;
    FS.writeFile = function writeFileThenDefer(path, ...rest) {
      const result = write.call(this, path, ...rest);
      if (typeof path === "string" && /^\/lib\/python\d+\.zip$/.test(path)) {
        FS.writeFile = write;
        deferStdlibFile(FS.lookupPath(path).node, () => cancelled);
      }
      return result;
    };
  };
  return { fsInit, cancel, stop };
}

function deferStdlibFile(node, cancelled) {
  // Offline: fetched on demand, or never needed.
  readAfterTable("stdlib", [[node, STDLIB_URL]], cancelled);
}

// ---- the shipped snapshot's static data ------------------------------------------
// The build XORs the first SHIPPED_BASE.end bytes of the shipped snapshot's
// memory with the wasm's data segments (tools/wasm_image.py): what Python
// never changed there is zeros, about 1 MB less to download. Right after
// Pyodide instantiates the wasm, before any of its code runs, the fresh
// memory holds exactly those segments: XORing them in again gives the
// snapshot back, in place, before Pyodide restores it. An Adler-32 checksum
// tells whether it did (unmixSnapshot, in snapshot-format.mjs).
// Pyodide awaits the snapshot before it sets up its Emscripten module (about
// 0.2 s of JavaScript on a phone), so it is given at once an empty array
// (snapshot.target: the shipped snapshot's length, or a stored one's header),
// which fills in while that runs. The wasm's instantiation, hooked, waits until
// it is full (snapshot.filled) and, for the shipped one, XORs the static data
// back from the fresh memory before any wasm code runs; for a stored one, it
// fills in the header and gives it what writes the memory (SnapshotHeader).
// Then it hands the instance on. If anything is
// wrong, the snapshot's magic number is cleared: Pyodide refuses it, and the
// page starts normally.
function fillOnInstantiate(snapshot, base) {
  const original = WebAssembly.instantiateStreaming;
  let done = false;
  const filling = async function instantiateAndFill(source, imports) {
    const result = await original.call(this, source, imports);
    if (done) return result;
    done = true;
    const { target } = snapshot;
    try {
      await snapshot.filled;
      if (base) unmixSnapshot(target, result.instance.exports.memory.buffer, base);
      if (snapshot.stored) {
        const buffer = await snapshot.stored;
        const { memory } = result.instance.exports;
        const writeMemory = unpackSnapshotInto(buffer, target);
        target.restore = () => writeMemory(new Uint8Array(memory.buffer));
      }
    } catch (error) {
      console.warn("The Pyodide snapshot is damaged:", error);
      new DataView(target.buffer, target.byteOffset, 4).setUint32(0, 0, true);
    }
    return result;
  };
  WebAssembly.instantiateStreaming = filling;
  return () => {
    if (WebAssembly.instantiateStreaming === filling) WebAssembly.instantiateStreaming = original;
  };
}

// ---- first-visit download progress ------------------------------------------
// On a first visit (no service worker yet) the runtime download dominates the
// wait. Pyodide fetches its files with fetch(); for the big ones we count the
// bytes as they stream in, and show them as the player's connection carries
// them: compressed, by the encoding each response came with (the build knows
// each file's compressed sizes). Not done when the service worker serves the
// files: re-wrapping a response there would lose the wasm code cache.
function wireSize(name, encoding) {
  const sizes = WIRE_SIZES[name] || {};
  return sizes[encoding] ?? DOWNLOAD_SIZES[name];
}

function progressText(loaded, total) {
  const mb = (n) => (n / 1e6).toFixed(1);
  return `Getting the cards ready… ${mb(loaded)} of ${mb(total)} MB`;
}

// Counts the downloads of NAMES from here on; returns {stop, count}:
// count(url, response) counts a response to a request made before.
function countDownloads(names) {
  names = names.filter((name) => name in DOWNLOAD_SIZES);
  if (navigator.serviceWorker?.controller || !names.length) return { stop: () => {}, count: (url, response) => response };
  const raw = names.reduce((sum, name) => sum + DOWNLOAD_SIZES[name], 0);
  const decoded = {}; // name -> bytes received, decoded
  const encodings = {}; // name -> the response's Content-Encoding ("" for none)
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
    const fraction = Math.min(1, done / raw);
    if (fraction - lastShown >= 0.01 || fraction === 1) {
      lastShown = fraction;
      report(0.1 + 0.6 * fraction, progressText(Math.min(loaded, total), total));
    }
  };
  const count = (url, response) => {
    const name = new URL(url).pathname.split("/").pop();
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
  const stop = hookFetch(async (url, input, init, next) => count(url, await next()));
  return { stop, count };
}

const RUNTIME_FILES = ["pyodide.asm.wasm", "python_stdlib.zip"];

// (COUNTED: the start's own counting already counts them.)
async function loadNormally(options, counted) {
  const restore = counted ? () => {} : countDownloads(RUNTIME_FILES).stop;
  try {
    return await loadPyodideUpstream(options);
  } finally {
    restore();
  }
}

// ---- snapshot storage ----------------------------------------------------------
// Cache Storage keeps a snapshot without its empty 64 KiB chunks, so every
// start reads about 18 MB instead of 30 (packSnapshot, in snapshot-format.mjs),
// and with the length of its header, which a start needs before the bytes.
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

// A stored snapshot's header, which is all of it Pyodide is given
// (_loadSnapshot). Pyodide's restore reads the header, then takes the rest
// (subarray(header length)) to copy into the wasm's memory: at that moment,
// this writes the memory straight from the stored chunks (restore, set once
// the bytes are read: unpackSnapshotInto) and the rest it hands Pyodide is
// empty. So a start neither unpacks the 30 MiB into an array of their own nor
// copies them a second time (in a measurement of the two ways, 22 against
// 12 ms on the desktop; and 30 MB less memory to hold). A restore that took
// the memory some other way would find it unwritten: the start checks
// `restored` and falls back to a normal one.
class SnapshotHeader extends Uint8Array {
  restore = null;
  restored = false;

  subarray(begin, end) {
    if (this.restore && begin === this.byteLength && end === undefined) {
      const restore = this.restore;
      this.restore = null;
      restore();
      this.restored = true;
    }
    return super.subarray(begin, end);
  }
}

// The stored snapshot, or null (shell/early.js began looking it up). Its
// bytes come as a promise: Pyodide awaits them only when it needs them, so
// reading them from Cache Storage overlaps compiling the runtime.
async function findSnapshot() {
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

// A stored snapshot's bytes (an ArrayBuffer). With their number known, they
// are streamed into one array of that size: on the phone profile that keeps
// the main thread about 50 ms less busy than response.arrayBuffer(), which
// copies them there in one piece. A response stored without it (or with a
// body that does not match) is read whole, or fails where it is awaited.
async function readStored(response) {
  const size = Number(response.headers.get("x-snapshot-size"));
  if (!response.body || !Number.isSafeInteger(size) || size <= 0) return response.arrayBuffer();
  const bytes = new Uint8Array(size);
  await readInto(response.body, bytes);
  return bytes.buffer;
}

// Whether to download the shipped snapshot: not on a slow or data-saving
// connection, where downloading it would cost more than starting Python.
// (shell/early.js looked.)
function shippedSnapshotWorthIt() {
  return EARLY.shippedWorthIt;
}

// ---- the big downloads from the first moment -------------------------------------
// The wasm is compiled while it streams in (Pyodide itself would compile it
// only once the snapshot is in; on a return visit the service worker serves
// it and the browser's code cache makes the compile quick): it overlaps
// looking up and reading the stored snapshot. On a first visit (no service
// worker yet) shell/early.js has requested it already, and the shipped
// snapshot with it, ahead of the stylesheets and the game's Python files:
// their responses are taken over here. Returns {module, snapshot (a first
// visit's response, or null), countsRuntime, stopCounting,
// dropSnapshotDownload}.
function startDownloads() {
  const early = EARLY.downloads;
  const shipping =
    !navigator.serviceWorker?.controller && SHIPPED_SNAPSHOT && snapshotsEnabled() && shippedSnapshotWorthIt();
  // The progress bar counts what this start downloads, from its first byte:
  // the shipped snapshot and the wasm (the standard library comes after the
  // table), or for a normal start the wasm and the standard library. (Nothing
  // once the service worker serves the files: countDownloads.)
  const counted = shipping ? [SHIPPED_SNAPSHOT.split("/").pop(), "pyodide.asm.wasm"] : RUNTIME_FILES;
  const counting = countDownloads(counted);
  const requested = (url, promise) => promise.then((response) => counting.count(url, response));
  const aborter = early?.aborter ?? new AbortController();
  let snapshot = null;
  if (shipping) {
    const url = new URL(SHIPPED_SNAPSHOT, SITE_URL).href;
    snapshot = early?.snapshot ? requested(url, early.snapshot) : fetch(url, { signal: aborter.signal });
    snapshot.catch(() => {});
  }
  // Pyodide's Emscripten module (1.2 MB of JavaScript) is evaluated now, while
  // the snapshot is read, rather than when Pyodide gets to importing it.
  import(new URL("pyodide.asm.mjs", INDEX_URL).href).catch(() => {});
  let module = null;
  if (typeof WebAssembly.compileStreaming === "function") {
    module = WebAssembly.compileStreaming(early?.wasm ? requested(WASM_URL, early.wasm) : fetch(WASM_URL));
    module.catch(() => {}); // then Pyodide downloads and compiles it itself
  }
  // A snapshot stored by an earlier visit makes the shipped one useless.
  const dropSnapshotDownload = () => {
    aborter.abort();
    counting.stop();
  };
  return { module, snapshot, countsRuntime: counted === RUNTIME_FILES, stopCounting: counting.stop, dropSnapshotDownload };
}

// While Pyodide starts: its request for the wasm is answered at once, without
// a download, and its instantiateStreaming instantiates the module compiled
// early (or, if that failed, downloads and compiles as it would have).
function useEarlyWasm(module) {
  const unhook = hookFetch((url, input, init, next) =>
    url === WASM_URL ? Promise.resolve(new Response(null, { headers: { "content-type": "application/wasm" } })) : next(),
  );
  const original = WebAssembly.instantiateStreaming;
  const instantiating = async function instantiateCompiledEarly(source, imports) {
    let compiled;
    try {
      compiled = await module;
    } catch {
      return original.call(WebAssembly, pageFetch.call(globalThis, WASM_URL), imports);
    }
    return { module: compiled, instance: await WebAssembly.instantiate(compiled, imports) };
  };
  WebAssembly.instantiateStreaming = instantiating;
  return () => {
    unhook();
    if (WebAssembly.instantiateStreaming === instantiating) WebAssembly.instantiateStreaming = original;
  };
}

// The snapshot shipped with the build, or null: none shipped, not worth it
// on this connection, or it could not be fetched. A first visit passes the
// request it already made (startDownloads).
async function fetchShippedSnapshot(requested) {
  if (!requested && (!SHIPPED_SNAPSHOT || !shippedSnapshotWorthIt())) return null;
  let response;
  try {
    response = await (requested ?? fetch(new URL(SHIPPED_SNAPSHOT, SITE_URL).href));
  } catch {
    return null;
  }
  if (!response.ok || !response.body) return null;
  const target = new Uint8Array(DOWNLOAD_SIZES[SHIPPED_SNAPSHOT.split("/").pop()]);
  const filled = readInto(response.body, target);
  filled.catch(() => {}); // a failure is handled where it is awaited
  return { target, filled };
}

// A response's body, streamed into TARGET, which it must fill exactly.
async function readInto(body, target) {
  const reader = body.getReader();
  let at = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (at + chunk.value.byteLength > target.byteLength) throw new Error("a snapshot longer than expected");
    target.set(chunk.value, at);
    at += chunk.value.byteLength;
  }
  if (at !== target.byteLength) throw new Error(`a snapshot of ${at} bytes, expected ${target.byteLength}`);
}

// Keep the shipped snapshot, once the game is ready, as if this page had made it.
function keepShippedSnapshot(bytes) {
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

async function dropSnapshot() {
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

function collectModules(pyodide) {
  const scope = pyodide.toPy({ SAFE: SNAPSHOT_MODULES });
  try {
    return JSON.parse(pyodide.runPython(COLLECT_MODULES, { globals: scope }));
  } finally {
    scope.destroy();
  }
}

function makeSnapshotInWorker(modules) {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), {
      type: "module",
      name: "pyodide-snapshot",
    });
    const done = (result) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = (event) => done(event.data);
    worker.onerror = (event) => done({ ok: false, error: event.message || "worker error" });
    worker.postMessage({ indexURL: INDEX_URL, lockFile: LOCK_FILE, siteURL: SITE_URL, files: PYTHON_FILES, ...modules });
  });
}

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

function saveSnapshotWhenIdle(pyodide) {
  const start = () => {
    const idle = globalThis.requestIdleCallback ?? ((fn) => setTimeout(fn, 500));
    idle(() => saveSnapshot(pyodide).catch((error) => {
      setInfo("snapshot", "failed");
      console.warn("Could not save a Pyodide memory snapshot:", error);
    }), { timeout: 3000 });
  };
  afterReady(start);
}

// A restored interpreter carries the snapshot's random state and the import
// caches of the worker that made it. Not the standard library's: its zip is
// the very one the snapshot was made with, and keeping its directory cached
// lets the file itself come after the table (see deferStdlib).
function freshenRestored(pyodide) {
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

async function bootPyodide(downloads) {
  const stopEarlyWasm = downloads.module ? useEarlyWasm(downloads.module) : () => {};
  try {
    return await bootPyodideWith(downloads);
  } finally {
    stopEarlyWasm();
    downloads.stopCounting();
  }
}

async function bootPyodideWith(downloads) {
  // Python's -OO and -X no_debug_ranges, as every snapshot was made (PYTHON_ENV
  // in snapshot-prepare.mjs).
  const settings = {
    indexURL: INDEX_URL,
    lockFileContents: LOCK_FILE,
    env: { PYTHONOPTIMIZE: "2", PYTHONNODEBUGRANGES: "1" },
  };
  performance.mark("spider-pyodide-start");
  const enabled = snapshotsEnabled();
  setInfo("snapshot", enabled ? "none" : "off");
  let pyodide;
  if (enabled) {
    let snapshot = null;
    try {
      snapshot = await findSnapshot();
    } catch (error) {
      console.warn("Stored Pyodide snapshot is unusable; starting normally.", error);
    }
    let shipped = false;
    if (snapshot) {
      downloads.dropSnapshotDownload();
    } else if (SHIPPED_SNAPSHOT) {
      snapshot = await fetchShippedSnapshot(downloads.snapshot);
      shipped = Boolean(snapshot);
    }
    const stopCounting = downloads.countsRuntime ? () => {} : downloads.stopCounting;
    if (!shipped) stopCounting();
    if (snapshot) {
      const deferral = deferStdlib();
      const stopFilling = fillOnInstantiate(snapshot, shipped ? SHIPPED_BASE : null);
      try {
        if (!shipped) report(0.3, "Setting up the table…");
        pyodide = await loadPyodideUpstream({
          ...settings,
          _loadSnapshot: snapshot.target,
          stdLibURL: DEFERRED_STDLIB_URL,
          fsInit: deferral.fsInit,
        });
        if (snapshot.target instanceof SnapshotHeader && !snapshot.target.restored) {
          throw new Error("Pyodide restored the stored snapshot without taking its memory");
        }
        freshenRestored(pyodide);
        deferPythonFiles(pyodide); // after the last step that can fail and fall back
        setInfo("boot", shipped ? "shipped" : "snapshot");
        setInfo("snapshot", "loaded");
        if (shipped) keepShippedSnapshot(snapshot.target);
      } catch (error) {
        console.warn("Pyodide could not start from its memory snapshot; starting normally.", error);
        pyodide = undefined;
        deferral.cancel();
        if (!shipped) await dropSnapshot();
        setInfo("boot", "fallback");
        setInfo("snapshot", "none");
      } finally {
        deferral.stop();
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
    if (enabled) saveSnapshotWhenIdle(pyodide);
  }
  performance.mark("spider-pyodide-loaded");
  shell.pyodide = pyodide;
  return pyodide;
}

// ---- the entry script -----------------------------------------------------------
// PyScript fetches the page's <script type="py" src> (ui/main.py) only once
// Pyodide has started, which on a first visit is one more round trip before
// the table. It is requested now, beside the big downloads, and PyScript's
// request gets that response (or, if it failed, goes out again).
function prefetchEntryScript() {
  const url = document.querySelector('script[type="py"][src]')?.src;
  if (!url) return;
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

let booting = null;

function boot() {
  if (!booting) {
    prefetchEntryScript();
    booting = bootPyodide(startDownloads());
    booting.catch(() => {}); // reported to PyScript, which awaits it below
  }
  return booting;
}

// PyScript's entry point. Pyodide is already on its way (see below); PyScript
// only adds where Python's output goes.
export async function loadPyodide(options = {}) {
  const pyodide = await boot();
  // PyScript's package is written from here, not by its Python snippet
  // (pyscript-package.mjs): the game does not import it.
  writePackageFromJavaScript(pyodide, (count) => {
    info.pyscriptFiles = count;
  });
  if (typeof options.stdout === "function") pyodide.setStdout({ batched: options.stdout });
  if (typeof options.stderr === "function") pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

// index.html loads this module itself, right after boot.js: Pyodide starts
// loading at once instead of after PyScript has read its configuration and
// fetched its plugins.
boot();
