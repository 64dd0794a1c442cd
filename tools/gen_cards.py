#!/usr/bin/env python3
"""Generate the SVG card art in ``assets/cards/`` (stdlib only).

Run ``python -m tools.gen_cards`` from the repository root (or pass an output
folder).  The output is deterministic: ``tests/test_gen_cards.py`` regenerates
it into a temporary folder and checks that the committed files are identical.

Design: the cards are built for Spider on a phone.  A 360 px wide phone in
portrait with 10 columns gives cards about 33 CSS px wide, and in a column
only the top strip of each covered card shows.  So the corner index is huge
and laid out side by side, rank at the left and suit at the right, inside the
top ``INDEX_BOTTOM / CARD_H`` (= 25 %) of the card; ``ui/table/layout.py`` never
fans face-up cards closer than that strip (``INDEX_STRIP``) unless a column
cannot fit otherwise.  Below the index sits one big suit pip (number cards),
or a picture (court cards): a king with a crown, a white beard and a sword,
a queen with a tiara and a flower, a jack with a feathered cap and a
halberd, each robed in its suit's ink, drawn once and shown twice head to
foot in a frame, with a pip at the centre.

Nothing depends on fonts: the ranks are stroked paths (a tiny built-in stroke
font: ``tools/stroke_font.py``) and the suits are filled paths, so the cards render identically
offline in every browser.  Each file is a standalone SVG (viewBox, no
scripts, no event handlers, no external references; ``href`` only points at
``#ids`` inside the same file), a few hundred bytes to under 3 KB.

Outputs (all ``CARD_W`` x ``CARD_H`` = 100 x 140 viewBox, aspect 5:7):

- ``large/<card>.svg``       the default face set (black spades/clubs, red
                             hearts/diamonds); ``<card>`` is rank + suit
                             text form: ``As``, ``Th``, ``Kd``, ``2c``
- ``fourcolour/<card>.svg``  the same design in a four-colour deck: spades
                             black, hearts red, diamonds blue, clubs green
- ``hc-large/<card>.svg``, ``hc-fourcolour/<card>.svg``  the high-contrast
                             theme's faces: pure white, a thick black outline,
                             bolder index strokes, no tints, and inks with at
                             least 7:1 contrast on white (WCAG AAA)
- ``backs/blue.svg``, ``backs/red.svg``, ``backs/green.svg``  card backs (a
                             lattice, two with a spider medallion),
  ``backs/plum.svg`` (a web), ``backs/midnight.svg`` (gold on black),
  ``backs/teal.svg`` (dots round a star)
- ``backs/contrast.svg``    the high-contrast theme's back (black, white rim)
- ``slots/empty.svg``       empty column placeholder
- ``slots/foundation.svg``  empty foundation placeholder
- ``slots/run.svg``         empty completed-run slot (Spider, Spidike)
- ``slots/free.svg``        Tournament Spider's Free Column placeholder
- ``slots/stock.svg``       empty stock (no deals left)

The art is our own work, released under CC0-1.0 (see ``assets/LICENSES.md``).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from tools.stroke_font import STROKE, num, text_svg, text_visual_width

CARD_W = 100
CARD_H = 140
# The corner index (rank and suit) lies entirely above this y.
INDEX_BOTTOM = 35

RANKS = "A23456789TJQK"
SUITS = "shdc"


# ---------------------------------------------------------------------------
# Suit pips: filled paths in a 100 x 100 box.
# ---------------------------------------------------------------------------
PIPS: dict[str, str] = {
    "s": (
        "M50 2C62 20 97 38 97 63C97 79 85 88 72 88C63 88 57 84 53 77"
        "C54 86 59 93 68 98H32C41 93 46 86 47 77C43 84 37 88 28 88"
        "C15 88 3 79 3 63C3 38 38 20 50 2Z"
    ),
    "h": ("M50 96C38 80 3 60 3 31C3 14 15 4 29 4C39 4 46 10 50 19C54 10 61 4 71 4C85 4 97 14 97 31C97 60 62 80 50 96Z"),
    "d": "M50 1Q69 29 90 50Q69 71 50 99Q31 71 10 50Q31 29 50 1Z",
    "c": (
        "M50 5A21 21 0 0 1 66 40A21 21 0 1 1 55 73C56 84 60 92 69 98H31"
        "C40 92 44 84 45 73A21 21 0 1 1 34 40A21 21 0 0 1 50 5Z"
    ),
}

FACE_SETS: dict[str, dict[str, str]] = {
    "large": {"s": "#1b1b1f", "h": "#cc1426", "d": "#cc1426", "c": "#1b1b1f"},
    "fourcolour": {"s": "#1b1b1f", "h": "#cc1426", "d": "#1557c0", "c": "#12813a"},
    # High contrast: every ink at least 7:1 on white (tests/test_gen_cards.py).
    "hc-large": {"s": "#000000", "h": "#b00012", "d": "#b00012", "c": "#000000"},
    "hc-fourcolour": {"s": "#000000", "h": "#b00012", "d": "#0b47c4", "c": "#00662a"},
}
HIGH_CONTRAST = frozenset({"hc-large", "hc-fourcolour"})
HC_STROKE = 25  # bolder index strokes in the high-contrast faces
# Light tint behind court letters, per ink colour.
TINTS: dict[str, str] = {
    "#1b1b1f": "#eceef3",
    "#cc1426": "#fbe9ea",
    "#1557c0": "#e8effb",
    "#12813a": "#e6f4ea",
}

SVG_OPEN = (
    f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_W} {CARD_H}" width="{CARD_W}" height="{CARD_H}">'
)
CARD_OUTLINE = '<rect x="1" y="1" width="98" height="138" rx="8" fill="%s" stroke="%s" stroke-width="2"/>'
# The high-contrast faces: white, with a thick black rim (drawn inside the card).
HC_OUTLINE = '<rect x="2.5" y="2.5" width="95" height="135" rx="7" fill="#ffffff" stroke="#000000" stroke-width="5"/>'


def rank_text(rank: str) -> str:
    return "10" if rank == "T" else rank


def pip_use(x: float, y: float, size: float) -> str:
    """Place the pip defined as ``#p`` in a ``size`` square at (x, y)."""
    return f'<use href="#p" transform="translate({num(x)} {num(y)})scale({num(size / 100)})"/>'


def face_svg(rank: str, suit: str, colours: dict[str, str], high_contrast: bool = False) -> str:
    ink = colours[suit]
    label = rank_text(rank)
    stroke = HC_STROKE if high_contrast else STROKE
    outline = HC_OUTLINE if high_contrast else CARD_OUTLINE % ("#fffefb", "#8a8f98")
    parts = [SVG_OPEN, f'<defs><path id="p" d="{PIPS[suit]}" fill="{ink}"/></defs>', outline]
    # Corner index: rank at the left, suit at the right, inside y 3..35.
    top = 3 if not high_contrast else 5
    left = 6 if not high_contrast else 7
    parts.append(text_svg(label, left, top, INDEX_BOTTOM - top, ink, width=52, stretch=1.2, stroke=stroke))
    pip = 34 if not high_contrast else 32
    parts.append(pip_use(CARD_W - (5 if not high_contrast else 6) - pip, top - 1, pip))
    if rank in "JQK":
        parts.append(court_svg(rank, suit, ink, high_contrast))
    else:
        size = 66 if rank == "A" else 58
        cy = 88
        parts.append(pip_use(CARD_W / 2 - size / 2, cy - size / 2, size))
    parts.append("</svg>\n")
    return "".join(parts)


COURT_TOP, COURT_MID = 42, 87
"""The court picture's frame starts at y 42; its two halves meet at y 87."""


def court_half(rank: str, ink: str, high_contrast: bool) -> str:
    """The upper half of a court figure (a king, a queen or a jack, head
    up, cut at the waist), drawn in card coordinates above y 87; the card
    shows it twice, the second turned upside down, as court cards do."""
    line = "#000000" if high_contrast else "#4a3520"
    lw = "1.3" if high_contrast else "0.8"
    skin = "#ffffff" if high_contrast else "#f6d6b8"
    gold = "#ffffff" if high_contrast else "#e8b93f"
    trim = "#000000" if high_contrast else "#8a6410"
    hair = {"K": "#ffffff" if high_contrast else "#e6e1d6", "Q": ink if high_contrast else "#8a5a2b"}.get(
        rank, ink if high_contrast else "#5a3a1e"
    )
    o = f'stroke="{line}" stroke-width="{lw}" stroke-linejoin="round"'
    g = f'fill="{gold}" stroke="{trim}" stroke-width="{lw}" stroke-linejoin="round"'
    parts: list[str] = []
    # what the figure holds, behind it: a sword (K), a flower (Q), a halberd (J)
    if rank == "K":
        parts.append(f'<path d="M77.5 86V55L79.5 50.5L81.5 55V86Z" fill="#ffffff" {o}/>')
        parts.append(f'<path d="M73.5 79.5H85.5V82.5H73.5Z" {g}/>')
    elif rank == "Q":
        parts.append(f'<path d="M22 86Q20 70 23 60" fill="none" stroke="{line}" stroke-width="1.2"/>')
        parts.append(f'<circle cx="23" cy="57.5" r="4.6" fill="{ink}" {o}/>')
        parts.append(f'<circle cx="23" cy="57.5" r="1.7" fill="{gold}"/>')
    else:
        parts.append(f'<path d="M79 86V52" stroke="{line}" stroke-width="1.8"/>')
        parts.append(f'<path d="M79 47L84.5 54.5L79 58L73.5 54.5Z" fill="#ffffff" {o}/>')
    # hair behind the head (the queen's falls to the shoulders)
    if rank == "Q":
        parts.append(f'<path d="M39.5 61Q39.5 49.5 50 49.5Q60.5 49.5 60.5 61L64 73H36Z" fill="{hair}" {o}/>')
    elif rank == "J":
        parts.append(f'<path d="M42 60Q42 52 50 52Q58 52 58 60V66H42Z" fill="{hair}" {o}/>')
    # the robe, cut at the waist, with a collar and the suit's colour
    parts.append(f'<path d="M25 87L27 76Q30 70.5 40 69.5H60Q70 70.5 73 76L75 87Z" fill="{ink}" {o}/>')
    parts.append(f'<path d="M35.5 71.5V87M64.5 71.5V87" stroke="{gold}" stroke-width="1.8"/>')
    parts.append(f'<path d="M44 69.5L50 87L56 69.5Z" fill="#ffffff" {o}/>')
    parts.append(f'<path d="M40 69.5Q50 78 60 69.5L58.5 67.5Q50 73.5 41.5 67.5Z" {g}/>')
    # the hand on what the figure holds
    hand = {"K": (79.5, 84.5), "Q": (22, 79)}.get(rank, (79, 80))
    parts.append(f'<circle cx="{hand[0]}" cy="{hand[1]}" r="2.7" fill="{skin}" {o}/>')
    # the head
    parts.append(f'<ellipse cx="50" cy="61" rx="6.6" ry="7.4" fill="{skin}" {o}/>')
    parts.append(f'<path d="M47.3 60.5h.01M52.7 60.5h.01" stroke="{line}" stroke-width="1.6" stroke-linecap="round"/>')
    parts.append(f'<path d="M48.3 65Q50 66.2 51.7 65" fill="none" stroke="{line}" stroke-width="0.8"/>')
    if rank == "K":  # a white beard and a crown of three points
        parts.append(
            f'<path d="M43.6 62Q44 70 50 71.5Q56 70 56.4 62Q53 66.5 50 66.5Q47 66.5 43.6 62Z" fill="{hair}" {o}/>'
        )
        parts.append(f'<path d="M42.5 56V46.5L46 50.5L50 43.5L54 50.5L57.5 46.5V56Z" {g}/>')
        parts.append(f'<path d="M42.5 56H57.5" stroke="{trim}" stroke-width="1.5"/>')
    elif rank == "Q":  # a tiara
        parts.append(f'<path d="M43 55.5Q50 48.5 57 55.5L56 57Q50 52 44 57Z" {g}/>')
        parts.append(f'<circle cx="50" cy="50.2" r="1.8" {g}/>')
    else:  # a cap with a feather
        parts.append(f'<path d="M57 53Q66 43 73 45Q66 48 59 56Z" {g}/>')
        parts.append(f'<path d="M41.5 56.5Q42 48 50 48Q58 48 58.5 56.5Z" fill="{ink}" {o}/>')
    return "".join(parts)


def court_svg(rank: str, suit: str, ink: str, high_contrast: bool) -> str:
    """A court card's picture under its index: the figure twice, head to
    foot, in a frame tinted with its suit's colour, a pip at its heart."""
    tint = "#ffffff" if high_contrast else TINTS[ink]
    frame_stroke = (
        f'stroke="{ink}" stroke-width="3"'
        if high_contrast
        else f'stroke="{ink}" stroke-width="1.5" stroke-opacity=".35"'
    )
    half = court_half(rank, ink, high_contrast)
    return (
        f'<defs><clipPath id="f"><rect x="14" y="{COURT_TOP}" width="72" height="90" rx="6"/></clipPath>'
        f'<g id="h">{half}</g></defs>'
        f'<rect x="14" y="{COURT_TOP}" width="72" height="90" rx="6" fill="{tint}"/>'
        f'<g clip-path="url(#f)"><use href="#h"/><use href="#h" transform="rotate(180 50 {COURT_MID})"/></g>'
        f'<path d="M14 {COURT_MID}H86" stroke="{ink}" stroke-width="0.8" stroke-opacity=".5"/>'
        f'<circle cx="50" cy="{COURT_MID}" r="7.5" fill="#ffffff" stroke="{ink}" stroke-width="{1.4 if high_contrast else 1}"/>'
        + pip_use(50 - 5, COURT_MID - 5, 10)
        + f'<rect x="14" y="{COURT_TOP}" width="72" height="90" rx="6" fill="none" {frame_stroke}/>'
    )


SPIDER = "M0 -9C5 -9 7 -5 7 -1C7 7 4 13 0 13C-4 13 -7 7 -7 -1C-7 -5 -5 -9 0 -9ZM0 -17A6 6 0 1 1 0 -9A6 6 0 1 1 0 -17Z"
SPIDER_LEGS = (
    "M-4 -8L-14 -20L-20 -14M4 -8L14 -20L20 -14"
    "M-6 -3L-20 -8L-27 0M6 -3L20 -8L27 0"
    "M-6 3L-19 6L-24 16M6 3L19 6L24 16"
    "M-4 8L-12 17L-13 28M4 8L12 17L13 28"
)


def spider_svg(cx: float, cy: float, scale: float, colour: str, width: float = 2.4) -> str:
    """A small spider motif centred on (cx, cy)."""
    return (
        f'<g transform="translate({num(cx)} {num(cy)})scale({num(scale)})">'
        f'<path d="{SPIDER_LEGS}" fill="none" stroke="{colour}" stroke-width="{width}" '
        f'stroke-linecap="round" stroke-linejoin="round"/>'
        f'<path d="{SPIDER}" fill="{colour}"/></g>'
    )


def back_svg(base: str, line: str, accent: str, spider: bool) -> str:
    parts = [
        SVG_OPEN,
        '<defs><pattern id="q" width="10" height="10" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        f'<path d="M0 0H10M0 0V10" stroke="{line}" stroke-width="2.2"/></pattern></defs>',
        CARD_OUTLINE % ("#ffffff", "#8a8f98"),
        f'<rect x="7" y="7" width="86" height="126" rx="5" fill="{base}"/>',
        '<rect x="7" y="7" width="86" height="126" rx="5" fill="url(#q)"/>',
        f'<rect x="11" y="11" width="78" height="118" rx="3" fill="none" stroke="{accent}" stroke-width="1.5"/>',
    ]
    if spider:
        parts.append(f'<circle cx="50" cy="70" r="20" fill="{base}" stroke="{accent}" stroke-width="1.5"/>')
        parts.append(spider_svg(50, 71, 0.62, accent, 3))
    parts.append("</svg>\n")
    return "".join(parts)


def web_back_svg(base: str, line: str, accent: str) -> str:
    """A spider's web spun across the back: spokes from the centre and
    rings of straight threads between them, the spider at the hub."""
    cx, cy, spokes = 50.0, 70.0, 12
    parts = [
        SVG_OPEN,
        '<defs><clipPath id="c"><rect x="7" y="7" width="86" height="126" rx="5"/></clipPath></defs>',
        CARD_OUTLINE % ("#ffffff", "#8a8f98"),
        f'<rect x="7" y="7" width="86" height="126" rx="5" fill="{base}"/>',
        '<g clip-path="url(#c)" fill="none" stroke-linejoin="round">',
    ]
    ends = [
        (math.cos(2 * math.pi * k / spokes - math.pi / 2), math.sin(2 * math.pi * k / spokes - math.pi / 2))
        for k in range(spokes)
    ]
    spoke = "".join(f"M{num(cx)} {num(cy)}L{num(cx + 90 * dx)} {num(cy + 90 * dy)}" for dx, dy in ends)
    parts.append(f'<path d="{spoke}" stroke="{line}" stroke-width="1.4"/>')
    rings = []
    for r in (12, 21, 31, 42, 54, 67, 81):
        pts = [(cx + r * dx, cy + r * dy) for dx, dy in ends]
        rings.append("M" + "L".join(f"{num(x)} {num(y)}" for x, y in pts) + "Z")
    parts.append(f'<path d="{"".join(rings)}" stroke="{line}" stroke-width="1.1"/>')
    parts.append("</g>")
    parts.append(
        f'<rect x="11" y="11" width="78" height="118" rx="3" fill="none" stroke="{accent}" stroke-width="1.5"/>'
    )
    parts.append(spider_svg(cx, cy + 1, 0.5, accent, 3))
    parts.append("</svg>\n")
    return "".join(parts)


def midnight_back_svg() -> str:
    """Near-black with a fine gold lattice, a double gold rim and a gold
    spider in a diamond."""
    gold, dim = "#d9b45a", "#3b3422"
    return (
        SVG_OPEN + '<defs><pattern id="q" width="8" height="8" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate(45)"><path d="M0 0H8M0 0V8" stroke="{dim}" stroke-width="1.6"/></pattern></defs>'
        + CARD_OUTLINE % ("#ffffff", "#8a8f98")
        + '<rect x="7" y="7" width="86" height="126" rx="5" fill="#15171c"/>'
        + '<rect x="7" y="7" width="86" height="126" rx="5" fill="url(#q)"/>'
        + f'<rect x="10.5" y="10.5" width="79" height="119" rx="3" fill="none" stroke="{gold}" stroke-width="1.3"/>'
        + f'<rect x="14" y="14" width="72" height="112" rx="2" fill="none" stroke="{gold}" stroke-width="0.7"/>'
        + f'<path d="M50 44L74 70L50 96L26 70Z" fill="#15171c" stroke="{gold}" stroke-width="1.4"/>'
        + spider_svg(50, 71, 0.5, gold, 3)
        + "</svg>\n"
    )


def dots_back_svg(base: str, dot: str, accent: str) -> str:
    """Rows of dots, offset every other row, round a framed star."""
    star = []
    for k in range(16):
        a = math.pi * k / 8 - math.pi / 2
        r = 17 if k % 2 == 0 else 7
        star.append(f"{num(50 + r * math.cos(a))} {num(70 + r * math.sin(a))}")
    return (
        SVG_OPEN + '<defs><pattern id="q" width="9" height="9" patternUnits="userSpaceOnUse">'
        f'<circle cx="2.25" cy="2.25" r="1.7" fill="{dot}"/><circle cx="6.75" cy="6.75" r="1.7" fill="{dot}"/>'
        "</pattern></defs>"
        + CARD_OUTLINE % ("#ffffff", "#8a8f98")
        + f'<rect x="7" y="7" width="86" height="126" rx="5" fill="{base}"/>'
        + '<rect x="7" y="7" width="86" height="126" rx="5" fill="url(#q)"/>'
        + f'<rect x="11" y="11" width="78" height="118" rx="3" fill="none" stroke="{accent}" stroke-width="1.5"/>'
        + f'<circle cx="50" cy="70" r="22" fill="{base}" stroke="{accent}" stroke-width="1.5"/>'
        + f'<path d="M{"L".join(star)}Z" fill="{accent}"/>'
        + "</svg>\n"
    )


def contrast_back_svg() -> str:
    """The high-contrast back: black with a thick white rim and a sparse
    white lattice, unmistakable beside a white face and on a black table."""
    return (
        SVG_OPEN + '<defs><pattern id="q" width="16" height="16" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><path d="M0 0H16M0 0V16" stroke="#ffffff" '
        'stroke-width="2"/></pattern></defs>'
        + '<rect x="3" y="3" width="94" height="134" rx="7" fill="#000000" stroke="#ffffff" '
        'stroke-width="6"/>' + '<rect x="12" y="12" width="76" height="116" rx="3" fill="url(#q)"/>' + "</svg>\n"
    )


def slot_svg(inner: str = "", tint: str = "#ffffff") -> str:
    return (
        SVG_OPEN + f'<rect x="2" y="2" width="96" height="136" rx="8" fill="{tint}" fill-opacity=".1" '
        f'stroke="{tint}" stroke-opacity=".45" stroke-width="2.5" stroke-dasharray="7 5"/>' + inner + "</svg>\n"
    )


def slot_files() -> dict[str, str]:
    faint = "#ffffff"
    ring = f'<circle cx="50" cy="70" r="26" fill="none" stroke="{faint}" stroke-opacity=".4" stroke-width="4"/>'
    a_glyph = text_svg("A", 50 - text_visual_width("A", 34) / 2, 53, 34, faint)
    k_glyph = text_svg("K", 50 - text_visual_width("K", 34) / 2, 53, 34, faint)
    return {
        "slots/empty.svg": slot_svg(),
        "slots/foundation.svg": slot_svg(ring + f'<g opacity=".45">{a_glyph}</g>'),
        "slots/run.svg": slot_svg(
            f'<g opacity=".4">{k_glyph}</g>' + f'<g opacity=".35">{spider_svg(50, 108, 0.45, faint, 3.5)}</g>'
        ),
        # an empty cell, not a word: the pile's label under it says "Free" in the player's language
        "slots/free.svg": slot_svg(
            '<g opacity=".6"><rect x="30" y="50" width="40" height="40" rx="6" fill="none" '
            'stroke="#ffe08a" stroke-width="4" stroke-dasharray="9 5"/></g>',
            tint="#ffe08a",
        ),
        "slots/stock.svg": slot_svg(
            f'<circle cx="50" cy="70" r="22" fill="none" stroke="{faint}" stroke-opacity=".4" '
            'stroke-width="5"/><path d="M34 86L66 54" stroke="#fff" stroke-opacity=".4" '
            'stroke-width="5" stroke-linecap="round"/>'
        ),
    }


def all_files() -> dict[str, str]:
    """Every generated file: relative path -> SVG text."""
    files: dict[str, str] = {}
    for set_name, colours in FACE_SETS.items():
        for suit in SUITS:
            for rank in RANKS:
                files[f"{set_name}/{rank}{suit}.svg"] = face_svg(rank, suit, colours, set_name in HIGH_CONTRAST)
    files["backs/blue.svg"] = back_svg("#1f4e9c", "#3f73c8", "#c9dbff", spider=False)
    files["backs/red.svg"] = back_svg("#a3172a", "#c4374a", "#ffd6dc", spider=True)
    files["backs/green.svg"] = back_svg("#1d6b3c", "#2f8a55", "#d2f2dd", spider=True)
    files["backs/plum.svg"] = web_back_svg("#4e2363", "#7b4a93", "#ecd6f5")
    files["backs/midnight.svg"] = midnight_back_svg()
    files["backs/teal.svg"] = dots_back_svg("#0d5f63", "#1f8085", "#c8f0ec")
    files["backs/contrast.svg"] = contrast_back_svg()
    files.update(slot_files())
    return files


def write_all(out_dir: Path) -> list[Path]:
    written: list[Path] = []
    for rel, text in sorted(all_files().items()):
        path = out_dir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parent.parent
    out = Path(argv[1]) if len(argv) > 1 else root / "assets" / "cards"
    paths = write_all(out)
    print(f"wrote {len(paths)} files to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
