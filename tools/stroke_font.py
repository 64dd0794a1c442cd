"""A tiny stroke font for the card art (``tools/gen_cards.py``): the
glyphs the ranks and the slot labels need, as centre lines drawn with round
caps and joins, so that nothing depends on fonts and the cards render alike
offline in every browser.  Stdlib only; deterministic text out."""

from __future__ import annotations

# ---------------------------------------------------------------------------
# Stroke font: centre lines in a box 0..W x 0..100 (y down), drawn with round
# caps and joins.  Widths are the advance of the centre-line box.
# ---------------------------------------------------------------------------
GLYPHS: dict[str, tuple[int, str]] = {
    "A": (64, "M0 100L32 0L64 100M13 64H51"),
    "2": (60, "M3 24C4 9 15 0 30 0C47 0 57 11 57 26C57 43 44 53 30 65L2 100H60"),
    "3": (
        58,
        "M4 11C11 4 19 0 30 0C46 0 55 10 55 24C55 39 45 47 27 47"
        "C47 47 58 58 58 74C58 90 46 100 29 100C17 100 8 96 1 88",
    ),
    "4": (62, "M46 100V0L0 70H62"),
    "5": (58, "M54 0H10L6 44C13 39 21 37 30 37C47 37 58 49 58 68C58 87 46 100 28 100C17 100 8 96 1 88"),
    "6": (
        58,
        "M52 7C46 2 39 0 31 0C12 0 2 20 2 53C2 85 13 100 30 100C47 100 58 88 58 70C58 52 47 41 31 41C17 41 6 49 2 62",
    ),
    "7": (58, "M0 0H58L18 100"),
    "8": (
        58,
        "M29 46C15 46 6 38 6 23C6 9 15 0 29 0C43 0 52 9 52 23C52 38 43 46 29 46Z"
        "M29 46C13 46 2 56 2 73C2 90 13 100 29 100C45 100 56 90 56 73C56 56 45 46 29 46Z",
    ),
    "9": (
        58,
        "M6 93C12 98 19 100 27 100C46 100 56 80 56 47C56 15 45 0 28 0"
        "C11 0 0 12 0 30C0 48 11 59 27 59C41 59 52 51 56 38",
    ),
    "1": (26, "M0 17L22 0V100"),
    "0": (50, "M25 0C41 0 50 20 50 50C50 80 41 100 25 100C9 100 0 80 0 50C0 20 9 0 25 0Z"),
    "J": (50, "M14 0H50M36 0V70C36 89 27 100 14 100C6 100 0 95 -3 87"),
    "Q": (62, "M31 0C50 0 62 19 62 48C62 78 50 96 31 96C12 96 0 78 0 48C0 19 12 0 31 0ZM38 70L62 104"),
    "K": (58, "M0 0V100M56 0L4 60M22 42L58 100"),
    "F": (46, "M46 0H0V100M0 48H38"),
    "R": (54, "M0 100V0H26C44 0 54 11 54 27C54 42 44 53 26 53H0M26 53L54 100"),
    "E": (48, "M48 0H0V100H48M0 48H40"),
}
GLYPH_GAP = 22  # centre-line gap between glyphs of one word ("10")
STROKE = 21  # stroke width in glyph units (glyph height is 100)


def num(v: float) -> str:
    """Compact number text: at most two decimals, no trailing zeros."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def word_width(text: str) -> int:
    """Centre-line width of ``text`` in glyph units."""
    return sum(GLYPHS[ch][0] for ch in text) + GLYPH_GAP * (len(text) - 1)


def word_paths(text: str) -> str:
    """Path elements for ``text``, glyphs placed left to right from x=0."""
    parts: list[str] = []
    x = 0
    for ch in text:
        width, d = GLYPHS[ch]
        shift = f' transform="translate({x})"' if x else ""
        parts.append(f'<path{shift} d="{d}"/>')
        x += width + GLYPH_GAP
    return "".join(parts)


def text_svg(
    text: str,
    x: float,
    y: float,
    height: float,
    colour: str,
    width: float | None = None,
    stretch: float = 1.0,
    stroke: int = STROKE,
) -> str:
    """A stroked word whose *visual* box has top-left (x, y) and ``height``.

    ``stretch`` widens the glyphs (wide glyphs read better when tiny); with
    ``width`` given, the word is condensed to fit it when it would be wider.
    """
    scale = height / (100 + stroke)
    natural = (word_width(text) + stroke) * scale * stretch
    sx = scale * stretch
    if width is not None and natural > width:
        sx = scale * width / natural
    tx = x + stroke / 2 * sx
    ty = y + stroke / 2 * scale
    if sx == scale:
        tf = f"translate({num(tx)} {num(ty)})scale({num(scale)})"
    else:
        tf = f"translate({num(tx)} {num(ty)})scale({num(sx)} {num(scale)})"
    return (
        f'<g transform="{tf}" fill="none" stroke="{colour}" stroke-width="{stroke}" '
        f'stroke-linecap="round" stroke-linejoin="round">{word_paths(text)}</g>'
    )


def text_visual_width(text: str, height: float) -> float:
    return (word_width(text) + STROKE) * height / (100 + STROKE)
