"""A move survives the browser being killed right after it.

A phone kills a background tab without warning; a desktop browser can
crash.  Every action is committed to the database with strict durability
before the next one (shell/store.js, ui/storage/store.py), so ``kill -9`` of the
whole browser 200 ms after a move keeps the move.

The test runs Chromium on a persistent profile (a user-data folder), plays
one move, waits the 200 ms the experiment is about, kills the browser
process with SIGKILL, starts it again on the same profile and checks the
game came back with that move: 20 times in a row.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import LAUNCH_ARGS, READY_TIMEOUT_MS, chromium_path
from tablekit import first_drag_move, stored_game

import engine
from ui.table.cards import tableau_pile

TRIALS = 20
AFTER_MOVE_MS = 200


def browser_pids(profile: Path) -> list[int]:
    """The browser process (not its renderers) running on ``profile``."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(a == f"--user-data-dir={profile}".encode() for a in args) and not any(
            a.startswith(b"--type=") for a in args
        ):
            out.append(int(entry.name))
    return out


def _ppids() -> dict[int, int]:
    """Every live process and its parent (zombies, already dead, left out)."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] != "Z":
            out[int(entry.name)] = int(fields[1])
    return out


def kill_browser(profile: Path) -> None:
    """SIGKILL the browser on ``profile`` and every process under it (its
    renderers, GPU and utility processes) at once, as a phone kills the
    whole app, and return once none of them is alive.  A renderer left
    running after its browser died kept a whole Pyodide in memory while the
    next browser started one: the new page crashed on a small machine.  All
    are stopped (SIGSTOP) before any is killed: killed one after the other,
    the last ones saw the first ones die and reacted in that moment (the
    browser started another GPU process, or aborted with "GPU process isn't
    usable")."""
    pids = set(browser_pids(profile))
    assert pids, "the browser process was not found"
    stopped: set[int] = set()
    while pids - stopped:  # until no new child appears under a stopped tree
        for pid in pids - stopped:
            try:
                os.kill(pid, signal.SIGSTOP)
            except ProcessLookupError:
                pass
        stopped |= pids
        parents = _ppids()
        grew = True
        while grew:
            more = {p for p, pp in parents.items() if pp in pids} - pids
            grew = bool(more)
            pids |= more
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + 30
    while pids & set(_ppids()):
        assert time.monotonic() < deadline, f"processes {sorted(pids & set(_ppids()))} outlived SIGKILL"
        time.sleep(0.02)


@pytest.fixture()
def profile(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "profile"
    path.mkdir()
    yield path
    if browser_pids(path):
        kill_browser(path)


def start(playwright: Any, profile: Path, url: str) -> Any:
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=chromium_path(),
        args=LAUNCH_ARGS,
        headless=True,
        viewport={"width": 1366, "height": 768},
        reduced_motion="reduce",
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector("#table[data-holding]", state="attached")
    page.wait_for_function("() => !document.querySelector('#table').dataset.busy")
    return context, page


def drag(page: Any, g: engine.Game) -> None:
    m = first_drag_move(g)
    assert m is not None, "no move left to play"
    src, dst = tableau_pile(g.rules, m.src), tableau_pile(g.rules, m.dst)
    n = len(g.position.tableau[m.src])
    card = page.locator(f'#table .card[data-in="{src}"][data-pos="{n - m.count}"]').bounding_box()
    cards = page.locator(f'#table .card[data-in="{dst}"]')
    target = (
        cards.nth(cards.count() - 1).bounding_box()
        if cards.count()
        else page.locator(f'#table [data-pile="{dst}"]').bounding_box()
    )
    x, y = card["x"] + card["width"] / 2, card["y"] + 5
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 6, y + 6, steps=2)
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2 + 5, steps=6)
    page.mouse.up()


def test_a_move_survives_a_kill_200_ms_after_it(playwright: Any, site_url: str, profile: Path) -> None:
    url = site_url.rstrip("/") + "/"
    deal = next(d for d in range(1, 200) if _long_game(d))
    context, page = start(playwright, profile, url + f"#spider-1/{deal}")
    survived = []
    for trial in range(TRIALS):
        g = stored_game(page)
        before = len(g.moves)
        drag(page, g)
        page.wait_for_function("n => +document.querySelector('#table').dataset.moves === n", arg=before + 1)
        page.wait_for_timeout(AFTER_MOVE_MS)  # the experiment: the kill comes this long after the move
        kill_browser(profile)
        try:
            context.close()
        except Exception:
            pass  # it is gone already
        context, page = start(playwright, profile, url)
        moves = int(page.get_attribute("#table", "data-moves") or 0)
        survived.append(moves == before + 1)
        assert moves == before + 1, f"trial {trial + 1}: {moves} moves after the kill, {before + 1} played"
    context.close()
    assert all(survived) and len(survived) == TRIALS


def _long_game(deal: int) -> bool:
    """A spider-1 deal where the first drag move can be played 20 times in a row."""
    g = engine.new_game("spider-1", deal)
    for _ in range(TRIALS):
        m = first_drag_move(g)
        if m is None:
            return False
        g.play(m)
    return True
