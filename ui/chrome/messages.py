"""What a screen reader says: names of piles and cards, and a sentence for
every action.  Pure Python, no browser imports; pytest tests it
(``tests/test_announce.py``).  The page (:mod:`ui.app`) puts the names in
``aria-label`` attributes and the sentences in its live region (``#live``).

Everything here works from what the player can see: a pile is given as
its cards bottom first, ``None`` for a face-down card (the tracker's and
the public view's form), and the engine's events name only cards that are
face up after the action.  A card turned face down again by Undo is said
as "a card", never by name, so a face-down card's identity cannot reach
the page through these sentences.

Verbosity (the ``verbosity`` setting, :data:`LEVELS`):

* ``off``: nothing is said.
* ``brief`` (the default): the action and what it caused — the cards
  moved and where, a card turned up, a run completed, a deal with the
  deals left, the reason a move is refused, hints, the end of the game.
* ``full``: also the piles the action changed, as their names read
  (count, face-down count, top card), and the score.

>>> from engine import PRESETS
>>> from engine import parse_card
>>> h7, h8, c9 = parse_card("7h"), parse_card("8h"), parse_card("9c")
>>> pile_label(PRESETS["spider-4"], PileId.column(2), [None] * 4 + [c9, h8, h7])
'Column 3, 7 cards, 4 face down, top: 7 of hearts, face up: 9 of clubs, 8 to 7 of hearts'
>>> card_label(PRESETS["spider-4"], PileId.column(2), 2, 6, h7)
'7 of hearts, face up, 3rd of 6 in column 3'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine import (
    KING,
    STOCK,
    SUIT_NAMES,
    Dealt,
    Flipped,
    Foundations,
    Moved,
    PileId,
    PileRole,
    Ruleset,
    RunRemoved,
    ScoreChanged,
    StatusChanged,
)

OFF, BRIEF, FULL = "off", "brief", "full"
LEVELS = (OFF, BRIEF, FULL)
"""The verbosity levels, quietest first."""
DEFAULT_LEVEL = BRIEF

Piles = Mapping[PileId, Sequence["int | None"]]
"""Every pile's cards, bottom first, ``None`` for a face-down card."""

PHASE_2 = "Phase 2: a pile's top card may now go on another pile's top card one rank higher or lower."
"""Little Spider's last deal changes the rules (the header shows the phase)."""

_RANK_WORDS = ("", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")


def says(level: str, needed: str = BRIEF) -> bool:
    """Whether a sentence of level ``needed`` is said at verbosity ``level``.

    >>> says("brief"), says("off"), says("brief", "full"), says("full", "brief")
    (True, False, False, True)
    """
    if level not in LEVELS or needed not in LEVELS or needed == OFF:
        return False
    return LEVELS.index(level) >= LEVELS.index(needed)


# ---------------------------------------------------------------------------
# cards
# ---------------------------------------------------------------------------


def rank_name(card: int) -> str:
    """``'7'``, ``'10'``, ``'queen'``, ``'ace'``."""
    return _RANK_WORDS[card >> 2]


def card_name(card: int) -> str:
    """A card as it is said: ``'7 of hearts'``, ``'queen of clubs'``.

    >>> from engine import parse_card
    >>> card_name(parse_card("Qc")), card_name(parse_card("Th")), card_name(parse_card("As"))
    ('queen of clubs', '10 of hearts', 'ace of spades')
    """
    return f"{_RANK_WORDS[card >> 2]} of {SUIT_NAMES[card & 3]}"


def cards_phrase(cards: Sequence[int]) -> str:
    """Face-up cards bottom first, a same-suit run down said as one group:
    ``'9 to 7 of spades'``, ``'king of hearts, 9 to 7 of spades'``.

    >>> from engine import parse_card
    >>> cards_phrase([parse_card(c) for c in ("Kh", "9s", "8s", "7s")])
    'king of hearts, 9 to 7 of spades'
    >>> cards_phrase([parse_card("9h"), parse_card("8c")])
    '9 of hearts, 8 of clubs'
    """
    groups: list[str] = []
    i, n = 0, len(cards)
    while i < n:
        j = i
        while j + 1 < n and cards[j + 1] == cards[j] - 4:
            j += 1
        if j == i:
            groups.append(card_name(cards[i]))
        else:
            groups.append(f"{rank_name(cards[i])} to {rank_name(cards[j])} of {SUIT_NAMES[cards[i] & 3]}")
        i = j + 1
    return ", ".join(groups)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``."""
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _number(n: int) -> str:
    return f"{n:,}"


# ---------------------------------------------------------------------------
# piles
# ---------------------------------------------------------------------------


def runs_game(rules: Ruleset) -> bool:
    """Whether the foundations hold completed runs that go there by themselves
    (the Spider family, Spidike): they are named together, as one."""
    return rules.completion != "none"


def pile_name(rules: Ruleset, pile: PileId) -> str:
    """The pile inside a sentence: ``column 3``, ``the Free Column``,
    ``pile 6``, ``foundation 2``, ``draw pile 4``, ``the stock``."""
    role, n = pile.role, pile.number
    if role is PileRole.FREE_COLUMN:
        return "the Free Column"
    if role is PileRole.STOCK:
        return "the stock"
    if role is PileRole.COLUMN:
        return f"{rules.traits.pile_word} {n}"
    if role is PileRole.DRAW:
        return f"draw pile {n}"
    return f"foundation {n}"


def pile_title(rules: Ruleset, pile: PileId) -> str:
    """The pile at the start of its name: ``Column 3``, ``Free Column``,
    ``Pile 6, lower row`` (Little Spider), ``Draw pile 4``, ``Stock``."""
    if pile.role is PileRole.FREE_COLUMN:
        return "Free Column"
    if pile.role is PileRole.STOCK:
        return "Stock"
    name = pile_name(rules, pile)
    title = name[0].upper() + name[1:]
    if rules.traits.two_rows and pile.is_column:
        upper = (len(rules.columns) + 1) // 2
        title += ", upper row" if pile.number <= upper else ", lower row"
    return title


def deals_left(rules: Ruleset, stock_cards: int) -> int:
    """Deals left in a stock of ``stock_cards`` cards."""
    per = len(rules.columns)
    return -(-stock_cards // per) if stock_cards > 0 else 0


def _deals_phrase(n: int) -> str:
    if n == 0:
        return "no deals left"
    return f"{_count(n, 'deal')} left"


def run_suit(cards: Sequence[int]) -> str:
    """A completed run's suit, or ``mixed suits``."""
    suits = {c & 3 for c in cards}
    return SUIT_NAMES[suits.pop()] if len(suits) == 1 else "mixed suits"


def runs_label(foundations: Iterable[Sequence[int]]) -> str:
    """The completed runs, named together: ``Foundations, 2 runs completed:
    spades, hearts``."""
    runs = [f for f in foundations if f]
    if not runs:
        return "Foundations, no runs completed"
    return f"Foundations, {_count(len(runs), 'run')} completed: " + ", ".join(run_suit(r) for r in runs)


def _column_label(rules: Ruleset, title: str, cards: Sequence[int | None]) -> str:
    n = len(cards)
    if not n:
        return f"{title}, empty"
    down = sum(1 for c in cards if c is None)
    parts = [title, _count(n, "card")]
    if down:
        parts.append(f"{down} face down")
    up = [c for c in cards if c is not None]
    if up:
        parts.append(f"top: {card_name(up[-1])}")
        if len(up) > 1 and rules.unit != "single":
            parts.append(f"face up: {cards_phrase(up)}")
    return ", ".join(parts)


def pile_label(
    rules: Ruleset, pile: PileId, cards: Sequence[int | None], foundations: Sequence[Sequence[int]] | None = None
) -> str | None:
    """A pile's accessible name, complete and current.

    ``cards``: the pile bottom first, None for a face-down card.  In a
    runs game the first foundation names every completed run
    (``foundations``: all of them; :func:`runs_label`) and the others are
    not named (None: the page hides them from the reader).
    """
    if pile.is_foundation:
        if runs_game(rules):
            if pile.index != 0:
                return None
            return runs_label(foundations if foundations is not None else [[c for c in cards if c is not None]])
        title = pile_title(rules, pile)
        known = [c for c in cards if c is not None]
        if not known:
            return f"{title}, empty"
        way = ""
        if rules.traits.foundations is Foundations.LITTLE:
            way = (
                ", up from the ace"
                if (known[0] >> 2) == 1
                else ", down from the king"
                if (known[0] >> 2) == KING
                else ""
            )
        return f"{title}{way}, {_count(len(known), 'card')}, top: {card_name(known[-1])}"
    if pile.role is PileRole.STOCK:
        n = len(cards)
        return "Stock, empty" if n == 0 else f"Stock, {_deals_phrase(deals_left(rules, n))}"
    if pile.role is PileRole.DRAW:
        title = pile_title(rules, pile)
        if not cards:
            return f"{title}, dealt"
        top = cards[-1]
        return f"{title}, {_count(len(cards), 'card')}" + (f", top: {card_name(top)}" if top is not None else "")
    return _column_label(rules, pile_title(rules, pile), cards)


def pile_labels(rules: Ruleset, piles: Piles) -> dict[PileId, str | None]:
    """Every pile's name (:func:`pile_label`), in the order of ``piles``."""
    founds = [[c for c in cards if c is not None] for p, cards in piles.items() if p.is_foundation]
    return {p: pile_label(rules, p, cards, founds) for p, cards in piles.items()}


def card_label(rules: Ruleset, pile: PileId, index: int, size: int, card: int) -> str:
    """A face-up card's accessible name: ``7 of hearts, face up, 3rd of 6 in
    column 3`` (``index`` from 0 at the bottom, ``size`` cards in the pile).
    Face-down cards get no name at all."""
    return f"{card_name(card)}, face up, {ordinal(index + 1)} of {size} in {pile_name(rules, pile)}"


# ---------------------------------------------------------------------------
# sentences for actions
# ---------------------------------------------------------------------------


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _moved(rules: Ruleset, e: Moved, undo: bool) -> str:
    src, dst = pile_name(rules, e.src), pile_name(rules, e.dst)
    what = cards_phrase(e.cards)
    if e.src.is_foundation and runs_game(rules):  # a run put back by Undo
        return f"the run of {run_suit(e.cards)} back to {dst}"
    if undo:
        return f"{what} back from {src} to {dst}"
    if e.dst.is_foundation:
        return f"played {what} from {src} to {dst}"
    return f"moved {what} from {src} to {dst}"


def _runs_after(rules: Ruleset, piles: Piles) -> int:
    return sum(1 for k in range(rules.foundations) if piles.get(PileId.foundation(k)))


def _end_sentence(e: StatusChanged, moves: int, score: int) -> str:
    if e.status == "won":
        return f"You won in {_count(moves, 'move')}, score {_number(score)}."
    if e.status == "playing":
        return "The game goes on."
    if e.reason == "time":
        return f"Time is up. Score {_number(score)}."
    if e.reason == "stuck":
        return "No moves left. Undo to play on."
    if e.reason == "resigned":
        return f"Game ended. Score {_number(score)}."
    return "Game over."


def action_text(
    rules: Ruleset,
    events: Sequence[object],
    piles: Piles,
    *,
    how: str = "play",
    level: str = BRIEF,
    moves: int = 0,
    score: int = 0,
    quiet_moves: bool = False,
) -> str:
    """What is said after an action: the events it caused, in order.

    ``piles``: every pile after the action (what the player sees).
    ``how``: ``play``, ``undo`` (the events are an undo's reversed ones:
    said as "Undone: ..."), ``redo`` ("Redone: ...") or ``clock`` (the
    countdown ran out).  ``moves``/``score``: after the action, for the end
    of the game.  ``quiet_moves``: leave the plain moves out (Finish plays
    them one after the other; what they cause is still said).  Returns ""
    when nothing is to be said (``level`` off).
    """
    if not says(level, BRIEF):
        return ""
    undo = how == "undo"
    out: list[str] = []
    touched: list[PileId] = []
    removed = [e for e in events if type(e) is RunRemoved]
    runs_now = _runs_after(rules, piles)
    seen_runs = 0
    score_after: int | None = None

    def touch(p: PileId) -> None:
        if p not in touched:
            touched.append(p)

    if undo:  # an undo's events come reversed: say them in the order they happened
        main = [e for e in events if type(e) not in (ScoreChanged, StatusChanged)]
        events = main[::-1] + [e for e in events if type(e) in (ScoreChanged, StatusChanged)]
    for e in events:
        t = type(e)
        if t is Moved:
            assert isinstance(e, Moved)
            touch(e.src)
            touch(e.dst)
            if quiet_moves and not undo:
                continue
            out.append(_cap(_moved(rules, e, undo)) + ".")
        elif t is Flipped:
            assert isinstance(e, Flipped)
            touch(e.pile)
            if e.up:
                out.append(f"Turned up {card_name(e.card)} in {pile_name(rules, e.pile)}.")
            else:  # face down again: never named
                out.append(f"Turned a card face down in {pile_name(rules, e.pile)}.")
        elif t is RunRemoved:
            assert isinstance(e, RunRemoved)
            touch(e.pile)
            seen_runs += 1
            number = runs_now - (len(removed) - seen_runs)
            suit = run_suit(e.cards)
            what = "a run" if suit == "mixed suits" else f"a run of {suit}"
            out.append(f"Completed {what}, {number} of {rules.runs_to_win}.")
        elif t is Dealt:
            assert isinstance(e, Dealt)
            touch(e.source)
            for p, _ in e.placements:
                touch(p)
            if e.source is STOCK:
                left = _deals_phrase(deals_left(rules, len(piles.get(STOCK, ()))))
                if undo:
                    out.append(f"Took the deal back, {left}.")
                else:
                    row = len(e.placements) == len(rules.columns)
                    out.append(f"Dealt {'a row' if row else _count(len(e.placements), 'card')}, {left}.")
                    if rules.traits.stock_phases and not piles.get(STOCK):
                        out.append(PHASE_2)
            else:
                name = pile_name(rules, e.source)
                piles_left = sum(1 for k in range(rules.draw_piles) if piles.get(PileId.draw(k)))
                left = f"{_count(piles_left, 'draw pile')} left" if piles_left else "no draw piles left"
                out.append(f"{'Took back' if undo else 'Dealt'} {name}, {left}.")
        elif t is ScoreChanged:
            assert isinstance(e, ScoreChanged)
            score_after = e.after
        elif t is StatusChanged:
            assert isinstance(e, StatusChanged)
            out.append(_end_sentence(e, moves, score))
    if says(level, FULL):
        finished = any(type(e) is StatusChanged and e.status != "playing" for e in events)
        if not finished:
            for p in touched:
                if p.is_foundation and runs_game(rules):
                    continue
                label = pile_label(rules, p, piles.get(p, ()))
                if label:
                    out.append(label + ".")
            if score_after is not None:
                out.append(f"Score {_number(score_after)}.")
    if not out:
        return ""
    text = " ".join(out)
    if undo:
        return "Undone: " + text[0].lower() + text[1:] if not text.startswith("Undone") else text
    if how == "redo":
        return "Redone: " + text[0].lower() + text[1:]
    return text


def game_text(
    rules: Ruleset, deal: int | None, piles: Piles, *, restored: bool = False, moves: int = 0, level: str = BRIEF
) -> str:
    """What is said when a game appears: its name and deal (and, in full,
    every pile's name)."""
    if not says(level, BRIEF):
        return ""
    name = rules.name.replace(" · ", ", ")
    which = f"{name}, deal {deal}" if deal is not None else name
    if restored:
        text = f"Resumed {which}, {_count(moves, 'move')} played." if moves else f"{which}."
        text = _cap(text)
    else:
        text = f"New game: {which}."
    if says(level, FULL):
        text += " " + " ".join(label + "." for label in pile_labels(rules, piles).values() if label)
    return text


def time_warning(before: int | None, after: int | None) -> str:
    """The countdown crossing a minute or ten seconds left (Tournament Spider)."""
    if before is None or after is None:
        return ""
    for mark, text in ((60, "One minute left."), (10, "Ten seconds left.")):
        if before > mark >= after > 0:
            return text
    return ""


def finish_text(count: int) -> str:
    """Finish pressed: the moves it plays."""
    return f"Finish: playing the last {_count(count, 'move')}."


READ_MIN_MS = 4000
"""The shortest time a message stays: a glance, and a second look."""
READ_MAX_MS = 10000
READ_MS_PER_CHAR = 60
"""About 200 words a minute, for a sentence read on a phone mid-game."""


def reading_ms(text: str) -> int:
    """How long a message stays on screen: long enough to read it twice
    over (:data:`READ_MIN_MS` at least, :data:`READ_MAX_MS` at most);
    the next message replaces it earlier.

    >>> reading_ms("No more deals"), reading_ms("The 7 of spades can't go on the 9 of hearts: it needs an 8")
    (4000, 4980)
    """
    return max(READ_MIN_MS, min(READ_MAX_MS, 1500 + READ_MS_PER_CHAR * len(text)))


def move_clause(rules: Ruleset, events: Sequence[object]) -> str:
    """The move an action made, as a clause inside a sentence (the words of
    :func:`action_text`'s moves and deals): ``moving 9 to 7 of spades from
    column 4 to column 9``, ``dealing a row from the stock``; "" when no
    card moved.

    >>> from engine import PRESETS, parse_card
    >>> moved = Moved(PileId.column(3), PileId.column(8), (parse_card("7s"), parse_card("6s")))
    >>> move_clause(PRESETS["spider-1"], [moved])
    'moving 7 to 6 of spades from column 4 to column 9'
    """
    for e in events:
        if type(e) is Moved:
            assert isinstance(e, Moved)
            src, dst, what = pile_name(rules, e.src), pile_name(rules, e.dst), cards_phrase(e.cards)
            return f"{'playing' if e.dst.is_foundation else 'moving'} {what} from {src} to {dst}"
        if type(e) is Dealt:
            assert isinstance(e, Dealt)
            if e.source is not STOCK:
                return f"dealing {pile_name(rules, e.source)}"
            n = len(e.placements)
            what = "a row" if n == len(rules.columns) else f"{n} card" if n == 1 else f"{n} cards"
            return f"dealing {what} from the stock"
    return ""
