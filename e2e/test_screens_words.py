"""The screens in the player's language, in one page load: the end screen,
the review, the chooser and a game's options, the statistics (cards and a
game's figures), Help's four tabs, the More menu and the daily deals with
their calendar, in Polish (three plural forms), each scanned by axe,
searched for the English of the strings those screens mark and measured
(nothing outside the dialog, no clipped button); then German,
chosen in Settings without a reload, on a 320×568 phone: the same screens,
a confirmation and a lost game's end screen must fit the screen (nothing
outside the dialog, no clipped button, no sideways scroll).

(What is translated is listed in docs/languages.md.)"""

from __future__ import annotations

import json
import re
from typing import Any

from axekit import axe_page, close_dialog, open_dialog, open_on_save, scan, won_game
from tablekit import ARTIFACTS, PHONE, ROOT, TablePage, open_settings, table_browser, table_url

from tools.i18n import PLACEHOLDER, TEMPLATE, read
from ui.storage import settings as persist

__all__ = ["table_browser", "table_url"]

SCREENS = (
    "ui/screens/chooser_view.py",
    "ui/screens/continue_list_view.py",
    "ui/screens/tile.py",
    "ui/screens/help.py",
    "ui/screens/help_view.py",
    "ui/screens/statistics_text.py",
    "ui/screens/statistics_view.py",
    "ui/screens/daily_view.py",
    "ui/screens/end_view.py",
    "ui/screens/review_view.py",
    "ui/game/daily.py",
)
"""The modules whose marked strings these screens show."""
SHORTEST = 12
"""English pieces shorter than this (``Start: ``, ``Goal``) are not searched
for: a short word can be the same in another language."""

DIALOG_TEXT_JS = """() => {
  const box = document.querySelector('.dialog');
  if (!box) return '';
  const named = [...box.querySelectorAll('[aria-label], [title], [placeholder]')].map(n =>
    [n.getAttribute('aria-label'), n.getAttribute('title'), n.getAttribute('placeholder')].filter(Boolean).join(' '));
  const titles = [...box.querySelectorAll('title')].map(n => n.textContent);
  return [box.innerText, ...named, ...titles].join('\\n');
}"""

FITS_JS = """() => {
  const out = [], vw = innerWidth;
  const box = document.querySelector('.dialog');
  if (!box) return ['no dialog'];
  const d = box.getBoundingClientRect();
  if (d.left < -0.5 || d.right > vw + 0.5) out.push(['dialog outside the screen', d.left, d.right]);
  if (box.scrollWidth > box.clientWidth + 1) out.push(['dialog scrolls sideways', box.scrollWidth, box.clientWidth]);
  for (const n of box.querySelectorAll('*')) {
    if (!n.getClientRects().length || n.closest('svg') || n.closest('.visually-hidden')) continue;
    const r = n.getBoundingClientRect();
    if (r.width && (r.left < d.left - 0.5 || r.right > d.right + 0.5))
      out.push(['outside the dialog', n.tagName, n.className.baseVal ?? n.className, n.textContent.slice(0, 30)]);
    if ((n.matches('.btn, button, select, h2, h3, h4, dt, dd, th, td') && n.scrollWidth > n.clientWidth + 1))
      out.push(['clipped', n.tagName, n.className, n.textContent.slice(0, 30), n.scrollWidth, n.clientWidth]);
  }
  return out;
}"""


def english_pieces() -> list[str]:
    """The English of every string the screens mark, as the pieces between
    its placeholders that are long enough to be searched for."""
    pieces: set[str] = set()
    for message in read(TEMPLATE):
        if not message.id or not any(path in SCREENS for path, _ in message.locations):
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        for text in ids:
            for piece in PLACEHOLDER.split(str(text))[::2]:
                piece = piece.strip(" .,:;·()")
                if len(piece) >= SHORTEST and " " in piece:
                    pieces.add(piece)
    return sorted(pieces)


def english_left(text: str, pieces: list[str]) -> list[str]:
    return [piece for piece in pieces if piece in text]


def wait_dialog(t: TablePage, kind: str) -> None:
    t.page.wait_for_selector(f'#table[data-dialog="{kind}"]', state="attached")


def test_the_screens_speak_polish_and_fit_a_small_phone_in_german(table_browser: Any, table_url: str) -> None:
    pieces = english_pieces()
    assert len(pieces) > 100  # the screens' sentences, not a handful of words
    narrow = json.loads((ROOT / "locale" / "cldr.json").read_text(encoding="utf-8"))["pl"]["forms"]["days_narrow"]
    t = axe_page(table_browser, table_url, PHONE, persist.Settings(language="pl"))
    problems: list[str] = []
    english: dict[str, list[str]] = {}
    said: dict[str, str] = {}

    def look(name: str) -> None:
        t.page.wait_for_function("() => !!document.querySelector('.dialog')")
        text = str(t.page.evaluate(DIALOG_TEXT_JS))
        said[name] = text
        left = english_left(text, pieces)
        if left:
            english[name] = left
        problems.extend(scan(t, f"{name}-pl"))
        problems.extend(f"[{name}-pl] does not fit: {found}" for found in t.page.evaluate(FITS_JS))

    try:
        open_on_save(t, won_game())
        assert t.page.evaluate("() => document.documentElement.lang") == "pl"
        look("end")
        assert t.page.inner_text("#dialog-title") == "Wygrana!"
        open_dialog(t, '.dialog [data-action="review"]', "review")
        look("review")
        # "{game} · {n} moves" in the form Polish uses for this many moves
        review_line = t.page.inner_text(".review-game")
        moves = int(re.sub(r"\D", "", review_line.split("·")[-1]))
        form = (
            "ruch"
            if moves == 1
            else "ruchy"
            if moves % 10 in (2, 3, 4) and moves % 100 not in (12, 13, 14)
            else "ruchów"
        )
        assert review_line.endswith(f" {form}"), review_line
        t.page.click('.dialog [data-action="close"]')
        t.page.wait_for_function("() => document.querySelector('#table').dataset.dialog !== 'review'")
        if t.attr("dialog") == "end":  # back on the end screen: its Choose game
            t.page.click('.dialog [data-action="games"]')
        else:
            t.page.click('[data-action="games"]')
        wait_dialog(t, "chooser")
        look("chooser")
        assert t.page.inner_text("#dialog-title") == "Wybierz grę"
        t.page.click('[data-choice="tournament-2"]')
        t.page.wait_for_selector('.choice-details:not([hidden]) [data-action="play"]', state="attached")
        look("options")
        open_dialog(t, '.dialog [data-action="stats"]', "stats")
        look("statistics")
        t.page.click('[data-stats-open="spider-1"]')
        t.page.wait_for_selector('.stats-details[data-preset="spider-1"]', state="attached")
        look("statistics-game")
        open_dialog(t, '.dialog [data-action="close"]', "chooser")
        close_dialog(t)
        open_dialog(t, '[data-action="help"]', "help")
        for tab in ("play", "gestures", "fair", "keys"):
            t.page.click(f'.help-tabs [data-tab="{tab}"]')
            t.page.wait_for_selector(f'.help-panel[data-tab="{tab}"]', state="attached")
            look(f"help-{tab}")
        close_dialog(t)
        open_dialog(t, '[data-action="more"]', "menu")
        look("more")
        open_dialog(t, '.dialog [data-action="daily"]', "daily")
        t.page.wait_for_selector(".daily-list li[data-preset]", state="attached")
        look("daily")
        heads = t.page.evaluate("() => [...document.querySelectorAll('.daily-calendar th')].map(th => th.textContent)")
        assert heads == narrow  # Monday first, CLDR's narrow names
        assert t.page.inner_text(".daily-streak").startswith("Seria dzienna: 0 dni")  # 0 takes the "many" form
        close_dialog(t)
        assert not english, "English left on the Polish screens:\n" + json.dumps(english, indent=1, ensure_ascii=False)
        assert not problems, "\n".join(problems)
        for screen, words in (("help-fair", "Czy rozdania są uczciwe?"), ("statistics", "Rozegrane gry")):
            assert words in said[screen], screen

        # German, chosen in Settings (no reload), on phones: every screen fits
        open_settings(t)
        t.page.select_option('[data-setting="language"]', "de")
        t.page.wait_for_function("() => document.documentElement.lang === 'de'")
        t.page.click('.dialog [data-action="done"]')
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        unfit: dict[str, list[Any]] = {}

        def fits(name: str) -> None:
            """Nothing of the screen outside it or clipped, on a 390 and a 320 px phone."""
            t.page.wait_for_function("() => !!document.querySelector('.dialog')")
            for width, height in ((390, 844), (320, 568)):
                t.page.set_viewport_size({"width": width, "height": height})
                t.page.wait_for_function("w => document.documentElement.clientWidth === w", arg=width)
                found = t.page.evaluate(FITS_JS)
                if found:
                    unfit[f"{name} at {width}"] = found
                t.page.screenshot(path=str(ARTIFACTS / f"screen-de-{width}-{name}.png"))

        open_dialog(t, '[data-action="games"]', "chooser")
        assert t.page.inner_text("#dialog-title") == "Spielart wählen"
        fits("chooser")
        t.page.click('[data-choice="tournament-2"]')
        t.page.wait_for_selector('.choice-details:not([hidden]) [data-action="play"]', state="attached")
        fits("options")
        open_dialog(t, '.dialog [data-action="stats"]', "stats")
        fits("statistics")
        t.page.click('[data-stats-open="spider-1"]')
        t.page.wait_for_selector('.stats-details[data-preset="spider-1"]', state="attached")
        fits("statistics-game")
        open_dialog(t, '.dialog [data-action="close"]', "chooser")
        t.page.click('[data-play="spider-1"]')  # a new game: the one on the table was won
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        t.idle()
        open_dialog(t, '[data-action="help"]', "help")
        for tab in ("play", "gestures", "fair", "keys"):
            t.page.click(f'.help-tabs [data-tab="{tab}"]')
            t.page.wait_for_selector(f'.help-panel[data-tab="{tab}"]', state="attached")
            fits(f"help-{tab}")
        close_dialog(t)
        open_dialog(t, '[data-action="more"]', "menu")
        fits("more")
        open_dialog(t, '.dialog [data-action="daily"]', "daily")
        t.page.wait_for_selector(".daily-list li[data-preset]", state="attached")
        fits("daily")
        close_dialog(t)
        open_dialog(t, '[data-action="more"]', "menu")
        open_dialog(t, '.dialog [data-action="end"]', "confirm")
        fits("confirm")
        assert t.page.inner_text("#dialog-title") == "Dieses Spiel beenden?"
        open_dialog(t, '.dialog [data-action="confirm"]', "end")
        fits("end")
        assert not unfit, json.dumps(unfit, indent=1, ensure_ascii=False)
        assert not t.errors, t.errors
    finally:
        t.close()
