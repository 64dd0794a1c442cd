"""The screens in the player's language, in one page load, walked by
e2e/axekit.py's ``walk_screens``: in Polish (three plural forms), a won
game's end screen and review, then every screen a player meets (Settings,
the table, the chooser and a game's options, the statistics, Help's four
tabs, More, the daily deals with their calendar, Show me, End's question,
a lost game's end screen, its review and replay), each dialog scanned by axe,
searched for the English of the strings those screens mark and measured
(nothing outside the dialog, no clipped button); then German, chosen in
Settings without a reload, on a 390 and a 320 px phone: every screen, each
dialog must fit. On every screen of both, no text of the page is English
(or another language's). The other four languages, chosen in turn, have
Settings and the table scanned: an unmarked string is English in every
language, so the two whole walks find it; a string missing from one catalog
is found by ``tools.i18n check``.

(What is translated is listed in docs/languages.md.)"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, NamedTuple

from axekit import axe_page, open_dialog, open_on_save, scan, walk_screens, won_game
from harness import keep_picture
from tablekit import ARTIFACTS, PHONE, ROOT, TablePage, table_browser, table_url

from tools.i18n import LANGUAGES, PLACEHOLDER, TEMPLATE, catalog_path, read
from ui.storage import settings as persist

__all__ = ["table_browser", "table_url"]

SCREENS = (
    "ui/screens/chooser_view.py",
    "ui/screens/continue_list_view.py",
    "ui/screens/tile.py",
    "ui/screens/help.py",
    "ui/screens/help_view.py",
    "ui/screens/settings.py",
    "ui/screens/settings_view.py",
    "ui/screens/statistics.py",
    "ui/screens/statistics_view.py",
    "ui/screens/daily_view.py",
    "ui/screens/end_view.py",
    "ui/screens/review_view.py",
    "ui/game/daily.py",
    "ui/helpers/show_me_view.py",
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

PAGE_TEXT_JS = """() => {
  // Every text a player reads or hears: rendered text (each text node, and
  // the whole text of the paragraph, item, cell or button around it, so a
  // sentence around a <kbd> is one), visually hidden text and live regions
  // (a screen reader's), the accessible names and descriptions, titles,
  // placeholders, alternatives, a select's options, the page's title.
  const out = new Set([document.title]);
  const add = s => { s = (s || '').replace(/\\s+/g, ' ').trim(); if (/\\p{L}/u.test(s)) out.add(s); };
  const shown = n => !!n.closest('option') || n.checkVisibility({ visibilityProperty: true });
  const skip = n => !!n.closest('script, style, noscript, template');
  const whole = 'p, li, h1, h2, h3, h4, h5, h6, button, label, td, th, dt, dd, figcaption, caption, legend, summary, a, option';
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (!p || skip(p) || !shown(p)) continue;
    add(n.textContent);
    add(p.closest(whole)?.textContent);
  }
  const names = ['aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'title', 'placeholder', 'alt'];
  for (const n of document.body.querySelectorAll('*')) {
    if (skip(n) || !(n.closest('option') || n.checkVisibility({ visibilityProperty: true }) || n.tagName === 'title')) continue;
    for (const a of names) add(n.getAttribute(a));
    if (n.tagName.toLowerCase() === 'title') add(n.textContent);  // an SVG's
  }
  return [...out];
}"""


WORD = re.compile(r"[^\W\d_]+")
RUN = 3
"""Words in a row that make a text English: one or two English words can be a
name or a borrowing (*Spider*, *replay*); three in a row are a sentence (words
of one or two letters, in every language, are passed over)."""


class English(NamedTuple):
    """What is not this language on its page: the English catalog's strings
    that it says otherwise (``whole``: said as they are; ``pieces``: the
    parts of several words between placeholders), the English catalog's
    words that its translations never use, and the other languages' strings
    that it never says (``others``: words left from the language before)."""

    whole: frozenset[str]
    pieces: re.Pattern[str]
    words: frozenset[str]
    others: frozenset[str]


def _ids(message: Any) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)


def _strs(message: Any) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, (tuple, list)) else (message.string,)


def _said(language: str) -> dict[str, set[str]]:
    """Each English string and what ``language`` says for it (in any context, any form)."""
    said: dict[str, set[str]] = {}
    for message in read(catalog_path(language), language):
        if message.id:
            for english in _ids(message):
                said.setdefault(english, set()).update(_strs(message))
    return said


def english_of(language: str) -> English:
    said = _said(language)
    ours = {s for forms in said.values() for s in forms}
    theirs = {w.lower() for s in ours for w in WORD.findall(PLACEHOLDER.sub(" ", s))}
    whole: set[str] = set()
    pieces: set[str] = set()
    words: set[str] = set()
    for english, forms in said.items():
        words.update(w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", english)) if len(w) > 2)
        if english in forms:
            continue  # the same in this language ("Tab", "Spider")
        if not PLACEHOLDER.search(english):
            whole.add(english)
        for piece in PLACEHOLDER.split(english)[::2]:
            piece = piece.strip(" .,:;·()–—\u00a0")
            if len(WORD.findall(piece)) >= 2 and not any(piece in s for s in forms):
                pieces.add(piece)
    others = {
        s
        for other in LANGUAGES
        if other != language
        for forms in _said(other).values()
        for s in forms
        if s not in ours and not PLACEHOLDER.search(s) and len(WORD.findall(s)) >= 1 and len(s) > 3
    } - set(said)
    longest_first = sorted(pieces, key=lambda p: (-len(p), p))
    found = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, longest_first)) + r")(?!\w)")
    return English(frozenset(whole), found, frozenset(words - theirs), frozenset(others))


def english_in(text: str, english: English) -> str | None:
    """Why ``text`` (one text of the page) is English, or None."""
    if text in english.whole:
        return "an English string"
    if text in english.others:
        return "another language's string"
    piece = english.pieces.search(text)
    if piece:
        return f"English: {piece.group()!r}"
    run: list[str] = []
    for word in WORD.findall(text):
        if len(word) <= 2:
            continue  # "a", "to", "of": in every English sentence, neither English nor not
        run = [*run, word] if word.lower() in english.words else []
        if len(run) >= RUN:
            return f"English words: {' '.join(run)!r}"
    return None


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


class PageScan:
    """The texts of the page that are English in one language, by screen."""

    def __init__(self, t: TablePage, language: str) -> None:
        self.t = t
        self.english = english_of(language)
        self.seen: set[str] = set()
        self.found: dict[str, str] = {}

    def look(self, name: str) -> None:
        for text in self.t.page.evaluate(PAGE_TEXT_JS):
            if text not in self.seen:
                self.seen.add(text)
                why = english_in(text, self.english)
                if why:
                    self.found[f"{name}: {text[:120]}"] = why


FULL = ("pl", "de")
"""The languages whose every screen is scanned: an unmarked (untranslated)
string shows as English in every language, so a whole walk in two languages
with long words finds it (and fits them on a small phone); a string missing
from one catalog is found by ``tools.i18n check`` (tests/test_i18n.py)."""
BRIEF = ("settings", "table")
"""The screens scanned in the other languages: still one of each kind (a
dialog, the table), in the language just chosen, after another one's."""


def test_the_screens_speak_polish_and_fit_a_small_phone_in_german(table_browser: Any, table_url: str) -> None:
    missing = [path for path in SCREENS if not (ROOT / path).is_file()]
    assert not missing, f"renamed? {missing}"  # their strings would not be searched for
    pieces = english_pieces()
    assert len(pieces) > 100  # the screens' sentences, not a handful of words
    assert set(FULL) < set(LANGUAGES)
    narrow = json.loads((ROOT / "locale" / "cldr.json").read_text(encoding="utf-8"))["pl"]["forms"]["days_narrow"]
    t = axe_page(table_browser, table_url, PHONE, persist.Settings(language="pl"))
    problems: list[str] = []  # axe's, and what does not fit the phone
    english: dict[str, list[str]] = {}  # the screens' own English pieces, left in Polish
    found: dict[str, dict[str, str]] = {}  # English (or another language) on the page, by language
    said: dict[str, str] = {}  # each Polish or German dialog's text
    titles: dict[str, str] = {}

    def dialog_text(name: str) -> str:
        said[name] = str(t.page.evaluate(DIALOG_TEXT_JS))
        titles[name] = t.page.inner_text("#dialog-title")
        return said[name]

    def polish(scan_page: PageScan) -> Callable[[str], None]:
        """Each screen in Polish: no English on the page; a dialog also scanned
        by axe, searched for its screens' English and measured."""

        def look(name: str) -> None:
            scan_page.look(name)
            if not t.attr("dialog"):
                return
            left = english_left(dialog_text(name), pieces)
            if left:
                english[name] = left
            problems.extend(scan(t, f"{name}-pl"))
            problems.extend(f"[{name}-pl] does not fit: {bad}" for bad in t.page.evaluate(FITS_JS))
            if name == "daily":
                heads = t.page.evaluate(
                    "() => [...document.querySelectorAll('.daily-calendar th')].map(th => th.textContent)"
                )
                assert heads == narrow  # Monday first, CLDR's narrow names
                # 0 takes the "many" form
                assert t.page.inner_text(".daily-streak").startswith("Seria dzienna: 0 dni")

        return look

    def german(scan_page: PageScan) -> Callable[[str], None]:
        """Each screen in German: no English on the page; a dialog fits a 390
        and a 320 px phone (nothing outside it, nothing clipped)."""

        def look(name: str) -> None:
            scan_page.look(name)
            if not t.attr("dialog"):
                return
            dialog_text(f"{name}-de")
            for width, height in ((390, 844), (320, 568)):
                t.page.set_viewport_size({"width": width, "height": height})
                t.page.wait_for_function("w => document.documentElement.clientWidth === w", arg=width)
                unfit = [f"[{name}-de at {width}] does not fit: {bad}" for bad in t.page.evaluate(FITS_JS)]
                if unfit:  # the picture of it, for the report
                    keep_picture(t.page, ARTIFACTS / f"screen-de-{width}-{name}.png")
                    problems.extend(unfit)

        return look

    try:
        # Polish, stored: a won game's end screen and its review, then every screen
        open_on_save(t, won_game())
        assert t.page.evaluate("() => document.documentElement.lang") == "pl"
        scan_page = PageScan(t, "pl")
        look = polish(scan_page)
        look("end-won")
        assert titles["end-won"] == "Wygrana!"
        open_dialog(t, '.dialog [data-action="review"]', "review")
        look("review-won")
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
        wait_dialog(t, "end")  # back on the end screen: its New game
        t.page.click('.dialog [data-action="new-game"]')
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        t.idle()
        walk_screens(t, look, language="pl")
        if scan_page.found:
            found["pl"] = scan_page.found
        assert titles["chooser"] == "Wybierz grę"
        for screen, words in (("help-fair", "Czy rozdania są uczciwe?"), ("statistics", "Rozegrane gry")):
            assert words in said[screen], screen

        # German, chosen in Settings (no reload), on phones: every screen, and each dialog fits
        scan_page = PageScan(t, "de")
        walk_screens(t, german(scan_page), language="de")
        if scan_page.found:
            found["de"] = scan_page.found
        assert titles["chooser-de"] == "Spielart wählen"
        assert titles["end-question-de"] == "Dieses Spiel beenden?"

        # The other languages, chosen in Settings: no English on Settings and the table
        t.page.set_viewport_size({"width": 390, "height": 844})
        for language in LANGUAGES:
            if language not in FULL:
                scan_page = PageScan(t, language)
                walk_screens(t, scan_page.look, BRIEF, language=language)
                if scan_page.found:
                    found[language] = scan_page.found
        report = {
            "English left on the Polish screens": english,
            "English on the page": found,
            "axe, and what does not fit": problems,
        }
        assert not any(report.values()), json.dumps(report, indent=1, ensure_ascii=False)
        assert not t.errors, t.errors
    finally:
        t.close()
