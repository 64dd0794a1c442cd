"""A game's table as a small SVG drawing, for the game picker's tiles and the
statistics cards (the layout of the drawing is :func:`ui.screens.tile.table_picture`'s),
and a game's name, broken only where it reads well."""

from __future__ import annotations

from ui.browser.dom import Element, el, svg
from ui.screens.tile import Picture, name_pieces


def draw_table(parent: Element, pic: Picture, cls: str = "game-picture") -> Element:
    """The game's table, drawn in ``parent`` (hidden from screen readers: the
    control around it names the game)."""
    pad = 6.0
    drawing = svg(
        "svg",
        parent,
        cls=cls,
        viewBox=f"{-pad} {-pad} {pic.width + 2 * pad:.0f} {pic.height + 2 * pad:.0f}",
        aria_hidden="true",
        preserveAspectRatio="xMidYMid meet",
    )
    w, h = f"{pic.card_w:.1f}", f"{pic.card_h:.1f}"
    for x, y in pic.slots:
        svg("rect", drawing, cls="gp-slot", x=f"{x:.1f}", y=f"{y:.1f}", width=w, height=h, rx=3)
    for spot in pic.cards:
        kind = "gp-down" if not spot.up else ("gp-red" if spot.red else "gp-up")
        svg("rect", drawing, cls=kind, x=f"{spot.x:.1f}", y=f"{spot.y:.1f}", width=w, height=h, rx=3)
    return drawing


def draw_name(parent: Element, name: str) -> None:
    """A game's name into ``parent``, broken at a line's end only where
    :func:`ui.screens.tile.name_pieces` allows (its text is the name)."""
    for text, whole in name_pieces(name):
        if whole:
            el("span", "name-whole", text, parent=parent)
        else:
            parent.append(text)
