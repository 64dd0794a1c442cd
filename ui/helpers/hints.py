"""The player's helpers as pure logic: hints, winnable deals, auto-complete
and the "Still winnable?" check.  No browser imports; pytest
tests every part.  The page's controller is :mod:`ui.helpers.hints_view`.

* **Hints.** :class:`HintCycle` keeps the ranked hints of one position and
  steps through them, wrapping round, so each press of Hint shows the next
  best; :func:`highlight_for` says which cards and which pile to light up
  for a move, in the page's pile ids.  The hints come from
  :func:`solver.hints`, which sees only what the player sees.
* **Winnable deals.** :func:`parse_winnable` reads ``assets/data/winnable.json``
  (never raises); :func:`winnable_choice` says whether "Winnable deals"
  can apply to a preset with given options, and why not;
  :func:`pick_deal` draws a deal from a proven list.
* **Sliced searches.** :class:`SlicedSolve` is :func:`solver.solve`
  (the same search, the same tries) cut into slices of a few
  hundred positions, so the page can yield to the browser between them;
  :func:`autocomplete_job` is :func:`solver.autocomplete` as such a
  job; :class:`WinCheck` answers "Still winnable?" from the full position
  ("winnable", "unknown", or "no-win" only when the complete search proves
  it).

>>> import engine
>>> g = engine.game_from_notation("spider-1", "KsQsJs/Ts9s/*As8s7s6s5s4s3s2s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
>>> cycle = HintCycle()
>>> cycle.load(g.position, [Hint(engine.Move.tableau(1, 0, 2), 5, "Move it.")])
>>> cycle.next().reason, cycle.next().reason
('Move it.', 'Move it.')
>>> highlight_for(g.rules, g.position, engine.Move.tableau(1, 0, 2))
Highlight(src=PileId.parse('column-2'), index=0, count=2, dst=PileId.parse('column-1'))
"""

from __future__ import annotations

import gc
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine import (
    DEAL,
    DRAW,
    FOUNDATION,
    MAX_DEAL,
    MIN_DEAL,
    MOVE,
    PRESETS,
    STOCK,
    Move,
    OptionValue,
    PileId,
    Position,
    Ruleset,
)
from solver import BEAM, LEVEL_NODES, SOLVED, UNKNOWN, UNSOLVABLE, FamilySearch, Hint, make_search, tries
from ui.chrome.messages import engine_sentence
from ui.i18n.text import N_, _, n_, number
from ui.table.cards import tableau_pile

# ---------------------------------------------------------------------------
# hints
# ---------------------------------------------------------------------------

HINT_SECONDS = 0.03
"""The hint search's time budget (``hints(max_seconds=...)``): the search
checks the clock every 32 positions, so one hint stays one short task
(well under 50 ms in the page) even on a wide Tournament position."""

NO_HELP = N_("No move helps now — try Undo.")
NO_HELP_NO_UNDO = N_("No move helps now.")


@dataclass(frozen=True)
class Highlight:
    """What a hint lights up: ``count`` cards of ``src`` from ``index`` (None:
    the pile's top card, as for the stock), and the pile ``dst`` (None for a
    deal)."""

    src: PileId
    index: int | None
    count: int
    dst: PileId | None


def highlight_for(rules: Ruleset, pos: Position, move: Move) -> Highlight:
    """The cards and the pile a hint for ``move`` lights up ."""
    if move.kind == MOVE:
        col = pos.tableau[move.src]
        return Highlight(
            tableau_pile(rules, move.src), len(col) - move.count, move.count, tableau_pile(rules, move.dst)
        )
    if move.kind == FOUNDATION:
        col = pos.tableau[move.src]
        return Highlight(tableau_pile(rules, move.src), len(col) - 1, 1, PileId.foundation(move.dst))
    if move.kind == DRAW:
        return Highlight(PileId.draw(move.src), None, 1, None)
    assert move.kind == DEAL
    return Highlight(STOCK, None, 1, None)


class HintCycle:
    """The hints of one position, and which one is shown.

    :meth:`load` stores a position's ranked hints; :meth:`next` returns the
    next one (the best first, then the second best..., wrapping round).
    A new position needs a new :meth:`load` (:meth:`fresh` says whether
    the stored hints are for it).
    """

    def __init__(self) -> None:
        self.position: Position | None = None
        self.hints: list[Hint] = []
        self.index = -1

    def fresh(self, pos: Position) -> bool:
        return self.position is not None and self.position == pos

    def load(self, pos: Position, hints: Sequence[Hint]) -> None:
        self.position = pos
        self.hints = list(hints)
        self.index = -1

    def next(self) -> Hint | None:
        """The next hint to show, or None when nothing helps."""
        if not self.hints:
            return None
        self.index = (self.index + 1) % len(self.hints)
        return self.hints[self.index]

    def clear(self) -> None:
        self.position = None
        self.hints = []
        self.index = -1

    def sentence(self, can_undo: bool, rules: Ruleset | None = None) -> str:
        """What the message area says for the hint shown, in the language in
        use (the solver's sentence, its piles named for ``rules``)."""
        if not self.hints:
            return _(NO_HELP) if can_undo else _(NO_HELP_NO_UNDO)
        hint = self.hints[self.index]
        reason = engine_sentence(hint.reason, rules)
        if len(self.hints) > 1:
            return _("{hint} (Hint {number} of {total}.)").format(
                hint=reason, number=self.index + 1, total=len(self.hints)
            )
        return reason


# ---------------------------------------------------------------------------
# winnable deals
# ---------------------------------------------------------------------------

WINNABLE_URL = "./assets/data/winnable.json"

NO_PROVEN = N_("No proven deals for this game yet.")
LOADING = N_("The list of proven deals is still loading.")
NOT_LOADED = N_("The list of proven deals could not be loaded.")
OTHER_RULES = N_("Deals are proven with this game's standard rules; the options chosen may make them unwinnable.")

# Option changes that keep every winnable deal winnable: the scoring and the
# clock change no move; relaxing the deal, wrapping King and Ace, and lifting
# the lower-row restriction only add moves.
_SAFE_CHANGES: dict[str, OptionValue | None] = {
    "scoring": None,
    "time_limit": None,
    "relaxed_deal": True,
    "wrap": True,
    "lower_row_restriction": False,
}


def preset_entries(text: str | None) -> dict[str, dict[str, object]]:
    """The per-game entries of a shipped data file's text (``{"version": 1,
    "presets": {game: {...}}}``: winnable.json, grades.json), only those of
    games this page knows; empty when the text is missing or damaged (never raises)."""
    if not text:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("presets"), dict):
        return {}
    return {p: e for p, e in data["presets"].items() if p in PRESETS and isinstance(e, dict)}


def parse_winnable(text: str | None) -> dict[str, tuple[int, ...]]:
    """Proven deal numbers per preset from winnable.json's text (empty when
    the text is missing or damaged; never raises)."""
    out: dict[str, tuple[int, ...]] = {}
    for preset, entry in preset_entries(text).items():
        listed = entry.get("deals")
        if not isinstance(listed, list):
            continue
        deals = sorted({d for d in listed if type(d) is int and MIN_DEAL <= d <= MAX_DEAL})
        if deals:
            out[preset] = tuple(deals)
    return out


def proof_holds(preset: str, options: dict[str, OptionValue]) -> bool:
    """Whether deals proven with ``preset``'s default options stay winnable
    with ``options``."""
    defaults = PRESETS[preset].option_values()
    for name, value in options.items():
        if defaults.get(name) == value:
            continue
        if name not in _SAFE_CHANGES:
            return False
        safe = _SAFE_CHANGES[name]
        if safe is not None and value != safe:
            return False
    return True


class WinnableChoice(NamedTuple):
    """Whether "Winnable deals" can apply (``available``), the deals,
    and the sentence shown when it cannot."""

    available: bool
    deals: tuple[int, ...]
    note: str


def winnable_choice(
    data: dict[str, tuple[int, ...]] | None, preset: str, options: dict[str, OptionValue], failed: bool = False
) -> WinnableChoice:
    """ "Winnable deals" for ``preset`` with ``options``; ``data`` None:
    the list is not loaded yet (``failed``: and never will be)."""
    if data is None:
        return WinnableChoice(False, (), _(NOT_LOADED) if failed else _(LOADING))
    deals = data.get(preset, ())
    if not deals:
        return WinnableChoice(False, (), _(NO_PROVEN))
    if not proof_holds(preset, options):
        return WinnableChoice(False, deals, _(OTHER_RULES))
    n = len(deals)
    note = n_(
        "Random deals come from the {n} deal proven winnable.",
        "Random deals come from the {n} deals proven winnable.",
        n,
    )
    return WinnableChoice(True, deals, note.format(n=number(n)))


def pick_deal(deals: Sequence[int], rnd: random.Random, avoid: int | None = None) -> int:
    """A deal from ``deals``, another than ``avoid`` when there is one."""
    assert deals
    pool = [d for d in deals if d != avoid] or list(deals)
    return rnd.choice(pool)


# ---------------------------------------------------------------------------
# sliced searches
# ---------------------------------------------------------------------------


class SlicedSolve:
    """:func:`solver.solve` in slices: :meth:`step` explores up to
    ``n`` positions and returns the status once the search is over
    (``solved`` with :attr:`moves`, ``unknown``, ``unsolvable``).

    The same :class:`solver.Search`, and the same tries: a levelled
    (Spider-family) search that gives up before ``max_nodes`` starts again
    with the next weights and width of :func:`solver.tries`.
    """

    def __init__(
        self,
        rules: Ruleset,
        pos: Position,
        *,
        max_nodes: int,
        complete: bool = False,
        beam: int = BEAM,
        level_nodes: int = LEVEL_NODES,
    ) -> None:
        self.rules = rules
        self.pos = pos
        self.max_nodes = max_nodes
        self.complete = complete
        self.levelled = rules.traits.levelled_search and not complete
        self._tries = tries(beam, level_nodes)
        self.search = self._next_search()
        self.spent = 0  # positions explored by the searches before this one
        self.status: str | None = None
        self.moves: tuple[Move, ...] = ()

    def _next_search(self) -> FamilySearch:
        width, size, weights = next(self._tries)
        return make_search(self.rules, self.pos, complete=self.complete, beam=width, level_nodes=size, weights=weights)

    @property
    def nodes(self) -> int:
        return self.spent + self.search.nodes

    def step(self, n: int = 200) -> str | None:
        if self.status is not None:
            return self.status
        # as solve() does: no cyclic garbage is made, so the collector only costs time
        was_on = gc.isenabled()
        gc.disable()
        try:
            status = self.search.step(n)
        finally:
            if was_on:
                gc.enable()
        if status is None:
            if self.nodes >= self.max_nodes:
                self.status = UNKNOWN
            return self.status
        if status == SOLVED:
            self.moves = self.search.moves
            self.status = SOLVED
        elif status == UNKNOWN and self.levelled and self.nodes < self.max_nodes:
            self.spent += self.search.nodes
            self.search = self._next_search()
            return None
        else:
            self.status = status
        return self.status


AUTOCOMPLETE_NODES = 20000


def autocomplete_ready(pos: Position) -> bool:
    """Whether auto-complete may be looked for: every card face up, nothing to deal."""
    return not any(pos.down) and not any(pos.stock)


def autocomplete_job(rules: Ruleset, pos: Position, max_nodes: int = AUTOCOMPLETE_NODES) -> SlicedSolve | None:
    """:func:`solver.autocomplete` as a sliced job (None when a card is
    hidden or the stock is not empty: nothing to look for)."""
    if not autocomplete_ready(pos):
        return None
    return SlicedSolve(rules, pos, max_nodes=max_nodes)


WINNABLE, CANT_TELL, NO_WIN = "winnable", "unknown", "no-win"
BADGE_TEXT = {WINNABLE: N_("Winnable"), CANT_TELL: N_("Can't tell"), NO_WIN: N_("No win"), "checking": N_("Checking…")}
"""The badge's words by answer (marked: shown with ``_``)."""


class WinCheck:
    """ "Still winnable?" from the full position, in slices.

    First the solver's own search (``max_nodes``): ``winnable`` if it finds
    a win.  Otherwise the complete search (no pruning, no beam; at most
    ``complete_nodes``): ``no-win`` only if it runs out of positions, which
    proves there is none; else ``unknown`` ("can't tell").
    """

    def __init__(self, rules: Ruleset, pos: Position, max_nodes: int = 12000, complete_nodes: int = 4000) -> None:
        self.rules = rules
        self.pos = pos
        self.first = SlicedSolve(rules, pos, max_nodes=max_nodes)
        self.second: FamilySearch | None = None
        self.complete_nodes = complete_nodes
        self.answer: str | None = None
        self.moves: tuple[Move, ...] = ()  # the win found, when ``winnable``

    @property
    def nodes(self) -> int:
        return self.first.nodes + (self.second.nodes if self.second else 0)

    def step(self, n: int = 200) -> str | None:
        if self.answer is not None:
            return self.answer
        if self.second is None:
            status = self.first.step(n)
            if status is None:
                return None
            if status == SOLVED:
                self.answer, self.moves = WINNABLE, self.first.moves
                return self.answer
            self.second = make_search(self.rules, self.pos, complete=True)
            return None
        was_on = gc.isenabled()
        gc.disable()
        try:
            status = self.second.step(n)
        finally:
            if was_on:
                gc.enable()
        if status == SOLVED:
            self.answer, self.moves = WINNABLE, tuple(self.second.moves)
        elif status == UNSOLVABLE:
            self.answer = NO_WIN
        elif status is not None or self.second.nodes >= self.complete_nodes:
            self.answer = CANT_TELL
        return self.answer
