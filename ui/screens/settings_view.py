"""The Settings screen: every setting, grouped, with toggles and segmented
controls, applied at once with a live preview of the cards.

Four groups — Game, Cards and table, Sound, Accessibility — built from
:data:`ui.screens.settings.GROUPS`.  A two-valued on/off setting is a switch (``role=switch``),
a choice of two to four values a segmented control (``role=radiogroup``,
the arrows move the choice), a volume a slider, the language a list
(``select``: each language by its own name).  Its words are in the player's
language; a change of language draws the screen again in the new one.  Each change is stored at
once (:meth:`ui.chrome.appearance_view.Appearance.change`, the same storage and
migration as before), so the screen has one "Done"; "Reset to defaults…"
asks first.

Hooks for tests: ``[data-setting=<name>]`` on each control (a switch's
``aria-checked``; a segmented control's buttons carry ``data-value`` and
``aria-checked``), ``.settings-preview`` (the cards as they will look),
``[data-action=reset]``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

from ui.browser.dom import DomEvent, Element, document, el, is_none
from ui.chrome.appearance_view import Appearance
from ui.i18n.text import _, html_lang
from ui.i18n.text_view import Language
from ui.screens.dialog_view import DialogHost
from ui.screens.settings import GROUPS, Control, Menu, Seg, Swatches, Switch, choice_words, stored_text
from ui.storage import settings


def open_settings(
    dialogs: DialogHost, look: Appearance, language: Language, on_close: Callable[[], None] | None = None
) -> None:
    """The Settings screen (in the player's language, drawn again at once when it changes)."""
    d = dialogs.open("settings", _("Settings"))
    box = d.box
    box.classList.add("scroll", "settings-screen")
    body = el("div", "settings-body", parent=box)
    foot = el("div", "settings-foot", parent=box)
    confirming = [False]

    def change(name: str, value: object) -> None:
        look.change(**{name: value})
        render()

    def set_text(name: str, text: str) -> None:
        current = getattr(look.settings, name)
        value: object = (text == "on") if isinstance(current, bool) else int(text) if isinstance(current, int) else text
        change(name, value)

    def render() -> None:
        focused = _focused_setting(box)
        heading = box.querySelector("#dialog-title")
        if not is_none(heading):
            heading.textContent = _("Settings")
        body.replaceChildren()
        for title, controls in GROUPS:
            group = el("section", "settings-group", parent=body, aria_label=_(title))
            el("h3", "", _(title), parent=group)
            if title == "Cards and table":
                _preview(group)
            for control in controls:
                _control(group, control, look.settings, set_text, d.on)
        foot.replaceChildren()
        if confirming[0]:
            el("p", "settings-confirm", _("Reset every setting to its default?"), parent=foot)
            d.buttons(
                foot,
                [
                    ("reset-cancel", _("Keep them"), lambda: ask(False), False),
                    ("reset-confirm", _("Reset"), reset, True),
                ],
            )
        else:
            d.buttons(
                foot, [("reset", _("Reset to defaults…"), lambda: ask(True), False), ("done", _("Done"), done, True)]
            )
        if focused is not None:
            again = box.querySelector(focused)
            if not is_none(again):
                again.focus()

    def ask(on: bool) -> None:
        confirming[0] = on
        render()
        target = box.querySelector('[data-action="reset-cancel"]' if on else '[data-action="reset"]')
        if not is_none(target):
            target.focus()

    def reset() -> None:
        defaults = settings.Settings()
        look.change(**{f.name: getattr(defaults, f.name) for f in fields(defaults)})
        confirming[0] = False
        render()

    def done() -> None:
        unsubscribe()
        dialogs.close()
        if on_close is not None:
            on_close()

    def relabel() -> None:  # another language is in use
        if d.is_open:
            render()
        else:
            unsubscribe()

    unsubscribe = language.subscribe(relabel)
    render()


def _focused_setting(box: Element) -> str | None:
    """A selector for the focused control, to focus it again after a render."""
    active = document.activeElement
    if is_none(active) or not bool(box.contains(active)):
        return None
    name = active.getAttribute("data-setting") or active.getAttribute("data-setting-of")
    value = active.getAttribute("data-value")
    if name and value is not None:
        return f'[data-setting-of="{name}"][data-value="{value}"]'
    return f'[data-setting="{name}"]' if name else None


def _row(parent: Element, label: str, help_text: str, label_id: str) -> Element:
    """A setting's row: its label and help, in the language in use."""
    row = el("div", "setting", parent=parent)
    el("span", "setting-label", _(label), parent=row, id=label_id)
    if help_text:
        el("small", "setting-help", _(help_text), parent=row)
    return row


def _control(
    parent: Element,
    control: Control,
    s: settings.Settings,
    set_text: Callable[[str, str], None],
    on: Callable[..., None],
) -> None:
    label_id = f"setting-{control.name}-label"
    if isinstance(control, Switch):
        value = bool(getattr(s, control.name)) != control.inverted
        row = _row(parent, control.label, control.help, label_id)
        b = el(
            "button",
            "switch",
            parent=row,
            type="button",
            role="switch",
            data_setting=control.name,
            aria_labelledby=label_id,
            aria_checked="true" if value else "false",
        )
        el("span", "switch-knob", parent=b, aria_hidden="true")
        flipped = "off" if getattr(s, control.name) else "on"  # the flag after the click
        on(b, "click", _sets(set_text, control.name, flipped))
    elif isinstance(control, Menu):
        row = _row(parent, control.label, control.help, label_id)
        current = stored_text(getattr(s, control.name))
        select = el("select", "setting-menu", parent=row, data_setting=control.name, aria_labelledby=label_id)
        for v, words in control.choices:
            option = el("option", "", choice_words(control.name, v, words), parent=select, value=v)
            if v == current:
                option.selected = True
            if v:
                option.setAttribute("lang", html_lang(v))  # a language's own name, said in that language
        on(select, "change", _slid_text(set_text, control.name, select))
    elif isinstance(control, (Seg, Swatches)):
        # a radio group: words in a segmented control, or small pictures
        current = stored_text(getattr(s, control.name))
        row = _row(parent, control.label, control.help, label_id)
        pictures = isinstance(control, Swatches)
        cls = f"swatches swatches-{control.kind}" if isinstance(control, Swatches) else "seg"
        group = el("div", cls, parent=row, role="radiogroup", aria_labelledby=label_id, data_setting=control.name)
        values = [v for v, _ in control.choices]
        for v, english in control.choices:
            words = choice_words(control.name, v, english)
            b = el(
                "button",
                "swatch" if pictures else "seg-option",
                None if pictures else words,
                parent=group,
                type="button",
                role="radio",
                data_value=v,
                data_setting_of=control.name,
                aria_checked="true" if v == current else "false",
                tabindex="0" if v == current else "-1",
            )
            if isinstance(control, Swatches):
                el("span", f"swatch-pic swatch-{control.kind}-{v}", parent=b, aria_hidden="true")
                el("span", "swatch-words", words, parent=b)
            on(b, "click", _sets(set_text, control.name, v))
        on(group, "keydown", _arrows(set_text, control.name, values, current))
    else:
        row = _row(parent, control.label, "", label_id)
        node = el(
            "input",
            "",
            parent=row,
            type="range",
            min="0",
            max="100",
            step="5",
            value=str(getattr(s, control.name)),
            data_setting=control.name,
            aria_labelledby=label_id,
        )
        on(node, "change", _slid(set_text, control.name, node))


def _sets(set_text: Callable[[str, str], None], name: str, text: str) -> Callable[[DomEvent], None]:
    return lambda e: set_text(name, text)


def _slid_text(set_text: Callable[[str, str], None], name: str, node: Element) -> Callable[[DomEvent], None]:
    return lambda e: set_text(name, str(node.value))


def _slid(set_text: Callable[[str, str], None], name: str, node: Element) -> Callable[[DomEvent], None]:
    return lambda e: set_text(name, str(int(float(str(node.value)))))


def _arrows(
    set_text: Callable[[str, str], None], name: str, values: list[str], current: str
) -> Callable[[DomEvent], None]:
    """The arrows move a segmented control's choice (and the focus with it)."""

    def on_key(e: DomEvent) -> None:
        step = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}.get(str(e.key))
        if step is None or current not in values:
            return
        e.preventDefault()
        value = values[(values.index(current) + step) % len(values)]
        set_text(name, value)
        chosen = document.querySelector(f'[data-setting-of="{name}"][data-value="{value}"]')
        if not is_none(chosen):
            chosen.focus()

    return on_key


def _preview(parent: Element) -> None:
    """Two cards as the table will show them: a face of the chosen set and the chosen back."""
    row = el("div", "settings-preview", parent=parent, aria_hidden="true")
    for text in ("Ah", "Qs"):  # the set's stylesheet draws them (the table's faces-<set> class)
        el("div", "card preview-card", parent=row, data_face="up", data_card=text)
    el("div", "card preview-card", parent=row, data_face="down")
