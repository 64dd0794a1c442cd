"""The win celebration's plan (ui/table/celebration.py): every card leaves the
table in a believable bounce, the top cards first, within the time budget."""

from __future__ import annotations

import doctest
import itertools

import pytest

from ui.table import celebration
from ui.table.celebration import FRAME_MS, MAX_FLIGHT_MS, TOTAL_MS, cascade

VIEWS = [(1366, 768, 56, 78), (390, 760, 33, 46), (1920, 1000, 150, 210), (844, 330, 40, 56)]


def won_table(width: float, card_width: float, piles: int = 8, per: int = 13) -> list[list[tuple[int, float, float]]]:
    step = width / 10
    return [[(p * per + k, step * p + 4, 10.0 + 0.2 * card_width * k) for k in range(per)] for p in range(piles)]


@pytest.mark.parametrize(("width", "height", "cw", "ch"), VIEWS)
def test_every_card_bounces_off_the_table_in_time(width: float, height: float, cw: float, ch: float) -> None:
    piles = won_table(width, cw)
    start = {uid: (x, y) for pile in piles for uid, x, y in pile}
    plan = cascade(piles, width=width, height=height, card_width=cw, card_height=ch, seed=7)
    assert sorted(f.uid for f in plan) == sorted(start)
    floor = height - ch
    bounced = 0
    for f in plan:
        assert f.points[0] == start[f.uid]
        assert all(y <= floor + 0.05 for _, y in f.points), f.uid
        x_end = f.points[-1][0]
        assert x_end > width or x_end < -cw, f.uid  # it has left the table sideways
        assert f.duration <= MAX_FLIGHT_MS
        # Each bounce is lower than the one before: the apexes after each
        # bounce (the highest points between two floor contacts) sink.
        ys = [y for _, y in f.points]
        bounces = [i for i in range(1, len(ys) - 1) if ys[i - 1] < ys[i] > ys[i + 1]]
        heights = [floor - min(ys[a:b]) for a, b in itertools.pairwise(bounces)]
        assert all(b <= a + 1 for a, b in itertools.pairwise(heights)), heights
        bounced += len(bounces) >= 2
    assert bounced >= len(plan) // 4  # many cards bounce at least twice
    delays = [f.delay for f in plan]
    assert delays == sorted(delays) and delays[0] == 0
    assert max(f.delay + f.duration for f in plan) <= TOTAL_MS + FRAME_MS


def test_the_top_cards_go_first_pile_by_pile_and_the_plan_is_the_same_each_time() -> None:
    piles = won_table(1366, 56, piles=3, per=2)
    plan = cascade(piles, width=1366, height=768, card_width=56, card_height=78, seed=3)
    assert [f.uid for f in plan] == [1, 3, 5, 0, 2, 4]
    again = cascade(piles, width=1366, height=768, card_width=56, card_height=78, seed=3)
    assert again == plan
    assert cascade([[], []], width=100, height=100, card_width=10, card_height=14) == []


def test_module_doctests_pass() -> None:
    result = doctest.testmod(celebration)
    assert result.attempted > 0 and result.failed == 0
