"""The generated card art: committed files match the generator, and every
SVG is standalone, CSP-safe and small."""

from __future__ import annotations

import importlib.util
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

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
    return {p.relative_to(CARDS).as_posix(): p.read_bytes()
            for p in sorted(CARDS.rglob("*.svg"))}


def test_committed_card_art_is_identical_to_a_fresh_generation(tmp_path: Path) -> None:
    gen_cards.write_all(tmp_path)
    fresh = {p.relative_to(tmp_path).as_posix(): p.read_bytes()
             for p in sorted(tmp_path.rglob("*.svg"))}
    committed = _committed()
    assert sorted(fresh) == sorted(committed), "run: python tools/gen_cards.py"
    changed = [name for name in fresh if fresh[name] != committed[name]]
    assert changed == [], f"stale generated files {changed}; run: python tools/gen_cards.py"


def test_generation_is_deterministic() -> None:
    assert gen_cards.all_files() == gen_cards.all_files()


@pytest.mark.parametrize("face_set", ["large", "fourcolour"])
def test_each_face_set_has_the_52_cards_named_by_text_form(face_set: str) -> None:
    names = {p.name for p in (CARDS / face_set).glob("*.svg")}
    expected = {f"{rank}{suit}.svg" for rank in "A23456789TJQK" for suit in "shdc"}
    assert names == expected


def test_backs_and_pile_placeholders_exist() -> None:
    for rel in ["backs/blue.svg", "backs/red.svg", "backs/green.svg",
                "slots/empty.svg", "slots/foundation.svg", "slots/run.svg",
                "slots/free.svg", "slots/stock.svg"]:
        assert (CARDS / rel).is_file(), rel


def test_four_colour_deck_inks_each_suit_differently() -> None:
    inks = gen_cards.FACE_SETS["fourcolour"]
    assert len(set(inks.values())) == 4
    for suit in "shdc":
        text = (CARDS / "fourcolour" / f"7{suit}.svg").read_text()
        assert inks[suit] in text
    large = gen_cards.FACE_SETS["large"]
    assert large["s"] == large["c"] != large["h"] == large["d"]


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
