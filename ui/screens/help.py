""" "How to play" for each game, and the gestures (pure: no browser imports).

:func:`how_to_play` writes a game's goal, moves and deals in a few short
lines from its :class:`engine.Ruleset` (so a rule and its help cannot
drift apart), with a small diagram (:class:`Diagram`: a few piles of
cards and an arrow) that :mod:`ui.screens.help_view` draws as SVG.
:func:`gestures` says what a drag and a tap do, under the player's tap
setting.

>>> import engine
>>> h = how_to_play(engine.PRESETS["spider-2"])
>>> h.goal
'Build 8 runs from King down to Ace, each of one suit. A finished run goes off to the foundations by itself.'
>>> h.deals[0]
'The stock deals one card to every column, 5 times; only when no column is empty.'
>>> [[c.text for c in p.cards] for p in h.diagram.piles]
[['', '', '9♥'], ['', '8♠', '7♠'], ['K♠', 'Q♠', 'J♠', '…', 'A♠']]
"""

from __future__ import annotations

from typing import NamedTuple

from engine import MAX_DEAL, MIN_DEAL, Foundations, Ruleset
from ui.i18n.text import N_, _, n_, number

SUIT_SIGNS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


class DiagramCard(NamedTuple):
    """A card of a diagram: ``rank`` (``A``, ``2`` … ``K``) and ``suit``
    (``s``, ``h``, ``d``, ``c``), or face down (``up`` False)."""

    rank: str = ""
    suit: str = ""
    up: bool = True

    @property
    def text(self) -> str:
        return f"{self.rank}{SUIT_SIGNS.get(self.suit, '')}" if self.up else ""


DOWN = DiagramCard(up=False)


class Pile(NamedTuple):
    """A pile of a diagram, its cards from the bottom up."""

    cards: tuple[DiagramCard, ...]
    fanned: bool = True  # a column's cards overlap; a foundation's are squared


class Diagram(NamedTuple):
    """A few piles side by side, and an arrow from a card to a pile.

    ``arrow``: (pile, card index) the arrow leaves from, and the pile it
    points to; ``caption``: what it shows, in words (shown under it)."""

    piles: tuple[Pile, ...]
    arrow: tuple[int, int, int] | None
    caption: str


class HowTo(NamedTuple):
    name: str
    goal: str
    moves: tuple[str, ...]
    deals: tuple[str, ...]
    diagram: Diagram


def _c(text: str) -> DiagramCard:
    return DiagramCard(text[:-1], text[-1])


def _spider(rules: Ruleset) -> HowTo:
    any_suit_runs = rules.completion == "any"
    one_suit = len(rules.suits) == 1
    runs = rules.runs_to_win
    if one_suit:
        goal = n_("Build {n} run from King down to Ace.", "Build {n} runs from King down to Ace.", runs)
    elif any_suit_runs:
        goal = n_(
            "Build {n} run from King down to Ace, of any suits.",
            "Build {n} runs from King down to Ace, of any suits.",
            runs,
        )
    else:
        goal = n_(
            "Build {n} run from King down to Ace, each of one suit.",
            "Build {n} runs from King down to Ace, each of one suit.",
            runs,
        )
    goal = goal.format(n=number(runs)) + " " + _("A finished run goes off to the foundations by itself.")
    moves = [_("Any card goes on a card one rank higher, whatever its suit.")]
    if rules.unit == "rank":
        moves.append(_("Any run going down one rank at a time moves as a group, whatever its suits."))
    elif not one_suit:
        moves.append(_("Only a run of one suit moves as a group."))
    else:
        moves.append(_("A run going down one rank at a time moves as a group."))
    moves.append(_("An empty column takes any card or group."))
    if rules.free_column:
        moves.append(_("The Free Column is a ninth column the deals never reach; +100 if you never put a card in it."))
    deals: list[str] = []
    if rules.draw_piles:
        deals.append(
            n_(
                "{n} draw pile, its top card showing: deal it at any time.",
                "{n} draw piles, their top card showing: deal any of them, in any order, at any time.",
                rules.draw_piles,
            ).format(n=number(rules.draw_piles))
        )
        if rules.time_limit:
            deals.append(_("Beat the clock: the time left makes a bonus. Dealing and finished runs cannot be undone."))
    elif rules.deal_requires_no_empty:
        deals.append(_("The stock deals one card to every column, 5 times; only when no column is empty."))
    else:
        deals.append(_("The stock deals one card to every column, 5 times."))
    suit_b = "h" if "h" in rules.suits else "s"
    nine = f"9{suit_b}"
    runs_line = (
        _("King to Ace of any suits is a finished run.")
        if any_suit_runs
        else _("King to Ace of one suit is a finished run.")
    )
    # Translators: the diagram's caption; {card} is a card as the diagram shows it (9♥)
    moved = _("8♠ and 7♠ move together onto the {card}.").format(card=f"9{SUIT_SIGNS[suit_b]}")
    diagram = Diagram(
        (
            Pile((DOWN, DOWN, _c(nine))),
            Pile((DOWN, _c("8s"), _c("7s"))),
            Pile((_c("Ks"), _c("Qs"), _c("Js"), DiagramCard("…", ""), _c("As"))),
        ),
        (1, 1, 0),
        f"{moved} {runs_line}",
    )
    return HowTo(_(rules.name), goal, tuple(moves), tuple(deals), diagram)


def _little(rules: Ruleset) -> HowTo:
    goal = _("Move every card to the four foundations: two build up from Aces, two down from Kings.")
    moves = [
        _("The Aces of one colour go up, the Kings of the other colour go down."),
        _("While the stock lasts, only pile tops go to the foundations."),
        _("After the last deal, a pile top also goes on any pile one rank higher or lower."),
    ]
    if rules.lower_row_restriction:
        moves[1] = _("While the stock lasts, a lower-row card goes only to the foundation right above it.")
    if rules.wrap:
        moves.append(_("After the last deal, a King and an Ace build on each other."))
    deals = (_("The stock deals one card to each of the eight piles; the last deal fills the upper row only."),)
    diagram = Diagram(
        (
            Pile((_c("Ah"), _c("2h")), fanned=False),
            Pile((_c("Ks"), _c("Qs")), fanned=False),
            Pile((_c("5c"), _c("3h"))),
        ),
        (2, 1, 0),
        _("The 3♥ on top of a pile goes up on the 2♥; the spades go down from the King."),
    )
    return HowTo(_(rules.name), goal, tuple(moves), deals, diagram)


def _spidike_classic(rules: Ruleset) -> HowTo:
    goal = _("Move every card to the four foundations, up by suit from the Ace.")
    moves = (
        _("Any card goes on a card one rank higher, whatever its suit; a run of one suit moves as a group."),
        _("Only a King, or a run headed by a King, fills an empty pile."),
        _("Cards go to the foundations one at a time."),
    )
    deals = (_("The stock deals seven cards, one to each pile, and three at the end; empty piles do not stop it."),)
    diagram = Diagram(
        (
            Pile((_c("As"), _c("2s")), fanned=False),
            Pile((_c("9d"), _c("4c"), _c("3s"))),
            Pile((_c("Kh"), _c("Qh"))),
        ),
        (1, 2, 0),
        _("The 3♠ goes up on the 2♠; only a King could start the pile that was empty."),
    )
    return HowTo(_(rules.name), goal, moves, deals, diagram)


def how_to_play(rules: Ruleset) -> HowTo:
    """The goal, the moves and the deals of ``rules``' game, and its diagram,
    in the language in use."""
    if rules.traits.foundations is Foundations.RUNS:
        return _spider(rules)
    if rules.traits.two_rows:
        return _little(rules)
    return _spidike_classic(rules)


def gestures(tap: str) -> tuple[tuple[str, str], ...]:
    """(gesture, what it does) under the tap setting (``auto`` or ``select``).

    >>> gestures("select")[1]
    ('Tap', 'A tap picks up a card and the cards on it; a tap on another pile puts them there.')
    """
    tap_line = (
        _("A tap on a card sends it, with the cards on it, to its best place.")
        if tap == "auto"
        else _("A tap picks up a card and the cards on it; a tap on another pile puts them there.")
    )
    return (
        (
            _("Drag"),
            _("Drag a card, and the cards on it, onto the pile you want. A drop that breaks a rule says why."),
        ),
        (_("Tap"), tap_line),
        (_("Stock"), _("A tap on the stock (or a draw pile) deals.")),
        (_("Undo"), _("↶ takes back a move, ↷ plays it again; the bulb shows a hint.")),
        (
            _("Settings"),
            _("More (⋯) → Settings chooses what a tap does, the cards, the table and the sounds."),
        ),
    )


FAIR_DEALS = (
    (
        N_("How a deal is made"),
        N_(
            "Every deal has a number, from {lowest} to {highest}, and the number alone decides the cards. It starts "
            "a published random number generator (SplitMix64), which shuffles the cards with the Fisher–Yates "
            "shuffle, with no bias. The same number gives the same cards on every device and in every version. "
            "Nothing about you goes into it: not your wins, your losses or your skill. No deal is made harder for you."
        ),
    ),
    (
        N_("Random deals and winnable deals"),
        N_(
            "A new game takes a number at random. With “Winnable deals” on in a game's options, it takes one from a "
            "list of deals the game's solver has already won, shipped with the game: each of them can be won. Choose "
            "Easy, Medium, Hard or Expert to get a deal of that grade: the grade comes from how often a fixed "
            "computer player wins the deal, measured before the game shipped."
        ),
    ),
    (
        N_("The daily deal"),
        N_(
            "Each game's daily deal comes from its list of winnable deals by a fixed rule over the date (a SHA-256 "
            "hash of the game and the date picks it). Where a game's deals are graded, the day of the week picks the "
            "grade: Easy on Monday and Tuesday, Medium on Wednesday and Thursday, Hard on Friday, Expert on Saturday "
            "and Sunday (a grade with few deals takes those of the grades next to it too). Everyone gets the same "
            "deal on the same day, with no server."
        ),
    ),
    (
        N_("How a challenge is checked"),
        N_(
            "A challenge link holds the deal number and your friend's moves. Your device deals the same cards and "
            "plays their moves again, one by one, under the same rules. If a move is not possible, or the moves "
            "do not end the way the link says, the challenge is refused. What the challenge screen shows (how "
            "their game ended, their moves, their score) comes from that replay, never from the link's own words. "
            "Only their time is their word: no replay can measure it."
        ),
    ),
    (
        N_("Read it for yourself"),
        N_(
            "The rules, the shuffle and the link format are written out in full in the game's documentation, "
            "and the code is open."
        ),
    ),
)
"""Help's "Are the deals fair?": (heading, text) in plain words, marked
(:func:`fair_deals` gives them in the language in use)."""


def fair_deals() -> tuple[tuple[str, str], ...]:
    """Help's "Are the deals fair?" in the language in use, its numbers in the language's forms.

    >>> fair_deals()[0][1][:46]
    'Every deal has a number, from 1 to 4,294,967,2'
    """
    return tuple(
        (_(heading), _(text).format(lowest=number(MIN_DEAL), highest=number(MAX_DEAL))) for heading, text in FAIR_DEALS
    )


FIRST_TIP = (
    N_("Drag a card, or a run of cards, onto a card one rank higher."),
    N_("Tap a card to send it to its best place. Tap the stock to deal."),
    N_("Stuck? The bulb shows a hint, ↶ takes a move back, and ? explains every game."),
)
"""The first-visit tip: three short steps, shown once (:mod:`ui.chrome.first_tip_view`),
marked (translated with ``_`` where they are shown)."""
