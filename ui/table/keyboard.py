"""Keyboard play as pure functions: which key does what, where the focus
goes, what a pick takes, and the sentences a non-sighted player hears.

No browser imports; pytest tests every rule here (tests/test_keyboard.py).
The page's glue is :mod:`ui.table.keyboard_view`.

The focus
    A :class:`Focus` names a pile (its page id: ``column-3``, ``free``,
    ``foundation-2``, ``stock``, ``draw-4``) and, in a tableau pile, the
    *pick point*: the index of a face-up card.  Entering a column puts the
    pick point on the head of the longest movable run, so Enter picks that
    run; Up and Down move the pick point over the column's face-up cards
    and, past its ends, to the row above or below.

Geometry
    Left, Right, Up and Down follow the table as it is drawn (any
    arrangement, left-handed or not): each pile is its base card slot
    (:func:`slots`), piles whose slots are less than half a card apart
    vertically form a row, Left and Right go along the row (wrapping at its
    ends), Up and Down go to the nearest row above or below, to the pile
    nearest in x (or the pile the focus last came from, so Up then Down
    returns).  Completed-run slots (the Spider family's foundations) take no
    part: nothing can be done there.

Picking and dropping
    Enter (or Space) picks the cards from the pick point to the top of the
    column (the page's selection, ``TableApp.selected``); Shift+Up/+ picks
    one card more, Shift+Down/- one fewer; the arrows then choose a target
    and Enter drops there.  The engine decides legality: an illegal drop
    shows the engine's reason and keeps the pick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engine import FREE_COLUMN, Card, PileId, Position, Ruleset, movable_count
from ui.chrome.messages import card_name, cards_phrase, pile_name
from ui.i18n.text import N_, Np_, _, n_, p_
from ui.table.cards import is_spider_runs, pile_base, pile_ids, tableau_index
from ui.table.layout import Layout, Rect

# ---------------------------------------------------------------------------
# the keys (one table: the help overlay and docs/manual.md's "Keyboard" section)
# ---------------------------------------------------------------------------


class KeyHelp(NamedTuple):
    keys: str
    what: str
    """What the keys do, in English: marked, translated with ``_`` where it is shown."""


KEYS: tuple[KeyHelp, ...] = (
    KeyHelp("Tab", N_("the header buttons, then the table (one stop)")),
    KeyHelp("← →", N_("the previous or next pile in the row")),
    KeyHelp("↑ ↓", N_("over a column's face-up cards, then to the row above or below")),
    KeyHelp("Home / End", N_("the first or last pile of the row")),
    KeyHelp("Page Up / Page Down", N_("the row above or below")),
    KeyHelp("1 … 9, 0", N_("column 1 to 10 (Tournament Spider: 9 is the Free Column)")),
    KeyHelp(
        "Enter or Space",
        N_(
            "pick the focused card and the cards on it; with cards picked, put them on the "
            "focused pile; on the stock or a draw pile, deal"
        ),
    ),
    KeyHelp("Shift+↑ or +", N_("pick one card more")),
    KeyHelp("Shift+↓ or −", N_("pick one card fewer")),
    KeyHelp("M", N_("move the focused or picked cards to their best place")),
    KeyHelp("Escape", N_("put the picked cards back; close a dialog; stop Show me")),
    KeyHelp("D", N_("deal (Tournament Spider: go to a draw pile)")),
    KeyHelp("Ctrl+Z", N_("undo")),
    KeyHelp("Ctrl+Shift+Z or Ctrl+Y", N_("redo")),
    KeyHelp("H", N_("hint")),
    KeyHelp("S", N_("Show me how: the computer plays the game out (asks first)")),
    KeyHelp("P or Space", N_("while Show me plays: pause, or play on")),
    KeyHelp("→ or .", N_("while Show me plays: one move, then pause")),
    KeyHelp("N", N_("new game (asks first)")),
    KeyHelp("E", N_("end this game (asks first)")),
    KeyHelp("?", N_("Help, on this list of keys (the Help button: how to play each game, the gestures)")),
)


TIP = N_("Arrow keys move, Enter picks and puts down, ? lists every key.")
"""Said once a visit, the first time the table takes the focus."""


def markdown_table() -> str:
    """The keys as the Markdown table docs/manual.md shows (kept equal by a test)."""
    lines = ["| Key | What it does |", "| --- | --- |"]
    lines += [f"| {k.keys} | {k.what} |" for k in KEYS]
    return "\n".join(lines)


JOINERS = (" or ", " / ", " … ", ", ", " ")
"""The words between keys in :data:`KEYS` (the help dialog writes the rest as ``<kbd>``)."""


KEY_NAMES = (
    Np_("key", "Tab"),
    Np_("key", "Home"),
    Np_("key", "End"),
    Np_("key", "Page Up"),
    Np_("key", "Page Down"),
    Np_("key", "Enter"),
    Np_("key", "Space"),
    Np_("key", "Shift"),
    Np_("key", "Escape"),
    Np_("key", "Ctrl"),
)
"""The keys :data:`KEYS` names in words (and the modifiers before a ``+``):
each language's own names for them, said with ``p_("key", ...)``."""

_BETWEEN = {" or ": Np_("between keys", "or")}
"""The joining words of :data:`KEYS` that a language says its own way."""


def key_name(key: str) -> str:
    """A key as the language in use names it: ``"Ctrl+Shift+Z"`` -> ``"Strg+Umschalt+Z"`` in German."""
    return "+".join(p_("key", part) if part in KEY_NAMES else part for part in key.split("+"))


def said_key_parts(text: str) -> list[tuple[str, bool]]:
    """:func:`key_parts` in the language in use, each part with whether it is a
    key (``<kbd>``) or a joining word.

    >>> said_key_parts("Enter or Space")
    [('Enter', True), (' or ', False), ('Space', True)]
    """
    out: list[tuple[str, bool]] = []
    for part in key_parts(text):
        if part in _BETWEEN:
            out.append((f" {p_('between keys', _BETWEEN[part])} ", False))
        elif part in JOINERS:
            out.append((part, False))
        else:
            out.append((key_name(part), True))
    return out


def key_parts(text: str) -> list[str]:
    """``"Ctrl+Shift+Z or Ctrl+Y"`` -> ``["Ctrl+Shift+Z", " or ", "Ctrl+Y"]`` (keys and joining words)."""
    parts: list[str] = []
    rest = text
    seps = JOINERS[:-1]
    while rest:
        cut = min(((rest.find(s), s) for s in seps if rest.find(s) >= 0), default=None)
        if cut is None:
            parts.append(rest)
            break
        at, sep = cut
        if at:
            parts.append(rest[:at])
        parts.append(sep)
        rest = rest[at + len(sep) :]
    out: list[str] = []
    for p in parts:  # "← →", "↑ ↓": two keys
        if p not in seps and " " in p and len(p) == 3:
            out += [p[0], " ", p[2]]
        else:
            out.append(p)
    return out


# actions
LEFT, RIGHT, UP, DOWN = "left", "right", "up", "down"
HOME, END, ROW_UP, ROW_DOWN = "home", "end", "row-up", "row-down"
PICK, EXTEND, SHRINK, CANCEL, BEST = "pick", "extend", "shrink", "cancel", "best"
DEAL, UNDO, REDO, HINT, NEW, END_GAME, HELP = "deal", "undo", "redo", "hint", "new", "end-game", "help"
SHOW_ME = "show-me"
COLUMN = "column:"
"""Prefix of the number keys' actions: ``column:1`` … ``column:10``."""

NAVIGATION = {LEFT, RIGHT, UP, DOWN, HOME, END, ROW_UP, ROW_DOWN}
TABLE_KEYS = NAVIGATION | {PICK, EXTEND, SHRINK}
"""Actions that belong to the table: taken only while the focus is on it
(or on nothing), never from a focused button (whose Enter and Space are its
own)."""

_PLAIN = {
    "ArrowLeft": LEFT,
    "ArrowRight": RIGHT,
    "ArrowUp": UP,
    "ArrowDown": DOWN,
    "Home": HOME,
    "End": END,
    "PageUp": ROW_UP,
    "PageDown": ROW_DOWN,
    "Enter": PICK,
    " ": PICK,
    "Spacebar": PICK,
    "+": EXTEND,
    "=": EXTEND,
    "-": SHRINK,
    "−": SHRINK,
    "Escape": CANCEL,
    "Esc": CANCEL,
    "m": BEST,
    "d": DEAL,
    "h": HINT,
    "s": SHOW_ME,
    "n": NEW,
    "e": END_GAME,
    "?": HELP,
}


def action_for(key: str, ctrl: bool = False, shift: bool = False, alt: bool = False, meta: bool = False) -> str | None:
    """The action of a key press (``KeyboardEvent.key`` and its modifiers),
    or None: the key is the browser's (Ctrl+R, Ctrl+L, Alt+←, Tab, F5…).

    >>> action_for("ArrowUp", shift=True), action_for("z", ctrl=True, shift=True), action_for("r", ctrl=True)
    ('extend', 'redo', None)
    """
    if alt:
        return None
    if ctrl or meta:
        k = key.lower()
        if k == "z":
            return REDO if shift else UNDO
        if k == "y" and not shift:
            return REDO
        return None
    if shift:
        if key == "ArrowUp":
            return EXTEND
        if key == "ArrowDown":
            return SHRINK
        if key in ("?", "+"):  # typed with Shift on many layouts
            return _PLAIN[key]
        return None
    if len(key) == 1 and key.isdigit():
        return f"{COLUMN}{int(key) or 10}"
    return _PLAIN.get(key)


# ---------------------------------------------------------------------------
# piles and geometry
# ---------------------------------------------------------------------------


def nav_piles(rules: Ruleset) -> list[PileId]:
    """The piles the focus visits: every pile but completed-run slots."""
    runs = is_spider_runs(rules)
    return [p for p in pile_ids(rules) if not (runs and p.is_foundation)]


def slots(lay: Layout, piles: list[PileId]) -> dict[PileId, Rect]:
    """Each pile's base card slot (where its first card, or its placeholder, is drawn)."""
    w, h = lay.card_width, lay.card_height
    out: dict[PileId, Rect] = {}
    for p in piles:
        x, y = pile_base(lay, p)
        out[p] = Rect(x, y, w, h)
    return out


def _cx(r: Rect) -> float:
    return r.x + r.width / 2


def _cy(r: Rect) -> float:
    return r.y + r.height / 2


def row_of(places: dict[PileId, Rect], pile: PileId) -> list[PileId]:
    """The piles in ``pile``'s row, left to right."""
    me = places[pile]
    tol = me.height / 2
    row = [p for p, r in places.items() if abs(_cy(r) - _cy(me)) < tol]
    return sorted(row, key=lambda p: (_cx(places[p]), _cy(places[p])))


def along(places: dict[PileId, Rect], pile: PileId, direction: str) -> PileId:
    """The next pile left or right in the row, wrapping at its ends."""
    row = row_of(places, pile)
    k = row.index(pile)
    k = (k + (1 if direction == RIGHT else -1)) % len(row)
    return row[k]


def row_end(places: dict[PileId, Rect], pile: PileId, last: bool) -> PileId:
    """The first (or last) pile of ``pile``'s row."""
    row = row_of(places, pile)
    return row[-1] if last else row[0]


def across(places: dict[PileId, Rect], pile: PileId, direction: str, prefer: PileId | None = None) -> PileId | None:
    """The pile in the nearest row above (``UP``) or below (``DOWN``): ``prefer``
    if it is in that row, else the one nearest in x; None when there is no row there."""
    me = places[pile]
    tol = me.height / 2
    sign = -1 if direction == UP else 1
    ahead = [p for p, r in places.items() if (_cy(r) - _cy(me)) * sign >= tol]
    if not ahead:
        return None
    nearest = min(abs(_cy(places[p]) - _cy(me)) for p in ahead)
    row = [p for p in ahead if abs(_cy(places[p]) - _cy(me)) - nearest < tol]
    if prefer in row:
        return prefer
    return min(row, key=lambda p: (abs(_cx(places[p]) - _cx(me)), _cx(places[p])))


# ---------------------------------------------------------------------------
# the focus and the pick point
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Focus:
    """A pile, and in a tableau pile with face-up cards the pick point."""

    pile: PileId
    index: int | None = None

    def text(self) -> str:
        """``data-focus``: ``column-3:4``, or ``stock:`` for a pile as a whole."""
        return f"{self.pile}:{'' if self.index is None else self.index}"


def face_up_range(rules: Ruleset, pos: Position, pile: PileId) -> tuple[int, int] | None:
    """First and last index of a tableau pile's face-up cards; None for
    another pile or an empty one."""
    k = tableau_index(rules, pile)
    if k is None:
        return None
    n = len(pos.tableau[k])
    if not n:
        return None
    return pos.down[k], n - 1


def run_head(rules: Ruleset, pos: Position, pile: PileId) -> int | None:
    """The pick point a column gets when the focus arrives: the head of its
    longest movable run (None: not a tableau pile, or empty)."""
    k = tableau_index(rules, pile)
    if k is None or not pos.tableau[k]:
        return None
    col = pos.tableau[k]
    return len(col) - movable_count(rules, col, pos.down[k])


def arrive(rules: Ruleset, pos: Position, pile: PileId) -> Focus:
    """The focus on ``pile`` as it is when the focus comes to it."""
    return Focus(pile, run_head(rules, pos, pile))


def clamp(rules: Ruleset, pos: Position, focus: Focus) -> Focus:
    """``focus`` made valid for ``pos`` (after an undo, a deal, a relayout):
    a pick point off the face-up cards goes back to the run's head."""
    span = face_up_range(rules, pos, focus.pile)
    if span is None:
        return Focus(focus.pile, None)
    if focus.index is None or not span[0] <= focus.index <= span[1]:
        return arrive(rules, pos, focus.pile)
    return focus


class Step(NamedTuple):
    """Where an arrow key took the focus, and from which pile (for ``prefer``)."""

    focus: Focus
    left: PileId | None
    """The pile the focus left by going up or down (None: it stayed in the pile or went along a row)."""


def move(
    rules: Ruleset,
    pos: Position,
    places: dict[PileId, Rect],
    focus: Focus,
    direction: str,
    picking: bool = False,
    prefer: PileId | None = None,
) -> Step:
    """The focus after an arrow key (or Home, End, Page Up, Page Down).

    Up and Down first move the pick point over the column's face-up cards
    (not while cards are picked: then the pick point does not matter), then
    leave the column for the row above or below.  A move nowhere (no row
    below) keeps the focus.
    """
    pile = focus.pile
    if pile not in places:
        pile = next(iter(places))
        return Step(arrive(rules, pos, pile), None)
    if direction in (LEFT, RIGHT):
        return Step(arrive(rules, pos, along(places, pile, direction)), None)
    if direction in (HOME, END):
        return Step(arrive(rules, pos, row_end(places, pile, direction == END)), None)
    up = direction in (UP, ROW_UP)
    if direction in (UP, DOWN) and not picking:
        span = face_up_range(rules, pos, pile)
        if span is not None and focus.index is not None:
            lo, hi = span
            if up and focus.index > lo:
                return Step(Focus(pile, focus.index - 1), None)
            if not up and focus.index < hi:
                return Step(Focus(pile, focus.index + 1), None)
    target = across(places, pile, UP if up else DOWN, prefer)
    if target is None:
        return Step(focus, None)
    return Step(arrive(rules, pos, target), pile)


def column_key(rules: Ruleset, number: int) -> PileId | None:
    """The pile a number key goes to (1 … 10; the number after the last
    column is the Free Column), or None when the game has no such pile."""
    if 1 <= number <= len(rules.columns):
        return PileId.column(number - 1)
    if rules.free_column and number == len(rules.columns) + 1:
        return FREE_COLUMN
    return None


# ---------------------------------------------------------------------------
# what a pick takes
# ---------------------------------------------------------------------------


def extended(rules: Ruleset, pos: Position, pile: PileId, index: int) -> int | None:
    """The pick point one card deeper (Shift+Up), or None when the card
    there does not move with the picked ones (or is face down)."""
    k = tableau_index(rules, pile)
    if k is None or index - 1 < pos.down[k]:
        return None
    col = pos.tableau[k]
    return index - 1 if len(col) - (index - 1) <= movable_count(rules, col, pos.down[k]) else None


def shrunk(rules: Ruleset, pos: Position, pile: PileId, index: int) -> int | None:
    """The pick point one card nearer the top (Shift+Down), or None when
    only one card is picked."""
    k = tableau_index(rules, pile)
    if k is None or index + 1 >= len(pos.tableau[k]):
        return None
    return index + 1


# ---------------------------------------------------------------------------
# sentences (keyboard state only; moves, flips and the like are said elsewhere)
# ---------------------------------------------------------------------------


def pile_words(rules: Ruleset, pile: PileId) -> str:
    """A pile in a sentence: ``column 3``, ``the Free Column``, ``pile 3``,
    ``foundation 2``, ``the stock``, ``draw pile 4``."""
    return pile_name(rules, pile)


def empty_sentence(rules: Ruleset, pile: PileId) -> str:
    """A tableau pile with no cards, focused: ``Column 3 is empty.``"""
    if pile == FREE_COLUMN:
        return _("The Free Column is empty.")
    if rules.traits.pile_word == "column":
        return _("Column {number} is empty.").format(number=pile.number)
    return _("Pile {number} is empty.").format(number=pile.number)


def cards_words(cards: tuple[Card, ...]) -> str:
    """Cards as a screen reader hears them, named like the piles
    (ui/chrome/messages.py): ``7 of hearts``; ``9 to 7 of spades``;
    ``9 of hearts, 8 of spades``."""
    return cards_phrase(cards)


def picked_sentence(rules: Ruleset, pos: Position, pile: PileId, index: int) -> str:
    """``Picked 3 cards: 9 to 7 of spades, from column 2.``"""
    k = tableau_index(rules, pile)
    assert k is not None
    cards = pos.tableau[k][index:]
    where = pile_words(rules, pile)
    if len(cards) == 1:
        return _("Picked {cards} from {pile}.").format(cards=cards_words(cards), pile=where)
    return n_("Picked {n} card: {cards}, from {pile}.", "Picked {n} cards: {cards}, from {pile}.", len(cards)).format(
        n=len(cards), cards=cards_words(cards), pile=where
    )


def point_sentence(rules: Ruleset, pos: Position, pile: PileId, index: int) -> str:
    """The pick point moved inside a column: ``9 of spades, 3 cards`` or
    ``queen of hearts, does not move``."""
    k = tableau_index(rules, pile)
    assert k is not None
    col = pos.tableau[k]
    words = card_name(col[index])
    n = len(col) - index
    if n <= movable_count(rules, col, pos.down[k]):
        return n_("{card}, {n} card", "{card}, {n} cards", n).format(card=words, n=n)
    return _("{card}, does not move").format(card=words)


def target_sentence(rules: Ruleset, pile: PileId, legal: bool) -> str:
    """While cards are picked, the focus reached a pile: ``Target column 5, legal.``"""
    where = pile_words(rules, pile)
    return (_("Target {pile}, legal.") if legal else _("Target {pile}, not legal.")).format(pile=where)
