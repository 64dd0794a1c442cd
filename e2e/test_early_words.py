"""Before Python starts, the page is in the player's language already: the
loading screen, the welcome deal's header and ``<html lang>`` (shell/early.js,
with the words the build writes into it from the catalogs), and Python then
keeps that language.  An English browser still sees English."""

from __future__ import annotations

from typing import Any

import pytest
from harness import READY_TIMEOUT_MS, keep_picture
from tablekit import ARTIFACTS, PHONE, Held, TablePage, open_settings, table_browser, table_url

__all__ = ["table_browser", "table_url"]

BEFORE_PYTHON_JS = """() => ({
  lang: document.documentElement.lang,
  title: document.title,
  heading: document.querySelector('.loading-title').textContent,
  label: document.getElementById('loading-progress').getAttribute('aria-label'),
  status: document.getElementById('loading-status').textContent,
  games: document.querySelector('#table-picture .btn-games').textContent,
  new: [...document.querySelectorAll('#table-picture .tools .btn')].map(b => b.textContent).find(w => w.length > 1),
  stats: document.querySelector('#table-picture .stats-text').textContent,
  banner: document.querySelector('#update-banner span').textContent,
  ready: document.documentElement.hasAttribute('data-ready'),
})"""

WORDS = {
    "fr-FR": {
        "lang": "fr",
        "label": "Chargement",
        "games": "Jeux",
        "new": "Nouvelle",
        "banner": "Une nouvelle version est prête.",
        "steps": ("Chargement…", "Préparation des cartes…"),
        "stats": "Score 500 · Suites 0/8",
        "count": " sur ",
    },
    "en-US": {
        "lang": "en",
        "label": "Loading",
        "games": "Games",
        "new": "New",
        "banner": "A new version is ready.",
        "steps": ("Loading…", "Getting the cards ready…"),
        "stats": "Score 500 · Runs 0/8",
        "count": " of ",
    },
}


@pytest.mark.parametrize("locale", ["fr-FR", "en-US"])
def test_the_loading_screen_speaks_the_browsers_language_before_python(
    table_browser: Any, table_url: str, locale: str
) -> None:
    want = WORDS[locale]
    t = TablePage(table_browser, table_url, {**PHONE, "locale": locale})
    try:
        held = Held(t)  # Python cannot start: what shows is the shell's own
        t.page.goto(t.base, wait_until="domcontentloaded")
        t.page.wait_for_selector('html[data-picture="welcome"] #table-picture .card', state="attached")
        seen = t.page.evaluate(BEFORE_PYTHON_JS)
        assert not seen["ready"]
        assert seen["lang"] == want["lang"]
        assert (seen["label"], seen["games"], seen["banner"]) == (want["label"], want["games"], want["banner"])
        assert seen["new"] == want["new"]  # the catalog's word in the header's context
        assert seen["stats"].startswith(want["stats"]), seen
        step, _, count = seen["status"].partition(" · ")
        assert step in want["steps"] or want["count"] in step, seen
        assert not count or want["count"] in count, seen
        keep_picture(t.page, ARTIFACTS / f"early-words-{locale}.png")
        held.release()
        t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        t.loaded = True
        # Python chose the same language: <html lang> stays, the header says the same word
        assert t.page.evaluate("() => document.documentElement.lang") == want["lang"]
        assert t.page.inner_text("#table .btn-games").strip() == want["games"]
        # nothing chosen in Settings: nothing kept for the shell, which follows the browser
        assert t.page.evaluate("() => localStorage.getItem('spider.language')") is None
        assert not t.errors, t.errors
    finally:
        t.close()


def test_a_language_chosen_in_settings_is_the_shells_at_the_next_start(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, {**PHONE, "locale": "fr-FR"})
    try:
        t.open("#spider-1/3")
        open_settings(t)
        t.page.select_option('[data-setting="language"]', "de")
        t.page.wait_for_function("() => document.documentElement.lang === 'de'")
        assert t.page.evaluate("() => localStorage.getItem('spider.language')") == "de"
        held = Held(t)
        t.page.reload(wait_until="domcontentloaded")
        t.page.wait_for_selector("#loading-status", state="attached")
        seen = t.page.evaluate(
            "() => [document.documentElement.lang, document.getElementById('loading-progress').getAttribute('aria-label'),"
            " document.documentElement.hasAttribute('data-ready')]"
        )
        assert seen == ["de", "Wird geladen", False]
        held.release()
        t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        assert t.page.evaluate("() => document.documentElement.lang") == "de"
        assert not t.errors, t.errors
    finally:
        t.close()
