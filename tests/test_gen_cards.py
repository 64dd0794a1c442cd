"""The generated card art: committed files match the generator, and every
SVG is standalone, CSP-safe and small."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from tests.kit import fresh_python

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"
SVG_NS = "{http://www.w3.org/2000/svg}"


def _load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_cards", ROOT / "tools" / "gen_cards.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("gen_cards", module)
    spec.loader.exec_module(module)
    return module


gen_cards = _load_generator()


def _committed() -> dict[str, bytes]:
    return {p.relative_to(CARDS).as_posix(): p.read_bytes() for p in sorted(CARDS.rglob("*.svg"))}


def test_committed_card_art_is_identical_to_a_fresh_generation(tmp_path: Path) -> None:
    gen_cards.write_all(tmp_path)
    fresh = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in sorted(tmp_path.rglob("*.svg"))}
    committed = _committed()
    assert sorted(fresh) == sorted(committed), "run: python -m tools.gen_cards"
    changed = [name for name in fresh if fresh[name] != committed[name]]
    assert changed == [], f"stale generated files {changed}; run: python -m tools.gen_cards"


def test_generation_is_the_same_in_every_process() -> None:
    """Two fresh Pythons, with other hash seeds, generate exactly the files
    this one does, in the same order."""
    code = "import hashlib, json; from tools import gen_cards;"
    code += " print(hashlib.sha256(json.dumps(list(gen_cards.all_files().items())).encode()).hexdigest())"
    here = hashlib.sha256(json.dumps(list(gen_cards.all_files().items())).encode()).hexdigest()
    assert {fresh_python(code, seed).strip() for seed in (1, 2)} == {here}


@pytest.mark.parametrize("face_set", ["large", "fourcolour", "hc-large", "hc-fourcolour"])
def test_each_face_set_has_the_52_cards_named_by_text_form(face_set: str) -> None:
    names = {p.name for p in (CARDS / face_set).glob("*.svg")}
    expected = {f"{rank}{suit}.svg" for rank in "A23456789TJQK" for suit in "shdc"}
    assert names == expected


def test_backs_and_pile_placeholders_exist() -> None:
    for rel in [
        "backs/blue.svg",
        "backs/red.svg",
        "backs/green.svg",
        "backs/contrast.svg",
        "slots/empty.svg",
        "slots/foundation.svg",
        "slots/run.svg",
        "slots/free.svg",
        "slots/stock.svg",
    ]:
        assert (CARDS / rel).is_file(), rel


def test_four_colour_deck_inks_each_suit_differently() -> None:
    inks = gen_cards.FACE_SETS["fourcolour"]
    assert len(set(inks.values())) == 4
    for suit in "shdc":
        text = (CARDS / "fourcolour" / f"7{suit}.svg").read_text()
        assert inks[suit] in text
    large = gen_cards.FACE_SETS["large"]
    assert large["s"] == large["c"] != large["h"] == large["d"]


def _contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two #rrggbb colours."""

    def lum(colour: str) -> float:
        c = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("face_set", ["hc-large", "hc-fourcolour"])
def test_high_contrast_faces_use_aaa_inks_on_white_with_a_thick_black_rim(face_set: str) -> None:
    inks = gen_cards.FACE_SETS[face_set]
    assert all(_contrast(ink, "#ffffff") >= 7.0 for ink in inks.values()), inks
    for suit in "shdc":
        text = (CARDS / face_set / f"Q{suit}.svg").read_text()
        assert 'fill="#ffffff" stroke="#000000" stroke-width="5"' in text  # the rim
        assert inks[suit] in text and "#fffefb" not in text  # no off-white, no tints
        assert f'stroke-width="{gen_cards.HC_STROKE}"' in text  # bolder index
    # the four-colour high-contrast deck still tells the four suits apart
    assert len(set(gen_cards.FACE_SETS["hc-fourcolour"].values())) == 4


def test_high_contrast_back_is_black_with_a_white_rim() -> None:
    text = (CARDS / "backs" / "contrast.svg").read_text()
    assert 'fill="#000000" stroke="#ffffff"' in text


ALL_SVGS = sorted(CARDS.rglob("*.svg"))


@pytest.mark.parametrize("path", ALL_SVGS, ids=lambda p: p.relative_to(CARDS).as_posix())
def test_svg_is_standalone_csp_safe_and_small(path: Path) -> None:
    data = path.read_bytes()
    assert len(data) < 3000, f"{len(data)} bytes"
    root = ET.fromstring(data)
    assert root.tag == SVG_NS + "svg"
    assert root.get("viewBox") == f"0 0 {gen_cards.CARD_W} {gen_cards.CARD_H}"
    for el in root.iter():
        tag = el.tag.removeprefix(SVG_NS)
        assert tag not in {"script", "foreignObject", "image", "a", "text", "style"}, tag
        for name, value in el.attrib.items():
            local = name.split("}")[-1]
            assert not local.lower().startswith("on"), f"event handler {name}"
            if local == "href":
                assert value.startswith("#"), f"external reference {value}"
            for ref in re.findall(r"url\(([^)]*)\)", value):
                assert ref.startswith("#"), f"external reference {ref}"


def test_card_shape_is_5_by_7() -> None:
    assert gen_cards.CARD_W * 7 == gen_cards.CARD_H * 5


def test_suit_symbols_are_paths_not_font_glyphs() -> None:
    text = (CARDS / "large" / "Qh.svg").read_text()
    for symbol in "\u2660\u2665\u2666\u2663":
        assert symbol not in text
    assert "<text" not in text and "font-family" not in text


@pytest.mark.parametrize("face_set", ["large", "fourcolour", "hc-large", "hc-fourcolour"])
def test_court_cards_are_pictures_a_figure_head_to_foot(face_set: str) -> None:
    """A Jack, Queen and King figure for each suit (not a letter in a box):
    the half figure drawn once and shown twice, the second turned round;
    the three ranks differ, and the robe is the suit's ink."""
    inks = gen_cards.FACE_SETS[face_set]
    for suit in "shdc":
        halves = set()
        for rank in "JQK":
            text = (CARDS / face_set / f"{rank}{suit}.svg").read_text()
            root = ET.fromstring(text)
            uses = [e for e in root.iter(SVG_NS + "use") if e.get("href") == "#h"]
            assert len(uses) == 2 and "rotate(180" in (uses[1].get("transform") or ""), (rank, suit)
            half = next(e for e in root.iter(SVG_NS + "g") if e.get("id") == "h")
            assert len(list(half)) >= 8, "a figure, not a letter"
            assert any(e.get("fill") == inks[suit] for e in half.iter()), "the robe in the suit's ink"
            halves.add(ET.tostring(half))
        assert len(halves) == 3, f"J, Q and K differ ({suit})"
