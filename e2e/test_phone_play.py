"""Everyday play on a phone in portrait (390×844, real touch): fans that use
the free height, restarting a deal, resuming a deal by its address, and
honest dead ends.

Each test plays on the screen where a phone player met the problem and
checks what they see (card boxes, messages, dialogs), with the engine here
in CPython as the reference for every position.
"""

from __future__ import annotations

import itertools
from typing import Any

from tablekit import PHONE, TablePage, first_drag_move, table_browser, table_url

import engine
from engine.moves import Move
from ui.model import tableau_pile

MIN_STEP = 22.0
"""The smallest face-up step a fingertip can pick mid-run (CSS px)."""


def column_boxes(t: TablePage) -> dict[str, list[dict[str, Any]]]:
    rows = t.page.evaluate(
        """() => [...document.querySelectorAll('#table .card')].map(c => {
            const r = c.getBoundingClientRect();
            return [c.dataset.in, +c.dataset.pos, c.dataset.face, r.x, r.y, r.width, r.height];
        })"""
    )
    out: dict[str, list[dict[str, Any]]] = {}
    for pile, pos, face, x, y, w, h in rows:
        out.setdefault(pile, []).append({"pos": pos, "up": face == "up", "x": x, "y": y, "w": w, "h": h})
    return {p: sorted(v, key=lambda c: c["pos"]) for p, v in out.items()}


def test_portrait_fans_use_the_free_height_after_four_deals(table_browser: Any, table_url: str) -> None:
    """Spider 2 suits at 390×844 after four deals from the stock: every
    face-up card of a column shows at least 22 px wherever the column fits
    at that step, nothing falls off the screen or under the header, and a
    card is picked by touching it 20 px below its top edge."""
    t = TablePage(table_browser, table_url, PHONE)
    try:
        g = engine.new_game("spider-2", 303)
        t.open("#spider-2/303")
        for k in range(4):
            t.tap_pile("stock")
            g.play(Move.deal())
            t.wait_moves(k + 1)
        t.expect_game(g)
        vw, vh = 390, 844
        header_bottom = t.page.evaluate(
            "() => Math.max(...[...document.querySelectorAll('#table header, #table .header')]"
            ".map(e => e.getBoundingClientRect().bottom), 0)"
        )
        piles = column_boxes(t)
        columns = {p: cards for p, cards in piles.items() if p.startswith("column")}
        assert len(columns) == 10
        longest = 0
        for pile, cards in columns.items():
            h = cards[0]["h"]
            longest = max(longest, len(cards))
            for c in cards:
                assert c["x"] >= 0 and c["x"] + c["w"] <= vw, (pile, c)
                assert c["y"] >= header_bottom and c["y"] + c["h"] <= vh, (pile, c)
            covered_up = sum(1 for c in cards[:-1] if c["up"])
            covered_down = len(cards) - 1 - covered_up
            fits = cards[0]["y"] + covered_down * 0.05 * h + covered_up * MIN_STEP + h <= vh - 4
            steps = [b["y"] - a["y"] for a, b in itertools.pairwise(cards) if a["up"]]
            if fits:
                assert all(s >= MIN_STEP - 0.5 for s in steps), (pile, steps)
        assert longest >= 10
        # A fingertip 20 px into a covered face-up card picks that card.
        runs = [m for m in g.legal_moves() if m.kind == "move" and m.count > 1]
        m = runs[0] if runs else first_drag_move(g)
        assert m is not None
        src = tableau_pile(g.rules, m.src)
        n = len(g.position.tableau[m.src])
        box = t.card_box(src, n - m.count)
        start = (box["x"] + box["width"] / 2, box["y"] + 20)
        end = t.pile_point(tableau_pile(g.rules, m.dst))
        t.touch_drag(start, (end[0], end[1] + 20))
        g.play(m)
        t.wait_moves(5)
        t.expect_game(g)
        assert not t.errors, t.errors
    finally:
        t.close()
