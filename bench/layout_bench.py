"""Layout benchmark: how long ``ui.layout.layout_table`` takes, in CPython.

Figures, each the median of several batches, beside its target:

* a full two-deck table (Spider's longest possible column, 83 cards, and a
  completed run of 13), laid out at a new viewport width every call, so
  that the card size is searched for each time (a resize);
* the same table at one viewport again and again (the card size kept).

The layout runs on every resize and every move's redraw in the page, where
Pyodide is several times slower than CPython: the target is 10 ms a call
here.  ``tests/test_layout.py`` checks the steps a layout takes (how many
trial layouts); this file measures the time.

Usage, from the project folder::

    python -m bench.layout_bench            # 9 batches of 100 layouts
    python -m bench.layout_bench --quick    # 3 batches of 20 (a smoke run)
    python -m bench.layout_bench --json     # the figures as JSON

Exit code 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from ui.table.layout import FoundationStyle, TableShape, layout_table, pile_flags

TARGETS_MS = {"resize": 10.0, "same viewport": 10.0}
"""Milliseconds a call, at most (CPython on the project's 2-core machine)."""


def worst_spider() -> TableShape:
    """Spider's table at its longest: 5 face-down cards under 78 face-up ones
    in one column, a run of 13 in another, the stock dealt out."""
    cols = [pile_flags(5 if i < 4 else 4, 1) for i in range(10)]
    cols[0] = pile_flags(5, 78)
    cols[9] = pile_flags(0, 13)
    return TableShape(
        columns=tuple(cols),
        stock=pile_flags(0, 0),
        stock_deal=10,
        foundations=tuple(() for _ in range(8)),
        foundation_style=FoundationStyle.COMPACT,
        sizing_column=(5, 13),
    )


def per_call_ms(calls: int, batches: int, resize: bool) -> float:
    """The median over BATCHES of the time per layout, in ms, over CALLS layouts each."""
    table = worst_spider()
    layout_table(table, 1000, 700)
    times = []
    for batch in range(batches):
        start = time.perf_counter()
        for i in range(calls):
            # a width no batch used before when resizing: the card size is searched each time
            width = 360 + batch * calls + i if resize else 390
            layout_table(table, width, 640)
        times.append((time.perf_counter() - start) / calls * 1000)
    return statistics.median(times)


def measure(quick: bool = False) -> dict[str, float]:
    calls, batches = (20, 3) if quick else (100, 9)
    return {
        "resize": per_call_ms(calls, batches, resize=True),
        "same viewport": per_call_ms(calls, batches, resize=False),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer layouts (a smoke run)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = measure(args.quick)
    missed = [name for name, ms in figures.items() if ms > TARGETS_MS[name]]
    if args.json:
        print(json.dumps({"ms_per_layout": figures, "targets_ms": TARGETS_MS, "missed": missed}, indent=1))
    else:
        print(f"{'layout of a full two-deck table':34} {'ms a call':>10} {'target':>10}")
        for name, ms in figures.items():
            verdict = "FAIL" if name in missed else "pass"
            print(f"{name:34} {ms:10.2f} {'<= ' + format(TARGETS_MS[name], 'g'):>10}  {verdict}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
