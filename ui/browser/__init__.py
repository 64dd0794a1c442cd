"""The browser: the only code that touches ``js``, ``pyodide`` or ``pyscript``.

The document and the FFI (:mod:`ui.browser.dom`), the storage's database
through ``shell/store.js`` (:mod:`ui.browser.store`), Web Audio
(:mod:`ui.browser.audio`), and the rest of the standard library fetched on
first use (:mod:`ui.browser.stdlib`).  Every other part reaches the page
through these typed wrappers.
"""
