"""The header bar: Games, the game's name with its clock and score, and the
Undo, Redo, Hint, New and End buttons, in the player's language (:meth:`Header.relabel`
writes the buttons' words again when it changes).

:class:`Header` draws the bar and its text (:func:`ui.chrome.header.status_text`) and
turns a press on a button into a call of the action it was given; it knows
nothing else of the table.  The clock and the score are not a live region:
a clock ticking every second would keep a screen reader talking (the end
of a game, and the tournament's last minute, are said instead).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping

import engine
from ui.browser.dom import Bindings, DomEvent, Element, el, is_none
from ui.chrome.header import short_title, status_text
from ui.chrome.messages import game_name
from ui.i18n.text import _, forms, p_
from ui.table.cards import Tracker

HINT_ICON = (
    '<svg class="icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">'
    '<path fill="currentColor" d="M12 2a7 7 0 0 0-4 12.74V17a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1v-2.26A7 7 0 0 0 12 2zm'
    '2.5 11.5-.5.36V16h-4v-2.14l-.5-.36a5 5 0 1 1 5 0zM9 20h6v2H9z"/></svg>'
)
"""The Hint button's glyph: a light bulb, drawn here (no font has to have it)."""


MORE_ICON = (
    '<svg class="icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">'
    '<circle cx="5" cy="12" r="2.2" fill="currentColor"/><circle cx="12" cy="12" r="2.2" fill="currentColor"/>'
    '<circle cx="19" cy="12" r="2.2" fill="currentColor"/></svg>'
)
SOUND_ON = (
    '<svg class="icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">'
    '<path fill="currentColor" d="M4 9h4l5-4v14l-5-4H4z"/><path fill="none" stroke="currentColor" stroke-width="2" '
    'stroke-linecap="round" d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"/></svg>'
)
SOUND_OFF = (
    '<svg class="icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">'
    '<path fill="currentColor" d="M4 9h4l5-4v14l-5-4H4z"/><path fill="none" stroke="currentColor" stroke-width="2" '
    'stroke-linecap="round" d="M16 9l6 6M22 9l-6 6"/></svg>'
)


class Header:
    """The bar at the top of the table."""

    def __init__(self, table: Element) -> None:
        self.table = table
        self._actions: Mapping[str, Callable[[], object]] = {}
        """What each button does, by its ``data-action`` (:meth:`answers_with`)."""
        bar = el("header", "bar", parent=table)
        self.bar = bar
        self.btn_games = el(
            "button",
            "btn btn-games",
            parent=bar,
            type="button",
            data_action="games",
        )
        info = el("div", "info", parent=bar)
        self.info = info
        self.title_el = el("div", "title", parent=info)
        self.info_el = el("div", "stats", parent=info)
        self._stats_text = el("span", "stats-text", parent=self.info_el)
        # A challenge in play: the challenger's progress by the same move count, quietly.
        self.challenge_el = el("span", "challenge-progress", parent=self.info_el, hidden=True)
        # Tournament's countdown: at the right end, where a message never covers it.
        self.clock_el = el("span", "clock", parent=self.info_el, hidden=True)
        tools = el("div", "tools", parent=bar)
        self.btn_undo = el(
            "button",
            "btn btn-icon",
            "↶",
            parent=tools,
            type="button",
            data_action="undo",
        )
        self.btn_redo = el(
            "button",
            "btn btn-icon",
            "↷",
            parent=tools,
            type="button",
            data_action="redo",
        )
        # A light bulb, not "?": "?" is the key that lists the keys.
        self.btn_hint = el(
            "button",
            "btn btn-icon",
            "",
            parent=tools,
            type="button",
            data_action="hint",
        )
        self.btn_hint.innerHTML = HINT_ICON
        self.btn_new = el("button", "btn", parent=tools, type="button", data_action="new")
        # Sound on or off, on the table itself (the volumes are in the settings).
        self.btn_sound = el(
            "button",
            "btn btn-icon btn-sound",
            "",
            parent=tools,
            type="button",
            data_action="sound",
            aria_pressed="true",
        )
        # Help on every device: how to play each game, the gestures, the keys.
        self.btn_help = el(
            "button",
            "btn btn-icon btn-help",
            "?",
            parent=tools,
            type="button",
            data_action="help",
            aria_haspopup="dialog",
        )
        # End, the statistics and the keys are behind "More", out of the thumb's way beside New.
        self.btn_more = el(
            "button",
            "btn btn-icon btn-more",
            "",
            parent=tools,
            type="button",
            data_action="more",
            aria_haspopup="dialog",
        )
        self.btn_more.innerHTML = MORE_ICON
        for node, keys in (
            (self.btn_undo, "Control+Z"),
            (self.btn_redo, "Control+Shift+Z Control+Y"),
            (self.btn_hint, "H"),
            (self.btn_new, "N"),
        ):
            node.setAttribute("aria-keyshortcuts", keys)
        self._shown: tuple[str, str] = ("", "")
        self._sound_on = True
        self.relabel()
        self.daily: datetime.date | None = None
        """The day of the daily deal in play (the title is tagged "Daily · 27 Nov"), or None."""
        self._bindings = Bindings()
        self._bindings.on(bar, "click", self._on_click)

    def answers_with(self, actions: Mapping[str, Callable[[], object]]) -> None:
        """The buttons do ``actions[name]()`` (joined once the parts they reach are made)."""
        self._actions = actions

    def _on_click(self, e: DomEvent) -> None:
        target = e.target.closest("[data-action]")
        if is_none(target) or target.disabled:
            return
        fn = self._actions.get(str(target.dataset.action))
        if fn is not None:
            fn()

    def mark_daily(self, day: datetime.date | None) -> None:
        """The game in play is the daily deal of ``day`` (None: it is not);
        the next :meth:`show` tags the title."""
        self.daily = day

    def relabel(self) -> None:
        """Every word of the buttons, in the language in use (at the start and
        after a change of language; the next :meth:`show` writes the rest)."""
        words = (
            (self.btn_games, _("Games"), _("Choose a game and settings"), None),
            (self.btn_undo, None, _("Undo (Ctrl+Z)"), _("Undo")),
            (self.btn_redo, None, _("Redo (Ctrl+Shift+Z)"), _("Redo")),
            (self.btn_hint, None, _("Hint (H)"), _("Hint")),
            (self.btn_new, p_("header", "New"), _("New deal of this game (N)"), None),
            (self.btn_sound, None, None, _("Sound")),
            (self.btn_help, None, _("Help: how to play, gestures, keys"), _("Help")),
            (
                self.btn_more,
                None,
                _("More: Show me how, restart this deal, end this game, daily deals, statistics, settings"),
                _("More"),
            ),
        )
        for node, text, title, label in words:
            if text is not None:
                node.textContent = text
            if title is not None:
                node.title = title
            if label is not None:
                node.setAttribute("aria-label", label)
        self.show_sound(self._sound_on)
        self._shown = ("", "")  # the status line is written again by the next show

    def show_sound(self, on: bool) -> None:
        """The sound button says whether the table makes sound (pressed: on)."""
        self._sound_on = on
        self.btn_sound.innerHTML = SOUND_ON if on else SOUND_OFF
        self.btn_sound.setAttribute("aria-pressed", "true" if on else "false")
        self.btn_sound.title = _("Sound on: tap to mute") if on else _("Muted: tap for sound")

    def height(self) -> float:
        return float(self.bar.getBoundingClientRect().height)

    def show(self, game: engine.Game, tracker: Tracker, narrow: bool) -> None:
        """Everything in the bar, from the game as it stands."""
        rules = game.rules
        name = short_title(rules) if narrow else game_name(rules)
        if self.daily is not None:  # a daily deal: the day says so, first
            tag = _("Daily · {day}").format(day=forms().date(self.daily, "day_month"))
            name = tag if narrow else f"{tag} · {name}"
        self.title_el.textContent = name
        self.table.classList.toggle("daily-game", self.daily is not None)
        self.title_el.title = (
            _("{game}, deal {deal}").format(game=game_name(rules), deal=game.deal)
            if game.deal is not None
            else game_name(rules)
        )
        self.show_status(game, tracker, narrow)
        self.btn_undo.disabled = not game.can_undo
        self.btn_redo.disabled = not game.can_redo
        self.table.dataset.score = str(game.score)

    def show_challenge(self, texts: tuple[str, str] | None) -> None:
        """The challenger's progress beside the figures, long and short (a
        narrow header shows the short one); None: no challenge in play."""
        self.challenge_el.replaceChildren()
        if texts is not None:
            el("span", "challenge-long", texts[0], parent=self.challenge_el)
            el("span", "challenge-short", texts[1], parent=self.challenge_el)
        self.challenge_el.hidden = texts is None
        self.table.classList.toggle("challenge-game", texts is not None)

    def show_status(self, game: engine.Game, tracker: Tracker, narrow: bool) -> None:
        """The clock and score line (written only when it changed)."""
        clock, text, phase = status_text(game, tracker, narrow)
        if (clock, text) != self._shown:
            self._shown = (clock, text)
            timed = game.rules.time_limit is not None
            # The clock (Tournament's countdown too) apart, at the right end,
            # where a message never covers it.
            self.clock_el.textContent = clock
            self.clock_el.hidden = not clock
            self.table.classList.toggle("timed", timed)
            self.table.classList.toggle("clocked", bool(clock))
            self._stats_text.textContent = text
            self.table.dataset.seconds = str(int(game.elapsed))  # for tests: the clock's whole seconds
        self.table.dataset.phase = phase
