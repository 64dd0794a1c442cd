"""The Help screen: how to play each game, the gestures, fair deals, the keys.

Opened by the header's Help button (every device) on "How to play" for
the game in play, and by ``?`` on the keys.  Four tabs (the ARIA tabs
pattern: ← and → move between them):

* **How to play** — a game's goal, moves and deals in a few short lines
  and a small diagram (:mod:`ui.screens.help`, written from the game's rules; the
  diagram is drawn here as SVG), any game chosen from a list;
* **Gestures** — drag, tap and what a tap does under the player's setting;
* **Fair deals** — "Are the deals fair?": how deals are made, how the daily
  deal is chosen and how a challenge is checked (:func:`ui.screens.help.fair_deals`);
* **Keys** — :data:`ui.table.keyboard.KEYS`, the same source as the player's manual's
  table (a test keeps them equal).

Hooks for tests: ``.help-tabs [data-tab]`` (``play``, ``gestures``,
``fair``, ``keys``, ``aria-selected``), ``#help-game`` (the game shown), and
``.howto[data-preset]``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from engine import PRESETS
from ui.browser.dom import DomEvent, Element, document, el, svg
from ui.i18n.text import N_, _
from ui.screens.dialog_view import Dialog, DialogHost
from ui.screens.help import Diagram, fair_deals, how_to_play
from ui.screens.help import gestures as gesture_lines
from ui.table import keyboard as kb

TABS = (("play", N_("How to play")), ("gestures", N_("Gestures")), ("fair", N_("Fair deals")), ("keys", N_("Keys")))
"""The tabs: (hook, name), the names translated where they are shown."""
CARD_W, CARD_H, FAN, GAP = 34, 48, 14, 22
ARC_ROOM = 18
"""Room above the cards for the arrow's arc."""
RED = ("h", "d")


def open_help(dialogs: DialogHost, preset: str, tap: str, tab: str = "play") -> None:
    """The Help screen on ``tab``, "How to play" showing ``preset``."""
    d = dialogs.open("help", _("Help"))
    box = d.box
    box.classList.add("scroll", "help")
    tabs = el("div", "help-tabs", parent=box, role="tablist", aria_label=_("Help"))
    panel = el("div", "help-panel", parent=box, role="tabpanel", id="help-panel", tabindex="0")
    buttons: dict[str, Element] = {}
    shown = {"preset": preset if preset in PRESETS else "spider-1"}

    def show(name: str, focus: bool = False) -> None:
        for key, b in buttons.items():
            on = key == name
            b.setAttribute("aria-selected", "true" if on else "false")
            b.setAttribute("tabindex", "0" if on else "-1")
            if on:
                panel.setAttribute("aria-labelledby", b.id)
                if focus:
                    b.focus()
        panel.replaceChildren()
        panel.dataset.tab = name
        if name == "play":
            _how_to(panel, shown, d)
        elif name == "gestures":
            _gestures(panel, tap)
        elif name == "fair":
            _fair(panel)
        else:
            _keys(panel)

    for key, label in TABS:
        b = el("button", "btn help-tab", _(label), parent=tabs, type="button", role="tab", id=f"help-tab-{key}")
        b.dataset.tab = key
        b.setAttribute("aria-controls", "help-panel")
        buttons[key] = b
        d.on(b, "click", _shows(show, key))

    def on_key(e: DomEvent) -> None:
        keys = [k for k, _ in TABS]
        current = next((k for k, b in buttons.items() if b.getAttribute("aria-selected") == "true"), keys[0])
        step = {"ArrowRight": 1, "ArrowLeft": -1}.get(str(e.key))
        if step is not None:
            e.preventDefault()
            show(keys[(keys.index(current) + step) % len(keys)], focus=True)
        elif str(e.key) in ("Home", "End"):
            e.preventDefault()
            show(keys[0] if str(e.key) == "Home" else keys[-1], focus=True)

    d.on(tabs, "keydown", on_key)
    show(tab if tab in buttons else "play")
    d.buttons(box, [("close", _("Close"), dialogs.close, True)])


def _shows(show: Callable[[str], None], key: str) -> Callable[[DomEvent], None]:
    return lambda e: show(key)


def _how_to(panel: Element, shown: dict[str, str], dialog: Dialog) -> None:
    row = el("label", "option help-choose", parent=panel)
    el("span", "option-label", _("Game"), parent=row)
    sel = el("select", "", parent=row, id="help-game")
    for pid, rules in PRESETS.items():
        opt = el("option", "", _(rules.name), parent=sel, value=pid)
        if pid == shown["preset"]:
            opt.selected = True
    body = el("div", "howto", parent=panel)

    def render() -> None:
        h = how_to_play(PRESETS[shown["preset"]])
        body.replaceChildren()
        body.dataset.preset = shown["preset"]
        el("h3", "", h.name, parent=body)
        _diagram(body, h.diagram)
        for title, lines in ((_("Goal"), (h.goal,)), (_("Moves"), h.moves), (_("Deals"), h.deals)):
            el("h4", "", title, parent=body)
            ul = el("ul", "", parent=body)
            for line in lines:
                el("li", "", line, parent=ul)

    def changed(_: DomEvent) -> None:
        shown["preset"] = str(sel.value)
        render()

    dialog.on(sel, "change", changed)  # unbound when the dialog closes
    render()


def _diagram(parent: Element, diagram: Diagram) -> None:
    """The piles side by side, each card a rounded rectangle, and the arrow:
    an arc over the cards, from just above the card that moves to the spot
    below the target card's index, ending in an arrowhead; it crosses no
    card's index."""
    tallest = max(len(p.cards) if p.fanned else 1 for p in diagram.piles)
    width = len(diagram.piles) * (CARD_W + GAP) - GAP + 8
    top = ARC_ROOM + 4 if diagram.arrow is not None else 4
    height = top + CARD_H + (tallest - 1) * FAN + 4
    figure = el("figure", "howto-figure", parent=parent)
    # the caption says it in words: the drawing itself is left out of the reading order
    pic = svg("svg", figure, cls="howto-diagram", viewBox=f"0 0 {width} {height}", aria_hidden="true")
    spots: list[list[tuple[float, float]]] = []
    for i, pile in enumerate(diagram.piles):
        x = 4 + i * (CARD_W + GAP)
        spots.append([])
        for k, card in enumerate(pile.cards):
            y = top + (k * FAN if pile.fanned else 0)
            spots[-1].append((x, y))
            svg("rect", pic, cls="hd-card" if card.up else "hd-back", x=x, y=y, width=CARD_W, height=CARD_H, rx=4)
            if card.up and card.text:
                t = svg("text", pic, cls="hd-red" if card.suit in RED else "hd-black", x=x + 4, y=y + 12)
                t.textContent = card.text
    if diagram.arrow is not None:
        src, index, dst = diagram.arrow
        x0, y0 = spots[src][index]
        x1, y1 = spots[dst][-1]
        # Up from the moving card's top edge, over the cards, and down onto
        # the target card where the card lands, both ends right of the
        # indexes (at the cards' left): no index is crossed.
        sx, sy = x0 + CARD_W - 5, y0 - 1
        ex, ey = x1 + CARD_W - 5, y1 + FAN + 4
        cy = 1.0
        svg("path", pic, cls="hd-arrow", d=f"M{sx:.1f},{sy:.1f} C{sx:.1f},{cy:.1f} {ex:.1f},{cy:.1f} {ex:.1f},{ey:.1f}")
        svg("polygon", pic, cls="hd-arrow-head", points=_arrowhead(ex, cy, ex, ey))
    el("figcaption", "howto-caption", diagram.caption, parent=figure)


def _arrowhead(cx: float, cy: float, ex: float, ey: float, size: float = 7.0) -> str:
    """The points of a filled arrowhead at (ex, ey), along the curve's last
    direction (from its last control point ``cx, cy``)."""
    dx, dy = ex - cx, ey - cy
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    bx, by = ex - ux * size, ey - uy * size
    px, py = -uy * size * 0.55, ux * size * 0.55
    return f"{ex:.1f},{ey:.1f} {bx + px:.1f},{by + py:.1f} {bx - px:.1f},{by - py:.1f}"


def _gestures(panel: Element, tap: str) -> None:
    dl = el("dl", "help-gestures", parent=panel)
    for name, what in gesture_lines(tap):
        item = el("div", "help-gesture", parent=dl)
        el("dt", "", name, parent=item)
        el("dd", "", what, parent=item)


def _fair(panel: Element) -> None:
    el("h3", "", _("Are the deals fair?"), parent=panel)
    for heading, text in fair_deals():
        el("h4", "", heading, parent=panel)
        el("p", "", text, parent=panel)


def _keys(panel: Element) -> None:
    table = el("table", "keys", parent=panel)
    body = el("tbody", "", parent=table)
    for k in kb.KEYS:
        row = el("tr", "", parent=body)
        th = el("th", "", parent=row, scope="row")
        for part, is_key in kb.said_key_parts(k.keys):
            if is_key:
                el("kbd", "", part, parent=th)
            else:
                th.appendChild(document.createTextNode(part))
        el("td", "", _(k.what), parent=row)
    el(
        "p",
        "keys-note",
        _("Letters act only without Ctrl or Alt, so the browser's own shortcuts keep working."),
        parent=panel,
    )
