// @ts-check
// Every patch the game makes to Pyodide, PyScript or Emscripten: the list
// (PATCHES: what each changes, what it gains, how to switch it off), the
// switches, and the code of every patch the page makes at run time. The
// build's patches are made in tools/ (each entry says where); the few that
// cannot live here say why. docs/pyodide-upgrade.md says how to check each
// one on a new Pyodide.
//
// Switches. A patch is on unless switched off:
//  * for one visit, in the address: ?nopatch=NAME[,NAME…], or ?nopatch=all
//    (run-time patches only; ?snapshot=off is the same as ?nopatch=snapshot);
//  * in a build: python -m tools.build --no-patch NAME (repeatable) or --no-patch all
//    switches off a build patch, or a run-time one for every visit of that
//    build (shell/early.js reads both and leaves the list in
//    spiderShell.early.patchesOff).
// A start with a patch off does what Pyodide and PyScript do as published; it
// is slower, never broken (e2e/test_patches_off.py plays a game on a build
// with every patch off).

import { writePackageFromJavaScript } from "./pyscript-package.mjs";
import { EARLY, WASM_URL } from "./loader-context.mjs";
import { unmixSnapshot, unpackSnapshotInto } from "./snapshot-format.mjs";

/**
 * @typedef {object} Patch
 * @property {string} name the switch's name
 * @property {"run time" | "build"} when
 * @property {string} where the code that makes it
 * @property {string} changes what it changes in Pyodide, PyScript or Emscripten
 * @property {string} gains what it gains, as measured (docs: the start-up's measurements)
 * @property {string} off what happens with it off
 */

/** (Nothing in the page reads this list: the bundle leaves it out.)
 * @type {readonly Patch[]} */
export const PATCHES = [
  {
    name: "snapshot",
    when: "run time",
    where: "shell/pyodide-boot.mjs (_loadSnapshot), shell/snapshot-worker.mjs (_makeSnapshot, makeMemorySnapshot), " +
      "shell/snapshot-prepare.mjs (zeroFreeMemory: _module's malloc), tools/make_snapshot.mjs",
    changes: "Starts Pyodide from a memory snapshot through its private, experimental _loadSnapshot option; " +
      "makes one with _makeSnapshot and makeMemorySnapshot (in a worker, and at build time under Node).",
    gains: "Phone profile: later visits 2.5-4.2 s against 9-12 s, first visit 15.5 s against 17.2 s; " +
      "desktop warm render about 0.7 s against 2.2-2.8 s.",
    off: "Python starts and imports normally on every visit (the build ships no snapshot).",
  },
  {
    name: "snapshot-in-place",
    when: "run time",
    where: "shell/patches.mjs (fillOnInstantiate, SnapshotHeader)",
    changes: "Replaces WebAssembly.instantiateStreaming while Pyodide starts: the snapshot is given to Pyodide as " +
      "an empty array that fills while Emscripten's module is set up; the shipped one's static data is XORed back " +
      "from the fresh memory; a stored one is written straight into the wasm's memory when Pyodide's restore " +
      "takes its memory part (a Uint8Array whose subarray() does it).",
    gains: "About 0.2 s of a phone's start overlapped with reading the snapshot; about 1 MB less to download " +
      "(with snapshot-xor); a stored snapshot restored in 12 against 22 ms on the desktop, with 30 MB less memory held.",
    off: "The snapshot is read whole before Pyodide gets it; a stored one is unpacked into a 30 MiB array; a " +
      "shipped snapshot that was XORed (snapshot-xor) cannot be restored, so a first visit starts normally.",
  },
  {
    name: "early-wasm",
    when: "run time",
    where: "shell/patches.mjs (useEarlyWasm), shell/early.js, shell/downloads.mjs",
    changes: "Compiles the wasm while it streams in, from the first moment, and answers Pyodide's fetch of it " +
      "(globalThis.fetch hooked) and its WebAssembly.instantiateStreaming with that module.",
    gains: "A first visit's downloads begin about 0.4 s sooner on the phone profile, the table playable about " +
      "0.2 s sooner (6.91 to 6.72 s); the compile overlaps looking up the stored snapshot on every visit.",
    off: "Pyodide downloads and compiles its wasm itself, when it gets to it.",
  },
  {
    name: "lazy-files",
    when: "run time",
    where: "shell/patches.mjs (lazyContents, watchFileWrite, answerEmpty, fetchBytesSync), shell/python-files.mjs",
    changes: "On a start from a snapshot, gives Pyodide an empty standard library (stdLibURL answered empty " +
      "through the fetch hook; FS.writeFile wrapped from fsInit) and empty Python files, whose MEMFS nodes get " +
      "a contents getter that fetches them synchronously (XMLHttpRequest) if read before the background read.",
    gains: "The 0.9 MB standard library and the 0.2 MB of Python files come after the table, not before.",
    off: "Pyodide downloads the standard library before it restores, and the Python files are written once " +
      "downloaded, before the page's script runs.",
  },
  {
    name: "download-progress",
    when: "run time",
    where: "shell/downloads.mjs (countDownloads), through shell/patches.mjs (hookFetch)",
    changes: "Hooks globalThis.fetch while Pyodide starts to count the bytes of its big downloads.",
    gains: "No time: the loading screen shows the megabytes on the wire instead of stages only.",
    off: "The loading screen shows PyScript's stages only.",
  },
  {
    name: "entry-prefetch",
    when: "run time",
    where: "shell/downloads.mjs (prefetchEntryScript), through shell/patches.mjs (hookFetch)",
    changes: "Requests ui/main.py with the big downloads and answers PyScript's later fetch of it with that response.",
    gains: "One round trip less before the table on a first visit.",
    off: "PyScript fetches ui/main.py once Pyodide has started.",
  },
  {
    name: "pyscript-package",
    when: "run time",
    where: "shell/patches.mjs (usePyScriptPackageFromJavaScript), shell/pyscript-package.mjs",
    changes: "Wraps runPython and runPythonAsync so that PyScript's 33 KB snippet that writes its own package " +
      "is recognised and the package written from JavaScript; only the code after it runs as Python.",
    gains: "Reloads 806 to 742 ms on the desktop, 2.03 to 1.87 s on the phone profile.",
    off: "PyScript's snippet runs as Python.",
  },
  {
    name: "slim-wasm",
    when: "build",
    where: "tools/build/slim.py (unused_exports, pyodide_for_site), tools/wasm_image.py",
    changes: "Ships pyodide.asm.wasm without the 2,860 libc++ function exports that Pyodide's JavaScript never names.",
    gains: "72 KB less to download on a first visit.",
    off: "npm's pyodide.asm.wasm, byte for byte.",
  },
  {
    name: "wrap-at-once",
    when: "build",
    where: "tools/build/slim.py (runtime_patched, RUNTIME_EDITS), tools/wrap-at-once.js",
    changes: "Edits Emscripten's generated pyodide.asm.mjs so that one wasm module wraps the ~260 JavaScript " +
      "functions the global offset table needs instead of one module each; every slot stays the same.",
    gains: "34 to 8-20 ms of the desktop's main thread, 48 to 28 ms on the phone profile; first visits 70-130 ms sooner.",
    off: "npm's pyodide.asm.mjs text.",
  },
  {
    name: "compile-hint",
    when: "build",
    where: "tools/build/slim.py (compile_eagerly, EAGER_HINT)",
    changes: "Puts V8's //# allFunctionsCalledOnLoad hint at the top of pyodide.asm.mjs.",
    gains: "Phone profile: first reloads 2.76 to 2.45 s, later ones 2.21 to 2.03 s.",
    off: "No hint: V8 compiles each function the first time it runs.",
  },
  {
    name: "snapshot-xor",
    when: "build",
    where: "tools/build/snapshot.py (ship_snapshot), tools/wasm_image.py; undone by snapshot-in-place",
    changes: "Ships the snapshot's first 3.8 MB (the wasm's static data) XORed with the wasm's data segments.",
    gains: "About 1 MB less to download on a first visit.",
    off: "The snapshot ships whole.",
  },
  {
    name: "no-jspi",
    when: "run time",
    where: "shell/patches.mjs (hideJspi), shell/pyodide-boot.mjs (boot), shell/snapshot-worker.mjs",
    changes: "Removes WebAssembly.Suspending and WebAssembly.Suspender before Pyodide loads, in the page and in " +
      "the snapshot worker: Pyodide then finds no JSPI (JavaScript Promise Integration) and runs Python on the " +
      "page's own stack, never on a stack of its own (run_sync, which the game does not use, is refused).",
    gains: "No crashed tab: Chromium 156 killed the page's renderer (SIGSEGV) when it walked the frame pointers " +
      "of a sampled allocation made on a JSPI stack and ran past that stack's end (5 crash dumps, one " +
      "instruction; 3 of about 12 runs of e2e/test_kill.py, 41 starts each; none in 20 runs with it). " +
      "Pyodide's tracker has reports of such crashes " +
      "with JSPI on (pyodide/pyodide#5702, #6106).",
    off: "Pyodide uses JSPI where the browser has it (Chrome 137 and later).",
  },
];

// Not switchable, and so not in PATCHES: shell/pyscript-setup.js clears
// PyScript's worker hook (hooks.worker.onBeforeRunAsync), which PyScript
// compiles with Function(): without that the page's Content Security Policy
// refuses it. It changes nothing a start does otherwise, and gains nothing.

const OFF = new Set(EARLY.patchesOff);

/** Whether the patch NAME is on for this visit.
 * @param {string} name */
export function patchOn(name) {
  return !OFF.has("all") && !OFF.has(name);
}

// ---- JSPI, hidden ------------------------------------------------------------------

/** Removes JSPI from the page's WebAssembly before Pyodide looks for it (the
 * no-jspi patch); snapshot-worker.mjs does the same in its worker. Returns
 * whether the browser had it. */
export function hideJspi() {
  const wasm = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (WebAssembly));
  const had = "Suspending" in wasm || "Suspender" in wasm;
  delete wasm.Suspending;
  delete wasm.Suspender;
  return had;
}

// ---- fetch, as the start sees it ----------------------------------------------------
// Parts of the start answer or watch some of the page's requests while Pyodide
// and PyScript start: the first visit's downloads and their progress, the
// wasm compiled early, the standard library a snapshot start defers.
// Each adds a hook, hook(url, input, init, next) -> a promise of a Response
// (next() passes the request on); the newest runs first. Removing one leaves
// the others in place, and the page's own fetch comes back with the last.

/** @typedef {(url: string, input: RequestInfo | URL, init: RequestInit | undefined, next: () => Promise<Response>) => Promise<Response>} FetchHook */

/** @type {FetchHook[]} */
const fetchHooks = [];
/** The page's own fetch, as it was when the first hook came. */
let pageFetch = globalThis.fetch;

/** @param {RequestInfo | URL} input */
function requestURL(input) {
  return input instanceof Request ? input.url : new URL(String(input), location.href).href;
}

/** @param {RequestInfo | URL} input @param {RequestInit} [init] @returns {Promise<Response>} */
function fetchThroughHooks(input, init) {
  const url = requestURL(input);
  const hooks = fetchHooks.slice();
  /** @param {number} i @returns {Promise<Response>} */
  const next = (i) => (i < 0 ? pageFetch.call(globalThis, input, init) : hooks[i](url, input, init, () => next(i - 1)));
  return next(hooks.length - 1);
}

/** Adds HOOK in front of the page's fetch; returns what removes it.
 * @param {FetchHook} hook */
export function hookFetch(hook) {
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

/** Answers every request for URL with an empty body until the returned stop().
 * @param {string} url @param {HeadersInit} [headers] */
export function answerEmpty(url, headers) {
  return hookFetch((requested, input, init, next) =>
    requested === url ? Promise.resolve(new Response(new Uint8Array(0), { headers })) : next(),
  );
}

// ---- WebAssembly.instantiateStreaming, as Pyodide calls it ---------------------------

/** @typedef {typeof WebAssembly.instantiateStreaming} InstantiateStreaming */

/** Puts REPLACEMENT (given the original) in WebAssembly.instantiateStreaming's
 * place; returns what puts the original back (unless replaced again since).
 * @param {(original: InstantiateStreaming) => InstantiateStreaming} replacement */
function replaceInstantiateStreaming(replacement) {
  const original = WebAssembly.instantiateStreaming;
  const replaced = replacement(original);
  WebAssembly.instantiateStreaming = replaced;
  return () => {
    if (WebAssembly.instantiateStreaming === replaced) WebAssembly.instantiateStreaming = original;
  };
}

/** early-wasm. While Pyodide starts: its request for the wasm is answered at
 * once, without a download, and its instantiateStreaming instantiates the
 * module compiled early (or, if that failed, downloads and compiles as it
 * would have). Returns what undoes both.
 * @param {Promise<WebAssembly.Module>} module */
export function useEarlyWasm(module) {
  const unhook = hookFetch((url, input, init, next) =>
    url === WASM_URL ? Promise.resolve(new Response(null, { headers: { "content-type": "application/wasm" } })) : next(),
  );
  const restore = replaceInstantiateStreaming((original) =>
    async function instantiateCompiledEarly(source, imports) {
      let compiled;
      try {
        compiled = await module;
      } catch {
        return original.call(WebAssembly, pageFetch.call(globalThis, WASM_URL), imports);
      }
      return { module: compiled, instance: await WebAssembly.instantiate(compiled, imports) };
    },
  );
  return () => {
    unhook();
    restore();
  };
}

// ---- the snapshot, filled in place (snapshot-in-place) --------------------------------
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
// Then it hands the instance on. If anything is wrong, the snapshot's magic
// number is cleared: Pyodide refuses it, and the page starts normally.

/**
 * A snapshot on its way to Pyodide.
 * @typedef {object} SnapshotSource
 * @property {Uint8Array} target what Pyodide is given (_loadSnapshot)
 * @property {Promise<unknown>} filled settles once TARGET holds its bytes (or with what went wrong)
 * @property {Promise<ArrayBuffer>} [stored] a stored snapshot's packed bytes (then TARGET is a SnapshotHeader)
 */

/** Returns what undoes the hook.
 * @param {SnapshotSource} snapshot
 * @param {{end: number, checksum: number} | null} base */
export function fillOnInstantiate(snapshot, base) {
  let done = false;
  return replaceInstantiateStreaming((original) =>
    async function instantiateAndFill(source, imports) {
      const result = await original.call(WebAssembly, source, imports);
      if (done) return result;
      done = true;
      const { target } = snapshot;
      const memory = /** @type {WebAssembly.Memory} */ (result.instance.exports.memory);
      try {
        await snapshot.filled;
        if (base) unmixSnapshot(target, memory.buffer, base);
        if (snapshot.stored && target instanceof SnapshotHeader) {
          const buffer = await snapshot.stored;
          const writeMemory = unpackSnapshotInto(buffer, target);
          target.restore = () => writeMemory(new Uint8Array(memory.buffer));
        }
      } catch (error) {
        console.warn("The Pyodide snapshot is damaged:", error);
        new DataView(target.buffer, target.byteOffset, 4).setUint32(0, 0, true);
      }
      return result;
    },
  );
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
export class SnapshotHeader extends Uint8Array {
  /** @type {(() => void) | null} */
  restore = null;
  restored = false;

  /** @override @param {number} [begin] @param {number} [end] @returns {Uint8Array<ArrayBuffer>} */
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

// ---- files read when first used (lazy-files) ---------------------------------------

/** One synchronous GET of URL's bytes (bytes through the "x-user-defined"
 * charset), or null: for a read that cannot wait for a promise (an import).
 * @param {string} url */
export function fetchBytesSync(url) {
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

/** Makes a file's content in Pyodide's file system lazy (NODE: its MEMFS
 * node): read before it came, it is fetched there and then, synchronously,
 * from URL (an import cannot wait for a promise), and ON_DEMAND() is told; if
 * that fails too (offline without it), the file reads as empty. With its SIZE
 * known, a stat answers without fetching it (the snapshot's import system
 * checks the size of what it compiled). Returns fetchLater(), which reads it
 * in the background (READ) and resolves to whether it came.
 * @param {object} node
 * @param {string} url
 * @param {() => void} onDemand
 * @param {number | null} size
 * @param {(url: string) => Promise<Response>} read */
export function lazyContents(node, url, onDemand, size, read) {
  /** @type {Uint8Array | null} */
  let bytes = null;
  const load = () => {
    if (!bytes) {
      bytes = fetchBytesSync(url) ?? new Uint8Array(0);
      onDemand();
    }
    return bytes;
  };
  Object.defineProperty(node, "contents", {
    configurable: true,
    get: load,
    set: (/** @type {Uint8Array} */ value) => {
      bytes = value;
    },
  });
  const usedBytes = () => (bytes || size === null ? load().length : size);
  Object.defineProperty(node, "usedBytes", { configurable: true, get: usedBytes, set: () => {} });
  return async function fetchLater() {
    const response = await read(url);
    if (!response.ok) return false;
    const data = new Uint8Array(await response.arrayBuffer());
    if (!bytes || !bytes.length) bytes = data;
    return true;
  };
}

/** Pyodide's fsInit hook that calls THEN(node) right after the first
 * FS.writeFile of a path PATTERN matches (Pyodide writes the standard
 * library's zip in a step after fsInit, before the snapshot is restored).
 * @param {RegExp} pattern
 * @param {(node: object) => void} then
 * (Pyodide types the hook as async: the watch is in place when it returns.)
 * @returns {(FS: any) => Promise<void>} */
export function watchFileWrite(pattern, then) {
  return async (FS) => {
    const write = FS.writeFile;
    FS.writeFile = function writeFileThenWatch(/** @type {unknown} */ path, /** @type {unknown[]} */ ...rest) {
      const result = write.call(this, path, ...rest);
      if (typeof path === "string" && pattern.test(path)) {
        FS.writeFile = write;
        then(FS.lookupPath(path).node);
      }
      return result;
    };
  };
}

// ---- PyScript's package (pyscript-package) ---------------------------------------------

/** Makes PYODIDE write PyScript's package from JavaScript (pyscript-package.mjs).
 * @param {any} pyodide @param {(count: number) => void} written */
export function usePyScriptPackageFromJavaScript(pyodide, written) {
  writePackageFromJavaScript(pyodide, written);
}
