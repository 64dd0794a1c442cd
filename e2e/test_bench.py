"""The page-load benchmark (bench/load.py) works: its bare-CDP driver
(bench/cdp.py) opens the site as a player's browser would, and the benchmark
reads a first visit and a start from the stored snapshot.  Not its figures:
timing belongs to the benchmark, which prints them beside the targets.  That
the benchmark goes through every step it reports is checked by its smoke run
(``python -m bench.load --quick``, in ``tools/test.sh``), which fails when a
step gives no figure."""

from __future__ import annotations

import load
from cdp import Browser, CDPError
from conftest import Site
from harness import LAUNCH_ARGS, PROFILES, chromium_path

from tools import serve


def test_the_driver_sees_a_first_visit_and_a_start_from_the_stored_snapshot(built_site: Site) -> None:
    server = serve.start(built_site.path)
    executable = chromium_path()
    assert executable, "bench/cdp.py starts a Chromium of its own"
    try:
        with Browser(executable, LAUNCH_ARGS) as browser:
            page = browser.new_page(PROFILES["phone"])
            first = load.measure_page(page, server.url, load.NETWORKS["desktop"], count_bytes=True)
            assert first["boot"] == "shipped"
            assert 0 < first["paint"] < first["ready"]
            # Bytes as sent, per file: the two big downloads, compressed.
            wasm = next(built_site.path.glob("vendor/pyodide-*/pyodide.asm.wasm")).stat().st_size
            assert 0 < first["per_file"]["pyodide.asm.wasm"] < 0.5 * wasm
            assert 4e6 < first["bytes"] < 7e6
            assert page.evaluate("innerWidth") == 390  # the phone's screen
            load.wait_quietly(page, "offline", "ready")
            load.wait_quietly(page, "snapshot", "saved")
            page.close()
            page = browser.new_page(PROFILES["phone"])
            again = load.measure_page(page, server.url, load.NETWORKS["desktop"], count_bytes=False)
            assert again["boot"] == "snapshot" and again["picture"] is not None
            try:
                page.evaluate("no_such_name")
            except CDPError as error:
                assert "no_such_name" in str(error)
            else:
                raise AssertionError("an evaluation that throws raises CDPError")
        # Closed: the browser has exited and its profile is gone.
        assert browser.process.poll() is not None and not browser.folder.exists()
    finally:
        server.shutdown()
        server.server_close()
