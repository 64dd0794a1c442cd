"""The rules themselves: dealing, legal moves, why a move is illegal, applying one.

These are plain functions of a :class:`~engine.rules.Ruleset` and a
:class:`~engine.position.Position`; they never mutate anything.  The
:class:`~engine.game.Game` façade adds history, scoring and status.

After every action (a move, a deal, a card to a foundation) the automatic
actions run until nothing changes (docs/rules.md#after-every-action): every
column whose top card is face down has it turned up, then every column whose
top 13 cards form a complete King-to-Ace run loses it to the next free
foundation slot, in column order.

>>> from engine.rules import PRESETS
>>> rules = PRESETS["spider-1"]
>>> pos = deal_position(rules, 1)
>>> [len(c) for c in pos.tableau], pos.stock_count()
([6, 6, 6, 6, 5, 5, 5, 5, 5, 5], 50)
>>> str(legal_moves(rules, pos)[-1])
'deal'
"""

from __future__ import annotations

from .cards import KING, Card, is_red, make_deck
from .events import Dealt, Event, Flipped, Moved, RunRemoved
from .families import Foundations, TableauPlay
from .moves import DEAL, DRAW, FOUNDATION, MOVE, Move, known_move, move_of
from .piles import FREE_COLUMN, STOCK, PileId
from .position import Position
from .rng import shuffled
from .rules import Ruleset
from .words import N_, Reason

_DEAL_MOVE = Move.deal()


# -- pile names ---------------------------------------------------------------


def free_index(rules: Ruleset) -> int:
    """The Free Column's tableau index, or -1."""
    return len(rules.columns) if rules.free_column else -1


def pile_id(rules: Ruleset, index: int) -> PileId:
    """The pile id of tableau pile ``index``: ``column-3`` or ``free``."""
    if rules.free_column and index == len(rules.columns):
        return FREE_COLUMN
    return PileId.column(index)


def pile_name(rules: Ruleset, index: int) -> str:
    """The pile's name in a sentence: ``column 3``, ``the Free Column``, ``pile 3``."""
    if rules.free_column and index == len(rules.columns):
        return "the Free Column"
    return f"{rules.traits.pile_word} {index + 1}"


def stock_id(rules: Ruleset, index: int = 0) -> PileId:
    """``stock``, or ``draw-N`` for a draw pile."""
    return PileId.draw(index) if rules.draw_piles else STOCK


def foundation_id(index: int) -> PileId:
    """``foundation-N``."""
    return PileId.foundation(index)


# -- the deal -----------------------------------------------------------------


def deal_position(rules: Ruleset, deal: int) -> Position:
    """The starting position of deal number ``deal`` (see :mod:`engine.rng`).

    Cards are taken from the shuffled deck in order: each column in turn,
    bottom to top (its face-down cards, then its face-up ones), then the
    stock in dealing order, or the draw piles one after another, each
    starting with its visible top card.
    """
    deck = shuffled(make_deck(rules.suits, rules.copies), deal)
    tableau: list[tuple[Card, ...]] = []
    down: list[int] = []
    i = 0
    for d, u in rules.columns:
        n = d + u
        tableau.append(tuple(deck[i : i + n]))
        down.append(n - 1 if rules.face_down_layout else d)
        i += n
    if rules.free_column:
        tableau.append(())
        down.append(0)
    rest = deck[i:]
    if rules.draw_piles:
        size = len(rest) // rules.draw_piles
        stock = tuple(tuple(rest[k * size : (k + 1) * size]) for k in range(rules.draw_piles))
    else:
        stock = (tuple(rest),)
    return Position(tuple(tableau), tuple(down), stock, ((),) * rules.foundations)


# -- units and building -------------------------------------------------------


def movable_count(rules: Ruleset, col: tuple[Card, ...], down: int) -> int:
    """How many cards at the top of a column move together at most."""
    n = len(col)
    if n == 0:
        return 0
    if rules.unit == "single":
        return 1
    k = n - 1
    card: int = col[k]
    if rules.unit == "suit":
        while k > down and col[k - 1] == card + 4:
            k -= 1
            card += 4
    else:
        while k > down and (col[k - 1] >> 2) == (card >> 2) + 1:
            k -= 1
            card = col[k]
    return n - k


def completes_run(rules: Ruleset, col: tuple[Card, ...], down: int) -> bool:
    """Whether the top 13 face-up cards of ``col`` are a complete King-to-Ace run
    (of one suit where the rules ask it); the solver asks it of a column a move
    would make."""
    n = len(col)
    if n - down < 13 or (col[-1] >> 2) != 1 or (col[-13] >> 2) != KING:
        return False
    if rules.completion == "suit":
        first = col[-13]
        return all(col[n - 13 + k] == first - 4 * k for k in range(13))
    return all((col[n - 13 + k] >> 2) == KING - k for k in range(13))


def _stock_phase(pos: Position) -> bool:
    return any(pos.stock)


def little_spider_colours(foundations: tuple[tuple[Card, ...], ...]) -> bool | None:
    """Little Spider: True if the Aces are red, False if black, None if not yet fixed."""
    for f in foundations:
        if f:
            base = f[0]
            red = is_red(base)
            return red if (base >> 2) == 1 else not red
    return None


def _foundation_reason(rules: Ruleset, pos: Position, src: int, card: Card, f: int) -> str | None:
    """Why ``card`` from pile ``src`` cannot go to foundation ``f``, or None."""
    found = pos.foundations[f]
    r = card >> 2
    if rules.traits.foundations is Foundations.BY_SUIT:
        if not found:
            return None if r == 1 else N_("An empty foundation takes an Ace.")
        top = found[-1]
        if card == top + 4:
            return None
        return _needs(Card(top + 4)) if (top >> 2) < KING else N_("This foundation is complete.")
    # Little Spider
    aces_red = little_spider_colours(pos.foundations)
    if not found:
        if r == 1:
            if aces_red is not None and is_red(card) != aces_red:
                return (
                    N_("The Aces of this game are red: the black suits build down from their Kings.")
                    if aces_red
                    else N_("The Aces of this game are black: the red suits build down from their Kings.")
                )
            return None
        if r == KING:
            if aces_red is not None and is_red(card) == aces_red:
                return (
                    N_("The Kings of this game are black: the red suits build up from their Aces.")
                    if aces_red
                    else N_("The Kings of this game are red: the black suits build up from their Aces.")
                )
            return None
        return N_("An empty foundation takes an Ace or a King.")
    base, top = found[0], found[-1]
    if rules.lower_row_restriction and src >= 4 and _stock_phase(pos) and f != src - 4:
        return N_("Before the last deal, a lower-row card may go only to the foundation directly above it.")
    if (base >> 2) == 1:
        if card == top + 4:
            return None
        return N_("This foundation is complete.") if (top >> 2) == KING else _needs(Card(top + 4))
    if card == top - 4:
        return None
    return N_("This foundation is complete.") if (top >> 2) == 1 else _needs(Card(top - 4))


def _needs(card: Card) -> str:
    return Reason(N_("This foundation needs the {card}."), card=card)


def _foundation_takes(rules: Ruleset, pos: Position, src: int, card: Card, f: int, aces_red: bool | None) -> bool:
    """Whether :func:`_foundation_reason` would say None, quickly (no sentences).

    ``aces_red`` is :func:`little_spider_colours` of the position's foundations.
    """
    found = pos.foundations[f]
    if rules.traits.foundations is Foundations.BY_SUIT:
        return card == found[-1] + 4 if found else (card >> 2) == 1
    if not found:
        r = card >> 2
        if r == 1:
            return aces_red is None or is_red(card) == aces_red
        return r == KING and (aces_red is None or is_red(card) != aces_red)
    if rules.lower_row_restriction and src >= 4 and f != src - 4 and _stock_phase(pos):
        return False
    return card == (found[-1] + 4 if (found[0] >> 2) == 1 else found[-1] - 4)


# -- legal moves --------------------------------------------------------------


def legal_moves(rules: Ruleset, pos: Position) -> list[Move]:
    """Every legal action, in a fixed order: column moves, foundation moves, deals.

    Legal but pointless moves (a whole column into an empty one) are
    included, as the rules allow them; a solver prunes them itself.
    """
    tableau = pos.tableau
    moves: list[Move] = []
    add = moves.append
    traits = rules.traits

    if traits.tableau is TableauPlay.PHASES:
        in_phase_2 = not _stock_phase(pos)
        tops = [col[-1] if col else None for col in tableau]
        if in_phase_2:
            wrap = rules.wrap
            for i, ci in enumerate(tops):
                if not ci:
                    continue
                ri = ci >> 2
                for j, cj in enumerate(tops):
                    if cj and j != i:
                        d = (cj >> 2) - ri
                        if d == 1 or d == -1 or (wrap and (d == 12 or d == -12)):
                            add(known_move((MOVE, i, j, 1)) or move_of(MOVE, i, j, 1))
        aces_red = little_spider_colours(pos.foundations)
        for i, c in enumerate(tops):
            if c:
                for f in range(len(pos.foundations)):
                    if _foundation_takes(rules, pos, i, c, f, aces_red):
                        add(known_move((FOUNDATION, i, f, 1)) or move_of(FOUNDATION, i, f, 1))
        if not in_phase_2:
            add(_DEAL_MOVE)
        return moves

    down = pos.down
    # columns by the rank of their top card (every top card is face up)
    by_rank: dict[int, list[int]] = {}
    empties: list[int] = []
    for j, col in enumerate(tableau):
        if col:
            r = col[-1] >> 2
            lst = by_rank.get(r)
            if lst is None:
                by_rank[r] = [j]
            else:
                lst.append(j)
        else:
            empties.append(j)
    unit = rules.unit
    empty_rule = rules.empty
    get = by_rank.get
    for i, col in enumerate(tableau):
        n = len(col)
        if not n:
            continue
        d = down[i]
        k = n - 1
        card = col[k]
        count = 1
        while True:
            r = card >> 2
            targets = get(r + 1)
            if targets:
                for j in targets:
                    add(known_move((MOVE, i, j, count)) or move_of(MOVE, i, j, count))
            if empties and (empty_rule == "any" or (empty_rule == "king" and r == KING)):
                for j in empties:
                    add(known_move((MOVE, i, j, count)) or move_of(MOVE, i, j, count))
            if k == d:
                break
            below = col[k - 1]
            if unit == "suit":
                if below != card + 4:
                    break
            elif unit == "rank":
                if (below >> 2) != r + 1:
                    break
            else:
                break
            k -= 1
            card = below
            count += 1

    if traits.foundations is Foundations.BY_SUIT:
        nf = len(pos.foundations)
        for i, col in enumerate(tableau):
            if col:
                c = col[-1]
                for f in range(nf):
                    if _foundation_takes(rules, pos, i, c, f, None):
                        add(known_move((FOUNDATION, i, f, 1)) or move_of(FOUNDATION, i, f, 1))

    moves.extend(deal_moves(rules, pos))
    return moves


def deal_moves(rules: Ruleset, pos: Position) -> list[Move]:
    """The legal deals of a Spider-family or Spidike position (the end of :func:`legal_moves`).

    A draw pile per non-empty pile in Tournament Spider; otherwise the deal,
    if the stock has cards and (where the rules ask) every column has one.
    """
    if rules.draw_piles:
        return [known_move((DRAW, k, 0, 0)) or move_of(DRAW, k, 0, 0) for k, pile in enumerate(pos.stock) if pile]
    if pos.stock[0] and (not rules.deal_needs_full_columns or all(pos.tableau[: len(rules.columns)])):
        return [_DEAL_MOVE]
    return []


def has_legal_move(rules: Ruleset, pos: Position) -> bool:
    """Whether any legal action exists (a game with none is lost).

    Answers from the stock when it can (a deal is almost always possible),
    and generates the moves only when it must.
    """
    stock = pos.stock
    if rules.draw_piles:
        if any(stock):
            return True
    elif stock[0] and (not rules.deal_needs_full_columns or all(pos.tableau[: len(rules.columns)])):
        return True
    return bool(legal_moves(rules, pos))


def stalemated(rules: Ruleset, pos: Position) -> bool:
    """Whether the stock can never be dealt again: the empty-column stalemate.

    Where a deal needs every column filled, fewer cards on the table than
    columns can never fill them (moves do not add cards), so the cards left in
    the stock are out of reach and the game cannot be won, even though
    pointless moves remain (docs/rules.md#stuck).  With at least
    as many cards as columns, single cards can always be spread until every
    column holds one, so the stock stays reachable.

    >>> from engine.rules import PRESETS
    >>> from engine.position import parse_notation
    >>> rules = PRESETS["spider-1"]
    >>> stalemated(rules, parse_notation("9s/-/-/-/-/-/-/-/-/- Qs -/-/-/-/-/-/-/-"))
    True
    >>> stalemated(rules.with_options(relaxed_deal=True), parse_notation("9s/-/-/-/-/-/-/-/-/- Qs -/-/-/-/-/-/-/-"))
    False
    """
    if rules.draw_piles or not rules.deal_needs_full_columns or not pos.stock[0]:
        return False
    tableau = pos.tableau
    if all(tableau):
        return False
    return sum(len(col) for col in tableau) < len(rules.columns)


# -- why a move is illegal ----------------------------------------------------


def why_illegal(rules: Ruleset, pos: Position, move: Move) -> str | None:
    """A sentence a player can read saying why ``move`` is illegal here, or None.

    >>> from engine.rules import PRESETS
    >>> rules = PRESETS["spider-1"]
    >>> pos = deal_position(rules, 1)
    >>> why_illegal(rules, pos, Move.tableau(0, 1)), why_illegal(rules, pos, Move.deal())
    ('The card must go on an eight (of any suit) or an empty column.', None)
    """
    kind = move.kind
    tableau = pos.tableau
    ncols = len(tableau)
    if kind == DEAL:
        if rules.draw_piles:
            return N_("Pick a draw pile to deal.")
        if not pos.stock[0]:
            return N_("There are no cards left to deal.")
        if rules.deal_needs_full_columns and not all(tableau[: len(rules.columns)]):
            return N_("Fill every empty column before dealing.")
        return None
    if kind == DRAW:
        if not rules.draw_piles:
            return N_("This game has no draw piles: deal from the stock.")
        if not 0 <= move.src < len(pos.stock):
            return Reason(N_("There is no draw pile {number}."), number=move.src + 1)
        if not pos.stock[move.src]:
            return Reason(N_("Draw pile {number} has already been dealt."), number=move.src + 1)
        return None
    src = move.src
    if not 0 <= src < ncols:
        return _no_pile(rules, src)
    col = tableau[src]
    if not col:
        return _pile_reason(
            rules,
            src,
            N_("The Free Column is empty."),
            N_("Column {number} is empty."),
            N_("Pile {number} is empty."),
        )
    if kind == FOUNDATION:
        f = move.dst
        if not rules.traits.foundations.by_hand:
            return N_("Only complete King-to-Ace runs go to the foundations, and they go by themselves.")
        if not 0 <= f < len(pos.foundations):
            return Reason(N_("There is no foundation {number}."), number=f + 1)
        if move.count != 1:
            return N_("Cards go to a foundation one at a time.")
        return _foundation_reason(rules, pos, src, col[-1], f)
    if kind != MOVE:
        return Reason(N_("Unknown kind of move {kind}."), kind=repr(kind))
    dst = move.dst
    if not 0 <= dst < ncols:
        return _no_pile(rules, dst)
    if dst == src:
        return N_("The cards are already there.")
    count = move.count
    n = len(col)
    if count < 1:
        return N_("A move takes at least one card.")
    if count > n:
        return _pile_reason(
            rules,
            src,
            N_("The Free Column does not hold that many cards."),
            N_("Column {number} does not hold that many cards."),
            N_("Pile {number} does not hold that many cards."),
        )
    if count > n - pos.down[src]:
        return N_("Face-down cards cannot be moved.")
    if rules.traits.tableau is TableauPlay.PHASES:
        if _stock_phase(pos):
            return N_("Cards move between piles only after the last deal; until then, play them to the foundations.")
        if count != 1:
            return N_("Only one card moves at a time.")
        target = tableau[dst]
        if not target:
            return N_("Empty piles stay empty in Little Spider.")
        d = (target[-1] >> 2) - (col[-1] >> 2)
        if d in (1, -1) or (rules.wrap and d in (12, -12)):
            return None
        if rules.wrap:
            return N_("A card goes on a card one rank higher or lower (a King and an Ace go on each other).")
        return N_("A card goes on a card one rank higher or lower.")
    # a group: it must be a movable unit
    head_i = n - count
    if count > 1:
        if rules.unit == "single":
            return N_("Only one card moves at a time.")
        for k in range(head_i, n - 1):
            upper, lower = col[k], col[k + 1]
            if (upper >> 2) != (lower >> 2) + 1:
                return N_("A group must run down in sequence, like 9 8 7.")
            if rules.unit == "suit" and upper != lower + 4:
                return N_("A group must be all one suit.")
    head = col[head_i]
    target = tableau[dst]
    if not target:
        if rules.empty == "none":
            return N_("Empty piles cannot be filled in this game.")
        if rules.empty == "king" and (head >> 2) != KING:
            return N_("Only a King, or a group headed by a King, can fill an empty pile.")
        return None
    hr = head >> 2
    if (target[-1] >> 2) == hr + 1:
        return None
    if hr == KING:
        return (
            N_("A King can only move to an empty column.")
            if rules.empty == "any"
            else N_("A King can only move to an empty pile.")
        )
    column = rules.traits.pile_word == "column"
    if count == 1:
        template = (
            N_("The card must go on {rank} (of any suit) or an empty column.")
            if column
            else N_("The card must go on {rank} (of any suit) or an empty pile.")
        )
    else:
        template = (
            N_("A group must go on {rank} (of any suit) or an empty column.")
            if column
            else N_("A group must go on {rank} (of any suit) or an empty pile.")
        )
    return Reason(template, rank=hr + 1)


def _no_pile(rules: Ruleset, index: int) -> str:
    if rules.traits.pile_word == "column":
        return Reason(N_("There is no column {number}."), number=index + 1)
    return Reason(N_("There is no pile {number}."), number=index + 1)


def _pile_reason(rules: Ruleset, index: int, free: str, column: str, pile: str) -> str:
    """A sentence about tableau pile ``index``: the Free Column's, a column's or a pile's."""
    if rules.free_column and index == len(rules.columns):
        return free
    return Reason(column if rules.traits.pile_word == "column" else pile, number=index + 1)


# -- applying -----------------------------------------------------------------


def apply_move(rules: Ruleset, pos: Position, move: Move) -> tuple[Position, list[Event]]:
    """The position after a legal ``move``, and the events it caused.

    The move must be legal (see :func:`why_illegal`); this does not check.
    """
    events: list[Event] = []
    return _apply(rules, pos, move, events), events


def next_position(rules: Ruleset, pos: Position, move: Move) -> Position:
    """The position after a legal ``move``, without its events (the solver's fast path).

    Positions are immutable: ``pos`` is left as it was.

    >>> from engine.rules import PRESETS
    >>> rules = PRESETS["spider-1"]
    >>> pos = deal_position(rules, 1)
    >>> after = next_position(rules, pos, Move.deal())
    >>> pos.stock_count(), after.stock_count(), after == apply_move(rules, pos, Move.deal())[0]
    (50, 40, True)
    """
    return _apply(rules, pos, move, None)


def _apply(rules: Ruleset, pos: Position, move: Move, events: list[Event] | None) -> Position:
    kind = move.kind
    tableau = list(pos.tableau)
    down = list(pos.down)
    stock = pos.stock
    foundations = pos.foundations
    changed: list[int]
    if kind == MOVE:
        src, dst, count = move.src, move.dst, move.count
        col = tableau[src]
        moving = col[-count:]
        tableau[src] = col[:-count]
        tableau[dst] = tableau[dst] + moving
        if events is not None:
            events.append(Moved(pile_id(rules, src), pile_id(rules, dst), moving))
        changed = [src, dst]
    elif kind == FOUNDATION:
        src, f = move.src, move.dst
        col = tableau[src]
        card = col[-1]
        tableau[src] = col[:-1]
        fl = list(foundations)
        fl[f] = fl[f] + (card,)
        foundations = tuple(fl)
        if events is not None:
            events.append(Moved(pile_id(rules, src), foundation_id(f), (card,)))
        changed = [src]
    else:
        k = move.src if kind == DRAW else 0
        pile = stock[k]
        n = min(len(pile), len(rules.columns))
        dealt = pile[:n]
        sl = list(stock)
        sl[k] = pile[n:]
        stock = tuple(sl)
        for j in range(n):
            tableau[j] = tableau[j] + (dealt[j],)
        if events is not None:
            events.append(Dealt(stock_id(rules, k), tuple((pile_id(rules, j), dealt[j]) for j in range(n))))
        changed = list(range(n))
    foundations = _settle(rules, tableau, down, foundations, changed, events)
    return Position(tuple(tableau), tuple(down), stock, foundations)


def _settle(
    rules: Ruleset,
    tableau: list[tuple[Card, ...]],
    down: list[int],
    foundations: tuple[tuple[Card, ...], ...],
    changed: list[int],
    events: list[Event] | None,
) -> tuple[tuple[Card, ...], ...]:
    """Run the automatic actions on the changed columns until nothing changes."""
    removes = rules.completion != "none"
    work = changed
    while work:
        again: list[int] = []
        for i in work:
            col = tableau[i]
            if col and down[i] >= len(col):
                down[i] = len(col) - 1
                if events is not None:
                    events.append(Flipped(pile_id(rules, i), col[-1]))
        if removes:
            for i in work:
                col = tableau[i]
                if completes_run(rules, col, down[i]):
                    run = col[-13:]
                    tableau[i] = col[:-13]
                    slot = next(s for s, f in enumerate(foundations) if not f)
                    fl = list(foundations)
                    fl[slot] = run
                    foundations = tuple(fl)
                    if events is not None:
                        events.append(RunRemoved(pile_id(rules, i), run, foundation_id(slot)))
                    again.append(i)
        work = again
    return foundations
