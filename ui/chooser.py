"""The game chooser: the player's unfinished games (:mod:`ui.continuelist`),
every preset with its rule summary and options, a deal number (random when
left empty), and the table's settings.

Hooks for tests: ``[data-choice=<preset id>]`` (one per preset),
``[data-option=<name>]`` selects, ``#deal-input``, ``[data-action=play]``,
``[data-setting=<name>]`` for settings, ``#winnable-only`` (the "Winnable
deals only" box, disabled with ``#winnable-note`` saying why when the game
has no proven deals).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import engine
from engine.rng import MAX_DEAL, MIN_DEAL
from engine.rules import PRESETS, OptionSpec, OptionValue

from . import persist
from .appearance import Appearance
from .assist import WinnableChoice
from .continuelist import continue_section
from .dialogs import DialogHost
from .dom import DomEvent, Element, el, is_none
from .library import GameMeta


class Host(Protocol):
    """What the chooser needs of the page."""

    @property
    def game(self) -> engine.Game | None: ...
    def with_defaults(self, preset: str, options: dict[str, OptionValue]) -> dict[str, OptionValue]: ...
    def winnable_choice(self, preset: str, options: dict[str, OptionValue]) -> WinnableChoice: ...
    def watch_winnable(self, fn: Callable[[], None]) -> None: ...
    def start_chosen(self, preset: str, deal: int | None, options: dict[str, OptionValue]) -> None: ...
    def open_stats(self, preset: str) -> None: ...
    def unfinished(self) -> list[GameMeta]: ...
    def resume(self, game_id: str) -> None: ...
    def abandon(self, meta: GameMeta) -> None: ...
    def now(self) -> float: ...


def choice_label(spec: OptionSpec, value: OptionValue) -> str:
    """How an option value reads in the chooser."""
    if isinstance(value, bool):
        return "On" if value else "Off"
    if spec.name == "time_limit" and isinstance(value, int):
        return f"{value // 60} minutes"
    if spec.name == "scoring" and isinstance(value, str):
        return {"classic": "Classic", "built": "Built cards"}.get(value, value)
    return str(value)


def parse_deal(text: str) -> tuple[int | None, str | None]:
    """A deal number from the field: (None, None) when empty (random)."""
    t = text.strip().lstrip("#")
    if not t:
        return None, None
    if len(t) <= len(str(MAX_DEAL)) and t.isascii() and t.isdigit() and MIN_DEAL <= int(t) <= MAX_DEAL:
        return int(t), None
    return None, f"A deal number is a whole number from {MIN_DEAL} to {MAX_DEAL}."


@dataclass
class _Choosing:
    """The open chooser's state: the game shown, its winnable-deals box."""

    preset: str
    winnable_box: Element | None = None


def build_chooser(dialogs: DialogHost, look: Appearance, app: Host) -> None:
    """The chooser dialog."""
    current = app.game.preset if app.game else "spider-1"
    dialog = dialogs.open("chooser", "Choose a game")
    box = dialog.box
    box.classList.add("scroll")
    state = _Choosing(current)

    def resume(game_id: str) -> None:
        dialogs.close()
        app.resume(game_id)

    continue_section(dialog, box, app.unfinished(), app.now(), resume, app.abandon)
    if app.unfinished():
        el("h3", "", "New game", parent=box)
    lst = el("div", "choices", parent=box, role="radiogroup", aria_label="Games")
    details = el("div", "choice-details", parent=box)
    items: dict[str, Element] = {}

    def show(preset: str) -> None:
        state.preset = preset
        for pid, node in items.items():
            node.setAttribute("aria-checked", "true" if pid == preset else "false")
            node.classList.toggle("chosen", pid == preset)
        rules = PRESETS[preset]
        details.replaceChildren()
        el("h3", "", rules.name, parent=details)
        el("p", "summary", rules.summary, parent=details)
        current_values = (
            app.game.rules.option_values()
            if app.game and app.game.preset == preset
            else app.with_defaults(preset, rules.option_values())
        )
        current_values.update(look.settings.game_defaults(list(current_values)))
        for spec in rules.options:
            row = el("label", "option", parent=details)
            el("span", "option-label", spec.label, parent=row)
            sel = el("select", "", parent=row, data_option=spec.name)
            for k, value in enumerate(spec.choices):
                opt = el("option", "", choice_label(spec, value), parent=sel, value=str(k))
                if value == current_values.get(spec.name):
                    opt.selected = True
            if spec.help:
                el("small", "option-help", spec.help, parent=row)
        row = el("label", "option option-check", parent=details)
        el("span", "option-label", "Winnable deals only", parent=row)
        box_el = el("input", "", parent=row, id="winnable-only", type="checkbox")
        el("small", "option-help", parent=row, id="winnable-note")
        state.winnable_box = box_el
        dialog.on(box_el, "change", lambda e: winnable_changed())
        for spec in rules.options:
            sel = details.querySelector(f'[data-option="{spec.name}"]')
            dialog.on(sel, "change", lambda e: show_winnable())
        show_winnable()
        row = el("label", "option", parent=details)
        el("span", "option-label", "Deal number", parent=row)
        el(
            "input",
            "",
            parent=row,
            id="deal-input",
            type="text",
            inputmode="numeric",
            autocomplete="off",
            placeholder="Random",
            aria_label="Deal number (empty for a random deal)",
        )
        el("p", "deal-error", parent=details, id="deal-error", hidden=True)

    def chosen_options() -> dict[str, OptionValue]:
        rules = PRESETS[state.preset]
        options: dict[str, OptionValue] = {}
        for spec in rules.options:
            sel = box.querySelector(f'[data-option="{spec.name}"]')
            if not is_none(sel):
                options[spec.name] = spec.choices[int(str(sel.value))]
        return options

    def show_winnable() -> None:
        """The box: ticked as the player left it for this game; disabled,
        with the reason, when the game has no proven deals for these rules."""
        preset = state.preset
        choice = app.winnable_choice(preset, chosen_options())
        box_el = state.winnable_box
        assert box_el is not None
        box_el.disabled = not choice.available
        box_el.checked = choice.available and look.settings.winnable_only(preset)
        note = box.querySelector("#winnable-note")
        note.textContent = (
            choice.note if not choice.available else (choice.note + " A deal number typed below is always played.")
        )
        note.classList.toggle("unavailable", not choice.available)

    def refresh_winnable() -> None:  # the list arrived while the chooser was open
        if dialog.is_open:
            show_winnable()

    app.watch_winnable(refresh_winnable)

    def winnable_changed() -> None:
        box_el = state.winnable_box
        assert box_el is not None
        winnable = dict(look.settings.winnable)
        winnable[state.preset] = bool(box_el.checked)
        look.change(winnable=winnable)

    for pid, rules in PRESETS.items():
        item = el("button", "choice", parent=lst, type="button", role="radio", data_choice=pid)
        el("strong", "", rules.name, parent=item)
        items[pid] = item

    def on_list(e: DomEvent) -> None:
        node = e.target.closest("[data-choice]")
        if not is_none(node):
            show(str(node.dataset.choice))

    dialog.on(lst, "click", on_list)
    show(current)

    # settings
    sbox = el("details", "settings", parent=box)
    el("summary", "", "Settings", parent=sbox)
    s = look.settings

    def setting_select(name: str, label: str, choices: list[tuple[str, str]], value: str) -> None:
        row = el("label", "option", parent=sbox)
        el("span", "option-label", label, parent=row)
        sel = el("select", "", parent=row, data_setting=name)
        for v, text in choices:
            opt = el("option", "", text, parent=sel, value=v)
            if v == value:
                opt.selected = True

        def changed(e: DomEvent) -> None:
            v = str(e.target.value)
            current = getattr(look.settings, name)
            value: OptionValue = (v == "on") if isinstance(current, bool) else int(v) if isinstance(current, int) else v
            look.change(**{name: value})
            other = box.querySelector(f'[data-option="{name}"]')  # the shown game's option follows
            spec = next((o for o in PRESETS[state.preset].options if o.name == name), None)
            if not is_none(other) and spec is not None and value in spec.choices:
                other.value = str(spec.choices.index(value))

        dialog.on(sel, "change", changed)

    setting_select(
        "tap",
        "A tap on a card",
        [("auto", "moves it to its best place"), ("select", "selects it; tap where it goes")],
        s.tap,
    )
    setting_select(
        "simple",
        "Simple mode",
        [("off", "Off: spiders and animations"), ("on", "On: no extra art")],
        "on" if s.simple else "off",
    )
    setting_select("faces", "Card faces", [("large", "Two colours"), ("fourcolour", "Four colours")], s.faces)
    setting_select("back", "Card back", [(b, b.capitalize()) for b in persist.BACKS], s.back)
    setting_select(
        "contrast",
        "Contrast",
        [
            ("system", "Follow the system (more contrast)"),
            ("high", "High: black table, bold cards"),
            ("standard", "Standard"),
        ],
        s.contrast,
    )
    setting_select(
        "motion",
        "Motion",
        [
            ("system", "Follow the system (reduce motion)"),
            ("reduce", "Reduce: no movement, moved cards outlined"),
            ("full", "Full: every animation"),
        ],
        s.motion,
    )
    setting_select(
        "indicator",
        "Still winnable?",
        [("off", "Off"), ("on", "On: a badge says whether a win is still there")],
        "on" if s.indicator else "off",
    )
    setting_select(
        "left_handed",
        "Layout",
        [("off", "Right-handed: stock on the right"), ("on", "Left-handed: the table mirrored")],
        "on" if s.left_handed else "off",
    )
    setting_select(
        "portrait",
        "Arrangement",
        [("off", "Automatic: the largest cards"), ("on", "Portrait: piles above the columns")],
        "on" if s.portrait else "off",
    )
    setting_select(
        "confirm",
        "Confirmations",
        [("on", "Ask before ending or leaving a game"), ("off", "Off: act at once")],
        "on" if s.confirm else "off",
    )
    setting_select(
        "scoring",
        "Spider scoring",
        [
            ("classic", "Classic: 500, −1 a move, +100 a run"),
            ("built", "Built cards: a point a card built from a King"),
        ],
        s.scoring,
    )
    setting_select(
        "time_limit",
        "Tournament time",
        [(str(t), f"{t // 60} minutes") for t in persist.TIME_LIMITS],
        str(s.time_limit),
    )

    setting_select(
        "verbosity",
        "Screen reader",
        [
            ("brief", "Brief: each move and what it caused"),
            ("full", "Full: also the piles it changed, and the score"),
            ("off", "Off: announce nothing"),
        ],
        s.verbosity,
    )
    setting_select("muted", "Sound", [("off", "On"), ("on", "Muted: silent")], "on" if s.muted else "off")

    def setting_range(name: str, label: str, value: int) -> None:
        row = el("label", "option", parent=sbox)
        el("span", "option-label", label, parent=row)
        node = el(
            "input", "", parent=row, type="range", min="0", max="100", step="5", value=str(value), data_setting=name
        )
        dialog.on(node, "change", lambda e: look.change(**{name: int(float(str(node.value)))}))

    setting_range("volume", "Sound effects volume", s.volume)
    setting_range("music", "Music volume", s.music)

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
            ("stats", "Statistics", lambda: app.open_stats(state.preset), False),
            ("cancel", "Cancel", dialogs.close, False),
            ("play", "Play", play, True),
        ],
    )
