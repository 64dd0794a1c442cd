"""The keyboard's focus ring on the felt, whether a text field has the focus,
and the arrow keys in a dialog's radio group.

The ring covers the cards Enter would pick in the focused pile (from the
pick point down), or marks the pile as the target while cards are picked
(``.target``).
"""

from __future__ import annotations

from . import keyboard as kb
from .animator import tf
from .dom import DomEvent, Element, document, is_none
from .layout import Layout
from .model import Place, pile_base


def draw_ring(
    ring: Element, focus: kb.Focus, lay: Layout, uids: list[int], places: list[Place | None], target: bool
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
