"""The page in the player's language: a French browser gets French from the
first screen on, ``<html lang>`` follows, Settings switches the language at
once and a reload keeps it; at 320×568 the longest languages fit the header
and the settings; and axe finds nothing serious on Settings in Polish.

(What is translated so far is listed in docs/languages.md.)"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from axekit import axe_page, close_dialog, open_dialog, scan
from harness import READY_TIMEOUT_MS, keep_picture
from tablekit import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    TablePage,
    close_settings,
    open_settings,
    seed,
    stored_text,
    table_browser,
    table_url,
)

import engine
from engine import Move
from ui.storage import settings as persist

__all__ = ["table_browser", "table_url"]

ROOT = Path(__file__).resolve().parents[1]

SMALL_PHONE = {
    "viewport": {"width": 320, "height": 568},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}

GROUP_TITLES = "() => [...document.querySelectorAll('.settings-group h3')].map(h => h.textContent)"


def header_words(t: TablePage) -> dict[str, str]:
    return dict(
        t.page.evaluate("""() => ({
            games: document.querySelector('[data-action="games"]').textContent,
            undo: document.querySelector('[data-action="undo"]').getAttribute('aria-label'),
            hint: document.querySelector('[data-action="hint"]').title,
            stats: document.querySelector('#table .stats-text').textContent,
            felt: document.querySelector('.felt').getAttribute('aria-label'),
            column: document.querySelector('[data-pile="column-1"]').getAttribute('aria-label'),
        })""")
    )


def test_a_french_browser_gets_french_and_settings_switch_it_at_once(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, {**PHONE, "locale": "fr-FR"})
    try:
        t.open("#spider-1/3")
        assert t.page.evaluate("() => [document.documentElement.lang, navigator.language]") == ["fr", "fr-FR"]
        words = header_words(t)
        assert words["games"] == "Jeux" and words["undo"] == "Annuler" and words["hint"] == "Indice (H)"
        assert words["stats"].startswith("Score 500 · Suites 0/8") and words["felt"] == "Table de jeu"
        assert words["column"].startswith(
            "Colonne 1, 6 cartes, 5 face cachée, dessus\u00a0: "
        )  # what a screen reader reads
        open_settings(t)
        assert t.page.inner_text("#dialog-title") == "Paramètres"
        assert t.page.evaluate(GROUP_TITLES) == ["Jeu", "Cartes et table", "Son", "Accessibilité"]
        assert t.page.inner_text('[data-setting-of="motion"][data-value="full"]') == "Complètes"
        keep_picture(t.page, ARTIFACTS / "settings-fr-phone.png")
        # nothing chosen yet: the list says "the browser's language"
        assert t.page.locator('[data-setting="language"]').input_value() == ""
        # German, chosen in Settings: the screen and the header behind it change at once
        t.page.select_option('[data-setting="language"]', "de")
        t.page.wait_for_function("() => document.documentElement.lang === 'de'")
        assert t.page.evaluate(GROUP_TITLES) == ["Spiel", "Karten und Tisch", "Ton", "Barrierefreiheit"]
        assert t.page.inner_text("#dialog-title") == "Einstellungen"
        assert t.page.locator('[data-setting="language"]').input_value() == "de"
        words = header_words(t)
        assert words["games"] == "Spiele" and words["undo"] == "Rückgängig" and words["felt"] == "Spieltisch"
        assert words["column"].startswith("Spalte 1, 6 Karten, 5 verdeckt, oben: ")
        close_settings(t)
        assert persist.Settings.from_text(stored_text(t.page, "settings")).language == "de"
        # remembered: a reload is German at once, though the browser asks for French
        t.reload()
        assert t.page.evaluate("() => document.documentElement.lang") == "de"
        assert header_words(t)["games"] == "Spiele"
        # back to the browser's language: French again, without a reload
        open_settings(t)
        t.page.select_option('[data-setting="language"]', "")
        t.page.wait_for_function("() => document.documentElement.lang === 'fr'")
        assert t.page.evaluate(GROUP_TITLES)[0] == "Jeu" and header_words(t)["games"] == "Jeux"
        assert not t.errors, t.errors
    finally:
        t.close()


def test_an_english_browser_fetches_no_catalog(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, {**PHONE, "locale": "en-GB"})
    fetched: list[str] = []
    t.page.on("request", lambda r: fetched.append(r.url) if "/i18n/" in r.url and r.url.endswith(".json") else None)
    try:
        t.open("#spider-1/3")
        assert t.page.evaluate("() => document.documentElement.lang") == "en"
        assert header_words(t)["games"] == "Games" and fetched == []
    finally:
        t.close()


FITS_JS = """() => {
  const out = [], vw = innerWidth;
  const boxes = (sel) => [...document.querySelectorAll(sel)].filter(n => n.getClientRects().length);
  for (const n of boxes('#table .bar, #table .bar .btn, #table .bar .title, #table .bar .stats')) {
    const r = n.getBoundingClientRect();
    if (r.left < -0.5 || r.right > vw + 0.5) out.push(['header outside the screen', n.className, r.left, r.right]);
  }
  const bar = document.querySelector('#table .bar');
  if (bar.scrollWidth > bar.clientWidth + 1) out.push(['header overflows', bar.scrollWidth, bar.clientWidth]);
  for (const b of boxes('#table .bar .btn')) {
    if (b.scrollWidth > b.clientWidth + 1) out.push(['button clipped', b.dataset.action, b.scrollWidth, b.clientWidth]);
  }
  const dialog = document.querySelector('.dialog');
  if (dialog) {
    const d = dialog.getBoundingClientRect();
    for (const n of boxes('.settings-body .setting, .settings-body .setting > *, .settings-body .switch, .seg-option, .dialog-buttons .btn')) {
      const r = n.getBoundingClientRect();
      if (r.left < d.left - 0.5 || r.right > d.right + 0.5) out.push(['setting outside the screen', n.className, n.textContent.slice(0, 30), r.left, r.right, d.left, d.right]);
      if (n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX !== 'visible')
        out.push(['setting clipped', n.className, n.textContent.slice(0, 30)]);
    }
    if (dialog.scrollWidth > dialog.clientWidth + 1) out.push(['settings scroll sideways', dialog.scrollWidth, dialog.clientWidth]);
  }
  return out;
}"""


@pytest.mark.parametrize("locale", ["de-DE", "pl-PL"])
def test_the_longest_languages_fit_a_small_phone(table_browser: Any, table_url: str, locale: str) -> None:
    t = TablePage(table_browser, table_url, {**SMALL_PHONE, "locale": locale})
    code = locale[:2]
    try:
        for fragment in ("#spider-1/3", "#tournament-2/3", "#little-spider/3"):
            t.open(fragment)
            assert t.page.evaluate("() => document.documentElement.lang") == code
            assert t.page.evaluate(FITS_JS) == [], fragment
            # the table's own words: Tournament's draw piles label and the Free Column's fit their room
            assert t.page.evaluate(LABELS_FIT_JS) == [], fragment
        keep_picture(t.page, ARTIFACTS / f"header-{code}-320.png")
        open_settings(t)
        assert t.page.evaluate(FITS_JS) == []
        for k in range(4):  # every group, scrolled into view
            t.page.locator(".settings-group").nth(k).scroll_into_view_if_needed()
            keep_picture(t.page, ARTIFACTS / f"settings-{code}-320-{k}.png")
        close_settings(t)
        # the chooser's sticky Play row, the options scrolled under it: it reaches the dialog's edges
        open_dialog(t, '[data-action="games"]', "chooser")
        t.page.click('[data-choice="little-spider-classic"]')
        t.page.wait_for_selector('.choice-details:not([hidden]) [data-action="play"]', state="attached")
        gaps = t.page.evaluate(PLAY_ROW_JS)
        keep_picture(t.page, ARTIFACTS / f"options-{code}-320.png")
        assert gaps["scrolls"] and max(gaps["gaps"]) < 1, gaps
        # the tiles' names break only between their pieces: "·" never starts a line
        assert t.page.evaluate(NAMES_WHOLE_JS) == [], "tiles"
        close_dialog(t)
        # the daily deals: each row's names whole, its deal and Play button together at the right
        open_dialog(t, '[data-action="more"]', "menu")
        t.page.click('.dialog [data-action="daily"]')
        t.page.wait_for_selector(".daily-list li[data-preset]", state="attached")
        assert t.page.evaluate(NAMES_WHOLE_JS) == [], "daily"
        assert t.page.evaluate(DAILY_GO_JS) == [], "daily"
        keep_picture(t.page, ARTIFACTS / f"daily-{code}-320.png")
        close_dialog(t)
        # a replay's heading: the longest game's name and the largest deal number, all shown
        t.open(f"#tournament-2/{engine.MAX_DEAL}")
        t.page.keyboard.press("e")
        t.page.wait_for_selector('#table[data-dialog="confirm"]', state="attached")
        t.page.click('.dialog [data-action="confirm"]')
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        t.page.click('.dialog [data-action="watch"]')
        t.page.wait_for_selector("#table[data-replay]", state="attached")
        head = t.page.evaluate(REPLAY_HEAD_JS)
        keep_picture(t.page, ARTIFACTS / f"replay-{code}-320.png")
        assert str(engine.MAX_DEAL) in head["title"] and head["cut"] == [], head
        assert not t.errors, t.errors
    finally:
        t.close()


NAMES_WHOLE_JS = """() => [...document.querySelectorAll('.dialog .name-whole')]
  .filter(s => s.getClientRects().length > 1).map(s => s.textContent)"""

# A row whose deal and button do not end at its right edge, or sit apart.
DAILY_GO_JS = """() => [...document.querySelectorAll('.daily-row')].filter(li => {
  const go = li.querySelector('.daily-go'), b = go.querySelector('button').getBoundingClientRect();
  const right = li.getBoundingClientRect().right - parseFloat(getComputedStyle(li).paddingRight) - li.clientLeft;
  const deal = go.querySelector('.daily-result').getBoundingClientRect();
  return Math.abs(b.right - right) > 1 || deal.bottom < b.top || deal.top > b.bottom;
}).map(li => li.dataset.preset)"""


PLAY_ROW_JS = """() => {
  const dialog = document.querySelector('.dialog-chooser'), row = dialog.querySelector('.details-play');
  dialog.scrollTop = (dialog.scrollHeight - dialog.clientHeight) / 2;  // options above and below the row
  const box = dialog.getBoundingClientRect(), r = row.getBoundingClientRect();
  const left = box.left + dialog.clientLeft, top = box.top + dialog.clientTop;
  return {
    scrolls: dialog.scrollHeight > dialog.clientHeight + 40,
    // what the row leaves of the scrolled box's edge: below it, left and right of it
    gaps: [top + dialog.clientHeight - r.bottom, r.left - left, left + dialog.clientWidth - r.right],
  };
}"""


REPLAY_HEAD_JS = """() => {
  const head = document.querySelector('.replay-head'), box = head.getBoundingClientRect();
  const cut = [...head.querySelectorAll('p')].filter(p => {
    const r = p.getBoundingClientRect();
    return p.scrollWidth > p.clientWidth || p.scrollHeight > p.clientHeight || r.top < box.top || r.bottom > box.bottom;
  }).map(p => [p.textContent, p.scrollWidth, p.clientWidth, p.scrollHeight, p.clientHeight]);
  return {title: head.querySelector('.replay-head-title').textContent, cut};
}"""


LABELS_FIT_JS = """() => [...document.querySelectorAll('#table .row-label:not([hidden]), #table .pile-label')]
  .filter(n => n.scrollWidth > n.clientWidth || n.scrollHeight > n.clientHeight)
  .map(n => [n.textContent, n.scrollWidth, n.clientWidth, n.scrollHeight, n.clientHeight])"""


ROW_JS = """() => {
  const shown = [...document.querySelectorAll('#table .bar .btn')].filter(b => b.getClientRects().length);
  return [...new Set(shown.map(b => Math.round(b.getBoundingClientRect().top)))].length;
}"""


def test_the_phone_header_keeps_its_buttons_in_one_row_in_every_language(table_browser: Any, table_url: str) -> None:
    """Games, the six icons and New stay one row on 390, 360 and 320 px phones in every
    language (French's "Nouvelle" once pushed More onto a second row, over the game's
    name). One page, each language chosen in Settings, as a player switches."""
    t = TablePage(table_browser, table_url, SMALL_PHONE)
    try:
        t.open("#spider-2/5")
        for language in ("", "fr", "de", "es", "it", "pt_BR", "pl"):
            open_settings(t)
            t.page.select_option('[data-setting="language"]', language)
            t.page.wait_for_function("code => document.documentElement.dataset.language === code", arg=language or "en")
            close_settings(t)
            for width, height in ((390, 844), (360, 640), (320, 568)):
                t.page.set_viewport_size({"width": width, "height": height})
                t.page.wait_for_function(
                    "w => document.documentElement.clientWidth === w && "
                    "document.querySelector('#table .bar').getBoundingClientRect().width === w",
                    arg=width,
                )
                t.idle()
                assert t.page.evaluate(ROW_JS) == 1, (language, width)
                assert t.page.evaluate(FITS_JS) == [], (language, width)
        assert not t.errors, t.errors
    finally:
        t.close()


def test_axe_finds_nothing_serious_on_settings_in_polish(table_browser: Any, table_url: str) -> None:
    t = axe_page(table_browser, table_url, PHONE, persist.Settings(language="pl"))
    try:
        t.open("#spider-2/4")
        assert t.page.evaluate("() => document.documentElement.lang") == "pl"
        open_settings(t)
        assert t.page.evaluate(GROUP_TITLES)[0] == "Gra"
        problems = scan(t, "settings-pl")
        assert not problems, "\n".join(problems)
        assert not t.errors, t.errors
    finally:
        t.close()


ENGLISH_WORDS = re.compile(
    r"\b(picked|from|target|legal|column|card|cards|moved|must|suit|empty|move|deal|replay|play|close|speed)\b",
    re.IGNORECASE,
)
"""English words the table's sentences would carry if they were not translated."""


def test_a_french_player_hears_the_table_the_keys_and_the_replay_in_french(table_browser: Any, table_url: str) -> None:
    """One page load in French: a refused drop says the engine's reason in
    French, keyboard play's sentences have no English, and a replay's bar
    speaks French."""
    from tools.build.catalogs import compiled_catalogs
    from ui.chrome import messages as say
    from ui.i18n import text

    data = compiled_catalogs(ROOT)["i18n/fr.json"]
    french = text.catalog_from_json(json.loads(data), "fr")
    g = engine.game_from_notation("spider-2", "*Ks*QsJh9hTs9s8s/Js/Kh/Kh/Kh/Ks/Ks/Ks/Qh/Qs - -/-/-/-/-/-/-/-")
    refused = Move.tableau(0, 2, 1)  # 8s on a King
    try:
        text.use(french)
        reason = say.engine_sentence(g.why_illegal(refused) or "")
    finally:
        text.use(text.ENGLISH_CATALOG)
    assert reason.startswith("La carte doit aller sur un neuf")
    t = TablePage(table_browser, table_url, {**DESKTOP, "locale": "fr-FR"})
    try:
        seed(t.page, t.base, {persist.CURRENT_KEY: persist.write_current(g, "fr-test", False)})
        t.page.goto(t.base)
        t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        t.loaded = True
        t.idle()
        t.expect_game(g)
        # a refused drop: the engine's reason, in French
        t.drag_move(g, refused)
        assert t.wait_message() == reason
        # a move by keys: Tab to the table, pick the run on column 1, take it to column 2
        for _ in range(12):
            t.page.keyboard.press("Tab")
            if t.page.evaluate("() => document.activeElement && document.activeElement.dataset.pile || null"):
                break
        t.page.evaluate("() => new Promise(done => setTimeout(done, 0))")
        heard: list[str] = []
        t.page.keyboard.press("Home")
        t.page.wait_for_function("() => (document.querySelector('#table').dataset.focus || '').startsWith('column-1')")
        seq = int(t.attr("announce-seq") or 0)
        t.page.keyboard.press("Enter")
        t.page.wait_for_selector("#table[data-selected]", state="attached")
        t.page.wait_for_function("n => +(document.querySelector('#table').dataset.announceSeq || 0) > n", arg=seq)
        heard.append(t.attr("announced") or "")
        seq = int(t.attr("announce-seq") or 0)
        t.page.keyboard.press("ArrowRight")
        t.page.wait_for_function("n => +(document.querySelector('#table').dataset.announceSeq || 0) > n", arg=seq)
        heard.append(t.attr("announced") or "")
        t.page.keyboard.press("Enter")
        g.play(Move.tableau(0, 1, 3))
        t.wait_moves(1)
        heard.append(t.page.evaluate("() => document.querySelector('#live').textContent"))
        assert heard[0].startswith("Pris 3 cartes\u00a0:") and heard[1].startswith("Cible "), heard
        for sentence in heard:
            assert sentence.strip() and not ENGLISH_WORDS.search(sentence), heard
        # a replay of the game: end it, then Watch again; the bar's words are French
        t.page.keyboard.press("e")
        t.page.wait_for_selector('#table[data-dialog="confirm"]', state="attached")
        t.page.click('.dialog [data-action="confirm"]')
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        t.page.click('.dialog [data-action="watch"]')
        t.page.wait_for_selector("#table[data-replay]", state="attached")
        bar = t.page.evaluate("""() => ({
            text: document.querySelector('.replay-text').textContent,
            head: document.querySelector('.replay-head').innerText,
            play: document.querySelector('[data-action="replay-toggle"]').textContent,
            close: document.querySelector('[data-action="replay-close"]').textContent,
            first: document.querySelector('[data-action="replay-first"]').getAttribute('aria-label'),
            speed: document.querySelector('[data-action="replay-speed"]').textContent,
            group: document.querySelector('.replay-bar').getAttribute('aria-label'),
        })""")
        assert bar["text"] == "La donne, avant le coup 1 sur 1", bar
        assert "Revoir · Spider · 2 couleurs" in bar["head"], bar
        assert (bar["play"], bar["close"], bar["first"], bar["group"]) == ("Lecture", "Fermer", "La donne", "Revoir")
        assert bar["speed"] == "Vitesse\u00a0: Normale"
        t.page.click('[data-action="replay-next"]')
        t.wait_moves(1)
        moved = t.page.inner_text(".replay-text")
        assert moved.startswith("Coup 1 sur 1\u00a0: ") and not ENGLISH_WORDS.search(moved), moved
        assert not t.errors, t.errors
    finally:
        t.close()
