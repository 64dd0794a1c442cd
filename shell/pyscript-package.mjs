// @ts-check
// PyScript's own Python package (`pyscript`), written into Pyodide's file
// system from JavaScript instead of by Python. Pure functions, tested under
// Node (tests/test_pyscript_package.py) against PyScript's real snippet.
//
// Before the page's first script, PyScript runs one Python snippet of about
// 33 KB: a `_path.write_text("…")` line per file of its package, then
// `import pyscript`. Parsing and running that snippet, and importing the 16
// modules of the package, took about 120 ms of a desktop reload (about four
// times that on the phone profile), and the game needs none of it: ui/browser/dom.py
// reaches `window`, `document` and the FFI through Pyodide's `js` and
// `pyodide.ffi`, which is what PyScript's own names are on the main thread.
//
// So the loader hands PyScript an interpreter whose runPython and
// runPythonAsync recognise that snippet: the files are written here (the
// package stays importable: a later `import pyscript` finds them), and only
// what follows the snippet (PyScript's other start-up code, a few lines) runs
// as Python. A snippet with any line this module does not know runs as it
// is: a PyScript that writes its package another way is not second-guessed.

const FIRST_LINES = ["import os as _os", "from pathlib import Path as _Path"];
const PATH_LINE = /^_path = _Path\("([^"\\]+)"\)$/;
const TEXT_LINE = /^_path\.write_text\(("(?:[^"\\]|\\.)*"),encoding="utf-8"\)$/;
const DIR_TEST = /^if not _os\.path\.exists\("([^"\\]+)"\):$/;
const DIR_MAKE = "    _path.mkdir(parents=True, exist_ok=True)";
const IMPORT_LINE = "import pyscript as _pyscript";
const CLEANUP = /^del (_Path|_path|_os|_pyscript)$/;

/**
 * Split PyScript's package snippet from CODE.
 *
 * Returns `{ files, dirs, rest }`: `files` is `[[path, text], …]` (paths as
 * the snippet has them, relative to Python's working folder), `dirs` the
 * folders it creates, `rest` the code after the snippet (to run as Python;
 * possibly empty). Returns null when CODE does not start with the snippet, or
 * when any line of it is not one this module knows.
 *
 * @param {string} code
 * @returns {{files: [string, string][], dirs: string[], rest: string} | null}
 */
export function splitPackageSnippet(code) {
  const lines = code.split("\n");
  if (lines[0] !== FIRST_LINES[0] || lines[1] !== FIRST_LINES[1]) return null;
  /** @type {[string, string][]} */
  const files = [];
  /** @type {string[]} */
  const dirs = [];
  let path = null;
  let imported = false;
  let i = 2;
  for (; i < lines.length; i++) {
    const line = lines[i];
    let match;
    if (!imported && line === "_path = None") {
      path = null;
    } else if (!imported && (match = PATH_LINE.exec(line))) {
      path = match[1];
    } else if (!imported && (match = TEXT_LINE.exec(line))) {
      if (path === null) return null;
      let text;
      try {
        text = JSON.parse(match[1]);
      } catch {
        return null;
      }
      if (typeof text !== "string") return null;
      files.push([path, text]);
    } else if (!imported && (match = DIR_TEST.exec(line))) {
      if (lines[i + 1] !== DIR_MAKE || match[1] !== path) return null;
      dirs.push(path);
      i += 1;
    } else if (!imported && line === IMPORT_LINE) {
      imported = true;
    } else if (imported && CLEANUP.test(line)) {
      // the snippet's own names, deleted again
    } else if (imported) {
      break;
    } else {
      return null;
    }
  }
  if (!imported || !files.length) return null;
  return { files, dirs, rest: lines.slice(i).join("\n") };
}

/**
 * Write the snippet's FILES and DIRS into Pyodide's file system, relative to
 * Python's working folder, as `Path.write_text(…, encoding="utf-8")` would.
 *
 * @param {{FS: any, PATH: any}} pyodide
 * @param {[string, string][]} files
 * @param {string[]} dirs
 */
export function writePackage(pyodide, files, dirs) {
  const { FS, PATH } = pyodide;
  const home = FS.cwd();
  for (const dir of dirs) FS.mkdirTree(PATH.normalize(`${home}/${dir}`));
  for (const [path, text] of files) {
    const target = PATH.normalize(`${home}/${path}`);
    FS.mkdirTree(PATH.dirname(target));
    FS.writeFile(target, text, { encoding: "utf8" });
  }
}

/**
 * Make PYODIDE's runPython and runPythonAsync write PyScript's package from
 * JavaScript when they are given its snippet (see above), then run the rest.
 * WRITTEN is called once it has been (with the number of files). Idempotent.
 *
 * @param {any} pyodide
 * @param {(count: number) => void} written
 */
export function writePackageFromJavaScript(pyodide, written) {
  if (pyodide.runPython.writesPyScriptPackage) return;
  const runPython = pyodide.runPython.bind(pyodide);
  const runPythonAsync = pyodide.runPythonAsync.bind(pyodide);
  const take = (/** @type {unknown} */ code) => {
    const snippet = typeof code === "string" ? splitPackageSnippet(code) : null;
    if (!snippet) return null;
    writePackage(pyodide, snippet.files, snippet.dirs);
    written(snippet.files.length);
    return snippet.rest;
  };
  /** @param {unknown} code @param {unknown[]} options */
  const sync = (code, ...options) => {
    const rest = take(code);
    if (rest === null) return runPython(code, ...options);
    return rest.trim() ? runPython(rest, ...options) : undefined;
  };
  /** @param {unknown} code @param {unknown[]} options */
  const async = async (code, ...options) => {
    const rest = take(code);
    if (rest === null) return runPythonAsync(code, ...options);
    return rest.trim() ? runPythonAsync(rest, ...options) : undefined;
  };
  sync.writesPyScriptPackage = true;
  pyodide.runPython = sync;
  pyodide.runPythonAsync = async;
}
