"""The words before Python starts: ``shell/early.js`` chooses the player's
language exactly as the page's Python does (``ui.i18n.text.choose``), and
speaks it with the catalogs' words (``ui/i18n/early.py``, written into the
script by ``tools/build/early.py``)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tools.build.catalogs import compiled_catalogs
from tools.build.early import PLACEHOLDER, early_values, early_words, manifests
from ui.i18n import early
from ui.i18n.text import CODES, catalog_from_json, choose, html_lang

ROOT = Path(__file__).resolve().parents[1]

CASES: list[tuple[str | None, list[str]]] = [
    (None, ["fr-CA", "en"]),
    (None, ["pt-BR"]),
    (None, ["pt-PT"]),
    (None, ["zh"]),
    (None, []),
    (None, ["en-GB", "fr"]),
    (None, ["de_AT"]),
    (None, ["ja", "PL-pl"]),
    (None, ["ES-419"]),
    ("de", ["fr-FR"]),
    ("pt_BR", ["en-US"]),
    ("en", ["fr-FR"]),
    ("", ["it-IT"]),
    ("xx", ["pl-PL"]),  # a setting the page does not have: the browser's
    ("fr", []),
]
"""(the language setting kept for the shell, or None: nothing kept; navigator.languages)."""

RUN = """
const vm = require("vm");
const [source, cases] = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(([setting, languages]) => {
  const root = {};
  const link = { href: "./manifest.webmanifest" };
  const context = {
    URL, URLSearchParams, WebAssembly: {}, console,
    document: {
      currentScript: { src: "https://example.org/shell/early.js" },
      documentElement: root, readyState: "complete", title: "Spider Solitaire",
      querySelector: (selector) => (selector === 'link[rel="manifest"]' ? link : null), querySelectorAll: () => [], getElementById: () => null,
      addEventListener: () => {},
    },
    localStorage: { getItem: (key) => (key === "spider.language" ? setting : null) },
    navigator: { languages, language: languages[0] ?? "" },
    location: { search: "" },
  };
  context.globalThis = context;
  vm.runInNewContext(source, context);
  const shell = context.spiderShell;
  return [shell.early.language, root.lang, context.document.title, shell.t("Loading…"), shell.t("header\\u0004New"), link.href];
});
process.stdout.write(JSON.stringify(out));
"""


def script() -> str:
    """``shell/early.js`` as the build fills its words in (the other placeholders stay: they are strings)."""
    source = (ROOT / "shell" / "early.js").read_text(encoding="utf-8")
    assert PLACEHOLDER in source
    for token, value in early_values(compiled_catalogs(ROOT)).items():
        source = source.replace(token, value)
    return source


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_shell_chooses_the_language_python_chooses() -> None:
    node = shutil.which("node")
    assert node is not None
    payload = json.dumps([script(), CASES])
    done = subprocess.run([node, "-e", RUN], input=payload, capture_output=True, text=True, check=True, timeout=60)
    answers = json.loads(done.stdout)
    catalogs = {
        code: catalog_from_json(json.loads(data), code)
        for code, data in ((p.rsplit("/", 1)[-1].removesuffix(".json"), d) for p, d in compiled_catalogs(ROOT).items())
    }
    for (setting, languages), (code, lang, title, loading, new, manifest) in zip(CASES, answers, strict=True):
        expected = choose(setting or "", languages or [""])
        assert (code, lang) == (expected, html_lang(expected)), (setting, languages)
        linked = "manifest.webmanifest" if expected == "en" else f"manifest-{expected}.webmanifest"
        assert manifest == f"./{linked}"
        if expected == "en":
            assert (title, loading, new) == ("Spider Solitaire", "Loading…", "New")
        else:
            catalog = catalogs[expected]
            assert title == catalog.text("Spider Solitaire") and loading == catalog.text("Loading…")
            assert new == catalog.text("New", "header")
    chosen = {answer[0] for answer in answers}
    assert {"fr", "pt_BR", "en", "de", "pl", "es", "it"} <= chosen


def test_every_language_has_every_early_word_translated() -> None:
    words = early_words(compiled_catalogs(ROOT))
    assert list(words) == ["keys", *(code for code in CODES if code != "en")]  # the page's order: the choice follows it
    keys = words["keys"]
    assert len(set(keys)) == len(keys)
    for code, found in words.items():
        assert len(found) == len(keys), code
    french = dict(zip(keys, words["fr"], strict=True))
    assert french["Loading…"] == "Chargement…" and french["header\x04New"] != "New"
    assert french["Score 500 · Runs 0/8 · Deals 5"].startswith("Score 500 · Suites 0/8"), french
    for code in CODES[1:]:
        translated = dict(zip(keys, words[code], strict=True))
        for key in early.shell_keys():
            if key not in ("Spider Solitaire",):
                assert translated[key] != key.split("\x04")[-1], (code, key)


def test_one_manifest_per_language_one_app() -> None:
    template = (ROOT / "manifest.webmanifest").read_bytes()
    base = json.loads(template)
    found = manifests(template, compiled_catalogs(ROOT))
    assert sorted(found) == sorted(f"manifest-{code}.webmanifest" for code in CODES if code != "en")
    for name, data in found.items():
        manifest = json.loads(data)
        for same in ("id", "start_url", "scope", "icons", "display", "theme_color"):
            assert manifest[same] == base[same], (name, same)
        assert manifest["description"] != base["description"], name
    polish = json.loads(found["manifest-pl.webmanifest"])
    assert (polish["name"], polish["short_name"], polish["lang"]) == ("Pasjans Pająk", "Pająk", "pl")
    french = json.loads(found["manifest-fr.webmanifest"])
    assert french["description"] == "Le Spider et ses cousines, jouables hors ligne." and french["lang"] == "fr"


SAID = re.compile(r"""\bt\("((?:[^"\\]|\\.)*)"\)""")


def test_every_word_the_shell_says_is_an_early_word() -> None:
    """A ``t("...")`` in the shell whose English is not in ui/i18n/early.py would stay English."""
    said: set[str] = set()
    for path in sorted((ROOT / "shell").glob("*.*js")):
        for found in SAID.findall(path.read_text(encoding="utf-8")):
            said.add(json.loads(f'"{found}"'))
    assert len(said) >= 8
    assert said <= set(early.shell_keys()), sorted(said - set(early.shell_keys()))
    # the English of the loading steps (shell/boot.js, ui/main.py) is early words too
    steps = re.findall(r'"([A-Z][^"]*…)"', (ROOT / "shell" / "boot.js").read_text(encoding="utf-8"))
    steps += re.findall(r'progress\([0-9.]+, "([^"]+)"\)', (ROOT / "ui" / "main.py").read_text(encoding="utf-8"))
    assert steps and set(steps) <= set(early.shell_keys()), sorted(set(steps) - set(early.shell_keys()))
