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

from engine import Foundations, Ruleset

SUIT_SIGNS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


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


def _suits(rules: Ruleset) -> str:
    names = [SUIT_NAMES[s] for s in rules.suits]
    if len(names) == 1:
        return f"All {names[0]}"
    if len(names) == 2:
        return f"{names[0].capitalize()} and {names[1]}"
    return "Four suits"


def _spider(rules: Ruleset) -> HowTo:
    any_suit_runs = rules.completion == "any"
    one_suit = len(rules.suits) == 1
    goal = f"Build {rules.runs_to_win} runs from King down to Ace"
    goal += "." if one_suit else (", of any suits." if any_suit_runs else ", each of one suit.")
    goal += " A finished run goes off to the foundations by itself."
    moves = ["Any card goes on a card one rank higher, whatever its suit."]
    if rules.unit == "rank":
        moves.append("Any run going down one rank at a time moves as a group, whatever its suits.")
    elif not one_suit:
        moves.append("Only a run of one suit moves as a group.")
    else:
        moves.append("A run going down one rank at a time moves as a group.")
    moves.append("An empty column takes any card or group.")
    if rules.free_column:
        moves.append("The Free Column is a ninth column the deals never reach; +100 if you never put a card in it.")
    deals: list[str] = []
    if rules.draw_piles:
        deals.append(
            f"{rules.draw_piles} draw piles, their top card showing: deal any of them, in any order, at any time."
        )
        if rules.time_limit:
            deals.append("Beat the clock: the time left makes a bonus. Dealing and finished runs cannot be undone.")
    else:
        only = "; only when no column is empty." if rules.deal_requires_no_empty else "."
        deals.append(f"The stock deals one card to every column, 5 times{only}")
    suit_b = "h" if "h" in rules.suits else "s"
    nine = f"9{suit_b}"
    runs_line = "King to Ace of any suits" if any_suit_runs else "King to Ace of one suit"
    diagram = Diagram(
        (
            Pile((DOWN, DOWN, _c(nine))),
            Pile((DOWN, _c("8s"), _c("7s"))),
            Pile((_c("Ks"), _c("Qs"), _c("Js"), DiagramCard("…", ""), _c("As"))),
        ),
        (1, 1, 0),
        f"8♠ and 7♠ move together onto the 9{SUIT_SIGNS[suit_b]}. {runs_line} is a finished run.",
    )
    return HowTo(rules.name, goal, tuple(moves), tuple(deals), diagram)


def _little(rules: Ruleset) -> HowTo:
    goal = "Move every card to the four foundations: two build up from Aces, two down from Kings."
    moves = [
        "The Aces of one colour go up, the Kings of the other colour go down.",
        "While the stock lasts, only pile tops go to the foundations.",
        "After the last deal, a pile top also goes on any pile one rank higher or lower.",
    ]
    if rules.lower_row_restriction:
        moves[1] = "While the stock lasts, a lower-row card goes only to the foundation right above it."
    if rules.wrap:
        moves.append("After the last deal, a King and an Ace build on each other.")
    deals = ("The stock deals one card to each of the eight piles; the last deal fills the upper row only.",)
    diagram = Diagram(
        (
            Pile((_c("Ah"), _c("2h")), fanned=False),
            Pile((_c("Ks"), _c("Qs")), fanned=False),
            Pile((_c("5c"), _c("3h"))),
        ),
        (2, 1, 0),
        "The 3♥ on top of a pile goes up on the 2♥; the spades go down from the King.",
    )
    return HowTo(rules.name, goal, tuple(moves), deals, diagram)


def _spidike_classic(rules: Ruleset) -> HowTo:
    goal = "Move every card to the four foundations, up by suit from the Ace."
    moves = (
        "Any card goes on a card one rank higher, whatever its suit; a run of one suit moves as a group.",
        "Only a King, or a run headed by a King, fills an empty pile.",
        "Cards go to the foundations one at a time.",
    )
    deals = ("The stock deals seven cards, one to each pile, and three at the end; empty piles do not stop it.",)
    diagram = Diagram(
        (
            Pile((_c("As"), _c("2s")), fanned=False),
            Pile((_c("9d"), _c("4c"), _c("3s"))),
            Pile((_c("Kh"), _c("Qh"))),
        ),
        (1, 2, 0),
        "The 3♠ goes up on the 2♠; only a King could start the pile that was empty.",
    )
    return HowTo(rules.name, goal, moves, deals, diagram)


def how_to_play(rules: Ruleset) -> HowTo:
    """The goal, the moves and the deals of ``rules``' game, and its diagram."""
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
        "A tap on a card sends it, with the cards on it, to its best place."
        if tap == "auto"
        else "A tap picks up a card and the cards on it; a tap on another pile puts them there."
    )
    return (
        ("Drag", "Drag a card, and the cards on it, onto the pile you want. A drop that breaks a rule says why."),
        ("Tap", tap_line),
        ("Stock", "A tap on the stock (or a draw pile) deals."),
        ("Undo", "↶ takes back a move, ↷ plays it again; the bulb shows a hint."),
        ("Settings", "More (⋯) → Settings chooses what a tap does, the cards, the table and the sounds."),
    )


FAIR_DEALS = (
    (
        "How a deal is made",
        "Every deal has a number, from 1 to 4,294,967,295, and the number alone decides the cards. It starts "
        "a published random number generator (SplitMix64), which shuffles the cards with the Fisher–Yates "
        "shuffle, with no bias. The same number gives the same cards on every device and in every version. "
        "Nothing about you goes into it: not your wins, your losses or your skill. No deal is made harder for you.",
    ),
    (
        "Random deals and winnable deals",
        "A new game takes a number at random. With “Winnable deals” on in a game's options, it takes one from a "
        "list of deals the game's solver has already won, shipped with the game: each of them can be won. Choose "
        "Easy, Medium, Hard or Expert to get a deal of that grade: the grade comes from how often a fixed "
        "computer player wins the deal, measured before the game shipped.",
    ),
    (
        "The daily deal",
        "Each game's daily deal comes from its list of winnable deals by a fixed rule over the date (a SHA-256 "
        "hash of the game and the date picks it). Everyone gets the same deal on the same day, with no server.",
    ),
    (
        "How a challenge is checked",
        "A challenge link holds the deal number and your friend's moves. Your device deals the same cards and "
        "plays their moves again, one by one, under the same rules. If a move is not possible, or the moves "
        "do not end the way the link says, the challenge is refused. What the challenge screen shows (how "
        "their game ended, their moves, their score) comes from that replay, never from the link's own words. "
        "Only their time is their word: no replay can measure it.",
    ),
    (
        "Read it for yourself",
        "The rules, the shuffle and the link format are written out in full in the game's documentation, "
        "and the code is open.",
    ),
)
"""Help's "Are the deals fair?": (heading, text) in plain words."""


FIRST_TIP = (
    "Drag a card, or a run of cards, onto a card one rank higher.",
    "Tap a card to send it to its best place. Tap the stock to deal.",
    "Stuck? The bulb shows a hint, ↶ takes a move back, and ? explains every game.",
)
"""The first-visit tip: three short steps, shown once (:mod:`ui.chrome.first_tip_view`)."""
