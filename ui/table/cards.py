"""The table as the page shows it: physical cards, where they are, how they move.

Pure Python (no browser imports), tested by pytest.

Decks hold duplicate cards (two decks, or eight copies of each spade in
Spider · 1 suit), so a card's text cannot key its DOM element.  A
:class:`Tracker` gives every physical card a ``uid`` when a game is set up
and follows it through the engine's events (``Moved``, ``Dealt``,
``Flipped``, ``RunRemoved`` and their reverses on undo), so one DOM element
stays one card for the whole game and an animation moves the very element
the player saw.

What the tracker knows of a card is only what the player may see: a
face-down card's identity is ``None`` (the page writes ``data-card=""``
for it), learnt on ``Flipped`` and forgotten again when an undo turns it
back.  After every batch of events the tracker is reconciled with the
engine's public view (:meth:`Tracker.sync`), which fixes faces and would
rebuild a pile if the two ever disagreed.

:func:`table_shape` turns a tracker into the layout's :class:`ui.table.layout.TableShape`,
:func:`scene` turns a layout into a position per uid, and :func:`plan`
turns the events of one action into an animation timeline (delays and
durations per uid, flips, spiders), all as plain data.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from engine import (
    FREE_COLUMN,
    STOCK,
    Card,
    CardId,
    Dealt,
    Flipped,
    Foundations,
    Moved,
    PileId,
    PileRole,
    PublicView,
    Ruleset,
    RunRemoved,
    card_text,
    pile_id,
    stock_id,
)
from ui.table.layout import FoundationStyle, Layout, TableShape

# ---------------------------------------------------------------------------
# pile ids (the engine's and the page's) <-> layout ids
# ---------------------------------------------------------------------------


def pile_ids(rules: Ruleset) -> list[PileId]:
    """Every pile of a game, in the layout's order: columns, Free Column,
    foundations, draw piles, stock.

    >>> from engine import PRESETS
    >>> pile_ids(PRESETS["tournament-1"])[-3:]
    [PileId.parse('draw-3'), PileId.parse('draw-4'), PileId.parse('draw-5')]
    """
    out = [PileId.column(k) for k in range(len(rules.columns))]
    if rules.free_column:
        out.append(FREE_COLUMN)
    out += [PileId.foundation(k) for k in range(rules.foundations)]
    out += [stock_id(rules, k) for k in range(rules.draw_piles or 1)]
    return out


def tableau_index(rules: Ruleset, pile: PileId) -> int | None:
    """The engine's tableau index of a column or the Free Column, else None."""
    if pile.role is PileRole.FREE_COLUMN:
        return len(rules.columns) if rules.free_column else None
    if pile.is_column:
        return pile.index if pile.index < len(rules.columns) else None
    return None


def tableau_pile(rules: Ruleset, index: int) -> PileId:
    """The pile id of tableau index ``index``."""
    return pile_id(rules, index)


def is_spider_runs(rules: Ruleset) -> bool:
    """Whether the foundations hold completed King-to-Ace runs (Spider family)."""
    return rules.completion != "none"


# ---------------------------------------------------------------------------
# the tracker
# ---------------------------------------------------------------------------


@dataclass
class Tracker:
    """Physical cards (uids) per pile, with what the player sees of each."""

    rules: Ruleset
    piles: dict[PileId, list[CardId]] = field(default_factory=dict)
    """Each pile's physical cards (their identities, :data:`engine.CardId`), bottom first."""
    cards: list[Card | None] = field(default_factory=list)
    """uid -> the card's face (:data:`engine.Card`), or None while face down (unknown to the player)."""
    up: list[bool] = field(default_factory=list)
    where: list[PileId | None] = field(default_factory=list)
    """uid -> the pile it is in (None: in none, after an inconsistent sync)."""

    @classmethod
    def from_view(cls, rules: Ruleset, view: PublicView) -> Tracker:
        t = cls(rules)
        for pile in pile_ids(rules):
            t.piles[pile] = []
        t.sync(view)
        return t

    def _new_uid(self, pile: PileId) -> CardId:
        uid = CardId(len(self.cards))
        self.cards.append(None)
        self.up.append(False)
        self.where.append(pile)
        return uid

    def expected(self, view: PublicView) -> dict[PileId, list[tuple[Card | None, bool]]]:
        """What every pile holds in the public view: (card or None, face up)."""
        rules = self.rules
        out: dict[PileId, list[tuple[Card | None, bool]]] = {}
        for k, col in enumerate(view.tableau):
            out[tableau_pile(rules, k)] = [(c, c is not None) for c in col]
        for k, f in enumerate(view.foundations):
            out[PileId.foundation(k)] = [(c, True) for c in f]
        if rules.draw_piles:
            for k, n in enumerate(view.stock):
                top = view.draw_tops[k] if k < len(view.draw_tops) else None
                pile: list[tuple[Card | None, bool]] = [(None, False)] * n
                if n and top is not None:
                    pile[-1] = (top, True)
                out[PileId.draw(k)] = pile
        else:
            out[STOCK] = [(None, False)] * (view.stock[0] if view.stock else 0)
        return out

    def sync(self, view: PublicView) -> list[PileId]:
        """Make faces and counts agree with the public view; return the piles
        that had to be rebuilt (empty when the events were followed right)."""
        rebuilt: list[PileId] = []
        spare: list[CardId] = []
        expected = self.expected(view)
        for pile, want in expected.items():
            have = self.piles.setdefault(pile, [])
            if len(have) != len(want):
                rebuilt.append(pile)
                spare += have[len(want) :]
                del have[len(want) :]
        for pile, want in expected.items():
            have = self.piles[pile]
            while len(have) < len(want):
                have.append(spare.pop() if spare else self._new_uid(pile))
            for uid, (card, up) in zip(have, want):
                self.cards[uid] = card if up else None
                self.up[uid] = up
                self.where[uid] = pile
        for uid in spare:  # cannot happen with a consistent engine; park them
            self.where[uid] = None
        return rebuilt

    def apply(self, events: Iterable[object], reverse: bool = False) -> None:
        """Follow the events of one action; ``reverse``: they are an undo's
        events (a reversed ``Dealt`` takes its cards back to the stock)."""
        piles = self.piles
        for e in events:
            t = type(e)
            if t is Moved:
                assert isinstance(e, Moved)
                n = len(e.cards)
                src = piles[e.src]
                uids = src[-n:]
                del src[-n:]
                piles[e.dst].extend(uids)
                for uid, card in zip(uids, e.cards):
                    self.where[uid] = e.dst
                    self.cards[uid] = card
                    self.up[uid] = True
            elif t is Dealt:
                assert isinstance(e, Dealt)
                src = piles[e.source]
                for pile, card in e.placements:
                    if reverse:
                        uid = piles[pile].pop()
                        src.append(uid)
                        self.where[uid] = e.source
                        self.cards[uid] = None
                        self.up[uid] = False
                    else:
                        uid = src.pop()
                        piles[pile].append(uid)
                        self.where[uid] = pile
                        self.cards[uid] = card
                        self.up[uid] = True
            elif t is Flipped:
                assert isinstance(e, Flipped)
                uid = piles[e.pile][-1]
                self.up[uid] = e.up
                self.cards[uid] = e.card if e.up else None
            elif t is RunRemoved:
                assert isinstance(e, RunRemoved)
                src = piles[e.pile]
                uids = src[-13:]
                del src[-13:]
                piles[e.slot].extend(uids)
                for uid, card in zip(uids, e.cards):
                    self.where[uid] = e.slot
                    self.cards[uid] = card
                    self.up[uid] = True

    def text(self, uid: CardId) -> str:
        """What ``data-card`` shows: the card's text, or "" while face down."""
        c = self.cards[uid]
        return card_text(c) if c is not None else ""

    def flags(self, pile: PileId) -> tuple[bool, ...]:
        return tuple(self.up[u] for u in self.piles[pile])


# ---------------------------------------------------------------------------
# the layout's input and the scene
# ---------------------------------------------------------------------------


def sizing_column(rules: Ruleset) -> tuple[int, int]:
    """The column the card size is chosen for (layout: ``TableShape.sizing_column``)."""
    fixed = rules.traits.sizing_column
    return fixed if fixed is not None else (max(d for d, _ in rules.columns), 13)


def foundation_style(rules: Ruleset) -> FoundationStyle:
    """Spider's completed runs overlap in a compact row; other games' foundations stand in a row."""
    return FoundationStyle.COMPACT if rules.traits.foundations is Foundations.RUNS else FoundationStyle.ROW


def table_shape(t: Tracker) -> TableShape:
    """The layout's :class:`TableShape` for the tracker's piles."""
    rules = t.rules
    columns = tuple(t.flags(PileId.column(k)) for k in range(len(rules.columns)))
    foundations = tuple(t.flags(PileId.foundation(k)) for k in range(rules.foundations))
    style = foundation_style(rules)
    if rules.draw_piles:
        return TableShape(
            columns=columns,
            draw_piles=tuple(t.flags(PileId.draw(k)) for k in range(rules.draw_piles)),
            foundations=foundations,
            foundation_style=style,
            free_column=t.flags(FREE_COLUMN) if rules.free_column else None,
            sizing_column=sizing_column(rules),
        )
    return TableShape(
        columns=columns,
        stock=t.flags(STOCK),
        stock_deal=len(rules.columns),
        foundations=foundations,
        foundation_style=style,
        two_rows=rules.traits.two_rows,
        sizing_column=sizing_column(rules),
    )


class Place(NamedTuple):
    """Where one card is drawn: top-left corner, stacking order, face."""

    x: float
    y: float
    z: int
    up: bool


def scene(t: Tracker, lay: Layout) -> list[Place | None]:
    """A :class:`Place` per uid (None for a card in no pile)."""
    out: list[Place | None] = [None] * len(t.cards)
    runs = is_spider_runs(t.rules)
    for p in lay.piles:
        uids = t.piles.get(p.id, [])
        n = len(uids)
        reverse = runs and p.id.role is PileRole.FOUNDATION
        for i, (uid, place) in enumerate(zip(uids, p.cards)):
            z = place.z
            if reverse:  # a completed run shows its King on top
                z = place.z - i + (n - 1 - i)
            out[uid] = Place(place.x, place.y, z, t.up[uid])
    return out


def pile_base(lay: Layout, pile: PileId) -> tuple[float, float]:
    """Top-left of a pile's base card slot (where its empty placeholder is drawn)."""
    p = lay.pile_of(pile)
    r = p.rect
    w, h = lay.card_width, lay.card_height
    if p.id.role is PileRole.STOCK:
        x = r.x + r.width - w if r.width > w + 0.5 else r.x
        y = r.y + r.height - h if r.height > h + 0.5 else r.y
        return x, y
    return r.x, r.y


# ---------------------------------------------------------------------------
# animation timeline
# ---------------------------------------------------------------------------

MOVE_MS = 200
DEAL_MS = 260
DEAL_STAGGER_MS = 45
FLIP_MS = 180
SPIDER_DOWN_MS = 650
RUN_STAGGER_MS = 30
RUN_MS = 320


class Motion(NamedTuple):
    uid: CardId
    delay: float
    duration: float


class Plan(NamedTuple):
    """The animation of one action: motions, flips and spiders, and when it ends.

    A uid that moves but is not listed in ``motions`` (a card re-fanned in
    its column) moves with :data:`MOVE_MS` and no delay.
    """

    motions: dict[CardId, Motion]
    flips: list[tuple[CardId, float]]
    spiders: list[tuple[PileId, PileId, float]]
    """(pile the run leaves, slot it goes to, start time)."""
    total: float


def plan(
    t_before: Tracker,
    t_after: Tracker,
    events: Sequence[object],
    reverse: bool,
    speed: float = 1.0,
    spiders: bool = True,
) -> Plan:
    """The timeline of ``events`` (already applied: ``t_after``); ``t_before``
    is a copy of the tracker taken before them.  ``speed`` scales every time
    (0: no animation)."""
    motions: dict[CardId, Motion] = {}
    flips: list[tuple[CardId, float]] = []
    spider_list: list[tuple[PileId, PileId, float]] = []
    cursor = 0.0
    end = 0.0
    piles = {k: list(v) for k, v in t_before.piles.items()}
    for e in events:
        te = type(e)
        if te is Moved:
            assert isinstance(e, Moved)
            n = len(e.cards)
            uids = piles[e.src][-n:]
            del piles[e.src][-n:]
            piles[e.dst].extend(uids)
            ms = MOVE_MS
            for uid in uids:
                motions[uid] = Motion(uid, cursor, ms)
            cursor += ms
            end = max(end, cursor)
        elif te is Dealt:
            assert isinstance(e, Dealt)
            src = piles[e.source]
            for k, (pile, _card) in enumerate(e.placements):
                if reverse:
                    uid = piles[pile].pop()
                    src.append(uid)
                else:
                    uid = src.pop()
                    piles[pile].append(uid)
                motions[uid] = Motion(uid, cursor + k * DEAL_STAGGER_MS, DEAL_MS)
            cursor += max(0, len(e.placements) - 1) * DEAL_STAGGER_MS + DEAL_MS
            end = max(end, cursor)
        elif te is Flipped:
            assert isinstance(e, Flipped)
            uid = piles[e.pile][-1]
            flips.append((uid, cursor))
            end = max(end, cursor + FLIP_MS)
        elif te is RunRemoved:
            assert isinstance(e, RunRemoved)
            uids = piles[e.pile][-13:]
            del piles[e.pile][-13:]
            piles[e.slot].extend(uids)
            start = cursor
            if spiders:
                spider_list.append((e.pile, e.slot, cursor))
                start = cursor + SPIDER_DOWN_MS
            for k, uid in enumerate(reversed(uids)):  # the Ace leaves first
                motions[uid] = Motion(uid, start + k * RUN_STAGGER_MS, RUN_MS)
            cursor = start + 12 * RUN_STAGGER_MS + RUN_MS
            end = max(end, cursor + (SPIDER_DOWN_MS if spiders else 0))
    if speed <= 0:
        return Plan({}, [], [], 0.0)
    if speed != 1.0:
        motions = {u: Motion(u, m.delay / speed, m.duration / speed) for u, m in motions.items()}
        flips = [(u, d / speed) for u, d in flips]
        spider_list = [(p, s, d / speed) for p, s, d in spider_list]
        end /= speed
    return Plan(motions, flips, spider_list, max(end, MOVE_MS / speed))


def copy_tracker(t: Tracker) -> Tracker:
    return Tracker(t.rules, {k: list(v) for k, v in t.piles.items()}, list(t.cards), list(t.up), list(t.where))
