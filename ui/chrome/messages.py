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
    PRESETS,
    STOCK,
    Card,
    Dealt,
    EndReason,
    Flipped,
    Foundations,
    Moved,
    Outcome,
    PileId,
    PileRole,
    Reason,
    Ruleset,
    RunRemoved,
    ScoreChanged,
    StatusChanged,
)
from ui.i18n.text import N_, Np_, _, language, n_, number, p_

OFF, BRIEF, FULL = "off", "brief", "full"
LEVELS = (OFF, BRIEF, FULL)
"""The verbosity levels, quietest first."""
DEFAULT_LEVEL = BRIEF

Piles = Mapping[PileId, Sequence["Card | None"]]
"""Every pile's cards, bottom first, ``None`` for a face-down card."""

PHASE_2 = N_("Phase 2: a pile's top card may now go on another pile's top card one rank higher or lower.")
"""Little Spider's last deal changes the rules (the header shows the phase)."""

_RANK_WORDS = ("", N_("ace"), "2", "3", "4", "5", "6", "7", "8", "9", "10", N_("jack"), N_("queen"), N_("king"))
SUIT_WORDS = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
"""``engine.SUIT_NAMES``, marked: a suit as it is said (translated with ``_``)."""
PILE_WORDS = {"column": N_("column {n}"), "pile": N_("pile {n}")}
PILE_TITLES = {"column": N_("Column {n}"), "pile": N_("Pile {n}")}
"""A column inside a sentence and at the start of its name, by ``rules.traits.pile_word``."""


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


def rank_name(card: Card) -> str:
    """``'7'``, ``'10'``, ``'queen'``, ``'ace'``."""
    return _(_RANK_WORDS[card >> 2])


def suit_name(card: Card) -> str:
    """``'hearts'``: the card's suit as it is said."""
    return _(SUIT_WORDS[card & 3])


def card_name(card: Card) -> str:
    """A card as it is said: ``'7 of hearts'``, ``'queen of clubs'``.

    >>> from engine import parse_card
    >>> card_name(parse_card("Qc")), card_name(parse_card("Th")), card_name(parse_card("As"))
    ('queen of clubs', '10 of hearts', 'ace of spades')
    """
    return _("{rank} of {suit}").format(rank=rank_name(card), suit=suit_name(card))


def cards_phrase(cards: Sequence[Card]) -> str:
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
            groups.append(
                _("{high} to {low} of {suit}").format(
                    high=rank_name(cards[i]), low=rank_name(cards[j]), suit=suit_name(cards[i])
                )
            )
        i = j + 1
    return ", ".join(groups)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd`` (in another language, its own form)."""
    if language() != "en":
        # Translators: a card's place in its pile, counted from the bottom ("3rd of 6").
        return p_("ordinal", "{n}.").format(n=n)
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _cards(n: int) -> str:
    return n_("{n} card", "{n} cards", n).format(n=n)


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
        return _("the Free Column")
    if role is PileRole.STOCK:
        return _("the stock")
    if role is PileRole.COLUMN:
        return _(PILE_WORDS[rules.traits.pile_word]).format(n=n)
    if role is PileRole.DRAW:
        return _("draw pile {n}").format(n=n)
    return _("foundation {n}").format(n=n)


def pile_title(rules: Ruleset, pile: PileId) -> str:
    """The pile at the start of its name: ``Column 3``, ``Free Column``,
    ``Pile 6, lower row`` (Little Spider), ``Draw pile 4``, ``Stock``."""
    role, n = pile.role, pile.number
    if role is PileRole.FREE_COLUMN:
        return _("Free Column")
    if role is PileRole.STOCK:
        return _("Stock")
    if role is PileRole.DRAW:
        return _("Draw pile {n}").format(n=n)
    if role is not PileRole.COLUMN:
        return _("Foundation {n}").format(n=n)
    title = _(PILE_TITLES[rules.traits.pile_word]).format(n=n)
    if rules.traits.two_rows:
        upper = (len(rules.columns) + 1) // 2
        title = (_("{pile}, upper row") if n <= upper else _("{pile}, lower row")).format(pile=title)
    return title


def deals_left(rules: Ruleset, stock_cards: int) -> int:
    """Deals left in a stock of ``stock_cards`` cards."""
    per = len(rules.columns)
    return -(-stock_cards // per) if stock_cards > 0 else 0


def _deals_phrase(n: int) -> str:
    if n == 0:
        return _("no deals left")
    return n_("{n} deal left", "{n} deals left", n).format(n=n)


def run_suit(cards: Sequence[Card]) -> str:
    """A completed run's suit, or ``mixed suits``."""
    return suit_name(cards[0]) if _one_suit(cards) else _("mixed suits")


def _one_suit(cards: Sequence[Card]) -> bool:
    return len({c & 3 for c in cards}) == 1


def runs_label(foundations: Iterable[Sequence[Card]]) -> str:
    """The completed runs, named together: ``Foundations, 2 runs completed:
    spades, hearts``."""
    runs = [f for f in foundations if f]
    if not runs:
        return _("Foundations, no runs completed")
    suits = ", ".join(run_suit(r) for r in runs)
    return n_("Foundations, {n} run completed: {suits}", "Foundations, {n} runs completed: {suits}", len(runs)).format(
        n=len(runs), suits=suits
    )


def _column_label(rules: Ruleset, title: str, cards: Sequence[Card | None]) -> str:
    n = len(cards)
    if not n:
        return _("{pile}, empty").format(pile=title)
    down = sum(1 for c in cards if c is None)
    parts = [title, _cards(n)]
    if down:
        parts.append(_("{n} face down").format(n=down))
    up = [c for c in cards if c is not None]
    if up:
        parts.append(_("top: {card}").format(card=card_name(up[-1])))
        if len(up) > 1 and rules.unit != "single":
            parts.append(_("face up: {cards}").format(cards=cards_phrase(up)))
    return ", ".join(parts)


def pile_label(
    rules: Ruleset, pile: PileId, cards: Sequence[Card | None], foundations: Sequence[Sequence[Card]] | None = None
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
            return _("{pile}, empty").format(pile=title)
        parts = [title]
        if rules.traits.foundations is Foundations.LITTLE and (known[0] >> 2) in (1, KING):
            parts.append(_("up from the ace") if (known[0] >> 2) == 1 else _("down from the king"))
        parts += [_cards(len(known)), _("top: {card}").format(card=card_name(known[-1]))]
        return ", ".join(parts)
    if pile.role is PileRole.STOCK:
        n = len(cards)
        stock = _("Stock")
        return _("{pile}, empty").format(pile=stock) if n == 0 else f"{stock}, {_deals_phrase(deals_left(rules, n))}"
    if pile.role is PileRole.DRAW:
        title = pile_title(rules, pile)
        if not cards:
            return _("{pile}, dealt").format(pile=title)
        top = cards[-1]
        parts = [title, _cards(len(cards))]
        if top is not None:
            parts.append(_("top: {card}").format(card=card_name(top)))
        return ", ".join(parts)
    return _column_label(rules, pile_title(rules, pile), cards)


def pile_labels(rules: Ruleset, piles: Piles) -> dict[PileId, str | None]:
    """Every pile's name (:func:`pile_label`), in the order of ``piles``."""
    founds = [[c for c in cards if c is not None] for p, cards in piles.items() if p.is_foundation]
    return {p: pile_label(rules, p, cards, founds) for p, cards in piles.items()}


def card_label(rules: Ruleset, pile: PileId, index: int, size: int, card: Card) -> str:
    """A face-up card's accessible name: ``7 of hearts, face up, 3rd of 6 in
    column 3`` (``index`` from 0 at the bottom, ``size`` cards in the pile).
    Face-down cards get no name at all."""
    return _("{card}, face up, {position} of {size} in {pile}").format(
        card=card_name(card), position=ordinal(index + 1), size=size, pile=pile_name(rules, pile)
    )


# ---------------------------------------------------------------------------
# sentences for actions
# ---------------------------------------------------------------------------


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _moved(rules: Ruleset, e: Moved, undo: bool) -> str:
    src, dst = pile_name(rules, e.src), pile_name(rules, e.dst)
    what = cards_phrase(e.cards)
    if e.src.is_foundation and runs_game(rules):  # a run put back by Undo
        return _("the run of {suit} back to {target}").format(suit=run_suit(e.cards), target=dst)
    if undo:
        return _("{cards} back from {source} to {target}").format(cards=what, source=src, target=dst)
    if e.dst.is_foundation:
        return _("played {cards} from {source} to {target}").format(cards=what, source=src, target=dst)
    return _("moved {cards} from {source} to {target}").format(cards=what, source=src, target=dst)


def _runs_after(rules: Ruleset, piles: Piles) -> int:
    return sum(1 for k in range(rules.foundations) if piles.get(PileId.foundation(k)))


def _end_sentence(e: StatusChanged, moves: int, score: int) -> str:
    if e.status == Outcome.WON:
        return n_("You won in {n} move, score {score}.", "You won in {n} moves, score {score}.", moves).format(
            n=moves, score=number(score)
        )
    if e.status == Outcome.PLAYING:
        return _("The game goes on.")
    if e.reason == EndReason.TIME:
        return _("Time is up. Score {score}.").format(score=number(score))
    if e.reason == EndReason.STUCK:
        return _("No moves left. Undo to play on.")
    if e.reason == EndReason.RESIGNED:
        return _("Game ended. Score {score}.").format(score=number(score))
    return _("Game over.")


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
                out.append(
                    _("Turned up {card} in {pile}.").format(card=card_name(e.card), pile=pile_name(rules, e.pile))
                )
            else:  # face down again: never named
                out.append(_("Turned a card face down in {pile}.").format(pile=pile_name(rules, e.pile)))
        elif t is RunRemoved:
            assert isinstance(e, RunRemoved)
            touch(e.pile)
            seen_runs += 1
            done = runs_now - (len(removed) - seen_runs)
            if _one_suit(e.cards):
                sentence = _("Completed a run of {suit}, {number} of {total}.").format(
                    suit=run_suit(e.cards), number=done, total=rules.runs_to_win
                )
            else:
                sentence = _("Completed a run, {number} of {total}.").format(number=done, total=rules.runs_to_win)
            out.append(sentence)
        elif t is Dealt:
            assert isinstance(e, Dealt)
            touch(e.source)
            for p, _where in e.placements:
                touch(p)
            if e.source is STOCK:
                left = _deals_phrase(deals_left(rules, len(piles.get(STOCK, ()))))
                if undo:
                    out.append(_("Took the deal back, {left}.").format(left=left))
                else:
                    count = len(e.placements)
                    if count == len(rules.columns):
                        out.append(_("Dealt a row, {left}.").format(left=left))
                    else:
                        out.append(
                            n_("Dealt {n} card, {left}.", "Dealt {n} cards, {left}.", count).format(n=count, left=left)
                        )
                    if rules.traits.stock_phases and not piles.get(STOCK):
                        out.append(_(PHASE_2))
            else:
                name = pile_name(rules, e.source)
                piles_left = sum(1 for k in range(rules.draw_piles) if piles.get(PileId.draw(k)))
                left = (
                    n_("{n} draw pile left", "{n} draw piles left", piles_left).format(n=piles_left)
                    if piles_left
                    else _("no draw piles left")
                )
                sentence = _("Took back {pile}, {left}.") if undo else _("Dealt {pile}, {left}.")
                out.append(sentence.format(pile=name, left=left))
        elif t is ScoreChanged:
            assert isinstance(e, ScoreChanged)
            score_after = e.after
        elif t is StatusChanged:
            assert isinstance(e, StatusChanged)
            out.append(_end_sentence(e, moves, score))
    if says(level, FULL):
        finished = any(type(e) is StatusChanged and e.status != Outcome.PLAYING for e in events)
        if not finished:
            for p in touched:
                if p.is_foundation and runs_game(rules):
                    continue
                label = pile_label(rules, p, piles.get(p, ()))
                if label:
                    out.append(label + ".")
            if score_after is not None:
                out.append(_("Score {score}.").format(score=number(score_after)))
    if not out:
        return ""
    text = " ".join(out)
    if undo:
        return _("Undone: {what}").format(what=_lower_first(text))
    if how == "redo":
        return _("Redone: {what}").format(what=_lower_first(text))
    return text


def _lower_first(text: str) -> str:
    """A sentence continued after a colon (German keeps its nouns' capitals)."""
    return text if language() == "de" else text[:1].lower() + text[1:]


# ---------------------------------------------------------------------------
# the engine's words
# ---------------------------------------------------------------------------

_RANK_AFTER_ON = (
    "",
    Np_("a card to go on", "an ace"),
    Np_("a card to go on", "a two"),
    Np_("a card to go on", "a three"),
    Np_("a card to go on", "a four"),
    Np_("a card to go on", "a five"),
    Np_("a card to go on", "a six"),
    Np_("a card to go on", "a seven"),
    Np_("a card to go on", "an eight"),
    Np_("a card to go on", "a nine"),
    Np_("a card to go on", "a ten"),
    Np_("a card to go on", "a jack"),
    Np_("a card to go on", "a queen"),
    Np_("a card to go on", "a king"),
)
"""A rank with its article, as the engine's ``{rank}`` says it ("must go on an eight")."""


def game_name(rules: Ruleset) -> str:
    """A game's name in the language in use: ``Spider · 1 couleur``.

    The engine marks its games' names (``engine.N_``); this is where the page
    translates them, wherever a name is shown."""
    return _(rules.name)


def engine_sentence(text: str, rules: Ruleset | None = None) -> str:
    """One of the engine's sentences (why a move is refused, why Undo cannot
    go back) in the language in use.  A :class:`engine.Reason` is said from
    its template and its fields (a card by its name, a rank with its
    article, a pile by its name in ``rules``), never from its English text.

    >>> from engine import Reason
    >>> engine_sentence(Reason("This foundation needs the {card}.", card=13))
    'This foundation needs the three of hearts.'
    """
    if language() == "en":
        return str(text)  # the engine's own English, as it wrote it
    if isinstance(text, Reason):
        fields: dict[str, str] = {}
        for name, value in text.fields.items():
            if name == "card" and isinstance(value, int):
                fields[name] = card_name(Card(value))
            elif name == "rank" and isinstance(value, int) and 0 < value < len(_RANK_AFTER_ON):
                fields[name] = p_("a card to go on", _RANK_AFTER_ON[value])
            elif name in ("source", "target") and isinstance(value, str) and rules is not None:
                fields[name] = pile_name(rules, PileId.parse(value))
            elif name == "game" and isinstance(value, str) and value in PRESETS:
                fields[name] = game_name(PRESETS[value])
            elif isinstance(value, str):
                fields[name] = engine_sentence(value, rules)  # a sentence inside (a Reason, a marked one) or a word
            else:
                fields[name] = str(value)
        return _(text.template).format(**fields)
    return _(text)


def engine_error(error: Exception, rules: Ruleset | None = None) -> str:
    """An engine error's sentence (a save that cannot be read, an option
    refused) in the language in use: :func:`engine_sentence` of what it was
    raised with, so a sentence inside another is said in the language too.

    >>> import engine
    >>> engine_error(engine.SaveError("the save has no version number"))
    'the save has no version number'
    """
    said = error.args[0] if error.args else ""
    return engine_sentence(said, rules) if isinstance(said, str) else str(error)


def game_text(
    rules: Ruleset, deal: int | None, piles: Piles, *, restored: bool = False, moves: int = 0, level: str = BRIEF
) -> str:
    """What is said when a game appears: its name and deal (and, in full,
    every pile's name)."""
    if not says(level, BRIEF):
        return ""
    name = game_name(rules).replace(" · ", ", ")
    which = _("{game}, deal {deal}").format(game=name, deal=deal) if deal is not None else name
    if restored:
        if moves:
            text = n_("Resumed {game}, {n} move played.", "Resumed {game}, {n} moves played.", moves)
            text = text.format(game=which, n=moves)
        else:
            text = f"{which}."
        text = _cap(text)
    else:
        text = _("New game: {game}.").format(game=which)
    if says(level, FULL):
        text += " " + " ".join(label + "." for label in pile_labels(rules, piles).values() if label)
    return text


def time_warning(before: int | None, after: int | None) -> str:
    """The countdown crossing a minute or ten seconds left (Tournament Spider)."""
    if before is None or after is None:
        return ""
    for mark, text in ((60, N_("One minute left.")), (10, N_("Ten seconds left."))):
        if before > mark >= after > 0:
            return _(text)
    return ""


def finish_text(count: int) -> str:
    """Finish pressed: the moves it plays."""
    return n_("Finish: playing the last {n} move.", "Finish: playing the last {n} moves.", count).format(n=count)


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
