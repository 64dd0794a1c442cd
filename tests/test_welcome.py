"""The welcome deal drawn before Python (shell/welcome.js, from what
tools/build/welcome.py ships) lies exactly where the table's own layout
(:func:`ui.table.layout.layout_table`, through the table's scene) puts it,
for any window size: run in Node over many sizes and compared card by card."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import engine
from tools.build.welcome import PLACEHOLDER, welcome
from ui.game.current import WELCOME_DEAL, WELCOME_PRESET
from ui.table import cards as model
from ui.table.layout import Options, card_cap, layout_table, table_margin
from ui.table.table_view import NARROW, TOP_BAR, TOP_BAR_NARROW

ROOT = Path(__file__).resolve().parents[1]

SIZES = sorted(
    {(w, h) for w in range(240, 2700, 97) for h in range(260, 1600, 89)}
    | {(390, 844), (844, 390), (1366, 768), (2560, 1440), (360, 640), (768, 1024), (1920, 1080), (1600, 900)}
    | {(320, 480), (100, 200), (560, 400), (559, 400), (1599, 900), (1600, 899)}
)

RUN = """
const { place, options } = await import(process.argv[2]);
const data = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (d) => s += d); process.stdin.on("end", () => ok(s)); }));
const out = data.sizes.map(([w, h, bar]) => {
  try { return place(data.welcome, w, h, options(data.welcome, w, h, bar)); } catch (e) { return String(e); }
});
process.stdout.write(JSON.stringify(out));
"""


def python_places(vw: float, vh: float, header: float) -> tuple[str, float, list[tuple[float, float, int]]]:
    """The table's own: relayout's options, layout_table, the scene."""
    game = engine.new_game(WELCOME_PRESET, WELCOME_DEAL)
    t = model.Tracker.from_view(game.rules, game.public_view())
    nominal = TOP_BAR_NARROW if vw < NARROW else TOP_BAR
    opts = Options(top_bar=max(nominal, header), max_card_width=card_cap(vw, vh), margin=table_margin(vw, vh))
    lay = layout_table(model.table_shape(t), vw, vh, opts)
    places = model.scene(t, lay)
    return lay.arrangement.value, lay.card_width, [(p.x, p.y, p.z) for p in places if p is not None]


def run_script(tmp_path: Path, sizes: list[tuple[float, float, float]]) -> list[object]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    module = tmp_path / "welcome.mjs"  # the shell's file as an ES module, as the page loads it
    module.write_text((ROOT / "shell" / "welcome.js").read_text(encoding="utf-8"), encoding="utf-8")
    script = tmp_path / "run.mjs"
    script.write_text(RUN, encoding="utf-8")
    payload = json.dumps({"welcome": welcome(), "sizes": sizes})
    done = subprocess.run(
        [node, str(script), module.as_uri()], input=payload, capture_output=True, text=True, check=True, timeout=120
    )
    result: list[object] = json.loads(done.stdout)
    return result


def test_the_welcome_deal_lies_where_the_tables_layout_puts_it(tmp_path: Path) -> None:
    sizes = [(float(w), float(h), 0.0) for w, h in SIZES] + [(390.0, 844.0, 120.0), (1366.0, 768.0, 90.0)]
    drawn = run_script(tmp_path, sizes)
    for (w, h, bar), js in zip(sizes, drawn, strict=True):
        arrangement, width, places = python_places(w, h, bar)
        assert isinstance(js, dict), (w, h, js)
        assert (js["arrangement"], js["w"]) == (arrangement, width), (w, h)
        assert len(js["cards"]) == len(places) == 104
        for (x, y, z), (jx, jy, jz) in zip(places, js["cards"], strict=True):
            assert abs(x - jx) < 1e-6 and abs(y - jy) < 1e-6 and z == jz, (w, h, (x, y, z), (jx, jy, jz))


def test_the_build_ships_the_welcome_deal_as_dealt() -> None:
    data = welcome()
    assert data["address"] == f"#{WELCOME_PRESET}/{WELCOME_DEAL}"
    cards = data["cards"]
    assert isinstance(cards, list) and len(cards) == 104
    # the columns as the engine deals them: face down but for each column's last card
    tableau = engine.new_game(WELCOME_PRESET, WELCOME_DEAL).public_view().tableau
    for k, column in enumerate(tableau):
        drawn = [c for c in cards if c[1] == f"column-{k + 1}"]
        assert [c[2] for c in drawn] == list(range(len(column)))
        assert [c[0] for c in drawn] == ["" if v is None else engine.card_text(v) for v in column]
        assert [c[3] for c in drawn] == [v is not None for v in column]
    assert sum(1 for c in cards if c[1] == "stock" and not c[3] and not c[0]) == 50
    js = (ROOT / "shell" / "welcome.js").read_text(encoding="utf-8")
    assert PLACEHOLDER in js
