"""Assemble the deployable site into one folder (default ``_site/``).

Run it from the project folder as ``python -m tools.build`` (``--help`` lists
the options).  The standard library and Babel (the catalogs); Node, when there, runs the snapshot
maker, esbuild and brotli.  The site is:

* our files: ``index.html``, ``manifest.webmanifest``, ``shell/**``,
  ``assets/**``, ``engine/**/*.py``, ``solver/**/*.py``, ``ui/**/*.py``, with the placeholders
  in our text files filled (:mod:`.templates`);
* ``i18n/<code>.json``: each language's translation catalog, compiled
  (:mod:`.catalogs`);
* ``pyscript.toml`` as it is (without a ``[files]`` table: the page's loader
  writes the Python files into Pyodide's file system itself);
* the vendored Pyodide and PyScript files the page really loads, under
  ``vendor/pyodide-<version>/`` and ``vendor/pyscript-<version>/``;
* ``sw.js`` with the precache list: every file of the build with its
  SHA-256, and a cache name that is a hash of the whole content;
* ``snapshot/pyodide-<version>-<hash>.bin``: a Pyodide memory snapshot,
  left out of the precache and of the content hash, skipped without Node or
  with ``--no-snapshot``;
* beside every compressible file of 1 KB or more, ``X.br`` and ``X.gz``
  (``--no-compress`` leaves them out);
* every script and stylesheet minified, our Pyodide loader
  (``shell/pyodide-boot.mjs`` and the modules it imports) bundled into one
  module first (``--no-minify`` leaves them all as they are).

Every patch to Pyodide, PyScript or Emscripten is listed in
``shell/patches.mjs``; ``--no-patch NAME`` (repeatable, or ``all``) switches
one off: a build patch here, a run-time one for every visit of the build
(``BUILD_PATCHES`` and ``RUNTIME_PATCHES`` in :mod:`.common`).

One module a job, in the order the build runs them:

* :mod:`.vendor`: picking the vendor files;
* :mod:`.slim`: slimming Pyodide (its wasm's exports, text edits to
  Emscripten's generated module, V8's eager-compile hint);
* :mod:`.imports`: analysing our imports (and the standard library's);
* :mod:`.stdlib`: trimming the standard library (the start-up modules are
  listed in ``stdlib-keep.txt``);
* :mod:`.snapshot`: making and XORing the snapshot;
* :mod:`.faces`: folding the card faces into CSS;
* :mod:`.catalogs`: compiling the translation catalogs;
* :mod:`.templates`: filling the placeholders (every one documented there);
* :mod:`.minify` and :mod:`.compress`: bundling the loader, minifying and
  compressing;
* :mod:`.site`: our files, the jobs in order, the folder written;
  :mod:`.common`: what they share.
"""

from .common import BuildError
from .site import build

__all__ = ["BuildError", "build"]
