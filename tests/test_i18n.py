"""The player's language: the catalogs complete and current, the plural
rules and the number and date forms as CLDR has them, and the runtime's
choices (ui/i18n/, tools/i18n.py, tools/build/catalogs.py)."""

from __future__ import annotations

import datetime
import gettext
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools import i18n as catalogs_tool
from tools.build.catalogs import compiled_catalogs, read_po
from tools.i18n import forms
from ui.chrome import header
from ui.i18n import text
from ui.i18n.forms import ENGLISH, forms_from_json
from ui.i18n.plural import PluralRuleError, compile_rule
from ui.i18n.text import Catalog, catalog_from_json, choose
from ui.screens.settings import GROUPS, choice_words
from ui.storage import settings

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def compiled() -> dict[str, Catalog]:
    """Every language's catalog as the build compiles it and the page reads it."""
    out = {}
    for path, data in compiled_catalogs(ROOT).items():
        code = path.removeprefix("i18n/").removesuffix(".json")
        out[code] = catalog_from_json(json.loads(data), code)
    return out


@pytest.fixture
def speaking() -> Iterator[None]:
    """Whatever a test puts in use, English again afterwards."""
    yield
    text.use(text.ENGLISH_CATALOG)


# -- the catalogs ------------------------------------------------------------


def test_the_template_and_every_catalog_hold_exactly_the_strings_the_code_marks() -> None:
    """Extracted from the code now and compared: a string marked and not in a
    catalog, one a catalog keeps after the code dropped it, a fuzzy or empty
    one, a wrong count of plural forms or a lost placeholder all fail."""
    assert catalogs_tool.problems() == []


def test_the_check_finds_a_missing_a_stale_and_an_untranslated_string(tmp_path: Path) -> None:
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "part.py").write_text(
        'from ui.i18n.text import _, n_\n_("Kept")\n_("Added {n}")\nn_("{n} move", "{n} moves", 2)\n', encoding="utf-8"
    )
    template = catalogs_tool.extract(tmp_path)
    (tmp_path / "locale").mkdir()
    (tmp_path / "locale" / "messages.pot").write_text(catalogs_tool.as_text(template), encoding="utf-8")
    (tmp_path / catalogs_tool.CLDR_PATH).write_text(catalogs_tool.cldr_text(), encoding="utf-8")
    old = catalogs_tool.merged(template, None, "pl")
    old.get("Kept").string = "Zachowane"
    old.delete("Added {n}")
    old.add("Gone", "Nieobecne")
    old.get("{n} move").string = ("{n} ruch", "{n} ruchy", "")
    (tmp_path / "locale" / "pl.po").write_text(catalogs_tool.as_text(old), encoding="utf-8")
    found = catalogs_tool.problems(tmp_path, ["pl"])
    assert found == ["pl.po: missing 'Added {n}'", "pl.po: stale 'Gone'", "pl.po: untranslated '{n} move'"]
    old.get("{n} move").string = ("{n} ruch", "ruchy", "{n} ruchów")
    (tmp_path / "locale" / "pl.po").write_text(catalogs_tool.as_text(old), encoding="utf-8")
    assert "pl.po: '{n} move' form 1 loses ['n']" in catalogs_tool.problems(tmp_path, ["pl"])


def test_every_catalog_says_the_translations_are_ours_and_review_is_welcome() -> None:
    for code in catalogs_tool.LANGUAGES:
        head = catalogs_tool.catalog_path(code).read_text(encoding="utf-8")[:600]
        assert "the team's own" in head and "review is welcome" in head, code


def test_the_languages_agree_everywhere() -> None:
    assert ("en", *catalogs_tool.LANGUAGES) == text.CODES
    assert ("", *text.CODES) == settings.LANGUAGES


def test_every_marked_setting_is_translated_in_every_language(compiled: dict[str, Catalog], speaking: None) -> None:
    for code, catalog in compiled.items():
        text.use(catalog)
        for title, controls in GROUPS:
            assert text._(title) != title or title == "Phase", (code, title)
            for control in controls:
                for value, words in getattr(control, "choices", ()):
                    shown = choice_words(control.name, value, words)
                    same_word = shown in ("Standard", "System", "Spider") or control.name in ("language", "time_limit")
                    assert shown != words or same_word, (code, control.name, value)


# -- plural rules ------------------------------------------------------------


def test_polish_has_three_forms_for_whole_numbers(compiled: dict[str, Catalog]) -> None:
    rule = compiled["pl"].plural
    assert [rule(n) for n in (1, 2, 5, 22, 25, 12, 112, 0)] == [0, 1, 2, 1, 2, 2, 2, 2]


def test_french_counts_zero_and_one_as_one(compiled: dict[str, Catalog]) -> None:
    rule = compiled["fr"].plural
    assert [rule(n) for n in (0, 1, 2)] == [0, 0, 2]
    assert rule(1_000_000) == 1  # "1 000 000 de coups": CLDR's "many"


def test_german_spanish_italian_and_portuguese(compiled: dict[str, Catalog]) -> None:
    assert [compiled["de"].plural(n) for n in (0, 1, 2)] == [1, 0, 1]
    assert [compiled["es"].plural(n) for n in (0, 1, 2)] == [2, 0, 2]
    assert [compiled["pt_BR"].plural(n) for n in (0, 1, 2)] == [0, 0, 2]


def test_the_page_reads_every_rule_as_cpython_gettext_does() -> None:
    from babel.messages.plurals import get_plural

    for code in ("en", *catalogs_tool.LANGUAGES):
        expression = get_plural(code).plural_expr
        ours, theirs = compile_rule(expression), gettext.c2py(expression)
        assert all(ours(n) == theirs(n) for n in range(2000)), code


@pytest.mark.parametrize("bad", ["n; import os", "__import__('os')", "n ==", "(n", "n ? 1", "n $ 2", "x", "1" * 700])
def test_a_rule_that_is_not_a_plural_expression_is_refused(bad: str) -> None:
    with pytest.raises(PluralRuleError):
        compile_rule(bad)


def test_n_picks_the_form_of_the_language_in_use(speaking: None) -> None:
    polish = Catalog(
        "pl",
        {"{n} move": ("{n} ruch", "{n} ruchy", "{n} ruchów")},
        compile_rule("n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2"),
    )
    text.use(polish)
    said = [text.n_("{n} move", "{n} moves", n).format(n=n) for n in (1, 2, 5, 22, 25)]
    assert said == ["1 ruch", "2 ruchy", "5 ruchów", "22 ruchy", "25 ruchów"]
    text.use(text.ENGLISH_CATALOG)
    assert [text.n_("{n} move", "{n} moves", n).format(n=n) for n in (0, 1, 2)] == ["0 moves", "1 move", "2 moves"]


# -- numbers and dates -------------------------------------------------------


def test_english_forms_are_cldrs_british_english() -> None:
    assert forms_from_json(forms("en_GB")) == ENGLISH


DAY = datetime.date(2026, 11, 27)


@pytest.mark.parametrize(
    ("code", "number", "percent", "day_month", "month_year", "full"),
    [
        ("fr", "12\u202f345", "25\u00a0%", "27 nov.", "novembre 2026", "vendredi 27 novembre 2026"),
        ("de", "12.345", "25\u00a0%", "27. Nov.", "November 2026", "Freitag, 27. November 2026"),
        ("pl", "12\u00a0345", "25%", "27 lis", "listopad 2026", "piątek, 27 listopada 2026"),
        ("es", "12.345", "25\u00a0%", "27 nov", "noviembre de 2026", "viernes, 27 de noviembre de 2026"),
        ("it", "12.345", "25%", "27 nov", "novembre 2026", "venerdì 27 novembre 2026"),
        ("pt_BR", "12.345", "25%", "27 de nov.", "novembro de 2026", "sexta-feira, 27 de novembro de 2026"),
    ],
)
def test_numbers_and_dates_in_each_language(
    compiled: dict[str, Catalog], code: str, number: str, percent: str, day_month: str, month_year: str, full: str
) -> None:
    f = compiled[code].forms
    assert f.number(12345) == number and f.percent(25) == percent
    assert (f.date(DAY, "day_month"), f.date(DAY, "month_year"), f.date(DAY, "full")) == (day_month, month_year, full)


def test_a_number_below_ten_thousand_follows_the_languages_grouping(compiled: dict[str, Catalog]) -> None:
    from babel.numbers import format_decimal

    for code, catalog in compiled.items():
        for n in (7, 999, 1000, 4321, 10_000, 1_234_567, -2500):
            assert catalog.forms.number(n) == format_decimal(n, locale=code), (code, n)


def test_polish_calendar_titles_use_the_nominative() -> None:
    f = forms_from_json(forms("pl"))
    assert f.month_name(11) == "listopad" and f.month_name(11, alone=False) == "listopada"


# -- which language, and the runtime ----------------------------------------------


def test_the_setting_wins_then_the_browser_then_english() -> None:
    assert choose("pl", ["fr-FR", "de"]) == "pl"
    assert choose("", ["ja-JP", "de-AT", "fr"]) == "de"
    assert choose("", ["en-US", "fr-FR"]) == "en"
    assert choose("", ["pt-BR"]) == "pt_BR" and choose("", ["pt-PT"]) == "pt_BR"
    assert choose("", ["zh", "ko"]) == "en" and choose("xx", []) == "en"


def test_a_damaged_catalog_is_refused_not_half_used() -> None:
    good = {"language": "fr", "plural": "(n > 1)", "messages": {"Games": "Jeux"}, "forms": forms("fr")}
    assert catalog_from_json(good, "fr").text("Games") == "Jeux"
    for bad in (
        {**good, "language": "de"},
        {**good, "plural": "os.system('x')"},
        {**good, "messages": {"Games": 3}},
        {**good, "forms": {**forms("fr"), "months": ["janvier"]}},
        [],
    ):
        with pytest.raises(ValueError):
            catalog_from_json(bad, "fr")


def test_a_string_the_catalog_lacks_stays_in_english(speaking: None) -> None:
    text.use(Catalog("fr", {"Games": "Jeux", "header\x04New": "Nouvelle"}))
    assert (text._("Games"), text._("Settings"), text.p_("header", "New"), text._("New")) == (
        "Jeux",
        "Settings",
        "Nouvelle",
        "New",
    )


def test_the_header_speaks_the_language_in_use(compiled: dict[str, Catalog], speaking: None) -> None:
    import engine
    from ui.table.cards import Tracker

    g = engine.new_game("spider-1", deal=1)
    text.use(compiled["de"])
    assert header.status_text(g, Tracker(g.public_view()), narrow=True) == ("0:00", "Punkte 500 · Folgen 0/8", "")
    text.use(compiled["fr"])
    assert header.status_text(g, Tracker(g.public_view()), narrow=False)[0] == "Temps 0:00"
    text.use(compiled["pt_BR"])  # a phone's header has room for a short word only
    assert header.status_text(g, Tracker(g.public_view()), narrow=True)[1] == "Pontos 500 · Seq. 0/8"
    assert "Sequências 0/8" in header.status_text(g, Tracker(g.public_view()), narrow=False)[1]


# -- settings --------------------------------------------------------------------


def test_the_language_setting_is_stored_and_earlier_settings_follow_the_browser() -> None:
    chosen = settings.Settings(language="pt_BR")
    assert settings.Settings.from_text(chosen.to_text()).language == "pt_BR"
    assert json.loads(chosen.to_text())["v"] == settings.SETTINGS_VERSION == 5
    # version 3 had no language: it follows the browser; a stray value is dropped
    assert settings.Settings.from_text('{"v": 3, "language": "fr", "volume": 40}').language == ""
    assert settings.Settings.from_text('{"v": 3, "volume": 40}').volume == 40
    assert settings.Settings.from_text('{"v": 4, "language": "klingon"}').language == ""
    assert settings.Settings.from_text('{"v": 4, "language": 7}').language == ""


# -- what the screen reader is told ---------------------------------------------


def test_the_suits_marked_for_speech_are_the_engines() -> None:
    import engine
    from ui.chrome import messages as say

    assert say.SUIT_WORDS == engine.SUIT_NAMES


def test_the_screen_reader_names_cards_and_piles_in_the_language_in_use(
    compiled: dict[str, Catalog], speaking: None
) -> None:
    from engine import PRESETS, PileId, parse_card
    from ui.chrome import messages as say

    h7, h8, c9 = parse_card("7h"), parse_card("8h"), parse_card("9c")
    column = [None] * 4 + [c9, h8, h7]
    text.use(compiled["fr"])
    assert say.card_name(parse_card("Qh")) == "dame de cœur"
    assert say.pile_label(PRESETS["spider-4"], PileId.column(2), column) == (
        "Colonne 3, 7 cartes, 4 face cachée, dessus\u00a0: 7 de cœur, face visible\u00a0: 9 de trèfle, 8 à 7 de cœur"
    )
    assert say.card_label(PRESETS["spider-4"], PileId.column(2), 0, 6, h7) == (
        "7 de cœur, face visible, 1e sur 6 dans colonne 3"
    )
    text.use(compiled["de"])
    assert say.card_name(parse_card("Qs")) == "Pik-Dame"
    assert say.cards_phrase([parse_card(c) for c in ("9s", "8s", "7s")]) == "Pik 9 bis 7"
    text.use(compiled["pl"])
    assert say.card_name(parse_card("Kd")) == "król karo"


def test_counted_sentences_take_each_languages_plural_form(compiled: dict[str, Catalog], speaking: None) -> None:
    from ui.chrome import messages as say

    text.use(compiled["pl"])
    assert [say.finish_text(n) for n in (1, 2, 5, 22, 25)] == [
        "Dokończ: ostatni ruch (1).",
        "Dokończ: ostatnie 2 ruchy.",
        "Dokończ: ostatnie 5 ruchów.",
        "Dokończ: ostatnie 22 ruchy.",
        "Dokończ: ostatnie 25 ruchów.",
    ]
    text.use(compiled["fr"])
    assert [say.finish_text(n) for n in (0, 1, 2)] == [
        "Terminer\u00a0: 0 dernier coup à jouer.",
        "Terminer\u00a0: 1 dernier coup à jouer.",
        "Terminer\u00a0: les 2 derniers coups à jouer.",
    ]
    text.use(compiled["de"])
    assert say.runs_label([[0], [5]]) == "Ablagestapel, 2 Folgen vollständig: Pik, Herz"


def test_the_builds_po_reader_agrees_with_babels() -> None:
    # The build reads the catalogs with the standard library alone; Babel (a developer's tool) reads
    # them the same way: every message, context, plural form and fuzzy flag.
    from babel.messages.pofile import read_po as babel_read_po

    for path in sorted((ROOT / "locale").glob("*.po")):
        ours = {
            (e.context, e.id): (e.plural, [e.strings[k] for k in sorted(e.strings)], e.fuzzy)
            for e in read_po(path.read_text(encoding="utf-8"), str(path))
            if e.id
        }
        with path.open("rb") as f:
            catalog = babel_read_po(f, locale=path.stem)
        theirs = {}
        for m in catalog:
            if not m.id:
                continue
            ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
            strings = [m.string] if isinstance(m.string, str) else list(m.string)
            theirs[(m.context, ids[0])] = (ids[1] if len(ids) > 1 else None, strings, m.fuzzy)
        assert ours == theirs, path.name
        assert len(ours) > 100


def test_the_build_needs_no_babel() -> None:
    # `./tools/serve.sh` builds with the machine's python3, which has no Babel: with site-packages
    # left out (-S) the build's modules still import.
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-S", "-c", "import tools.build.site, tools.build.catalogs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    blocked = subprocess.run([sys.executable, "-S", "-c", "import babel"], cwd=ROOT, capture_output=True)
    assert blocked.returncode != 0  # the check above would mean nothing if Babel were still found


def test_the_engines_reasons_and_games_names_are_said_in_the_language_in_use(
    compiled: dict[str, Catalog], speaking: None
) -> None:
    """The engine marks its sentences and stays English; the page translates
    them from their template and fields, never from the English text."""
    import engine
    from engine import PRESETS, Move, parse_card
    from ui.chrome import messages as say

    g = engine.game_from_notation("spider-4", "Ks/Qs9h/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    reason = g.why_illegal(Move.tableau(1, 0, 1))
    assert reason == "The card must go on a ten (of any suit) or an empty column."
    group = g.why_illegal(Move.tableau(1, 0, 2))
    assert group == "A group must run down in sequence, like 9 8 7."
    text.use(compiled["fr"])
    assert (
        say.engine_sentence(reason)
        == "La carte doit aller sur un dix (de n’importe quelle couleur) ou dans une colonne vide."
    )
    assert say.engine_sentence(group) == "Un groupe doit descendre dans l’ordre, comme 9 8 7."
    assert say.engine_sentence(engine.Reason("This foundation needs the {card}.", card=parse_card("Qh"))) == (
        "Cette fondation attend la carte suivante\u00a0: dame de cœur."
    )
    assert say.game_name(PRESETS["spider-1"]) == "Spider · 1 couleur"
    assert say.game_name(PRESETS["tournament-2"]) == "Spider Tournoi · 2 couleurs"
    text.use(compiled["pl"])
    assert say.engine_sentence(reason) == "Karta musi iść na dziesiątkę (w dowolnym kolorze) lub na pustą kolumnę."
    assert say.game_name(PRESETS["little-spider"]) == "Mały Pająk"


def test_the_pickers_grade_note_agrees_with_the_count_in_every_language(
    compiled: dict[str, Catalog], speaking: None
) -> None:
    """ "Random deals come from the {n} Easy deals proven winnable.": the
    grade's word agrees with the deals in each plural form."""
    from ui.helpers import grades

    one = {"spider-1": {3: "E", 5: "M", 8: "H", 13: "X"}}
    many = {"spider-1": {d: "EMHX"[d % 4] for d in range(1, 23)}}  # 5 or 6 of each
    two = {"spider-1": {3: "E", 5: "E", 8: "M", 13: "M", 21: "H", 34: "H", 55: "X", 89: "X"}}
    said = {}
    for code, catalog in compiled.items():
        text.use(catalog)
        for letter in grades.GRADES:
            a, b, c = (grades.graded_note(g, "spider-1", letter) for g in (one, two, many))
            assert "1" in a and "2" in b and a != b != c and "Random" not in a + b + c, (code, letter)
            said[code, letter] = (a, b, c)
    assert said["pl", "E"] == (
        "Losowe rozdania pochodzą z 1 łatwego rozdania na pewno do ułożenia.",
        "Losowe rozdania pochodzą z 2 łatwych rozdań na pewno do ułożenia.",
        "Losowe rozdania pochodzą z 5 łatwych rozdań na pewno do ułożenia.",
    )
    assert said["de", "X"][:2] == (
        "Zufällige Spiele kommen aus dem 1 nachweislich lösbaren Expertenspiel.",
        "Zufällige Spiele kommen aus den 2 nachweislich lösbaren Expertenspielen.",
    )
    assert said["fr", "H"][1] == "Les donnes au hasard viennent des 2 donnes difficiles prouvées gagnables."
    assert said["es", "M"][0] == "Las partidas al azar salen de la 1 partida media con solución demostrada."
    assert said["it", "E"][1] == "Le smazzate a caso vengono dalle 2 smazzate facili provate risolvibili."
    assert said["pt_BR", "H"][1] == "As partidas aleatórias vêm das 2 partidas difíceis com solução comprovada."


def test_a_hint_is_said_in_the_language_in_use(compiled: dict[str, Catalog], speaking: None) -> None:
    """The solver's hint is a Reason too: the page names its card and piles."""
    import engine
    from solver import hints
    from ui.helpers.hints import HintCycle

    g = engine.game_from_notation("spider-1", "KsQsJs/Ts9s/*As8s7s6s5s4s3s2s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    found = hints(g.rules, g.position)
    assert found[0].reason == "Move the run from the ten of spades to column 1 to empty column 2."
    cycle = HintCycle()
    cycle.load(g.position, found[:1])
    cycle.next()
    text.use(compiled["fr"])
    assert cycle.sentence(True, g.rules) == (
        "Déplacez la suite à partir de 10 de pique sur colonne 1 pour vider colonne 2."
    )
    text.use(compiled["de"])
    assert cycle.sentence(True, g.rules) == "Zieh die Folge ab Pik-10 auf Spalte 1, um Spalte 2 zu leeren."


def test_save_option_and_statistics_errors_are_said_in_the_language_in_use(
    compiled: dict[str, Catalog], speaking: None
) -> None:
    """A save's, an option's and a statistics file's error: the engine keeps
    its English, the page says the marked sentence (and the one inside it)."""
    import engine
    from ui.chrome import messages as say
    from ui.game.replay import recording_from_save
    from ui.storage import statistics

    g = engine.new_game("spider-1", deal=61)
    g.play(g.legal_moves()[0])
    data = json.loads(g.to_json())
    data["moves"] = ["c1>c1"]
    with pytest.raises(engine.SaveError) as caught:
        engine.load_game(data)
    assert str(caught.value) == "move 1 of the save ('c1>c1') cannot be played: The cards are already there."
    with pytest.raises(engine.OptionError) as option:
        engine.get_ruleset("spider-2", wrap=True)
    assert str(option.value).startswith("Spider · 2 suits has no option 'wrap'")
    text.use(compiled["de"])
    assert say.engine_error(caught.value) == (
        "Zug 1 des Spielstands ('c1>c1') ist nicht möglich: Die Karten liegen schon dort."
    )
    assert say.engine_error(option.value).startswith("Spider · 2 Farben hat keine Option 'wrap'")
    assert str(recording_from_save('{"format": "spider-save", "version": 9}')).endswith(
        "dieser Spielstand hat Version 9, und dieses Spiel liest Version 1 (von einer neueren Version?)."
    )
    text.use(compiled["pl"])
    with pytest.raises(statistics.StatsError) as stats:
        statistics.parse(json.dumps({"format": statistics.FORMAT, "version": statistics.VERSION, "presets": []}))
    assert str(stats.value) == 'brak obiektu "presets"'
    text.use(compiled["fr"])
    assert engine.PRESETS["spider-2"].options[0].label == "Allow dealing with empty columns"
    assert text._(engine.PRESETS["spider-2"].options[0].label) == "Distribuer même avec des colonnes vides"
    assert text._(engine.PRESETS["spidike"].summary).startswith("Spider à quatre couleurs avec une rangée")


_EMPTY = "-/-/-/-/-/-/-/-/-/-"
_FOUND8 = "-/-/-/-/-/-/-/-"
DAMAGED_SAVES = [
    # (preset, starting position or None, moves): each save fails on a notation or position error
    ("spider-1", None, ["c0>c1"]),
    ("spider-1", None, ["fc>c1"]),
    ("spider-1", None, ["c1>"]),
    ("spider-1", None, ["c3:0>c1"]),
    ("spider-1", None, ["c1:2>f1"]),
    ("spider-1", None, ["c1>f0"]),
    ("tournament-1", None, ["d0"]),
    ("spider-1", "Ks/Qs -", []),
    ("spider-1", "Ks/*Qs - -", []),
    ("spider-1", "Ks*Qs/- - -", []),
    ("spider-1", "K/- - -", []),
    ("spider-1", "Kx/- - -", []),
    ("spider-1", "??/- - -", []),
    ("spider-1", "Ks *Qs -", []),
    ("spider-1", "Ks/- - " + _FOUND8, []),
    ("spider-1", f"{_EMPTY} -/- {_FOUND8}", []),
    ("tournament-1", "-/-/-/-/-/-/-/-/- - -/-/-/-/-/-", []),
    ("spider-1", f"{_EMPTY} - -/-", []),
    ("spider-1", f"Kh/-/-/-/-/-/-/-/-/- - {_FOUND8}", []),
    ("spider-4", f"KsKsKs/-/-/-/-/-/-/-/-/- - {_FOUND8}", []),
    ("spider-4", f"{_EMPTY} - KsQs/{_FOUND8[2:]}", []),
    ("little-spider", "-/-/-/-/-/-/-/- - 2s/-/-/-", []),
    ("little-spider", "-/-/-/-/-/-/-/- - As3s/-/-/-", []),
    ("little-spider", "-/-/-/-/-/-/-/- - As/Ah/-/-", []),
    ("spidike-classic", "-/-/-/-/-/-/- - 2s/-/-/-", []),
    ("spider-1", "*Ks/-/-/-/-/-/-/-/-/- - " + _FOUND8, []),
]


def _damaged_save_error(preset: str, start: str | None, moves: list[str]) -> Exception:
    """The error of a save of ``preset`` with this starting position (or its deal) and moves."""
    import engine

    data = json.loads(engine.new_game(preset, deal=61).to_json())
    if start is not None:
        data.update(start=start, deal=None)
    data.update(moves=moves, penalties=len(moves))
    with pytest.raises(engine.SaveError) as caught:
        engine.load_game(data)
    return caught.value


def _english_patterns() -> dict[str, re.Pattern[str]]:
    """Every notation and position error's English template as a pattern
    that finds it inside a longer text, whatever fills its placeholders."""
    sources = ("engine/position.py", "engine/moves.py", "engine/cards.py", "engine/game.py")
    patterns = {}
    for message in catalogs_tool.extract(ROOT):
        if message.id and any(path in sources for path, _line in message.locations):
            parts = re.split(r"\{\w+\}", str(message.id))
            patterns[str(message.id)] = re.compile(".+?".join(re.escape(part) for part in parts))
    return patterns


def test_a_damaged_saves_notation_error_is_said_in_the_language_in_use(
    compiled: dict[str, Catalog], speaking: None
) -> None:
    """Why a save's move or starting position cannot be read: the engine's
    notation reasons are said in German and Polish, no English left inside."""
    from ui.chrome import messages as say

    errors = [_damaged_save_error(*case) for case in DAMAGED_SAVES]
    patterns = _english_patterns()
    assert {"{pile}: only tableau cards can be face down ({text})", "stock pile {n}"} < set(patterns)
    for error in errors:  # the English is the engine's own, whole
        assert any(p.search(str(error)) for p in patterns.values()), str(error)
    for code in ("de", "pl"):
        text.use(compiled[code])
        for error in errors:
            said = say.engine_error(error)
            assert not [t for t, p in patterns.items() if p.search(said)], (code, said)
    text.use(compiled["de"])
    assert say.engine_error(errors[0]) == (
        "Zug 1 des Spielstands ('c0>c1') ist nicht möglich: 'c0>c1': Spalten zählen ab 1"
    )
    text.use(compiled["pl"])
    assert say.engine_error(errors[8]).endswith("kolumna 2: wierzchnia karta musi być odkryta ('*Qs')")
    assert say.engine_error(errors[14]).endswith("Pająk · 1 kolor: liczba kolumn to 10, nie 2")


def test_the_keys_are_named_as_each_language_names_them(compiled: dict[str, Catalog], speaking: None) -> None:
    from ui.table import keyboard as kb

    assert kb.said_key_parts("Ctrl+Shift+Z or Ctrl+Y") == [("Ctrl+Shift+Z", True), (" or ", False), ("Ctrl+Y", True)]
    text.use(compiled["de"])
    assert kb.said_key_parts("Enter or Space") == [("Eingabetaste", True), (" oder ", False), ("Leertaste", True)]
    assert kb.said_key_parts("Ctrl+Shift+Z or Ctrl+Y")[0] == ("Strg+Umschalt+Z", True)
    assert kb.said_key_parts("Home / End") == [("Pos1", True), (" / ", False), ("Ende", True)]
    text.use(compiled["fr"])
    assert kb.said_key_parts("Escape") == [("Échap", True)]
    assert kb.said_key_parts("Shift+↑ or +") == [("Maj+↑", True), (" ou ", False), ("+", True)]
    for code, catalog in compiled.items():
        text.use(catalog)
        said = " ".join("".join(part for part, _key in kb.said_key_parts(k.keys)) for k in kb.KEYS)
        english = ("Escape", "Space", " or ") + (() if code in ("pt_BR", "pl") else ("Enter", "Page"))
        assert not any(word in said for word in english), (code, said)


def test_every_games_name_breaks_only_where_it_reads_well(compiled: dict[str, Catalog], speaking: None) -> None:
    """No line starts with the "·" and "2 suits" is never cut from its number:
    the pieces a name is drawn in (tiles, daily rows, statistics cards), in
    every language."""
    import engine
    from ui.screens import tile

    for code, catalog in [("en", text.ENGLISH_CATALOG), *compiled.items()]:
        text.use(catalog)
        for rules in engine.PRESETS.values():
            name = text._(rules.name)
            pieces = tile.name_pieces(name)
            assert "".join(piece for piece, _whole in pieces) == name
            loose = [piece.strip() for piece, whole in pieces if not whole]
            assert not [p for p in loose if p.startswith("·") or p.endswith("·")], (code, name)
            if " · " in name:
                assert (name.rsplit(" · ", 1)[1], True) in pieces, (code, name)
                assert any(whole and piece.endswith(" ·") for piece, whole in pieces), (code, name)
