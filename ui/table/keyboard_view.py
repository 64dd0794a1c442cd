"""Keyboard play on the page: the glue between key presses, the pure rules
of :mod:`ui.table.keyboard` and the table (:class:`ui.table.table_view.Table`).

* Roving tabindex: the table is one Tab stop; its piles (``[data-pile]``)
  are focused with the arrow keys, one of them with ``tabindex=0``.
* A focus ring (``.kbd-ring``, drawn above the cards) shows the focused pile
  and, in a column, the cards Enter would pick; with cards picked, it marks
  the target (``.target``).
* Picks reuse the tap selection (``Table.selected``, ``Table.select``),
  drops and "best place" reuse ``Table.play`` and ``Table.send_best``; the
  engine's reason of an illegal move is shown by the page's message and the
  pick stays.
* Dialogs (:mod:`ui.screens.dialog_view`): Tab and Shift+Tab stay in an open dialog,
  Escape presses its Close or Cancel.
* The help dialog (``?``, :mod:`ui.screens.help_view`) lists :data:`ui.table.keyboard.KEYS`.

Hooks for tests: ``#table[data-focus="column-3:4"]`` (pile and pick point,
also when the ring is hidden), ``#table[data-kbd]`` while the ring shows,
``#table[data-selected]`` (the pick, from the tap selection).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine import STOCK, CardId, Move, Outcome, PileId, PileRole, UnknownPileError
from ui.browser.dom import Bindings, DomEvent, Element, document, el, is_none, to_js
from ui.chrome.messages_view import Messages
from ui.i18n.text import _
from ui.screens.dialog_view import DialogHost
from ui.table import keyboard as kb
from ui.table import pointer
from ui.table.animate_view import tf
from ui.table.cards import Place, pile_base, tableau_index
from ui.table.layout import Layout, Rect
from ui.table.table_view import Table


class Commands(Protocol):
    """The table's commands that keys also give."""

    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def hint(self) -> None: ...
    def ask_new_deal(self) -> None: ...
    def ask_end(self) -> None: ...
    def show_me(self) -> None: ...
    def open_help(self, tab: str = ...) -> None: ...
    def clear_hint(self) -> None: ...
    def illegal(self) -> None: ...


class Keys:
    """The keyboard of one table."""

    def __init__(self, felt: Element, table: Table, dialogs: DialogHost, messages: Messages) -> None:
        self.felt = felt
        self.table = table
        self.el = table.el
        self.dialogs = dialogs
        self.messages = messages
        self._commands: Commands | None = None  # joined by :meth:`obeys`
        self.state = table.state
        """The table state: the focus and the piles' places are kept there (:attr:`focus`, :attr:`places`)."""
        self.came: tuple[PileId, PileId] | None = None  # (pile reached by Up/Down, pile it left)
        self.shown = False  # the ring is drawn
        self.seen: tuple[int, int] = (-1, -1)  # (game id, moves) the focus was last fitted to
        self.refocus = False  # the table had the focus when the game changed
        self.ring = el("div", "kbd-ring", parent=felt, aria_hidden="true", hidden=True)
        self._bindings = Bindings()
        self._bindings.on(felt, "focusin", self.on_focusin)
        self._bindings.on(felt, "focusout", self.on_focusout)
        self._bindings.on(felt, "pointerdown", lambda e: self._show(False), capture=True)
        self.told = False  # the tip about the keys was shown this visit
        table.watch(on_piles=self.piles_made, on_render=self.rendered)
        dialogs.subscribe(lambda opening: None if opening else self._draw_ring())

    def obeys(self, commands: Commands) -> None:
        """The keys that are commands (Undo, Hint, New game, ...) give them to
        ``commands`` (joined once the parts the commands reach are made)."""
        self._commands = commands

    @property
    def commands(self) -> Commands:
        assert self._commands is not None, "Keys.obeys joins the commands when the page is made"
        return self._commands

    # ------------------------------------------------------------------
    # the table's state
    # ------------------------------------------------------------------
    @property
    def focus(self) -> kb.Focus | None:
        """The focus: a pile, and in a tableau pile the pick point (kept in the table state)."""
        return self.state.focus

    @focus.setter
    def focus(self, focus: kb.Focus | None) -> None:
        self.state.focus = focus

    @property
    def places(self) -> dict[PileId, Rect]:
        """Where each pile the arrows move between is (kept in the table state)."""
        return self.state.key_places

    @places.setter
    def places(self, places: dict[PileId, Rect]) -> None:
        self.state.key_places = places

    @property
    def picking(self) -> bool:
        return self.table.selected is not None

    def has_focus(self) -> bool:
        """A pile of the table holds the page's focus."""
        active = document.activeElement
        return not is_none(active) and bool(self.felt.contains(active)) and active != self.felt

    def game_changing(self) -> None:
        """Another game is about to replace the piles: keep the focus on the table if it was there."""
        self.refocus = self.has_focus()

    def piles_made(self) -> None:
        """The pile elements of a new game exist: one Tab stop, the focus kept
        on the same pile when the game has it (else column 1)."""
        refocus, self.refocus = self.refocus, False
        g = self.table.game
        assert g is not None
        piles = kb.nav_piles(g.rules)
        if self.focus is None or self.focus.pile not in piles:
            self.focus = kb.arrive(g.rules, g.position, piles[0])
        self.came = None
        self.seen = (-1, -1)
        for pile, node in self.table.renderer.piles.items():
            # (their role and name come from ui/chrome/messages.py, set by the table)
            node.setAttribute("tabindex", "0" if pile == self.focus.pile else "-1")
        if refocus:
            self._focus_element()

    def rendered(self) -> None:
        """After every render: the focus fitted to the position (after an
        action the pick point goes back to the head of the run), the ring redrawn."""
        g = self.table.game
        if g is None or self.table.layout is None or self.focus is None:
            return
        self.places = kb.slots(self.table.layout, kb.nav_piles(g.rules))
        seen = (id(g), len(g.moves))
        if seen != self.seen:
            self.seen = seen
            self.focus = kb.arrive(g.rules, g.position, self.focus.pile)
        else:
            self.focus = kb.clamp(g.rules, g.position, self.focus)
        self.el.dataset.focus = self.focus.text()
        self._draw_ring()

    # ------------------------------------------------------------------
    # focus and ring
    # ------------------------------------------------------------------
    def on_focusin(self, e: DomEvent) -> None:
        node = e.target
        text = None if is_none(node) else node.getAttribute("data-pile")
        g = self.table.game
        if text is None or is_none(text) or g is None:
            return
        try:
            pile = PileId.parse(str(text))
        except UnknownPileError:
            return  # not one of the table's piles
        if self.focus is None or self.focus.pile != pile:
            self._set_focus(kb.arrive(g.rules, g.position, pile), move_dom=False)
        self._show(True)
        if not self.told:  # the first time the table has the focus in a visit
            self.told = True
            self.messages.show(_(kb.TIP), 5000)

    def on_focusout(self, e: DomEvent) -> None:
        nxt = e.relatedTarget
        if is_none(nxt) or not bool(self.felt.contains(nxt)):
            self._show(False)

    def _show(self, shown: bool) -> None:
        self.shown = shown
        if shown:
            self.el.dataset.kbd = "1"
        else:
            self.el.removeAttribute("data-kbd")
        self._draw_ring()

    def _set_focus(self, focus: kb.Focus, move_dom: bool = True) -> None:
        old = self.focus
        self.focus = focus
        if old is not None and old.pile != focus.pile and old.pile in self.table.renderer.piles:
            self.table.renderer.piles[old.pile].setAttribute("tabindex", "-1")
        self.el.dataset.focus = focus.text()
        if move_dom:
            self._focus_element()
        elif focus.pile in self.table.renderer.piles:
            self.table.renderer.piles[focus.pile].setAttribute("tabindex", "0")
        self._draw_ring()

    def _focus_element(self) -> None:
        assert self.focus is not None
        node = self.table.renderer.piles.get(self.focus.pile)
        if node is None:
            return
        node.setAttribute("tabindex", "0")
        if document.activeElement != node:
            node.focus(to_js({"preventScroll": True}))
        self._show(True)

    def _draw_ring(self) -> None:
        t = self.table
        if not self.shown or self.focus is None or t.layout is None or t.tracker is None or self.dialogs.is_open:
            self.ring.hidden = True
            return
        target = t.selected is not None and t.selected[0] != self.focus.pile
        draw_ring(self.ring, self.focus, t.layout, t.tracker.piles.get(self.focus.pile, []), t.places, target)

    # ------------------------------------------------------------------
    # keys
    # ------------------------------------------------------------------
    def _on_table(self) -> bool:
        """The focus is on the table or on nothing (not on a button, where
        Enter and Space are the button's)."""
        a = document.activeElement
        return is_none(a) or a == document.body or self.has_focus() or a == self.el

    def on_key(self, e: DomEvent) -> None:
        key = str(e.key)
        if key == "Tab":
            if self.dialogs.is_open:
                self.dialogs.trap(e)
            return
        act = kb.action_for(key, bool(e.ctrlKey), bool(e.shiftKey), bool(e.altKey), bool(e.metaKey))
        if act is None:
            return
        if self.dialogs.is_open and act in (kb.LEFT, kb.RIGHT, kb.UP, kb.DOWN) and radio_step(act, e):
            return
        if act == kb.CANCEL:
            self.escape()
            return
        if self.dialogs.is_open or typing() or self.table.game is None:
            return
        if bool(e.repeat) and act in (kb.PICK, kb.BEST, kb.DEAL, kb.NEW, kb.END_GAME, kb.HELP, kb.SHOW_ME):
            e.preventDefault()
            return
        if act in kb.TABLE_KEYS or act.startswith(kb.COLUMN):
            if not self._on_table():
                return
            e.preventDefault()
            if not self.has_focus() and act not in (kb.EXTEND, kb.SHRINK) and not act.startswith(kb.COLUMN):
                self.enter()  # the first arrow (or Enter) only brings the focus to the table
                return
            if not self.shown and self.has_focus():
                self._show(True)  # hidden by the pointer: the first key shows where the focus is
                return
            if act in kb.NAVIGATION:
                self.navigate(act)
            elif act.startswith(kb.COLUMN):
                self.jump(int(act[len(kb.COLUMN) :]))
            elif act == kb.PICK:
                self.pick()
            else:
                self.resize(act == kb.EXTEND)
            return
        e.preventDefault()
        if act == kb.UNDO:
            self.commands.undo()
        elif act == kb.REDO:
            self.commands.redo()
        elif act == kb.HINT:
            self.commands.hint()
        elif act == kb.NEW:
            self.commands.ask_new_deal()
        elif act == kb.END_GAME:
            self.commands.ask_end()
        elif act == kb.SHOW_ME:
            self.commands.show_me()
        elif act == kb.HELP:
            self.commands.open_help("keys")
        elif act == kb.DEAL:
            self.deal()
        elif act == kb.BEST:
            self.best()

    def enter(self) -> None:
        g = self.table.game
        assert g is not None
        piles = kb.nav_piles(g.rules)
        f = (
            self.focus
            if self.focus is not None and self.focus.pile in piles
            else kb.arrive(g.rules, g.position, piles[0])
        )
        self._set_focus(kb.clamp(g.rules, g.position, f))

    def navigate(self, direction: str) -> None:
        g = self.table.game
        assert g is not None and self.focus is not None
        prefer = self.came[1] if self.came is not None and self.came[0] == self.focus.pile else None
        step = kb.move(g.rules, g.position, self.places, self.focus, direction, self.picking, prefer)
        old = self.focus
        if step.focus.pile != old.pile:
            self.came = (step.focus.pile, old.pile) if step.left is not None else None
            self._set_focus(step.focus)
            self._say_target()
        elif step.focus != old:
            self._set_focus(step.focus)
            if step.focus.index is not None:
                self.messages.announce(
                    kb.point_sentence(g.rules, g.position, step.focus.pile, step.focus.index), tag="keys"
                )

    def jump(self, number: int) -> None:
        g = self.table.game
        assert g is not None
        pile = kb.column_key(g.rules, number)
        if pile is None:
            self.messages.show(
                (
                    _("This game has no column {number}.")
                    if g.rules.traits.pile_word == "column"
                    else _("This game has no pile {number}.")
                ).format(number=number)
            )
            return
        if self.focus is None or self.focus.pile != pile:
            self.came = None
            self._set_focus(kb.arrive(g.rules, g.position, pile))
            self._say_target()

    def _say_target(self) -> None:
        g = self.table.game
        sel = self.table.selected
        if sel is None or g is None or self.focus is None or self.focus.pile == sel[0]:
            return
        m = pointer.move_to(g.rules, sel[0], sel[2], self.focus.pile)
        legal = m is not None and (m.kind != "found" or sel[2] == 1) and self.table.is_legal(m)
        self.messages.announce(kb.target_sentence(g.rules, self.focus.pile, legal), tag="keys")

    def pick(self) -> None:
        """Enter or Space: pick, drop the picked cards, or deal."""
        g = self.table.game
        assert g is not None and self.focus is not None
        if g.status != Outcome.PLAYING:
            return
        pile, index = self.focus.pile, self.focus.index
        sel = self.table.selected
        stock = pile.is_stock_like
        if sel is not None:
            src, _sidx, count = sel
            if pile == src:
                self.table.deselect()
                self.messages.announce(_("Put back."), tag="keys")
                self._draw_ring()
                return
            if stock:
                self.messages.show(
                    _("Cards cannot be put on the stock.")
                    if pile is STOCK
                    else _("Cards cannot be put on a draw pile.")
                )
                self.commands.illegal()
                return
            if pile.is_foundation and count > 1:
                self.messages.show(_("Cards go to a foundation one at a time."))
                self.commands.illegal()
                return
            m = pointer.move_to(g.rules, src, count, pile)
            if m is None:
                self.messages.show(_("Cards cannot go to {pile}.").format(pile=kb.pile_words(g.rules, pile)))
                return
            self.table.dispatch(m)  # illegal: the engine's reason is shown and the pick stays
            return
        if stock:
            self._deal(pile)
            return
        if tableau_index(g.rules, pile) is not None and index is None:
            self.messages.show(kb.empty_sentence(g.rules, pile))
            return
        self.table.select(pile, index or 0)
        if self.table.selected is not None:
            self.messages.announce(kb.picked_sentence(g.rules, g.position, pile, self.table.selected[1]), tag="keys")
        self._draw_ring()

    def resize(self, more: bool) -> None:
        """Shift+Up / + and Shift+Down / -: one card more or fewer in the pick
        (without a pick: the pick point, inside the column)."""
        g = self.table.game
        assert g is not None and self.focus is not None
        sel = self.table.selected
        if sel is None:
            step = kb.move(g.rules, g.position, self.places, self.focus, kb.UP if more else kb.DOWN)
            if step.focus.pile == self.focus.pile and step.focus != self.focus:
                self.navigate(kb.UP if more else kb.DOWN)
            return
        pile, index, _count = sel
        new = (kb.extended if more else kb.shrunk)(g.rules, g.position, pile, index)
        if new is None:
            if more:
                k = tableau_index(g.rules, pile)
                assert k is not None
                reason = (
                    self.table.why_not_movable(pile, index - 1)
                    if index - 1 >= g.position.down[k]
                    else _("No more cards can be picked here.")
                )
                self.messages.show(reason)
                self.commands.illegal()
            else:
                self.messages.show(_("One card is picked: Escape puts it back."))
            return
        k = tableau_index(g.rules, pile)
        assert k is not None
        self.table.select(pile, new, len(g.position.tableau[k]) - new)
        if self.focus.pile == pile:
            self._set_focus(kb.Focus(pile, new), move_dom=False)
        self.messages.announce(kb.picked_sentence(g.rules, g.position, pile, new), tag="keys")

    def best(self) -> None:
        g = self.table.game
        assert g is not None and self.focus is not None
        if g.status != Outcome.PLAYING:
            return
        sel = self.table.selected
        if sel is not None:
            self.table.send_best(sel[0], sel[1])
            return
        pile, index = self.focus.pile, self.focus.index
        if pile.is_stock_like:
            self._deal(pile)
        elif index is None:
            self.messages.show(_("Nothing to move here."))
        else:
            self.table.send_best(pile, index)

    def _deal(self, pile: PileId) -> None:
        self.table.dispatch(Move.deal() if pile is STOCK else Move.draw(pile.index))

    def deal(self) -> None:
        """D: deal the stock; in Tournament Spider, deal the focused draw
        pile, else take the focus to the first one left."""
        g = self.table.game
        assert g is not None
        if g.status != Outcome.PLAYING:
            return
        if not g.rules.draw_piles:
            self._deal(STOCK)
            return
        if self.focus is not None and self.focus.pile.role is PileRole.DRAW and self.has_focus():
            self._deal(self.focus.pile)
            return
        left = [k for k in range(g.rules.draw_piles) if g.position.stock[k]]
        if not left:
            self.table.dispatch(Move.draw(0))  # the engine says why not
            return
        self.came = None
        self._set_focus(kb.arrive(g.rules, g.position, PileId.draw(left[0])))
        self.messages.show(_("Choose a draw pile with the arrow keys, then press Enter or D."))

    def escape(self) -> None:
        if self.dialogs.escape():
            return
        if self.table.state.drag is not None:
            self.table.pointer.cancel()
        elif self.table.selected is not None:
            self.table.deselect()
            self.messages.announce(_("Put back."), tag="keys")
            self._draw_ring()
        else:
            self.commands.clear_hint()


# ---- the focus ring, text fields and radio groups ----------------------------


def draw_ring(
    ring: Element, focus: kb.Focus, lay: Layout, uids: Sequence[CardId], places: list[Place | None], target: bool
) -> None:
    """Place ``ring`` over the focused pile's cards (``uids``, bottom first)."""
    w, h = lay.card_width, lay.card_height
    first = (
        uids[focus.index]
        if (focus.index is not None and focus.index < len(uids) and not target)
        else (uids[-1] if uids else None)
    )
    head = places[first] if first is not None and first < len(places) else None
    if head is None:
        x, y = pile_base(lay, focus.pile)
        bottom = y + h
    else:
        x, y = head.x, head.y
        last = places[uids[-1]]
        bottom = (last.y if last is not None else y) + h
    ring.style.transform = tf(x, y)
    ring.style.width = f"{w:.1f}px"
    ring.style.height = f"{bottom - y:.1f}px"
    ring.classList.toggle("target", bool(target))
    ring.hidden = False


def typing() -> bool:
    """A text field (or an editable element) has the focus: letter keys are its own."""
    a = document.activeElement
    if is_none(a):
        return False
    tag = str(a.tagName).lower()
    return tag in ("input", "select", "textarea") or bool(a.isContentEditable)


def radio_step(act: str, e: DomEvent) -> bool:
    """Arrows in a dialog's radio group (the chooser's games): the
    previous or next choice is focused and chosen, as a radio group does."""
    a = document.activeElement
    if is_none(a) or str(a.getAttribute("role")) != "radio":
        return False
    group = a.closest('[role="radiogroup"]')
    if is_none(group):
        return False
    items = list(group.querySelectorAll('[role="radio"]'))
    k = next((i for i, n in enumerate(items) if n == a), 0)
    k = (k + (1 if act in (kb.RIGHT, kb.DOWN) else -1)) % len(items)
    e.preventDefault()
    items[k].focus()
    items[k].click()
    return True
