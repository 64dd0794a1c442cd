"""Cards as small integers, and their text forms.

A card is an ``int``: ``rank << 2 | suit`` with ranks 1 (Ace) to 13 (King)
and suits 0–3 in the order spades, hearts, diamonds, clubs.  That packing
makes the two checks Spider needs most cheap: ``c >> 2`` is the rank, and a
card ``below`` continues a same-suit descending run onto ``top`` exactly when
``below == top + 4``.

The text form is rank then suit, as players write it::

    >>> from engine.cards import parse_card, card_text, card_words
    >>> card = parse_card("Th")
    >>> card_text(card), card_words(card)
    ('Th', 'ten of hearts')
    >>> rank(parse_card("Ks")), suit_of(parse_card("Ks"))
    (13, 0)

A face-down card is written with a leading ``*`` in full notation (``*Ks``),
and a card whose identity is hidden from the player as ``??``.

Two types tell a card from a card's identity.  A :data:`Card` is a face:
the two Tens of hearts of a two-deck game are the same ``Card``, and the
engine's positions, moves and events hold Cards.  A :data:`CardId` is one
physical card: it tells those two Tens apart, and only the page keeps it
(its card tracker, ``ui.table.cards.Tracker``, follows each physical card
from pile to pile so that the right element flies).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NewType

from .errors import NotationError

Card = NewType("Card", int)
"""A card's face, ``rank << 2 | suit``: equal faces are equal Cards."""
CardId = NewType("CardId", int)
"""One physical card of a game: its identity, which tells equal faces apart."""

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUIT_CHARS = "shdc"
RANK_CHARS = "A23456789TJQK"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = (
    "",
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
ACE, KING = 1, 13
FACE_DOWN_MARK = "*"
HIDDEN = "??"


def make_card(rank_: int, suit: int) -> Card:
    """The card of ``rank_`` (1–13) and ``suit`` (0–3).

    >>> card_text(make_card(12, HEARTS))
    'Qh'
    """
    return Card(rank_ << 2 | suit)


def rank(card: Card) -> int:
    """The rank of ``card``, 1 (Ace) to 13 (King)."""
    return card >> 2


def suit_of(card: Card) -> int:
    """The suit of ``card``, 0–3 (spades, hearts, diamonds, clubs)."""
    return card & 3


def is_red(card: Card) -> bool:
    """Whether ``card`` is a heart or a diamond."""
    return (card & 3) in (HEARTS, DIAMONDS)


def card_text(card: Card) -> str:
    """The two-character text of ``card``, such as ``Ks`` or ``Th``."""
    return RANK_CHARS[(card >> 2) - 1] + SUIT_CHARS[card & 3]


def card_symbol(card: Card) -> str:
    """A short display form with the suit symbol: ``'10♥'``, ``'K♠'``.

    >>> card_symbol(parse_card("Th"))
    '10♥'
    """
    r = card >> 2
    label = "10" if r == 10 else RANK_CHARS[r - 1]
    return label + SUIT_SYMBOLS[card & 3]


def card_words(card: Card) -> str:
    """The card in words, for sentences and screen readers: ``'king of spades'``."""
    return f"{RANK_NAMES[card >> 2]} of {SUIT_NAMES[card & 3]}"


def rank_words(rank_: int) -> str:
    """A rank with its article, for sentences: ``'an eight'``, ``'a king'``.

    >>> rank_words(8), rank_words(13), rank_words(1)
    ('an eight', 'a king', 'an ace')
    """
    name = RANK_NAMES[rank_]
    return ("an " if name[0] in "aeiou" else "a ") + name


def parse_card(text: str) -> Card:
    """Parse a card's text (``Ks``, ``th``, ``10h`` also accepted).

    Raises :class:`NotationError` with a readable reason.

    >>> card_text(parse_card("10d"))
    'Td'
    >>> parse_card("Xz")
    Traceback (most recent call last):
    ...
    engine.errors.NotationError: 'Xz' is not a card (write a rank A23456789TJQK and a suit shdc, like Ks)
    """
    t = text.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) == 2:
        r = RANK_CHARS.find(t[0].upper())
        s = SUIT_CHARS.find(t[1].lower())
        if r >= 0 and s >= 0:
            return make_card(r + 1, s)
    raise NotationError(f"{text!r} is not a card (write a rank {RANK_CHARS} and a suit {SUIT_CHARS}, like Ks)")


def make_deck(suits: str, copies: int) -> list[Card]:
    """The unshuffled deck: ``copies`` of every rank of every suit in ``suits``.

    The order is fixed forever because deal numbers depend on it: for each
    copy, for each suit in the order given, Ace up to King.

    >>> [card_text(c) for c in make_deck("s", 1)][:3]
    ['As', '2s', '3s']
    >>> len(make_deck("shdc", 2))
    104
    """
    deck: list[Card] = []
    suit_ids = [SUIT_CHARS.index(s) for s in suits]
    for _ in range(copies):
        for s in suit_ids:
            for r in range(ACE, KING + 1):
                deck.append(make_card(r, s))
    return deck


def deck_counter(suits: str, copies: int) -> Counter[Card]:
    """How many of each card the deck holds."""
    return Counter(make_deck(suits, copies))


def cards_text(cards: Iterable[Card]) -> str:
    """Space-separated texts of ``cards``, for messages and tests."""
    return " ".join(card_text(c) for c in cards)
