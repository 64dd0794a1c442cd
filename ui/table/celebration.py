"""The win celebration: the classic cascade of bouncing cards, as plain data.

When a game is won, the cards leave the table one after another, the top
card of each pile in turn: each is thrown sideways, falls, bounces on the
bottom of the table, a little lower every time, and rolls off the side.
:func:`cascade` plans it (which card, when, along which path); the animator
plays the paths as keyframes.  A tap skips it (any input finishes the
animations) and reduced motion or simple mode leave it out (the end screen
comes at once).

The paths are computed, not random at play time: the same deal is thrown
the same way, and pytest checks every path (it starts at the card, never
sinks below the floor, loses height at each bounce and leaves the table).

>>> plan = cascade([[(1, 10.0, 20.0), (2, 10.0, 40.0)]], width=400, height=300, card_width=50, card_height=70)
>>> [f.uid for f in plan], plan[0].delay
([2, 1], 0.0)
>>> plan[0].points[0]
(10.0, 40.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine import CardId

__all__ = ["FRAME_MS", "MAX_FLIGHT_MS", "Flight", "bounce_path", "cascade"]

FRAME_MS = 1000 / 30
"""Time between two points of a path (the animator interpolates between them)."""
MAX_FLIGHT_MS = 2600.0
"""The longest one card's flight may be (a card still on the table then is cut)."""
TOTAL_MS = 8000.0
"""About how long the whole cascade lasts: the last card leaves by then."""
RESTITUTION = 0.72
"""Share of its speed a card keeps at each bounce."""


@dataclass(frozen=True)
class Flight:
    """One card's part: ``uid``, the start ``delay`` (ms) and its path, a
    point every :data:`FRAME_MS` (top-left corners, table coordinates)."""

    uid: CardId
    delay: float
    points: tuple[tuple[float, float], ...]

    @property
    def duration(self) -> float:
        return (len(self.points) - 1) * FRAME_MS


def bounce_path(
    x: float,
    y: float,
    vx: float,
    vy: float,
    *,
    floor: float,
    width: float,
    card_width: float,
    gravity: float,
) -> tuple[tuple[float, float], ...]:
    """Where a card thrown from (x, y) at (vx, vy) px/frame is, frame by
    frame, until it has left the table sideways or :data:`MAX_FLIGHT_MS`
    has passed.  ``floor``: the lowest its top edge goes; it bounces there.

    >>> path = bounce_path(0, 0, 12, -4, floor=200, width=300, card_width=40, gravity=2)
    >>> path[0], max(y for _, y in path) <= 200, path[-1][0] > 300
    ((0, 0), True, True)
    """
    points = [(x, y)]
    limit = int(MAX_FLIGHT_MS / FRAME_MS)
    for _ in range(limit):
        vy += gravity
        x += vx
        y += vy
        if y > floor:  # the bounce: mirrored at the floor, slower
            y = floor - (y - floor) * RESTITUTION
            vy = -abs(vy) * RESTITUTION
        points.append((round(x, 1), round(y, 1)))
        if x > width + 2 or x < -card_width - 2:
            break
    return tuple(points)


def cascade(
    piles: Sequence[Sequence[tuple[CardId, float, float]]],
    *,
    width: float,
    height: float,
    card_width: float,
    card_height: float,
    seed: int = 0,
) -> list[Flight]:
    """The whole celebration for the cards of ``piles`` (each ``(uid, x, y)``,
    bottom card first): the top cards of every pile go first, pile by pile,
    then the next ones, each thrown to the nearer side of the table with a
    little variety (from ``seed``)."""
    rng = random.Random(seed)
    stacks = [list(p) for p in piles if p]
    order: list[tuple[CardId, float, float]] = []
    while any(stacks):
        for stack in stacks:
            if stack:
                order.append(stack.pop())
    if not order:
        return []
    step = min(90.0, (TOTAL_MS - MAX_FLIGHT_MS) / len(order))
    floor = max(0.0, height - card_height)
    gravity = max(0.6, height / 200)
    out: list[Flight] = []
    for k, (uid, x, y) in enumerate(order):
        side = -1.0 if x + card_width / 2 < width / 2 else 1.0
        if rng.random() < 0.25:
            side = -side  # now and then a card crosses the table
        # Slow enough to bounce a few times, fast enough to be off the table in time.
        distance = (width - x) if side > 0 else (x + card_width)
        frames = MAX_FLIGHT_MS / FRAME_MS * (0.70 + 0.15 * rng.random())
        vx = side * (distance + 4) / frames
        vy = -math.sqrt(gravity * height) * (0.1 + 0.25 * rng.random())
        path = bounce_path(x, y, vx, vy, floor=floor, width=width, card_width=card_width, gravity=gravity)
        out.append(Flight(uid, k * step, path))
    return out
