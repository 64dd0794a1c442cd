"""A build with every patch to Pyodide, PyScript and Emscripten switched off
(python -m tools.build --no-patch all, into a folder of its own) starts and plays
in Chromium: Pyodide and PyScript as published, no snapshot, no early
download, PyScript's own package snippet run as Python. shell/patches.mjs
lists the patches; docs/pyodide-upgrade.md says how to check each."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tablekit import DESKTOP, TablePage, deal_with_moves, first_drag_move, table_browser

import engine
from tools import serve
from tools.build import site as site_build
from tools.build.common import BUILD_PATCHES, RUNTIME_PATCHES

pytestmark = pytest.mark.cpython_only


@pytest.fixture(scope="module")
def nopatch_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    out = tmp_path_factory.mktemp("nopatch") / "_site-nopatch"
    info = site_build.build(out, compress=False, patches_off=frozenset({"all"}))
    assert info["patches_off"] == sorted(BUILD_PATCHES + RUNTIME_PATCHES)
    server = serve.start(out)
    yield server.url.rstrip("/") + "/"
    server.shutdown()
    server.server_close()


def test_a_build_with_every_patch_off_starts_and_plays(table_browser: Any, nopatch_url: str) -> None:
    t = TablePage(table_browser, nopatch_url, DESKTOP)
    requests: list[str] = []
    t.page.on("request", lambda request: requests.append(request.url.split("?")[0].rsplit("/", 1)[-1]))
    try:
        deal = deal_with_moves("spider-1")
        game = engine.new_game("spider-1", deal)
        t.open(f"#spider-1/{deal}")
        state = t.page.evaluate(
            """() => ({
                boot: document.documentElement.dataset.boot,
                snapshot: document.documentElement.dataset.snapshot,
                off: spiderShell.early.patchesOff,
                pyscriptFiles: spiderShell.bootInfo.pyscriptFiles ?? null,
                counted: spiderShell.bootLog.filter(([, , text]) => / of [\\d.]+ MB$/.test(text)).length,
                pyscript: spiderShell.pyodide.runPython("import sys; 'pyscript' in sys.modules"),
                jspi: [document.documentElement.dataset.jspi ?? null, spiderShell.pyodide._module.jspiSupported],
            })"""
        )
        # A normal start, no snapshot; PyScript's snippet ran as Python and
        # imported its package; no download counted in bytes.
        assert state["boot"] == "normal" and state["snapshot"] == "off", state
        assert set(RUNTIME_PATCHES) <= set(state["off"]), state
        assert state["pyscriptFiles"] is None and state["pyscript"] is True, state
        assert state["counted"] == 0, state
        # JSPI left to Pyodide, which takes it (this Chromium has it).
        assert state["jspi"] == [None, True], state
        # Its wasm downloaded once, and no snapshot.
        assert requests.count("pyodide.asm.wasm") == 1 and not [n for n in requests if n.endswith(".bin")], requests
        # A move by a drag, checked against the engine.
        move = first_drag_move(game)
        assert move is not None
        t.drag_move(game, move)
        game.play(move)
        t.wait_moves(1)
        t.expect_game(game)
        assert not t.errors, t.errors
    finally:
        t.close()
