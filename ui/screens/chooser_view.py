"""The game chooser: today's daily deals (a row that opens their screen),
the player's unfinished games (:mod:`ui.screens.continue_list_view`),
every preset with its rule summary and options, and a deal number (random
when left empty); its Settings button opens :mod:`ui.screens.settings_view`.

Hooks for tests: ``.games-daily`` (today's daily deals, ``.done`` once one
is won today), ``[data-choice=<preset id>]`` (one per preset),
``[data-option=<name>]`` selects, ``#deal-input``, ``[data-action=play]``,
``#winnable-deals`` (the "Winnable deals" choice: Off, Any, Easy, Medium,
Hard, Expert; disabled with ``#winnable-note`` saying why when the game has
no proven deals, and a grade disabled when the game has no deal of it; the
note says how many deals random ones come from: proven, or of the grade chosen).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import engine
from engine import MAX_DEAL, MIN_DEAL, PRESETS, OptionSpec, OptionValue
from ui.browser.dom import DomEvent, Element, el, is_none
from ui.chrome.appearance_view import Appearance
from ui.helpers import grades
from ui.helpers.hints import WinnableChoice
from ui.i18n.text import _, n_, number
from ui.screens.continue_list_view import continue_section
from ui.screens.dialog_view import DialogHost
from ui.screens.tile import difficulty, record_line, subtitle, table_picture
from ui.screens.tile_view import draw_name, draw_table
from ui.storage.games import GameMeta
from ui.storage.settings import WINNABLE_CHOICES
from ui.storage.statistics import Record


class ChooserHost(Protocol):
    """What the chooser needs of the page."""

    @property
    def game(self) -> engine.Game | None: ...
    def with_defaults(self, preset: str, options: dict[str, OptionValue]) -> dict[str, OptionValue]: ...
    def winnable_choice(self, preset: str, options: dict[str, OptionValue]) -> WinnableChoice: ...
    def grade_note(self, preset: str, letter: str) -> str | None: ...
    def graded_note(self, preset: str, letter: str) -> str | None: ...
    def watch_winnable(self, fn: Callable[[], None]) -> None: ...
    def start_chosen(self, preset: str, deal: int | None, options: dict[str, OptionValue]) -> None: ...
    def open_stats(self) -> None: ...
    def open_settings(self) -> None: ...
    def record(self, preset: str) -> Record: ...
    def unfinished(self) -> list[GameMeta]: ...
    def daily_row(self) -> tuple[str, str, bool]: ...
    def open_daily(self) -> None: ...
    def resume(self, game_id: str) -> None: ...
    def abandon(self, meta: GameMeta) -> None: ...
    def now(self) -> float: ...


def choice_label(spec: OptionSpec, value: OptionValue) -> str:
    """How an option value reads in the chooser."""
    if isinstance(value, bool):
        return _("On") if value else _("Off")
    if spec.name == "time_limit" and isinstance(value, int):
        minutes = value // 60
        return n_("{n} minute", "{n} minutes", minutes).format(n=number(minutes))
    if spec.name == "scoring" and isinstance(value, str):
        # Translators: the scoring options of a game: the classic score, or a point per card built
        return {"classic": _("Classic"), "built": _("Built cards")}.get(value, value)
    return str(value)


def parse_deal(text: str) -> tuple[int | None, str | None]:
    """A deal number from the field: (None, None) when empty (random)."""
    t = text.strip().lstrip("#")
    if not t:
        return None, None
    if len(t) <= len(str(MAX_DEAL)) and t.isascii() and t.isdigit() and MIN_DEAL <= int(t) <= MAX_DEAL:
        return int(t), None
    # Translators: a deal number is a name, written without grouping ({low}, {high} are digits only)
    return None, _("A deal number is a whole number from {low} to {high}.").format(low=MIN_DEAL, high=MAX_DEAL)


@dataclass
class _Choosing:
    """The open chooser's state: the game shown, its winnable-deals choice."""

    preset: str
    winnable_box: Element | None = None


def build_chooser(dialogs: DialogHost, look: Appearance, app: ChooserHost) -> None:
    """The chooser dialog."""
    current = app.game.preset if app.game else "spider-1"
    dialog = dialogs.open("chooser", _("Choose a game"))
    box = dialog.box
    box.classList.add("scroll")
    state = _Choosing(current)

    def resume(game_id: str) -> None:
        dialogs.close()
        app.resume(game_id)

    home = el("div", "chooser-home", parent=box)
    daily_title, daily_state, done = app.daily_row()  # the daily deals, first: a tap opens their screen
    daily = el("button", "games-daily" + (" done" if done else ""), parent=home, type="button", data_action="daily")
    el("span", "games-daily-title", daily_title, parent=daily)
    el("span", "games-daily-state", daily_state, parent=daily)
    dialog.on(daily, "click", lambda e: app.open_daily())
    continue_section(dialog, home, app.unfinished(), app.now(), resume, app.abandon)
    el("h3", "", _("New game"), parent=home)
    grid = el("ul", "game-grid", parent=home, aria_label=_("Games: a tap starts a new game"))
    details = el("div", "choice-details", parent=box, hidden=True)

    def values_for(preset: str) -> dict[str, OptionValue]:
        """The options a new game of ``preset`` gets: the game in play's, else the last used."""
        rules = PRESETS[preset]
        values = (
            app.game.rules.option_values()
            if app.game and app.game.preset == preset
            else app.with_defaults(preset, rules.option_values())
        )
        values.update(look.settings.game_defaults(list(values)))
        return values

    def quick_play(preset: str) -> None:
        dialogs.close()
        app.start_chosen(preset, None, values_for(preset))

    def back() -> None:
        details.hidden = True
        home.hidden = False
        again = grid.querySelector(f'[data-choice="{state.preset}"]')
        if not is_none(again):
            again.focus()

    def show(preset: str) -> None:
        """A game's options and deal number, in place of the grid."""
        state.preset = preset
        rules = PRESETS[preset]
        home.hidden = True
        details.hidden = False
        details.replaceChildren()
        dialog.buttons(details, [("back", _("‹ All games"), back, False)]).classList.add("details-top")
        el("h3", "", _(rules.name), parent=details)
        el("p", "summary", _(rules.summary), parent=details)
        current_values = values_for(preset)
        for spec in rules.options:
            row = el("label", "option", parent=details)
            el("span", "option-label", _(spec.label), parent=row)
            sel = el("select", "", parent=row, data_option=spec.name)
            for k, value in enumerate(spec.choices):
                opt = el("option", "", choice_label(spec, value), parent=sel, value=str(k))
                if value == current_values.get(spec.name):
                    opt.selected = True
            if spec.help:
                el("small", "option-help", _(spec.help), parent=row)
        row = el("label", "option", parent=details)
        el("span", "option-label", _("Winnable deals"), parent=row)
        box_el = el("select", "", parent=row, id="winnable-deals", aria_describedby="winnable-note")
        for choice in WINNABLE_CHOICES:
            el("option", "", grades.choice_label(choice), parent=box_el, value=choice)
        el("small", "option-help", parent=row, id="winnable-note")
        state.winnable_box = box_el
        dialog.on(box_el, "change", lambda e: winnable_changed())
        for spec in rules.options:
            sel = details.querySelector(f'[data-option="{spec.name}"]')
            dialog.on(sel, "change", lambda e: show_winnable())
        show_winnable()
        row = el("label", "option", parent=details)
        el("span", "option-label", _("Deal number"), parent=row)
        el(
            "input",
            "",
            parent=row,
            id="deal-input",
            type="text",
            inputmode="numeric",
            autocomplete="off",
            placeholder=_("Random"),
            aria_label=_("Deal number (empty for a random deal)"),
        )
        el("p", "deal-error", parent=details, id="deal-error", hidden=True)
        dialog.buttons(details, [("play", _("Play"), play, True)]).classList.add("details-play")
        first = details.querySelector("select, input")
        if not is_none(first):
            first.focus()

    def chosen_options() -> dict[str, OptionValue]:
        rules = PRESETS[state.preset]
        options: dict[str, OptionValue] = {}
        for spec in rules.options:
            sel = box.querySelector(f'[data-option="{spec.name}"]')
            if not is_none(sel):
                options[spec.name] = spec.choices[int(str(sel.value))]
        return options

    def show_winnable() -> None:
        """The choice: as the player left it for this game; disabled, with
        the reason, when the game has no proven deals for these rules; a
        grade disabled when the game has no graded deal of it (yet)."""
        preset = state.preset
        choice = app.winnable_choice(preset, chosen_options())
        box_el = state.winnable_box
        assert box_el is not None
        box_el.disabled = not choice.available
        chosen = look.settings.winnable_choice(preset) if choice.available else "off"
        why = None
        notes = []
        for opt in box_el.querySelectorAll("option"):
            value = str(opt.value)
            note = app.grade_note(preset, value) if value not in ("off", "any") else None
            opt.disabled = note is not None
            notes.append(note)
            if value == chosen and note is not None:
                why, chosen = note, "any"  # a grade with no deal here yet: any proven deal
        if why is None and all(n is not None for n in notes[2:]):
            why = notes[2]  # no grade at all for this game (yet): say why Easy to Expert are off
        box_el.value = chosen
        note_el = box.querySelector("#winnable-note")
        if not choice.available:
            note_el.textContent = choice.note
        else:
            # a grade chosen (with deals of it here): how many deals of it, else how many proven
            note = (app.graded_note(preset, chosen) if chosen not in ("off", "any") else None) or choice.note
            note_el.textContent = " ".join(
                t for t in (note, why, _("A deal number typed below is always played.")) if t
            )
        note_el.classList.toggle("unavailable", not choice.available)

    def refresh_winnable() -> None:  # the list arrived while the chooser was open
        if dialog.is_open:
            show_winnable()

    app.watch_winnable(refresh_winnable)

    def winnable_changed() -> None:
        box_el = state.winnable_box
        assert box_el is not None
        winnable = dict(look.settings.winnable)
        value = str(box_el.value)
        winnable[state.preset] = value if value in WINNABLE_CHOICES else "off"
        look.change(winnable=winnable)
        show_winnable()  # the note says what the choice gives

    for pid in PRESETS:
        game_tile(grid, pid, app.record(pid), pid == current)

    def on_grid(e: DomEvent) -> None:
        node = e.target.closest("[data-play], [data-choice]")
        if is_none(node):
            return
        if node.classList.contains("game-play"):
            quick_play(str(node.dataset.play))
        else:
            show(str(node.dataset.choice))

    dialog.on(grid, "click", on_grid)

    def play() -> None:
        preset = state.preset
        options = chosen_options()
        field = box.querySelector("#deal-input")
        deal, error = parse_deal("" if is_none(field) else str(field.value))
        if error:
            err = box.querySelector("#deal-error")
            err.textContent = error
            err.hidden = False
            return
        dialogs.close()
        app.start_chosen(preset, deal, options)

    dialog.buttons(
        box,
        [
            ("stats", _("Statistics"), app.open_stats, False),
            ("settings", _("Settings"), app.open_settings, False),
            ("cancel", _("Cancel"), dialogs.close, False),
        ],
    )


def game_tile(grid: Element, preset: str, record: Record, current: bool) -> None:
    """One game of the grid: a button that starts it (its table drawn, its
    name, difficulty and the player's record) and its Options button."""
    rules = PRESETS[preset]
    level, word = difficulty(preset)
    figures = record_line(record)
    tile = el("li", "game-tile" + (" current" if current else ""), parent=grid, data_preset=preset)
    # its name is its text: "Play", the game, the difficulty, the record
    start = el("button", "game-play", parent=tile, type="button", data_play=preset)
    # Drawn both ways; the screen's orientation shows one (the stylesheet).
    draw_table(start, table_picture(rules), "game-picture wide-picture")
    draw_table(start, table_picture(rules, portrait=True), "game-picture tall-picture")
    name = el("strong", "game-name", parent=start)
    # Translators: a tile's button reads "Play <game>"; only the game's name is shown, the rest is heard
    before, _gap, after = _("Play {game}").partition("{game}")
    if before.strip():
        el("span", "visually-hidden", before, parent=name)
    draw_name(name, _(rules.name))
    if after.strip():
        el("span", "visually-hidden", after, parent=name)
    el("span", "game-subtitle", subtitle(preset) + ".", parent=start)
    meta = el("span", "game-meta", parent=start)
    level_el = el("span", "game-level", parent=meta)
    el("span", "game-dots", "●" * level + "○" * (4 - level), parent=level_el, aria_hidden="true")
    level_el.append(f" {word}.")
    el("span", "game-record", figures + ".", parent=meta)
    el(
        "button",
        "game-options",
        _("Options"),
        parent=tile,
        type="button",
        data_choice=preset,
        aria_label=_("{game}: options and deal number").format(game=_(rules.name)),
    )
