// @ts-check
// The Python a start needs in Pyodide's file system: the game's files, the
// trimmed standard library Pyodide mounts, and the whole one for an import
// the trimmed one lacks.
//
// The game's files. PyScript does not copy them (pyscript.toml has no [files]
// table): this loader puts them in Pyodide's file system, at PYTHON_FILES'
// paths under the home folder, as each start needs them. <html
// data-python-files> says how.
//  * A normal start imports them all: they download while Pyodide starts and
//    are written before PyScript runs main.py ("written").
//  * A start from a snapshot has imported or compiled them already (a stored
//    snapshot, those the page had imported when it was made). Every file is
//    there at once, but empty until read ("deferred"): after the table they
//    are read in the background ("fetched", see whenSettled); a file read
//    before that, by an import the snapshot lacks or for a traceback's source
//    line, is fetched there and then, synchronously ("fetched-on-demand").
//    A first visit downloads 0.2 MB less before the table, and a return visit
//    writes nothing on its way to it. (With lazy-files off, a start from a
//    snapshot writes them as a normal start does.)

import {
  DEFERRED_STDLIB_URL,
  FULL_STDLIB_URL,
  PYTHON_FILES,
  SITE_URL,
  STDLIB_REST,
  STDLIB_URL,
  html,
  info,
  readInBackground,
  setInfo,
  shell,
  whenSettled,
} from "./loader-context.mjs";
import { answerEmpty, fetchBytesSync, lazyContents, watchFileWrite } from "./patches.mjs";

/** Begins the downloads of every file, and gives the step that writes them
 * once Pyodide is up.
 * @returns {(pyodide: any) => Promise<void>} */
export function fetchPythonFiles() {
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
    await writePythonFiles(pyodide, PYTHON_FILES, (/** @type {string} */ url) => /** @type {Promise<Uint8Array>} */ (files.get(url)));
    setInfo("pythonFiles", "written");
  };
}

/** A start from a snapshot (lazy-files): every file, empty until read.
 * @param {any} pyodide */
export function deferPythonFiles(pyodide) {
  const { FS, PATH } = pyodide;
  const home = FS.cwd();
  /** @type {[object, string, number][]} */
  const files = PYTHON_FILES.map(([url, path, size]) => {
    const target = PATH.normalize(`${home}/${path}`);
    FS.mkdirTree(PATH.dirname(target));
    FS.writeFile(target, new Uint8Array(0));
    return [FS.lookupPath(target).node, new URL(url, SITE_URL).href, size];
  });
  readAfterTable("pythonFiles", files);
}

/** Makes FILES ([MEMFS node, url, size or null]) lazy, and reads them after
 * the table, unless CANCELLED(). <html data-KEY> says how they came:
 * "deferred", then "fetched" once all have, or "fetched-on-demand" if one was
 * read first.
 * @param {string} key
 * @param {[object, string, (number | null)?][]} files
 * @param {() => boolean} [cancelled] */
function readAfterTable(key, files, cancelled = () => false) {
  const onDemand = () => setInfo(key, "fetched-on-demand");
  const later = files.map(([node, url, size = null]) => lazyContents(node, url, onDemand, size, readInBackground));
  setInfo(key, "deferred");
  whenSettled(async () => {
    if (cancelled()) return;
    const came = await Promise.all(later.map((fetchLater) => fetchLater().catch(() => false)));
    if (came.every(Boolean) && info[key] === "deferred") setInfo(key, "fetched");
  });
}

// ---- the whole standard library, for ui/browser/stdlib.py ------------------------------
// The site ships a trimmed standard library; the first import it cannot serve
// asks for the whole one. An import cannot wait for a promise, so this request
// is synchronous; it is made at most once, and the service worker has the file
// for offline play.
shell.stdlibRest = STDLIB_REST;
shell.fetchFullStdlib = () => fetchBytesSync(FULL_STDLIB_URL);

// ---- the trimmed standard library, after the table (lazy-files) -------------------
// A start from a snapshot has imported everything the page needs to become
// ready, so the standard library it mounts (0.9 MB) need not come first:
// Pyodide gets an empty file at its place, whose content is filled in on first
// use. After the table it is read in the background (whenSettled); an import
// that needs it earlier fetches it there and then, synchronously (as the whole
// library is, above). The snapshot's import caches describe the very same zip,
// so the file it finds is the one it expects. <html data-stdlib> says how it
// came: "deferred", then "fetched", or "fetched-on-demand".

/**
 * @typedef {object} StdlibDeferral
 * @property {(FS: any) => Promise<void>} fsInit Pyodide's fsInit option
 * @property {() => void} cancel for a start that fell back to a normal one
 * @property {() => void} stop stops answering DEFERRED_STDLIB_URL
 */

/** Answers Pyodide's request for DEFERRED_STDLIB_URL with an empty file until
 * stop(), and gives its fsInit hook, which runs before the empty zip is
 * written (Pyodide awaits its download in a step before it, but does not wait
 * to run the next): it watches for that write, then makes the file's content
 * a lazy one, all before the snapshot is restored.
 * @returns {StdlibDeferral} */
export function deferStdlib() {
  const stop = answerEmpty(DEFERRED_STDLIB_URL);
  let cancelled = false;
  const cancel = () => {
    cancelled = true;
    delete info.stdlib;
    delete html.dataset.stdlib;
  };
  // Offline: fetched on demand, or never needed.
  const fsInit = watchFileWrite(/^\/lib\/python\d+\.zip$/, (node) =>
    readAfterTable("stdlib", [[node, STDLIB_URL]], () => cancelled),
  );
  return { fsInit, cancel, stop };
}
