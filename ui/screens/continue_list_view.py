"""The chooser's Continue list: the player's unfinished games.

Each entry names the game and its deal, with its moves, time and when it
was last played, a Continue button and an Abandon button (which asks first:
an abandoned game counts as a loss).  Drawn at the top of the chooser only
when there is such a game besides the one on the table.

Hooks for tests: ``.continue-list``, one ``li[data-game-id]`` per game,
buttons ``[data-action=continue]`` and ``[data-action=abandon]``.
"""

from __future__ import annotations

from collections.abc import Callable

from ui.browser.dom import DomEvent, Element, el
from ui.i18n.text import _
from ui.screens.dialog_view import Dialog
from ui.storage.games import GameMeta, describe


def continue_section(
    dialog: Dialog,
    parent: Element,
    games: list[GameMeta],
    now: float,
    resume: Callable[[str], None],
    abandon: Callable[[GameMeta], None],
) -> Element | None:
    """Add the list to ``parent`` (nothing when ``games`` is empty).  Abandon
    asks in place: the entry turns into the question and its two answers."""
    if not games:
        return None
    section = el("section", "continue-list", parent=parent, aria_labelledby="continue-title")
    el("h3", "", _("Continue"), parent=section, id="continue-title")
    items = el("ul", "continue-games", parent=section)
    left = list(games)

    def draw(asking: str | None = None, focus: str = "") -> None:
        items.replaceChildren()
        for meta in left:
            title, detail = describe(meta, now)
            item = el("li", "continue-game", parent=items, data_game_id=meta.id)
            text = el("div", "continue-text", parent=item)
            if meta.id == asking:
                item.classList.add("asking")
                # Translators: {game}: a game and its deal ("Spider · 2 suits, deal 12")
                el("span", "continue-title", _("Abandon {game}?").format(game=title), parent=text)
                el("span", "continue-detail", _("It counts as a loss."), parent=text)
                buttons = [("keep", _("Keep it"), "btn"), ("confirm-abandon", _("Abandon"), "btn danger")]
            else:
                el("span", "continue-title", title, parent=text)
                el("span", "continue-detail", detail, parent=text)
                buttons = [("continue", _("Continue"), "btn primary"), ("abandon", _("Abandon"), "btn")]
            named = {
                # Translators: a button's accessible name in the Continue list; {game}: a game and its deal
                "continue": _("Continue {game}").format(game=title),
                # Translators: a button's accessible name in the Continue list; {game}: a game and its deal
                "abandon": _("Abandon {game}").format(game=title),
            }
            for action, label, cls in buttons:
                b = el("button", cls, label, parent=item, type="button", data_action=action)
                b.setAttribute("aria-label", named.get(action, label))
                dialog.on(b, "click", _handler(pressed, action, meta))
                if meta.id == focus and action == ("keep" if asking else "abandon"):
                    b.focus()
        if not left:
            section.remove()

    def pressed(action: str, meta: GameMeta) -> None:
        if action == "continue":
            resume(meta.id)
        elif action == "abandon":
            draw(asking=meta.id, focus=meta.id)
        elif action == "keep":
            draw(focus=meta.id)
        elif action == "confirm-abandon":
            left.remove(meta)
            draw()
            abandon(meta)

    draw()
    return section


def _handler(pressed: Callable[[str, GameMeta], None], action: str, meta: GameMeta) -> Callable[[DomEvent], None]:
    return lambda _: pressed(action, meta)
