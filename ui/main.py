"""The game's entry point in the browser.

PyScript runs this file (index.html: ``<script type="py" src="./ui/main.py"
config="./pyscript.toml">``) once Pyodide is up with every ``engine/`` and
``ui/`` module in its file system (written by our loader,
shell/pyodide-boot.mjs), so ``import engine`` and ``import ui.x`` just work.

It starts the table (:mod:`ui.app`) in ``#app``, telling the loading bar
each step (``window.spiderShell.progress``), in the player's language
(:mod:`ui.i18n.text_view`, loaded before the table is drawn), and then tells the shell the
game is ready (``window.spiderShell.ready()``: tests and benchmarks wait for
``<html data-ready>``) — only once a card can be dragged.  A failure to start
is reported through ``window.spiderShell.fail``.  A first move a new player
made on the welcome deal while Python started is played just before
(:meth:`ui.app.TableApp.play_first_move`).
"""

from __future__ import annotations

import asyncio
import sys
import traceback

from ui.browser.dom import document, first_move_done, first_move_take, full_stdlib_bytes, stdlib_rest, window
from ui.browser.stdlib import FullLibrary


async def main() -> None:
    shell = window.spiderShell
    # The site ships a trimmed standard library: an import it cannot serve
    # fetches the whole one (ui/browser/stdlib.py).
    sys.meta_path.append(FullLibrary(full_stdlib_bytes, stdlib_rest()))
    try:
        from ui.app import TableApp
        from ui.browser.store import opened
        from ui.i18n.text_view import Language
        from ui.storage.settings import Settings
        from ui.storage.store import SETTINGS

        # The loading bar's last tenth, step by step (shell/boot.js, its shares).
        shell.progress(0.93, "Setting up the table…")
        # shell/store.js has been reading the database while Python loaded
        saved = await opened()
        # the player's language before the first word is drawn (its catalog only)
        language = Language()
        await language.start(Settings.from_text(saved.records.get(SETTINGS)).language)
        shell.progress(0.95, "Dealing…")
        app = TableApp(document.getElementById("app"), saved, language)
        await app.start()
        window.spiderTable = app  # for debugging from the console
    except Exception as error:  # pragma: no cover - shown to the player
        traceback.print_exc()
        shell.fail(f"{type(error).__name__}: {error}")
        return
    # A first move made on the welcome deal while Python started: played (or
    # refused with its reason) now, as the table is shown.
    kept = first_move_take()
    if kept is not None:
        try:
            app.play_first_move(kept)
        except Exception:  # pragma: no cover - the game goes on without it
            traceback.print_exc()
        first_move_done()
    shell.ready()


started = asyncio.ensure_future(main())  # noqa: RUF006 - kept in this global while it runs
