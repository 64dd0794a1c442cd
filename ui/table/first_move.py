"""A first move made before the game was ready, read back for the table.

While Python starts, a new player's welcome deal is on the page
(``shell/welcome.js``) and its cards take a gesture: a card dragged and let
go, a card or the stock tapped, Undo pressed (``shell/firstmove.js`` keeps
it, without any rule of the game).  Once the table is up, the gesture is
handed here as the shell kept it, checked field by field (it may come from
localStorage, written by an earlier page: anything malformed gives
nothing), and turned into what the table's own pointer code replays
(:meth:`ui.table.pointer_view.Pointer.replay`): the point pressed and the
point let go, on this table's layout.

Points are kept in card widths from a card's or a pile's corner, so a
window of another size than the one the gesture was made in gives the same
card and the same place among the piles.

>>> import json
>>> text = json.dumps({"v": 1, "address": "#spider-1/140", "gestures": [
...     {"kind": "drag", "card": "Ks", "pile": "column-3", "pos": 5, "gx": 0.5, "gy": 0.2,
...      "to": {"pile": "column-6", "dx": 0.1, "dy": 2.0}, "touch": True, "t": 900}]})
>>> [(g.kind, str(g.pile), g.pos, str(g.to)) for g in parse(text, "#spider-1/140")]
[('drag', 'column-3', 5, 'column-6')]
>>> parse(text, "#spider-2/7"), parse("{", "#spider-1/140"), parse(None, "#spider-1/140")
([], [], [])
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass

from engine import PileId, UnknownPileError
from ui.table.cards import Place, Tracker, pile_base
from ui.table.layout import Layout

VERSION = 1
MAX_CHARS = 4000
CARD = re.compile(r"(?:[A2-9TJQK][shdc])?\Z")


@dataclass(frozen=True)
class Gesture:
    """One kept gesture: ``drag``, ``tap`` (a card or the stock) or ``undo``."""

    kind: str
    card: str = ""
    """The pressed card's face as the page showed it ("" face down)."""
    pile: PileId | None = None
    pos: int = 0
    gx: float = 0.0
    gy: float = 0.0
    """Where the press was, from the pressed card's corner, in card widths."""
    to: PileId | None = None
    dx: float = 0.0
    dy: float = 0.0
    """A drag: where the pressed card was let go, from ``to``'s base, in card widths."""
    touch: bool = False


def _number(v: object, limit: float) -> float | None:
    if isinstance(v, bool) or not isinstance(v, int | float):
        return None
    f = float(v)
    return f if math.isfinite(f) and abs(f) <= limit else None


def _pile(v: object) -> PileId | None:
    if not isinstance(v, str):
        return None
    try:
        return PileId.parse(v)
    except UnknownPileError:
        return None


def _gesture(g: object) -> Gesture | None:
    """One gesture, checked; None when anything in it is off."""
    t = _number(g.get("t"), 1e9) if isinstance(g, dict) else None
    if not isinstance(g, dict) or t is None or t < 0:
        return None
    kind = g.get("kind")
    if kind == "undo":
        return Gesture("undo")
    if kind not in ("drag", "tap"):
        return None
    card, pos, touch = g.get("card"), g.get("pos"), g.get("touch")
    gx, gy = _number(g.get("gx"), 2), _number(g.get("gy"), 2)
    pile = _pile(g.get("pile"))
    if not isinstance(card, str) or not CARD.match(card) or pile is None or gx is None or gy is None:
        return None
    if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos <= 200 or not isinstance(touch, bool):
        return None
    if kind == "tap":
        return None if "to" in g else Gesture("tap", card, pile, pos, gx, gy, touch=touch)
    to = g.get("to")
    if not isinstance(to, dict):
        return None
    target, dx, dy = _pile(to.get("pile")), _number(to.get("dx"), 40), _number(to.get("dy"), 40)
    if target is None or dx is None or dy is None:
        return None
    return Gesture("drag", card, pile, pos, gx, gy, target, dx, dy, touch)


def parse(text: str | None, address: str) -> list[Gesture]:
    """The gestures kept for the game at ``address``, in order: one move (a
    drag or a tap), then perhaps Undo; [] for anything else."""
    if text is None or len(text) > MAX_CHARS:
        return []
    try:
        kept = json.loads(text)
    except ValueError:
        return []
    if not isinstance(kept, dict) or kept.get("v") != VERSION or kept.get("address") != address:
        return []
    raw = kept.get("gestures")
    if not isinstance(raw, list) or not 1 <= len(raw) <= 2:
        return []
    out: list[Gesture] = []
    for i, item in enumerate(raw):
        g = _gesture(item)
        if g is None:
            return []
        if (g.kind == "undo") != (i == 1):  # a move, then perhaps its Undo
            return []
        out.append(g)
    return out


def points(
    g: Gesture, t: Tracker, lay: Layout, places: list[Place | None]
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The felt's points where the gesture pressed and let go, on this
    layout; None when the card it pressed is not there as the page showed it
    (another game, another state)."""
    if g.pile is None or g.pile not in t.piles:
        return None
    uids = t.piles[g.pile]
    if not 0 <= g.pos < len(uids) or t.text(uids[g.pos]) != g.card:
        return None
    place = places[uids[g.pos]] if uids[g.pos] < len(places) else None
    if place is None:
        return None
    w = lay.card_width
    press = (place.x + g.gx * w, place.y + g.gy * w)
    if g.kind != "drag":
        return press, press
    if g.to is None or g.to not in t.piles:
        return None
    bx, by = pile_base(lay, g.to)
    return press, (bx + (g.dx + g.gx) * w, by + (g.dy + g.gy) * w)
