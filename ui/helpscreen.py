"""Help screens: the list of keys (``?``).

The keys come from :data:`ui.keyboard.KEYS`, the same source as the README's
table (a test keeps them equal).
"""

from __future__ import annotations

from . import keyboard as kb
from .dialogs import DialogHost
from .dom import document, el


def open_keys_help(dialogs: DialogHost) -> None:
    """The keyboard's keys and what they do."""
    d = dialogs.open("help", "Keyboard")
    box = d.box
    box.classList.add("scroll")
    table = el("table", "keys", parent=box)
    body = el("tbody", "", parent=table)
    for k in kb.KEYS:
        row = el("tr", "", parent=body)
        th = el("th", "", parent=row, scope="row")
        for part in kb.key_parts(k.keys):
            if part in kb.JOINERS:
                th.appendChild(document.createTextNode(part))
            else:
                el("kbd", "", part, parent=th)
        el("td", "", k.what, parent=row)
    el(
        "p",
        "keys-note",
        "Letters act only without Ctrl or Alt, so the browser's own shortcuts keep working.",
        parent=box,
    )
    d.buttons(box, [("close", "Close", dialogs.close, True)])
