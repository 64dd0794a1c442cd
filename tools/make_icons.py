#!/usr/bin/env python3
"""Generate the app icons (standard library only): two playing cards with a
spade, on the table's green.

Writes into ``assets/icons/``: ``icon.svg``, ``icon-192.png``,
``icon-512.png`` and ``icon-maskable-512.png`` (full-bleed background, the
motif inside the 80 % safe zone). The SVG and the PNGs come from the same
geometry: the PNGs are rasterised here with a small scanline filler (3×3
supersampling). Our own work, CC0 (assets/icons/LICENSE.md).

Usage: ``python -m tools.make_icons [--out assets/icons] [--check]``;
``--check`` exits 1 when the committed icons differ from what this script
makes (tests run it).
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
Point = tuple[float, float]
Color = tuple[int, int, int]

FELT: Color = (14, 90, 54)
EDGE: Color = (8, 46, 28)
CARD: Color = (255, 253, 247)
BACK_CARD: Color = (236, 228, 208)
INK: Color = (27, 27, 27)

# The spade in a 100 x 100 box: (command, points) with absolute coordinates.
SPADE_PATH: list[tuple[str, list[Point]]] = [
    ("M", [(50, 6)]),
    ("C", [(58, 22), (93, 36), (93, 59)]),
    ("C", [(93, 76), (74, 85), (59, 74)]),
    ("C", [(61, 84), (66, 92), (73, 97)]),
    ("L", [(27, 97)]),
    ("C", [(34, 92), (39, 84), (41, 74)]),
    ("C", [(26, 85), (7, 76), (7, 59)]),
    ("C", [(7, 36), (42, 22), (50, 6)]),
]

CANVAS = 512.0
# (centre x, centre y, width, height, corner radius, rotation in degrees)
BACK = (232.0, 266.0, 214.0, 300.0, 22.0, -13.0)
FRONT = (282.0, 250.0, 214.0, 300.0, 22.0, 9.0)
SPADE_SIZE = 150.0
OUTLINE = 6.0
ICON_RADIUS = 96.0


# ---- geometry ---------------------------------------------------------------


def rounded_rect(cx: float, cy: float, w: float, h: float, r: float, steps: int = 10) -> list[Point]:
    pts: list[Point] = []
    corners = [
        (w / 2 - r, h / 2 - r, 0),
        (-w / 2 + r, h / 2 - r, 90),
        (-w / 2 + r, -h / 2 + r, 180),
        (w / 2 - r, -h / 2 + r, 270),
    ]
    for ox, oy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            pts.append((cx + ox + r * math.cos(a), cy + oy + r * math.sin(a)))
    return pts


def rotate(points: list[Point], cx: float, cy: float, degrees: float) -> list[Point]:
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in points]


def flatten(path: list[tuple[str, list[Point]]], steps: int = 16) -> list[Point]:
    pts: list[Point] = []
    for command, args in path:
        if command in ("M", "L"):
            pts.append(args[0])
        else:
            (x0, y0), ((x1, y1), (x2, y2), (x3, y3)) = pts[-1], args
            for i in range(1, steps + 1):
                t = i / steps
                u = 1 - t
                pts.append(
                    (
                        u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                        u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3,
                    )
                )
    return pts


def spade_points() -> list[Point]:
    cx, cy, _, _, _, angle = FRONT
    scale = SPADE_SIZE / 100
    pts = [(cx + (x - 50) * scale, cy + (y - 52) * scale) for x, y in flatten(SPADE_PATH)]
    return rotate(pts, cx, cy, angle)


def card(spec: tuple[float, float, float, float, float, float], grow: float = 0.0) -> list[Point]:
    cx, cy, w, h, r, angle = spec
    return rotate(rounded_rect(cx, cy, w + 2 * grow, h + 2 * grow, r + grow), cx, cy, angle)


def layers(maskable: bool) -> list[tuple[list[Point], Color]]:
    """Shapes in a 512 x 512 canvas, back to front."""
    if maskable:
        background = [(0.0, 0.0), (CANVAS, 0.0), (CANVAS, CANVAS), (0.0, CANVAS)]
    else:
        background = rounded_rect(CANVAS / 2, CANVAS / 2, CANVAS, CANVAS, ICON_RADIUS)
    shapes = [
        (card(BACK, OUTLINE), EDGE),
        (card(BACK), BACK_CARD),
        (card(FRONT, OUTLINE), EDGE),
        (card(FRONT), CARD),
        (spade_points(), INK),
    ]
    if maskable:  # keep the motif inside the 80 % safe circle
        k, c = 0.78, CANVAS / 2
        shapes = [([(c + (x - c) * k, c + (y - c) * k) for x, y in pts], col) for pts, col in shapes]
    return [(background, FELT), *shapes]


# ---- raster -------------------------------------------------------------------


def coverage(points: list[Point], size: int, scale: float, ss: int = 3) -> list[float]:
    """Fraction of each pixel inside the polygon (even-odd), by scanlines."""
    cov = [0.0] * (size * size)
    edges = list(zip(points, points[1:] + points[:1]))
    weight = 1.0 / (ss * ss)
    for sy in range(size * ss):
        y = (sy + 0.5) / ss / scale
        xs = []
        for (x0, y0), (x1, y1) in edges:
            if (y0 <= y < y1) or (y1 <= y < y0):
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        xs.sort()
        row = (sy // ss) * size
        for a, b in zip(xs[::2], xs[1::2]):
            first = max(0, math.ceil(a * scale * ss - 0.5))
            last = min(size * ss - 1, math.floor(b * scale * ss - 0.5))
            for sx in range(first, last + 1):
                cov[row + sx // ss] += weight
    return cov


def render(size: int, maskable: bool) -> bytes:
    scale = size / CANVAS
    rgba = [0.0] * (size * size * 4)
    for points, color in layers(maskable):
        cov = coverage(points, size, scale)
        for i, a in enumerate(cov):
            if a <= 0:
                continue
            a = min(a, 1.0)
            j = i * 4
            out_a = a + rgba[j + 3] * (1 - a)
            for k in range(3):
                src = color[k] / 255
                rgba[j + k] = (src * a + rgba[j + k] * rgba[j + 3] * (1 - a)) / out_a if out_a else 0
            rgba[j + 3] = out_a
    rows = []
    for y in range(size):
        line = bytearray([0])
        for x in range(size):
            j = (y * size + x) * 4
            line += bytes(round(max(0.0, min(1.0, v)) * 255) for v in rgba[j : j + 4])
        rows.append(bytes(line))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


# ---- svg ------------------------------------------------------------------------


def svg() -> str:
    def hexc(c: Color) -> str:
        return "#{:02x}{:02x}{:02x}".format(*c)

    def rect(spec: tuple[float, float, float, float, float, float], grow: float, color: Color) -> str:
        cx, cy, w, h, r, angle = spec
        return (
            f'<rect x="{cx - w / 2 - grow:g}" y="{cy - h / 2 - grow:g}" width="{w + 2 * grow:g}" '
            f'height="{h + 2 * grow:g}" rx="{r + grow:g}" fill="{hexc(color)}" '
            f'transform="rotate({angle:g} {cx:g} {cy:g})"/>'
        )

    d = " ".join(cmd + " " + " ".join(f"{x:g} {y:g}" for x, y in pts) for cmd, pts in SPADE_PATH) + " Z"
    cx, cy, _, _, _, angle = FRONT
    k = SPADE_SIZE / 100
    spade = (
        f'<path d="{d}" fill="{hexc(INK)}" transform="rotate({angle:g} {cx:g} {cy:g}) '
        f'translate({cx - 50 * k:g} {cy - 52 * k:g}) scale({k:g})"/>'
    )
    return "\n".join(
        [
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">',
            "<title>Spider Solitaire</title>",
            f'<rect width="512" height="512" rx="{ICON_RADIUS:g}" fill="{hexc(FELT)}"/>',
            rect(BACK, OUTLINE, EDGE),
            rect(BACK, 0, BACK_CARD),
            rect(FRONT, OUTLINE, EDGE),
            rect(FRONT, 0, CARD),
            spade,
            "</svg>",
            "",
        ]
    )


def icons() -> dict[str, bytes]:
    return {
        "icon.svg": svg().encode(),
        "icon-192.png": render(192, maskable=False),
        "icon-512.png": render(512, maskable=False),
        "icon-maskable-512.png": render(512, maskable=True),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate the app icons.")
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "icons")
    parser.add_argument("--check", action="store_true", help="compare with the files in --out")
    args = parser.parse_args(argv)
    made = icons()
    if args.check:
        stale = [n for n, data in made.items() if not (args.out / n).is_file() or (args.out / n).read_bytes() != data]
        if stale:
            print("icons out of date: " + ", ".join(stale) + " (run python -m tools.make_icons)")
            return 1
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in made.items():
        (args.out / name).write_bytes(data)
        print(f"wrote {args.out / name} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
