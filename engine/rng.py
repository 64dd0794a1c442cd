"""Deal numbers: the engine's own PRNG and shuffle, fixed forever.

A preset and a deal number (1 to 4294967295) must give the same cards on
every machine, in CPython and in Pyodide, in every future version.  So the
shuffle is not :mod:`random` (whose algorithms may change) but this:

1. The generator is SplitMix64 (Steele, Lea & Flood 2014), seeded with the
   deal number.  Each step adds ``0x9E3779B97F4A7C15`` to the 64-bit state and
   mixes it with two xor-shift-multiply rounds.
2. A bounded draw ``below(n)`` takes 64-bit outputs and rejects those at or
   above the largest multiple of ``n`` under 2**64, then returns ``x % n``:
   no modulo bias.
3. The shuffle is Fisher–Yates from the last index down: for ``i`` from
   ``len - 1`` to ``1``, swap ``deck[i]`` with ``deck[below(i + 1)]``.
4. The deck before shuffling is :func:`engine.cards.make_deck` order.

>>> SplitMix64(1).next()
10451216379200822465
>>> shuffled(list(range(5)), 1)
[2, 1, 4, 3, 0]
"""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
MIN_DEAL = 1
MAX_DEAL = 4294967295

T = TypeVar("T")


class SplitMix64:
    """The SplitMix64 generator: 64-bit state, 64-bit outputs."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled(items: list[T], deal: int) -> list[T]:
    """A new list: ``items`` shuffled by deal number ``deal`` (Fisher–Yates)."""
    out = list(items)
    gen = SplitMix64(deal)
    for i in range(len(out) - 1, 0, -1):
        j = gen.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def check_deal(deal: object) -> int:
    """``deal`` as a valid deal number, or :class:`OptionError`."""
    from .errors import OptionError

    if isinstance(deal, bool) or not isinstance(deal, int):
        raise OptionError(f"a deal number must be a whole number, not {deal!r}")
    if not MIN_DEAL <= deal <= MAX_DEAL:
        raise OptionError(f"a deal number runs from {MIN_DEAL} to {MAX_DEAL}, not {deal}")
    return deal
