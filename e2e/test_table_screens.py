"""Screenshots of every preset on the desktop and on a phone in portrait and
landscape, written to e2e/artifacts/table/ for a person to look at.
Each also checks that every card lies inside the viewport and below the bar,
and that a face-up card on a portrait phone is wide enough to read."""

from __future__ import annotations

import pytest
from harness import keep_picture
from tablekit import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    PHONE_LANDSCAPE,
    TablePage,
    table_browser,
    table_url,
)

import engine

SCREENS = {"desktop": DESKTOP, "phone": PHONE, "landscape": PHONE_LANDSCAPE}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_screenshots(table_browser, table_url, screen: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t = TablePage(table_browser, table_url, SCREENS[screen])
    try:
        vw, vh = SCREENS[screen]["viewport"]["width"], SCREENS[screen]["viewport"]["height"]
        for preset in engine.PRESETS:
            t.open(f"#{preset}/7")
            keep_picture(t.page, ARTIFACTS / f"{preset}-{screen}.png")
            boxes = t.page.evaluate(
                "() => [...document.querySelectorAll('#table .card')].map(c => {"
                " const r = c.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, c.dataset.face] })"
            )
            bar = t.page.evaluate("() => document.querySelector('#table .bar').getBoundingClientRect().bottom")
            for left, top, right, bottom, _face in boxes:
                assert left >= -0.5 and right <= vw + 0.5 and top >= bar - 0.5 and bottom <= vh + 0.5
            width = boxes[0][2] - boxes[0][0]
            assert width >= 30, f"{preset} cards are {width:.0f}px wide on the {screen}"
            assert t.page.evaluate("() => [scrollX, scrollY]") == [0, 0]
        assert not t.errors, t.errors
    finally:
        t.close()
