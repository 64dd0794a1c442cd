"""The harness's browser: what the launch flags are for, checked in the browser itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from harness import wait_html


def test_a_context_starts_no_address_bar_popup(browser: Any) -> None:
    """Headless Chromium would load the omnibox popup's WebUI in a renderer per context."""
    context = browser.new_context()
    try:
        context.new_page().goto("about:blank")
        targets = browser.new_browser_cdp_session().send("Target.getTargets", {"filter": [{}]})
        urls = [t["url"] for t in targets["targetInfos"]]
        assert "about:blank" in urls
        assert [u for u in urls if u.startswith("chrome://")] == []
    finally:
        context.close()


def test_a_tests_pages_block_the_service_worker(new_page: Callable[..., Any], site_url: str) -> None:
    """Its install precaches the whole site: about 2 s of CPU per page."""
    page = new_page()
    page.goto(site_url)
    assert wait_html(page, "offline", "failed", "installing", "ready") == "failed"


@pytest.mark.service_worker
def test_a_marked_tests_pages_install_it(new_page: Callable[..., Any], site_url: str) -> None:
    page = new_page()
    page.goto(site_url)
    assert wait_html(page, "offline", "failed", "installing", "ready") in ("installing", "ready")
