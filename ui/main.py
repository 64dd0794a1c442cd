"""The game's entry point in the browser.

PyScript runs this file (index.html: ``<script type="py" src="./ui/main.py"
config="./pyscript.toml">``) once Pyodide is up and every ``engine/`` and
``ui/`` module has been copied into its file system (the ``[files]`` table that
tools/build.py generates), so ``import engine`` and ``import ui.x`` just work.

It starts the table (:mod:`ui.app`) in ``#app`` and then tells the shell the
game is ready (``window.spiderShell.ready()``: tests and benchmarks wait for
``<html data-ready>``) — only once a card can be dragged.  A failure to start
is reported through ``window.spiderShell.fail``.
"""

from __future__ import annotations

import traceback

from ui.dom import document, window


def main() -> None:
    shell = window.spiderShell
    try:
        from ui.app import TableApp

        app = TableApp(document.getElementById("app"))
        app.start()
        window.spiderTable = app  # for debugging from the console
    except Exception as error:  # pragma: no cover - shown to the player
        traceback.print_exc()
        shell.fail(f"{type(error).__name__}: {error}")
        return
    shell.ready()
    app.preload_faces()


main()
