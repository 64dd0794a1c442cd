"""The welcome deal, for the page to draw before Python starts.

A new player's first game is a fixed deal (:data:`ui.game.current.WELCOME_DEAL`).
The build knows it, so the page does not have to wait for Python to show it:
this module writes what ``shell/welcome.js`` needs to draw the dealt table
for any window size, in place of the placeholder ``/*@WELCOME@*/null``:

* the deal's cards in the table's own order (the order in which the card
  renderer makes their elements), each with its face, pile and place in the
  pile: the ``data-card``, ``data-face``, ``data-in`` and ``data-pos`` the
  real table gives them;
* the table's shape (each column's face-down/face-up flags, the runs, the
  stock and the cards a deal from it takes);
* the layout's numbers (:mod:`ui.table.layout_types` and the card cap, the
  margin and the header's heights of :mod:`ui.table.layout` and
  :mod:`ui.table.table_view`), so that the script places the cards with the
  table's own proportions (``tests/test_welcome.py`` checks it against
  :func:`ui.table.layout.layout_table` over many window sizes);
* the header's words (title and figures, wide and narrow) and the classes
  of a new player's table (the default back, felt and faces).
"""

from __future__ import annotations

import json

import engine
from engine import CardId
from ui.chrome.header import short_title, status_text
from ui.game import address
from ui.game.current import WELCOME_DEAL, WELCOME_PRESET
from ui.storage.settings import Settings
from ui.table import cards as model
from ui.table import layout, layout_types, table_view

PLACEHOLDER = "/*@WELCOME@*/null"

NUMBERS = (
    "ASPECT",
    "INDEX_STRIP",
    "FACE_UP_OFFSET",
    "FACE_DOWN_OFFSET",
    "FACE_DOWN_MIN",
    "TOUCH_STEP",
    "FACE_UP_ROOMY",
    "TOUCH_STEP_DOWN",
    "FACE_DOWN_ROOMY",
    "SPREAD_STEP",
    "SPREAD_ROOMY",
    "GAP",
    "BAR_GAP",
    "GROUP_SEPARATION",
    "STOCK_SPREAD_ACROSS",
    "STOCK_SPREAD_DOWN",
    "STOCK_STEP_MAX",
    "COMPACT_STEP_ACROSS",
    "COMPACT_STEP_DOWN",
    "Z_STRIDE",
    "EPS",
)
"""The layout's proportions the script reads (all of :mod:`ui.table.layout_types`' that a Spider table uses)."""


def welcome() -> dict[str, object]:
    """What ``shell/welcome.js`` draws: the welcome deal, dealt, with its layout's numbers."""
    game = engine.new_game(WELCOME_PRESET, WELCOME_DEAL)
    rules = game.rules
    tracker = model.Tracker.from_view(rules, game.public_view())
    shape = model.table_shape(tracker)
    if shape.draw_piles or shape.free_column is not None or shape.two_rows or shape.stock is None:
        raise ValueError("the welcome deal must be a Spider table: columns, runs and a stock")
    place: dict[CardId, tuple[str, int]] = {}
    for pile, uids in tracker.piles.items():
        for i, uid in enumerate(uids):
            place[uid] = (str(pile), i)
    cards = [[tracker.text(uid), *place[uid], tracker.up[uid]] for uid in sorted(place)]
    if sorted(place) != list(range(len(tracker.cards))):
        raise ValueError("the welcome deal's cards must be numbered in order")
    texts = {}
    for narrow in (False, True):
        clock, stats, _phase = status_text(game, tracker, narrow)
        texts["narrow" if narrow else "wide"] = {
            "title": short_title(rules) if narrow else rules.name,
            "stats": stats,
            "clock": clock,
        }
    s = Settings()
    return {
        "address": address.format_route(WELCOME_PRESET, WELCOME_DEAL, {}),
        "preset": WELCOME_PRESET,
        "deal": WELCOME_DEAL,
        "family": rules.family,
        "classes": [f"back-{s.back}", f"felt-{s.felt}", f"faces-{s.faces}"],
        "text": texts,
        "cards": cards,
        "piles": [str(p) for p in model.pile_ids(rules)],
        "shape": {
            "columns": [[int(f) for f in col] for col in shape.columns],
            "foundations": len(shape.foundations),
            "compact": shape.foundation_style is layout.FoundationStyle.COMPACT,
            "runs": model.is_spider_runs(rules),
            "stock": len(shape.stock),
            "deal": shape.stock_deal,
            "sizing": list(shape.sizing_column),
        },
        "k": {name: getattr(layout_types, name) for name in NUMBERS},
        "screen": {
            "large": list(layout.LARGE_SCREEN),
            "cap": [layout.card_cap(0, 0), layout.card_cap(*layout.LARGE_SCREEN)],
            "margin": [layout.table_margin(0, 0), 0.015],
            "bar": table_view.TOP_BAR,
            "bar_narrow": table_view.TOP_BAR_NARROW,
            "narrow": table_view.NARROW,
            "min": [100.0, 200.0],
        },
    }


def welcome_values() -> dict[str, str]:
    """The placeholder's text: the welcome deal as JSON."""
    return {PLACEHOLDER: json.dumps(welcome(), separators=(",", ":"))}
