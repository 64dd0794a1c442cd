"""The table: one game on the felt, its cards drawn, and the actions on it.

:class:`Table` keeps what it derives from the game in the one table state
(:class:`ui.table.state.TableState`: the card tracker, the layout and the
places it gives, the tap or keyboard selection) and turns an action into
engine events and back into DOM changes.  Every move, from the pointer, the
keys, a tap, Finish or "Show me how", comes through :meth:`Table.dispatch`,
where the engine judges it once:

    pointer / keys / taps / helpers ──> Table.dispatch(move) ──> engine.Game.play
    events ──> AfterSteps.run: the helpers forget, then the table's own step
          (Tracker.apply ──> layout ──> plan ──> CardRenderer.render),
          then speech, sound, one write, the end (ui.game.after_action)

It calls back what it does not own through the small :class:`TableHost`
and :class:`AfterSteps` protocols (the composition root hands in parts made
before the table); parts made after it hear of every input through
:meth:`Table.when_input`.

Hooks for tests, on ``#table``: ``data-preset``, ``data-deal``,
``data-family``, ``data-status``, ``data-moves`` (moves played),
``data-arrangement``, ``data-selected`` (``pile:index`` of the selection).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Protocol

import engine
from engine import STOCK, CardId, Event, Move, Outcome, PileId
from ui.browser.dom import Element, mark
from ui.chrome.appearance_view import Appearance
from ui.chrome.header_view import Header
from ui.chrome.messages import engine_sentence
from ui.i18n.text import _
from ui.table import cards as model
from ui.table import first_move, pointer
from ui.table.layout import Layout, Options, card_cap, layout_table, table_margin
from ui.table.pointer_view import Pointer
from ui.table.render_view import FACES_MARK, CardRenderer, Scene
from ui.table.state import TableState

TOP_BAR = 52.0
"""Header height (one row); on narrow screens it takes two rows (:data:`TOP_BAR_NARROW`)."""
TOP_BAR_NARROW = 84.0
NARROW = 560.0
"""Below this width the header takes two rows and drops what the table shows."""


class TableHost(Protocol):
    """What the table asks of the rest of the page."""

    def accepts_input(self) -> bool: ...
    def may_act(self) -> bool: ...
    def refused(self, reason: str, sound: bool) -> None: ...


class AfterSteps(Protocol):
    """What follows an action (:class:`ui.game.after_action.AfterAction`)."""

    def run(self, events: list[Event], how: str, draw: Callable[[], None]) -> None: ...


class Table:
    """The game on the felt."""

    def __init__(
        self,
        root: Element,
        table: Element,
        felt: Element,
        header: Header,
        renderer: CardRenderer,
        appearance: Appearance,
        host: TableHost,
        state: TableState,
        after: AfterSteps,
    ) -> None:
        self.root = root
        self.el = table
        self.felt = felt
        self.header = header
        self.renderer = renderer
        self.look = appearance
        self.host = host
        self.state = state
        self.after = after
        self._inputs: list[Callable[[], None]] = []
        self.width = self.height = 0.0
        self.clear_below = 0.0
        """Pixels at the bottom the cards keep clear of (:meth:`keep_clear_below`)."""
        self.top_bar = TOP_BAR
        self.pointer = Pointer(felt, table, self, renderer, state)
        self._on_piles: Callable[[], None] = lambda: None
        self._on_render: Callable[[], None] = lambda: None

    # -- the state: the game is the current game's, the rest the table's own --------
    @property
    def game(self) -> engine.Game | None:
        return self.state.game

    @property
    def tracker(self) -> model.Tracker | None:
        return self.state.tracker

    @tracker.setter
    def tracker(self, tracker: model.Tracker | None) -> None:
        self.state.tracker = tracker

    @property
    def layout(self) -> Layout | None:
        return self.state.layout

    @layout.setter
    def layout(self, layout: Layout | None) -> None:
        self.state.layout = layout

    @property
    def places(self) -> list[model.Place | None]:
        return self.state.places

    @places.setter
    def places(self, places: list[model.Place | None]) -> None:
        self.state.places = places

    @property
    def selected(self) -> tuple[PileId, int, int] | None:
        """(pile, index, count) of the selected cards."""
        return self.state.selected

    @selected.setter
    def selected(self, selected: tuple[PileId, int, int] | None) -> None:
        self.state.selected = selected

    def watch(self, on_piles: Callable[[], None], on_render: Callable[[], None]) -> None:
        """``on_piles()`` when a game's pile elements exist (before it is drawn),
        ``on_render()`` after every render (the keyboard fits its focus)."""
        self._on_piles, self._on_render = on_piles, on_render

    # -- pointer's view -------------------------------------------------------
    def layout_now(self) -> Layout | None:
        return self.layout

    def accepts_input(self) -> bool:
        return self.host.accepts_input()

    def when_input(self, fn: Callable[[], None]) -> None:
        """``fn()`` before every input on the table is handled (after the
        flights are cut short, whose settling could carry Finish on)."""
        self._inputs.append(fn)

    def before_input(self, landed: Sequence[CardId] = ()) -> None:
        """Input comes: every animation is cut short — but for a press on
        ``landed`` cards (a card and those on it) that have all landed while
        a deal still flies, which are picked up as they lie (the deal never
        holds play up)."""
        anim = self.renderer.animator
        if not landed or anim.celebrating or any(anim.in_flight(uid) for uid in landed):
            anim.finish()
        for fn in self._inputs:
            fn()

    def lifted(self) -> None:
        self.selected = None
        self.mark_selection()

    def redraw(self, animate: bool) -> None:
        self.render(model.Plan({}, [], [], model.MOVE_MS) if animate else None)

    # -- the game -------------------------------------------------------------
    def show(self, animate_deal: bool) -> None:
        """Put the state's game on the felt (dealt from the stock when ``animate_deal``)."""
        self.pointer.cancel(animate=False)
        game = self.game
        assert game is not None
        self.selected = None
        self.tracker = model.Tracker.from_view(game.rules, game.public_view())
        self.renderer.clear()
        rules = game.rules
        d = self.el.dataset
        d.preset = rules.id
        d.deal = str(game.deal if game.deal is not None else "")
        d.family = rules.family
        self.renderer.make_piles(rules)
        self._on_piles()
        self.relayout()
        plan = self._opening_plan() if animate_deal and self.look.speed > 0 else None
        self.render(plan)
        if plan is not None and self.renderer.animator.running:
            # No face shows before its card has landed: the dealt cards fly face down.
            self.renderer.show_backs([u for u in plan.motions if self.tracker.up[u]])
        else:
            mark(FACES_MARK)

    def _opening_plan(self) -> model.Plan:
        """New game: every dealt card flies from the stock (or draw piles)."""
        assert self.tracker is not None and self.layout is not None
        t = self.tracker
        sx, sy = model.pile_base(self.layout, STOCK if STOCK in t.piles else PileId.draw(0))
        cols = [p for p in t.piles if p.is_column]
        depth = max((len(t.piles[p]) for p in cols), default=0)
        order = [t.piles[p][row] for row in range(depth) for p in cols if row < len(t.piles[p])]
        step = min(18.0, 900.0 / max(1, len(order)))
        motions = {}
        for k, uid in enumerate(order):
            self.renderer.start_at(uid, sx, sy)
            motions[uid] = model.Motion(uid, k * step, model.DEAL_MS)
        return model.Plan(motions, [], [], len(order) * step + model.DEAL_MS)

    # -- layout and drawing -----------------------------------------------------
    def measure(self) -> bool:
        """Read the table's size and place; True when the size changed."""
        r = self.root.getBoundingClientRect()
        w, h = float(r.width), float(r.height)
        self.pointer.set_origin(float(r.left), float(r.top))
        changed = (w, h) != (self.width, self.height)
        self.width, self.height = w, h
        return changed

    @property
    def narrow(self) -> bool:
        return self.width < NARROW

    def relayout(self) -> None:
        assert self.tracker is not None
        w = max(self.width, 100.0)
        h = max(self.height - self.clear_below, 200.0)
        self.el.classList.toggle("narrow", w < NARROW)
        # The bar's buttons wrap onto more rows on a very narrow screen (a
        # phone at 200 % zoom): the table starts below the bar as it is.
        nominal = TOP_BAR_NARROW if w < NARROW else TOP_BAR
        self.top_bar = max(nominal, math.ceil(self.header.height()))
        s = self.look.settings
        opts = Options(
            top_bar=self.top_bar,
            left_handed=s.left_handed,
            portrait=s.portrait,
            max_card_width=card_cap(w, h),
            margin=table_margin(w, h),
        )
        shape = model.table_shape(self.tracker)
        try:
            self.layout = layout_table(shape, w, h, opts)
        except ValueError:
            self.layout = layout_table(shape, max(w, 320.0), max(h, 480.0), opts)
        lay = self.layout
        self.places = model.scene(self.tracker, lay)
        st = self.felt.style
        st.setProperty("--cw", f"{lay.card_width:.2f}px")
        st.setProperty("--ch", f"{lay.card_height:.2f}px")
        st.setProperty("--radius", f"{max(2.0, lay.card_width * 0.07):.1f}px")
        self.el.dataset.arrangement = lay.arrangement.value

    def render(self, plan: model.Plan | None = None) -> None:
        """Bring the DOM to the tracker's state; animate per ``plan``."""
        g, t, lay = self.game, self.tracker, self.layout
        assert g is not None and t is not None and lay is not None
        look = self.look
        scene = Scene(t, lay, self.places, self.top_bar)
        self.renderer.render(scene, plan, look.speed, spiders=not look.settings.simple)
        self.renderer.label_piles(g.rules, t)
        self.header.show(g, t, self.narrow)
        self.mark_selection()
        self.el.dataset.moves = str(len(g.moves))
        self.el.dataset.status = g.status
        if not self.renderer.animator.running:
            self.renderer.animator.settle()
        self._on_render()

    def keep_clear_below(self, px: float) -> None:
        """Lay the cards out above the bottom ``px`` pixels of the table (a
        replay's bar is there: its cards must stay in sight); 0: all of it."""
        px = max(0.0, float(px))
        if px == self.clear_below:
            return
        self.clear_below = px
        if self.game is None or self.layout is None:
            return
        self.renderer.animator.finish()
        self.relayout()
        self.render(None)

    def resize(self) -> None:
        """The window or the table changed size: lay out again (also mid-drag)."""
        if self.game is None:
            self.measure()
            return
        if not self.measure():
            return
        old_w = self.layout.card_width if self.layout else 0.0
        self.renderer.animator.finish()
        self.relayout()
        if self.layout is not None:
            self.pointer.follow(self.layout.card_width / old_w if old_w else 1.0)
        self.render(None)

    # -- actions ------------------------------------------------------------------
    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal now, from the state's move list (no judgement of the engine's)."""
        return self.state.is_legal(move)

    def dispatch(self, move: Move, how: str = "play") -> bool:
        """The one way a move reaches the engine: played if this tab may act,
        judged once (by :meth:`engine.Game.play`), refused with the engine's
        reason (and the illegal sound) if it is illegal; what it did is then
        shown and handed on (:meth:`show_events`).  True when it was played."""
        g = self.game
        assert g is not None and self.tracker is not None
        self.renderer.animator.finish()
        if not self.host.may_act():
            return False
        before = model.copy_tracker(self.tracker)
        try:
            events = g.play(move)
        except engine.IllegalMove as e:
            self.host.refused(engine_sentence(e.reason or str(e)), True)
            return False
        self.selected = None
        self.show_events(events, before, False, how)
        return True

    def act(self, fn: Callable[[], list[Event]], reverse: bool = False, how: str = "play") -> None:
        """Run an engine action and show what it did (not while another tab plays this game)."""
        assert self.tracker is not None
        if not self.host.may_act():
            return
        self.selected = None
        before = model.copy_tracker(self.tracker)
        try:
            events = fn()
        except engine.IllegalMove as e:
            self.host.refused(engine_sentence(e.reason or str(e)), False)
            return
        self.show_events(events, before, reverse, how)

    def show_events(self, events: list[Event], before: model.Tracker | None, reverse: bool, how: str) -> None:
        """Events that happened (an action, or the clock): the steps after an
        action (:class:`AfterSteps`), this table's being :meth:`draw_events`."""
        assert self.game is not None and self.tracker is not None
        was = before or model.copy_tracker(self.tracker)
        self.after.run(events, how, lambda: self.draw_events(events, was, reverse))

    def draw_events(self, events: list[Event], before: model.Tracker, reverse: bool) -> None:
        """The state brought to ``events`` (the tracker, the layout) and one render from it, animated."""
        g = self.game
        assert g is not None and self.tracker is not None
        self.tracker.apply(events, reverse)
        self.tracker.sync(g.public_view())
        self.relayout()
        look = self.look
        plan = model.plan(before, self.tracker, events, reverse, 1.0, spiders=not look.settings.simple)
        self.render(plan)

    def replay(self, gesture: first_move.Gesture) -> bool:
        """A drag or tap kept before the table was ready (the welcome deal's
        first move), handed to the pointer as a live one; False when its card
        is not where the page showed it."""
        if self.tracker is None or self.layout is None:
            return False
        found = first_move.points(gesture, self.tracker, self.layout, self.places)
        if found is None:
            return False
        press, release = found
        self.pointer.replay(press, release, gesture.touch, gesture.kind == "drag")
        return True

    # -- taps and selection ---------------------------------------------------------
    def tap(self, pile: PileId | None, index: int | None) -> None:
        """A tap (or click) on a pile: deal, select, move the selection, or send to the best place."""
        g = self.game
        assert g is not None
        if g.status != Outcome.PLAYING:
            return
        if pile is None:
            self.deselect()
            return
        if pile.is_stock_like:
            self.deselect()
            self.dispatch(Move.deal() if pile is STOCK else Move.draw(pile.index))
            return
        mode = self.look.settings.tap
        sel = self.selected
        if sel is not None and mode == "select":
            src, sidx, count = sel
            if pile == src and index is not None and index >= sidx:
                self.send_best(src, sidx)
            elif pile == src and index is not None:
                self.select(pile, index)
            else:
                m = pointer.move_to(g.rules, src, count, pile)
                self.deselect()
                if m is not None:
                    self.dispatch(m)
            return
        if index is None:
            self.deselect()
        elif mode == "select":
            self.select(pile, index)
        else:
            self.send_best(pile, index)

    def why_not_movable(self, pile: PileId, index: int) -> str:
        g = self.game
        assert g is not None
        src = model.tableau_index(g.rules, pile)
        if src is None:
            return _("Cards on a foundation stay there.")
        col = g.position.tableau[src]
        other = 0 if src != 0 else 1
        reason = g.why_illegal(Move.tableau(src, other, len(col) - index))
        return engine_sentence(reason) if reason else _("These cards cannot move together.")

    def select(self, pile: PileId, index: int, count: int | None = None) -> None:
        """Select the cards from ``index`` of ``pile`` down (all that can move together)."""
        g = self.game
        assert g is not None
        if count is None:
            count = pointer.drag_count(g.rules, g.position, pile, index)
        if not count:
            self.refuse(self.why_not_movable(pile, index), self.tracker.piles[pile][index:] if self.tracker else [])
            self.deselect()
            return
        self.selected = (pile, index, count)
        self.mark_selection()

    def deselect(self) -> None:
        if self.selected is not None:
            self.selected = None
            self.mark_selection()

    def mark_selection(self) -> None:
        t = self.tracker
        if t is None:
            return
        chosen: set[CardId] = set()
        if self.selected is not None:
            pile, index, _ = self.selected
            chosen = set(t.piles.get(pile, [])[index:])
        self.renderer.mark_selection(chosen)
        if self.selected:
            self.el.dataset.selected = f"{self.selected[0]}:{self.selected[1]}"
        else:
            self.el.removeAttribute("data-selected")

    def send_best(self, pile: PileId, index: int) -> None:
        """Move the cards from ``index`` down to their best place, or say why not."""
        g = self.game
        assert g is not None and self.tracker is not None
        self.deselect()
        count = pointer.drag_count(g.rules, g.position, pile, index)
        if not count:
            self.refuse(self.why_not_movable(pile, index), self.tracker.piles[pile][index:])
            return
        src = model.tableau_index(g.rules, pile)
        assert src is not None
        m = pointer.best_move(g.rules, g.position, self.state.legal(), src, count)
        if m is None:
            self.refuse(
                _("These cards have nowhere to go.") if count > 1 else _("This card has nowhere to go."),
                self.tracker.piles[pile][index:],
            )
            return
        self.dispatch(m)

    def refuse(self, reason: str, uids: Sequence[CardId], sound: bool = False) -> None:
        """The answer to cards that cannot move: the reason, and a short shake of them."""
        self.host.refused(reason, sound)
        if self.look.speed <= 0:
            return
        cards = []
        for uid in uids:
            d = self.renderer.drawn[uid]
            if d is not None:
                cards.append((self.renderer.card(uid), d.x, d.y))
        self.renderer.animator.shake(cards)
