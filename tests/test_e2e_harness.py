"""The browser tests' launch flags still match the Playwright that is installed.

Chromium reads only the last ``--disable-features`` on its command line, so the
harness's own list (``e2e/harness.py``) repeats Playwright's. When a Playwright
upgrade adds a feature to its list, this test names it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

import harness  # noqa: E402


def playwright_disabled_features() -> list[str]:
    playwright = pytest.importorskip("playwright")
    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    text = bundle.read_text(encoding="utf-8")
    found = re.search(r"disabledFeatures = \[(.*?)\]", text, re.S)
    assert found, f"no disabledFeatures list in {bundle}: Playwright's launch code has moved"
    body = re.sub(r"//[^\n]*", "", found.group(1))
    return re.findall(r'"([A-Za-z0-9]+)"', body)


def test_the_harness_repeats_playwrights_disabled_features() -> None:
    theirs = playwright_disabled_features()
    assert len(theirs) >= 5
    assert [f for f in theirs if f not in harness.PLAYWRIGHT_DISABLED_FEATURES] == []


def test_one_disable_features_flag_holds_both_lists() -> None:
    flags = [a for a in harness.LAUNCH_ARGS if a.startswith("--disable-features=")]
    assert len(flags) == 1
    features = flags[0].removeprefix("--disable-features=").split(",")
    assert set(harness.PLAYWRIGHT_DISABLED_FEATURES + harness.NO_OMNIBOX_POPUP) == set(features)
