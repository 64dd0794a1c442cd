"""A first move made on the welcome deal before Python was ready
(shell/firstmove.js keeps it, ui/table/first_move.py reads it back): the
kept record is checked the same way on both sides (a corrupt or hostile one
gives nothing), and the points it gives on the table's layout are where the
gesture pressed and let go, for the window it was made in and for another."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import engine
from tools.build.welcome import welcome
from ui.game.current import WELCOME_DEAL, WELCOME_PRESET
from ui.table import cards as model
from ui.table import first_move
from ui.table import pointer as targets
from ui.table.layout import Layout, Options, card_cap, layout_table, table_margin
from ui.table.table_view import TOP_BAR

ROOT = Path(__file__).resolve().parents[1]
ADDRESS = f"#{WELCOME_PRESET}/{WELCOME_DEAL}"


def drag(**change: Any) -> dict[str, Any]:
    """Column 9's eight of spades dragged onto column 6's nine: the welcome deal's legal c9>c6."""
    g: dict[str, Any] = {
        "kind": "drag",
        "card": "8s",
        "pile": "column-9",
        "pos": 4,
        "gx": 0.5,
        "gy": 0.3,
        "to": {"pile": "column-6", "dx": 0.05, "dy": 1.1},
        "touch": True,
        "t": 1000,
    }
    g.update(change)
    return g


def kept(*gestures: dict[str, Any], **change: Any) -> str:
    record: dict[str, Any] = {"v": 1, "address": ADDRESS, "gestures": list(gestures)}
    record.update(change)
    return json.dumps(record)


TAP = {"kind": "tap", "card": "", "pile": "stock", "pos": 49, "gx": 0.5, "gy": 0.5, "touch": False, "t": 5}
UNDO = {"kind": "undo", "t": 7}

GOOD = [
    kept(drag()),
    kept(TAP),
    kept(drag(), UNDO),
    kept(TAP, UNDO),
    kept({k: v for k, v in drag(kind="tap").items() if k != "to"}),
]

BAD = [
    "",
    "{",
    "null",
    "[]",
    '"text"',
    json.dumps({"v": 1, "address": ADDRESS}),
    kept(),
    kept(drag(), v=2),
    kept(drag(), address="#spider-2/140"),
    kept(drag(), address=ADDRESS + "x"),
    kept(drag(), drag()),
    kept(UNDO),  # nothing to undo at the start: the page keeps Undo only after a move
    kept(UNDO, drag()),
    kept(UNDO, UNDO),
    kept(drag(), UNDO, UNDO),
    kept(drag(kind="play")),
    kept(drag(card="Zz")),
    kept(drag(card="<img src=x onerror=alert(1)>")),
    kept(drag(card=7)),
    kept(drag(pile="column-0")),
    kept(drag(pile="tableau-3")),
    kept(drag(pile="__proto__")),
    kept(drag(pos=-1)),
    kept(drag(pos=1.5)),
    kept(drag(pos=True)),
    kept(drag(pos=10**9)),
    kept(drag(gx=float("nan"))),
    kept(drag(gy=float("inf"))),
    kept(drag(gx=1e308)),
    kept(drag(gy="0.5")),
    kept(drag(touch="yes")),
    kept(drag(t=-1)),
    kept(drag(t=None)),
    kept(drag(to=None)),
    kept(drag(to={"pile": "column-6", "dx": 1e9, "dy": 0})),
    kept(drag(to={"pile": "nowhere", "dx": 0, "dy": 0})),
    kept(drag(to="column-6")),
    kept({**TAP, "to": {"pile": "column-6", "dx": 0, "dy": 0}}),
    kept({"kind": "undo"}),
    kept(drag()) + " " * 5000,
]


@pytest.mark.parametrize("text", GOOD)
def test_a_kept_gesture_is_read_back(text: str) -> None:
    gestures = first_move.parse(text, ADDRESS)
    assert gestures and [g.kind for g in gestures] == [g["kind"] for g in json.loads(text)["gestures"]]


@pytest.mark.parametrize("text", BAD)
def test_a_corrupt_or_hostile_kept_gesture_gives_nothing(text: str) -> None:
    assert first_move.parse(text, ADDRESS) == []


def the_table(vw: float, vh: float) -> tuple[model.Tracker, Layout, list[model.Place | None]]:
    game = engine.new_game(WELCOME_PRESET, WELCOME_DEAL)
    t = model.Tracker.from_view(game.rules, game.public_view())
    opts = Options(top_bar=TOP_BAR, max_card_width=card_cap(vw, vh), margin=table_margin(vw, vh))
    lay = layout_table(model.table_shape(t), vw, vh, opts)
    return t, lay, model.scene(t, lay)


def dropped_on(t: model.Tracker, lay: Layout, places: list[model.Place | None], g: first_move.Gesture) -> str | None:
    """Where the table's drop (ui/table/pointer.py's choose_drop) sends the replayed drag."""
    found = first_move.points(g, t, lay, places)
    assert found is not None
    (px, py), (rx, ry) = found
    hit = targets.hit(t, lay, places, px, py)
    assert hit is not None and g.pile is not None and (hit.pile, hit.index) == (g.pile, g.pos)
    head = places[t.piles[g.pile][g.pos]]
    assert head is not None
    hx, hy = rx - (px - head.x), ry - (py - head.y)
    rect = targets.drag_rect(lay, (hx, hy), (hx, hy))
    target, _ = targets.choose_drop(
        lay, rect, [], targets.drop_candidates(engine.new_game(WELCOME_PRESET, WELCOME_DEAL).rules, g.pile, 1)
    )
    return None if target is None else str(target)


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1366, 768), (360, 640)])
def test_a_kept_drag_presses_its_card_and_lets_go_over_its_pile(size: tuple[int, int]) -> None:
    t, lay, places = the_table(*size)
    (g,) = first_move.parse(kept(drag()), ADDRESS)
    assert dropped_on(t, lay, places, g) == "column-6"
    # where the page let it go, to the pixel, in the window it was made in
    found = first_move.points(g, t, lay, places)
    assert found is not None
    bx, by = model.pile_base(lay, engine.PileId.parse("column-6"))
    w = lay.card_width
    assert found[1] == pytest.approx((bx + (0.05 + 0.5) * w, by + (1.1 + 0.3) * w))


def test_a_kept_tap_presses_where_it_was_pressed() -> None:
    t, lay, places = the_table(390, 844)
    (g,) = first_move.parse(kept(TAP), ADDRESS)
    found = first_move.points(g, t, lay, places)
    assert found is not None and found[0] == found[1]
    hit = targets.hit(t, lay, places, *found[0])
    assert hit is not None and str(hit.pile) == "stock"


def test_a_gesture_on_a_card_that_is_not_there_gives_no_points() -> None:
    t, lay, places = the_table(390, 844)
    for change in ({"card": "9s"}, {"pos": 3, "card": "8s"}, {"pos": 40}):
        (g,) = first_move.parse(kept(drag(**change)), ADDRESS)
        assert first_move.points(g, t, lay, places) is None, change


def test_the_page_and_python_read_the_same_records(tmp_path: Path) -> None:
    """shell/firstmove.js's parseKept takes exactly the records Python takes."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    module = tmp_path / "firstmove.mjs"
    module.write_text((ROOT / "shell" / "firstmove.js").read_text(encoding="utf-8"), encoding="utf-8")
    script = tmp_path / "run.mjs"
    script.write_text(
        """
const { parseKept, waitingText } = await import(process.argv[2]);
const data = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (d) => s += d); process.stdin.on("end", () => ok(s)); }));
const out = data.texts.map((t) => { const k = parseKept(t, data.deal); return k && [k.gestures.map((g) => g.kind), waitingText(k.gestures)]; });
process.stdout.write(JSON.stringify(out));
""",
        encoding="utf-8",
    )
    texts = GOOD + BAD
    payload = json.dumps({"texts": texts, "deal": welcome()})
    done = subprocess.run(
        [node, str(script), module.as_uri()], input=payload, capture_output=True, text=True, check=True, timeout=60
    )
    answers = json.loads(done.stdout)
    for text, answer in zip(texts, answers, strict=True):
        python = [g.kind for g in first_move.parse(text, ADDRESS)]
        assert (answer[0] if answer else []) == python, text
        if answer:
            assert answer[1].endswith("as soon as the game is ready."), answer
    # the page also checks the pressed card against the deal as shipped
    wrong = kept(drag(card="9s"))
    assert json.loads(
        subprocess.run(
            [node, str(script), module.as_uri()],
            input=json.dumps({"texts": [wrong], "deal": welcome()}),
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout
    ) == [None]
