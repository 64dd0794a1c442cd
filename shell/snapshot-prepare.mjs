// @ts-check
// What goes into a Pyodide memory snapshot, shared by the two places that
// make one: shell/snapshot-worker.mjs (in the browser, after a normal start)
// and tools/make_snapshot.mjs (in Node, at build time: the snapshot shipped
// with the site).
//
// A snapshotting instance must not hold references to JavaScript objects it
// cannot serialise (the DOM among them), so it only
//  * imports modules that need no browser as they import (the standard
//    library, Pyodide's package, all of ours: ui/browser/dom.py reaches the browser
//    on first use), and
//  * compiles, without running, the modules that do (PyScript's package, for
//    a snapshot made in the browser): a finder at the head of sys.meta_path
//    hands their code objects to the restored interpreter's imports, once
//    each, if the file there still has the same size; otherwise the normal
//    import system takes over.

const PREPARE = `
import importlib, sys, types

FINDER = '''
import importlib.util, os

class Precompiled:
    """Modules compiled into the memory snapshot: name -> (path, is_package,
    size, code). Each is used once; a file that changed size is left to the
    normal import system."""

    def __init__(self, codes):
        self.codes = codes

    def find_spec(self, name, path=None, target=None):
        entry = self.codes.get(name)
        if entry is None:
            return None
        origin, is_package, size, _ = entry
        try:
            if os.stat(origin).st_size != size:
                return None
        except OSError:
            return None
        spec = importlib.util.spec_from_loader(name, self, origin=origin, is_package=is_package)
        spec.has_location = True
        if is_package:
            spec.submodule_search_locations = [os.path.dirname(origin)]
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        code = self.codes.pop(module.__name__)[3]
        exec(code, module.__dict__)

    def invalidate_caches(self):
        pass
'''

imported = []
for name in names:
    try:
        importlib.import_module(name)
    except Exception:
        continue
    imported.append(name)

finder_module = types.ModuleType("_spider_precompiled")
exec(FINDER, finder_module.__dict__)
sys.modules["_spider_precompiled"] = finder_module
codes = {}
for name, path, is_package, source in sources:
    if name in sys.modules:
        continue
    try:
        code = compile(source, path, "exec", dont_inherit=True)
    except SyntaxError:
        continue
    codes[name] = (path, bool(is_package), len(source.encode("utf-8")), code)
if codes:
    sys.meta_path.insert(0, finder_module.Precompiled(codes))
compiled = sorted(codes)
[imported, compiled]
`;

/** The environment every Pyodide of the game starts with (the page's own
 * in shell/pyodide-boot.mjs says the same): Python's -OO, no docstrings and
 * no asserts (the game's asserts only narrow types). Docstrings were a tenth
 * of a snapshot's heap: 0.3 MB less on a first visit. And -X no_debug_ranges: code
 * objects keep their line numbers, not the column ranges a traceback
 * underlines with; another 0.3 MB less. */
export const PYTHON_ENV = { PYTHONOPTIMIZE: "2", PYTHONNODEBUGRANGES: "1" };

/** Write the game's Python files into Pyodide's file system, at the paths
 * the page uses (relative to the home folder), so that the restored import
 * system finds exactly what it cached. ``files`` is [[url, path]];
 * ``read(url)`` resolves to the file's bytes. */
/** @param {any} pyodide @param {[string, string, ...unknown[]][]} files
 * @param {(url: string) => Promise<Uint8Array>} read */
export async function writePythonFiles(pyodide, files, read) {
  const home = pyodide.FS.cwd();
  await Promise.all(
    files.map(async ([url, path]) => {
      const data = await read(url);
      const target = pyodide.PATH.normalize(`${home}/${path}`);
      pyodide.FS.mkdirTree(pyodide.PATH.dirname(target));
      pyodide.FS.writeFile(target, data);
    }),
  );
}

/** The bytes of ``url``, relative to ``siteURL``; an HTTP error throws. */
/** @param {string} siteURL @param {string} url */
export async function readSiteFile(siteURL, url) {
  const response = await fetch(new URL(url, siteURL));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Import ``imports`` (names; failures are skipped) and compile ``compiled``
 * ([name, path, isPackage, source]) into the interpreter, then drop every
 * reference the work held and zero the free memory. Returns [imported names,
 * compiled names]. */
/** @param {any} pyodide @param {string[]} imports @param {[string, string, boolean, string][]} compiled
 * @returns {[string[], string[]]} */
export function prepareSnapshot(pyodide, imports, compiled) {
  const scope = pyodide.toPy({ names: imports, sources: compiled });
  let result;
  try {
    const proxy = pyodide.runPython(PREPARE, { globals: scope });
    result = proxy.toJs();
    proxy.destroy();
    // Drop every reference this scope holds before the memory is copied.
    pyodide.runPython("globals().clear()\nimport gc\ngc.collect()", { globals: scope });
  } finally {
    scope.destroy();
  }
  zeroFreeMemory(pyodide._module);
  return result;
}

/** Zero the C heap's free memory, which still holds what it held when in use
 * (source text, the compiler's buffers): zeros compress to next to nothing,
 * and the shipped snapshot is about 0.1 MB smaller for it. Only malloc and
 * free: the free space at the heap's top is taken as one block, then every
 * free block below, each zeroed, and all given back. A request that needed
 * more memory from the system (the allocator's footprint grew) is given back
 * at once; such a request is at most 1 MiB, so the wasm memory (30 MiB, a
 * third of it in use) never grows: a grown one would not restore. Returns
 * the bytes zeroed. */
/** @param {any} module Pyodide's Emscripten module (its private _module) */
export function zeroFreeMemory(module) {
  /** @type {number[]} */
  const held = [];
  let zeroed = 0;
  // A block from the free memory the heap has, zeroed; 0 if there is none.
  const take = (/** @type {number} */ size) => {
    const footprint = module._malloc_footprint();
    const block = module._malloc(size);
    if (!block || module._malloc_footprint() !== footprint) {
      if (block) module._free(block);
      return 0;
    }
    const usable = module._malloc_usable_size(block); // it may be more than asked
    module.HEAPU8.fill(0, block, block + usable);
    held.push(block);
    zeroed += usable;
    return block;
  };
  const info = module._malloc(64);
  module._mallinfo(info); // struct mallinfo: its 10th int is the top's size
  const topSize = module.HEAPU32[(info >> 2) + 9];
  module._free(info);
  if (topSize > 128) take(topSize - 64);
  for (let size = 1 << 20; size >= 8; size >>= 1) while (take(size));
  for (const block of held) module._free(block);
  return zeroed;
}
