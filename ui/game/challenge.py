"""Challenge links: a game played, sent to a friend with no server (pure, no browser imports).

A challenge is an address, ``#challenge/<code>``, whose code holds the
game (preset, deal number, the options that change the rules), the
challenger's moves that stood (each a few bits) and how many they took back,
their claimed result
(how the game ended, moves, time, score) and an optional name.  The format is
versioned and documented in ``docs/challenge-links.md``.

Opening one never trusts its words: :func:`decode` reads it within fixed
bounds (a long, cut, damaged or hostile code is refused with a
:class:`ChallengeError` that says why), then :func:`check` replays the actions
on the engine and refuses a claim the replay does not give.  The figures a
page shows come from the replay (:class:`Checked`); only the time is the
challenger's word, since no replay can measure it.

>>> import engine
>>> g = engine.new_game("spider-1", deal=5)
>>> for text in ("c3>c7", "deal"):
...     _ = g.play_text(text)
>>> _ = g.undo()
>>> _ = g.resign()
>>> code = encode(record_of(g, 42, "Ann"))
>>> code
'AQhzcGlkZXItMQUAEgEq4gcBA0FubgFABXERQw'
>>> checked = check(decode(code))
>>> checked.name, checked.moves, checked.score, checked.end, checked.seconds
('Ann', 1, 497, 'resigned', 42)
"""

from __future__ import annotations

import base64
import binascii
import math
from dataclasses import dataclass
from typing import Literal

import engine
from engine import Move, OptionValue
from ui.chrome.messages import engine_error
from ui.i18n.text import Np_, _, n_, number, p_

__all__ = [
    "ENDS",
    "MAX_ACTIONS",
    "MAX_CODE",
    "MAX_NAME",
    "PREFIX",
    "VERSION",
    "ChallengeError",
    "Checked",
    "Claim",
    "beat_text",
    "check",
    "clean_name",
    "code_of",
    "decode",
    "encode",
    "progress_text",
    "record_of",
    "summary",
    "symbols",
    "who",
]

VERSION = 1
"""The format's version: the code's first byte."""
PREFIX = "challenge/"
"""The address fragment's start, after ``#``."""
MAX_CODE = 4000
"""The longest code read (characters): longer is refused before any decoding.
A 4-suit win of 1,000 actions takes about 600."""
MAX_ACTIONS = 2500
"""The most moves a code may hold, and the most undos it may claim (a long
4-suit game keeps under a thousand moves); it bounds the replay's work."""
MAX_NAME = 20
"""The longest name, in characters."""
ENDS = ("won", "stuck", "resigned", "time")
"""How a game ended, by its code (the index)."""

End = Literal["won", "stuck", "resigned", "time"]


class ChallengeError(ValueError):
    """A challenge code that cannot be used, with the sentence for the player.

    ``kind`` says which check refused it: ``long``, ``damaged`` (not a code, or
    cut short), ``version`` (made by a newer version), ``game`` (a game or
    option this version does not know), ``name``, ``replay`` (a move that is
    not legal there) or ``claim`` (the replay does not give the result claimed).
    """

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class Claim:
    """What a code holds, read but not yet checked."""

    preset: str
    deal: int
    options: dict[str, OptionValue]
    actions: tuple[int, ...]
    """Each move as its index among the position's moves (see :func:`symbols`)."""
    undos: int
    """Moves the challenger took back (each cost a point, as the rules score it)."""
    end: End
    moves: int
    seconds: int
    score: int
    name: str


@dataclass(frozen=True)
class Checked:
    """A challenge as its replay found it: the figures to show."""

    claim: Claim
    game: engine.Game
    """The challenger's game, replayed to its end."""
    line: tuple[Move, ...]
    """Their moves from the deal to the end, undone ones left out (for watching)."""
    runs_by_move: tuple[int, ...]
    """Runs (or foundation cards) completed after each number of moves of ``line``."""

    @property
    def preset(self) -> str:
        return self.claim.preset

    @property
    def deal(self) -> int:
        return self.claim.deal

    @property
    def options(self) -> dict[str, OptionValue]:
        return dict(self.claim.options)

    @property
    def name(self) -> str:
        return self.claim.name

    @property
    def seconds(self) -> int:
        return self.claim.seconds

    @property
    def end(self) -> str:
        reason = self.game.end_reason
        return str(reason) if reason is not None else "playing"

    @property
    def won(self) -> bool:
        return self.end == "won"

    @property
    def moves(self) -> int:
        return len(self.line)

    @property
    def score(self) -> int:
        return self.game.score

    def runs_at(self, moves: int) -> int:
        """Their completed runs by ``moves`` moves (their final count past their last move)."""
        return self.runs_by_move[max(0, min(moves, len(self.runs_by_move) - 1))]


# ---- the symbols of one position ---------------------------------------------------


def _move_key(m: Move) -> tuple[str, int, int, int]:
    return (str(m.kind), m.src, m.dst, m.count)


def symbols(game: engine.Game) -> list[Move]:
    """The moves open in ``game``, in the code's order: its legal moves sorted
    by (kind, from, to, count).

    The order is the format's, not the engine's: it stays the same if the
    engine lists its moves differently one day."""
    return sorted(game.legal_moves(), key=_move_key)


# ---- bits ----------------------------------------------------------------------------


class _Bits:
    """A bit writer: most significant bit first."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.count = 0

    def write(self, value: int, width: int) -> None:
        for i in range(width - 1, -1, -1):
            if self.count % 8 == 0:
                self.data.append(0)
            if (value >> i) & 1:
                self.data[-1] |= 0x80 >> (self.count % 8)
            self.count += 1


class _Reader:
    """A byte and bit reader over a bounded buffer; running out is :class:`ChallengeError`."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0
        self.bit = 0

    def _short(self) -> ChallengeError:
        return ChallengeError("damaged", _("This challenge link is cut short: copy the whole link and try again."))

    def byte(self) -> int:
        if self.pos >= len(self.data):
            raise self._short()
        b = self.data[self.pos]
        self.pos += 1
        return b

    def uint(self) -> int:
        """An unsigned LEB128 number of at most 5 bytes (32 bits)."""
        out = 0
        for shift in range(0, 35, 7):
            b = self.byte()
            out |= (b & 0x7F) << shift
            if not b & 0x80:
                return out
        raise ChallengeError("damaged", _("This challenge link is damaged: a number in it is too long."))

    def sint(self) -> int:
        z = self.uint()
        return (z >> 1) ^ -(z & 1)

    def text(self, limit: int) -> str:
        n = self.uint()
        if n > limit:
            raise ChallengeError("damaged", _("This challenge link is damaged: a word in it is too long."))
        if self.pos + n > len(self.data):
            raise self._short()
        raw = self.data[self.pos : self.pos + n]
        self.pos += n
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ChallengeError("damaged", _("This challenge link is damaged: its text is not readable.")) from None

    def bits(self, width: int) -> int:
        out = 0
        for _i in range(width):
            if self.pos >= len(self.data):
                raise self._short()
            out = (out << 1) | ((self.data[self.pos] >> (7 - self.bit)) & 1)
            self.bit += 1
            if self.bit == 8:
                self.bit = 0
                self.pos += 1
        return out


def _uint(out: bytearray, n: int) -> None:
    if n < 0:
        raise ValueError("a negative number where a count belongs")
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return


def _sint(out: bytearray, n: int) -> None:
    _uint(out, (n << 1) if n >= 0 else ((-n << 1) - 1))


def _text(out: bytearray, s: str) -> None:
    raw = s.encode("utf-8")
    _uint(out, len(raw))
    out += raw


def _write_index(bits: _Bits, index: int, n: int) -> None:
    """Truncated binary: of ``n`` choices, the first ``u`` take ``k`` bits, the rest ``k + 1``."""
    if n <= 1:
        return
    k = n.bit_length() - 1
    u = (1 << (k + 1)) - n
    if index < u:
        bits.write(index, k)
    else:
        bits.write(index + u, k + 1)


def _read_index(reader: _Reader, n: int) -> int:
    if n <= 1:
        return 0
    k = n.bit_length() - 1
    u = (1 << (k + 1)) - n
    value = reader.bits(k)
    if value < u:
        return value
    return ((value << 1) | reader.bits(1)) - u


# ---- names ---------------------------------------------------------------------------


def clean_name(text: str) -> str:
    """A challenger's name as the link carries it: trimmed, at most
    :data:`MAX_NAME` characters, printable (no control or direction mark).
    Raises :class:`ChallengeError` (kind ``name``) otherwise.

    >>> clean_name("  Ann  "), clean_name("")
    ('Ann', '')
    >>> clean_name("A\\u202eB")
    Traceback (most recent call last):
    ...
    ui.game.challenge.ChallengeError: A name can hold letters, digits, spaces and signs, but no control characters.
    """
    name = " ".join(text.split())
    if len(name) > MAX_NAME:
        raise ChallengeError("name", _("A name can be at most {n} characters long.").format(n=MAX_NAME))
    if not name.isprintable():
        raise ChallengeError("name", _("A name can hold letters, digits, spaces and signs, but no control characters."))
    return name


# ---- writing -------------------------------------------------------------------------


def record_of(game: engine.Game, seconds: float, name: str = "") -> Claim:
    """The claim of a finished ``game`` played in ``seconds``: what :func:`encode` writes.

    The time is written in whole seconds rounded up, which keeps a countdown's
    whole seconds left (Tournament Spider's time bonus) as the game counted them.

    Raises :class:`ChallengeError` for a game that cannot be sent (no deal
    number, not finished, undos that cannot be counted again) or a name
    that is not one (``name``)."""
    if game.deal is None:
        raise ChallengeError("game", _("Only a numbered deal can be sent as a challenge."))
    reason = game.end_reason
    if reason is None:
        raise ChallengeError("claim", _("Only a finished game can be sent as a challenge."))
    if len(game.moves) > MAX_ACTIONS or game.undos > MAX_ACTIONS:
        raise ChallengeError(
            "long", _("This game is too long for a link (more than {n} moves or undos).").format(n=number(MAX_ACTIONS))
        )
    replay = engine.new_game(game.preset, game.deal, **game.rules.option_values())
    indexes: list[int] = []
    for move in game.moves:
        open_now = symbols(replay)
        indexes.append(open_now.index(move))
        replay.play(move)
    defaults = engine.PRESETS[game.preset].option_values()
    claim = Claim(
        preset=game.preset,
        deal=game.deal,
        options={k: v for k, v in game.rules.option_values().items() if defaults.get(k) != v},
        actions=tuple(indexes),
        undos=game.undos,
        end=str(reason),  # type: ignore[arg-type]  # an EndReason is one of ENDS
        moves=len(game.moves),
        seconds=max(0, math.ceil(seconds)),
        score=game.score,
        name=clean_name(name),
    )
    check(claim)  # what the friend's page will do: a claim that cannot pass is not sent
    return claim


def encode(claim: Claim) -> str:
    """The code of a claim (base64url, no padding); see ``docs/challenge-links.md``."""
    out = bytearray([VERSION])
    _text(out, claim.preset)
    _uint(out, claim.deal)
    _uint(out, len(claim.options))
    for key, value in sorted(claim.options.items()):
        _text(out, key)
        if isinstance(value, bool):
            out.append(1 if value else 0)
        elif isinstance(value, int):
            out.append(2)
            _sint(out, value)
        else:
            out.append(3)
            _text(out, value)
    flags = ENDS.index(claim.end) | (0x10 if claim.name else 0)
    out.append(flags)
    _uint(out, claim.moves)
    _uint(out, claim.seconds)
    _sint(out, claim.score)
    _uint(out, claim.undos)
    if claim.name:
        _text(out, claim.name)
    _uint(out, len(claim.actions))
    bits = _Bits()
    replay = _start(claim)
    for index in claim.actions:
        open_now = symbols(replay)
        _write_index(bits, index, len(open_now))
        replay.play(open_now[index])
    out += bits.data
    out += binascii.crc32(bytes(out)).to_bytes(4, "big")
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def code_of(fragment: str) -> str | None:
    """The code of an address fragment that names a challenge, else None.

    >>> code_of("#challenge/AQhz"), code_of("#spider-1/5")
    ('AQhz', None)
    """
    text = fragment[1:] if fragment.startswith("#") else fragment
    if not text.startswith(PREFIX):
        return None
    return text[len(PREFIX) :]


# ---- reading -------------------------------------------------------------------------

_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def decode(code: str) -> Claim:
    """The claim a code holds, read within fixed bounds; not yet checked
    (:func:`check` replays it).  Raises :class:`ChallengeError`."""
    if len(code) > MAX_CODE:
        raise ChallengeError("long", _("This challenge link is far too long to be one: it was not opened."))
    code = code.strip().rstrip("=")
    if not code or any(c not in _ALPHABET for c in code) or len(code) % 4 == 1:
        raise ChallengeError("damaged", _("This is not a challenge link: part of it is missing or changed."))
    data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    if len(data) < 6:
        raise ChallengeError("damaged", _("This challenge link is cut short: copy the whole link and try again."))
    if binascii.crc32(data[:-4]).to_bytes(4, "big") != data[-4:] or data[0] == 0:
        raise ChallengeError(
            "damaged", _("This challenge link is damaged or cut short: copy the whole link and try again.")
        )
    if data[0] > VERSION:  # every version keeps the frame: version byte first, checksum last
        raise ChallengeError("version", _("This challenge was made by a newer version of the game: reload to update."))
    r = _Reader(data[:-4])
    r.byte()
    preset = r.text(40)
    deal = r.uint()
    options: dict[str, OptionValue] = {}
    for _i in range(min(r.uint(), 9)):
        key = r.text(40)
        tag = r.byte()
        if tag in (0, 1):
            options[key] = bool(tag)
        elif tag == 2:
            options[key] = r.sint()
        elif tag == 3:
            options[key] = r.text(40)
        else:
            raise ChallengeError("damaged", _("This challenge link is damaged: an option in it is not readable."))
    flags = r.byte()
    if flags & 0x0F >= len(ENDS) or flags & 0xE0:
        raise ChallengeError("damaged", _("This challenge link is damaged: its result is not readable."))
    end: End = ENDS[flags & 0x0F]  # type: ignore[assignment]  # ENDS holds the End words
    moves = r.uint()
    seconds = r.uint()
    score = r.sint()
    undos = r.uint()
    if undos > MAX_ACTIONS:
        raise ChallengeError(
            "long",
            _("This challenge claims {n} undos; a link holds at most {most}.").format(
                n=number(undos), most=number(MAX_ACTIONS)
            ),
        )
    name = r.text(4 * MAX_NAME) if flags & 0x10 else ""
    if clean_name(name) != name or (flags & 0x10 and not name):
        raise ChallengeError("name", _("This challenge's name is not one a link may carry: it was not opened."))
    count = r.uint()
    if count > MAX_ACTIONS:
        raise ChallengeError(
            "long",
            _("This challenge claims {n} moves; a link holds at most {most}.").format(
                n=number(count), most=number(MAX_ACTIONS)
            ),
        )
    claim = Claim(preset, deal, options, (), undos, end, moves, seconds, score, name)
    replay = _start(claim)
    actions: list[int] = []
    for _i in range(count):
        open_now = symbols(replay)
        if not open_now:
            raise _no_replay(len(actions))
        index = _read_index(r, len(open_now))
        if index >= len(open_now):
            raise _no_replay(len(actions))
        replay.play(open_now[index])
        actions.append(index)
    if len(data) - 4 - r.pos - (1 if r.bit else 0) != 0:
        raise ChallengeError("damaged", _("This challenge link is damaged: it goes on past its end."))
    return Claim(preset, deal, options, tuple(actions), undos, end, moves, seconds, score, name)


def _no_replay(done: int) -> ChallengeError:
    return ChallengeError(
        "replay", _("This challenge's moves do not replay: action {n} is not possible on its deal.").format(n=done + 1)
    )


def _start(claim: Claim) -> engine.Game:
    """The claim's deal, new; its game and options checked."""
    rules = engine.PRESETS.get(claim.preset)
    if rules is None:
        raise ChallengeError(
            "game",
            _("This challenge is for a game this version does not have ({game}).").format(game=repr(claim.preset)),
        )
    try:
        return engine.new_game(claim.preset, claim.deal, **claim.options)
    except engine.EngineError as e:
        raise ChallengeError(
            "game", _("This challenge's game cannot be set up: {reason}").format(reason=engine_error(e))
        ) from None


def _take_back(game: engine.Game, undos: int) -> None:
    """Count ``undos`` taken-back moves into ``game`` as the rules score them: a
    move played and taken back costs two points (the move and the undo) and
    leaves the position as it was.  The first move that can be taken back
    serves; a position with none cannot have seen an undo."""
    if not undos:
        return
    for move in symbols(game):
        if move.kind == engine.DRAW:
            continue  # a draw pile's deal is never taken back
        game.play(move)
        if game.can_undo:
            game.undo()
            for _i in range(undos - 1):
                game.redo()
                game.undo()
            return
        raise _mismatch(_("it claims undos where none could be made"))  # pragma: no cover - barrier at a start
    raise _mismatch(_("it claims undos where none could be made"))


def check(claim: Claim) -> Checked:
    """Replay a claim on the engine and compare what it gives with what it says.

    The replay plays every action; the challenger's time is reported to the
    game before the last action (Tournament Spider's time bonus, or its clock
    running out).  A result that differs from the claim (how it ended, the
    moves, the score) is :class:`ChallengeError` (kind ``claim``)."""
    game = _start(claim)
    rules = game.rules
    if rules.time_limit is not None and claim.seconds > rules.time_limit and claim.end != "time":
        raise _mismatch(_("its time is past the game's time limit"))
    # The claim's seconds are the time played rounded up (record_of): half a second
    # less gives the countdown's whole seconds left, and so its bonus, exactly.
    clock = float(claim.seconds) if claim.end == "time" else max(0.0, claim.seconds - 0.5)
    _take_back(game, claim.undos)
    runs = [_done(game)]
    for i, index in enumerate(claim.actions):
        if i == len(claim.actions) - 1 and claim.end in ("won", "stuck"):
            game.set_elapsed(clock)
        open_now = symbols(game)
        if index >= len(open_now):
            raise _no_replay(i)
        game.play(open_now[index])
        runs.append(_done(game))
    if game.end_reason is None or claim.end in ("resigned", "time") or not claim.actions:
        game.set_elapsed(clock)
    if claim.end == "resigned" and game.end_reason in (None, engine.EndReason.STUCK):
        game.resign()
    reason = str(game.end_reason) if game.end_reason is not None else "playing"
    if reason != claim.end:
        said, found = _end_words(claim.end), _end_words(reason)
        raise _mismatch(_("it says the game was {said}, but the moves give {found}").format(said=said, found=found))
    if len(game.moves) != claim.moves:
        raise _mismatch(
            _("it claims {said} moves, but the moves give {found}").format(said=claim.moves, found=len(game.moves))
        )
    if game.score != claim.score:
        raise _mismatch(
            _("it claims a score of {said}, but the moves give {found}").format(said=claim.score, found=game.score)
        )
    return Checked(claim, game, tuple(game.moves), tuple(runs))


def _done(game: engine.Game) -> int:
    """Runs completed (Spider), or cards on the foundations (games built up on them)."""
    if game.rules.completion != "none":
        return game.runs_removed()
    return sum(len(f) for f in game.position.foundations)


_END_WORDS = {
    "won": Np_("a game that was", "won"),
    "stuck": Np_("a game that was", "stuck with no moves"),
    "resigned": Np_("a game that was", "ended"),
    "time": Np_("a game that was", "out of time"),
    "playing": Np_("a game that was", "still in play"),
}


def _end_words(reason: str) -> str:
    word = _END_WORDS.get(reason)
    return p_("a game that was", word) if word is not None else reason


def _mismatch(what: str) -> ChallengeError:
    return ChallengeError("claim", _("This challenge does not add up: {what}. It was not opened.").format(what=what))


# ---- the words around a challenge ----------------------------------------------------


def who(checked: Checked) -> str:
    """``Ann`` or ``Your friend``."""
    return checked.name or _("Your friend")


def summary(checked: Checked) -> str:
    """What they did, from the replay.

    >>> g = engine.new_game("spider-1", deal=5)
    >>> _ = g.resign()
    >>> summary(check(decode(encode(record_of(g, 0)))))
    'Ended the game after 0 moves, score 500.'
    """
    n, score = checked.moves, number(checked.score)
    if checked.end == "won":
        text = n_("Won in {n} move, score {score}.", "Won in {n} moves, score {score}.", n)
    elif checked.end == "stuck":
        text = n_(
            "Ran out of moves after {n} move, score {score}.", "Ran out of moves after {n} moves, score {score}.", n
        )
    elif checked.end == "resigned":
        text = n_("Ended the game after {n} move, score {score}.", "Ended the game after {n} moves, score {score}.", n)
    elif checked.end == "time":
        text = n_(
            "Ran out of time after {n} move, score {score}.", "Ran out of time after {n} moves, score {score}.", n
        )
    else:
        text = n_("Played {n} move, score {score}.", "Played {n} moves, score {score}.", n)
    return text.format(n=n, score=score)


def beat_text(checked: Checked, won: bool, moves: int, score: int) -> str:
    """The verdict at the end of the player's game against a challenge.

    A win beats a loss; between two wins, fewer moves win (then the higher
    score); between two losses, the higher score.

    >>> g = engine.new_game("spider-1", deal=5)
    >>> _ = g.resign()
    >>> c = check(decode(encode(record_of(g, 0, "Ann"))))
    >>> beat_text(c, True, 120, 900)
    'You beat Ann’s challenge: you won, they did not.'
    >>> beat_text(c, False, 3, 497)
    'Ann’s challenge stands: their score of 500 beats your 497.'
    """
    named = bool(checked.name)
    fields = {"name": checked.name, "score": number(score), "theirs": number(checked.score)}
    if won and not checked.won:
        text = (
            _("You beat {name}’s challenge: you won, they did not.")
            if named
            else _("You beat the challenge: you won, they did not.")
        )
        return text.format(**fields)
    if checked.won and not won:
        text = (
            _("{name}’s challenge stands: they won, you did not this time.")
            if named
            else _("The challenge stands: they won, you did not this time.")
        )
        return text.format(**fields)
    if won:
        diff = checked.moves - moves
        if diff > 0:
            text = (
                n_("You beat {name}’s challenge by {n} move.", "You beat {name}’s challenge by {n} moves.", diff)
                if named
                else n_("You beat the challenge by {n} move.", "You beat the challenge by {n} moves.", diff)
            )
            return text.format(n=diff, **fields)
        if diff < 0:
            text = (
                n_(
                    "{name}’s challenge stands: they won in {n} move fewer.",
                    "{name}’s challenge stands: they won in {n} moves fewer.",
                    -diff,
                )
                if named
                else n_(
                    "The challenge stands: they won in {n} move fewer.",
                    "The challenge stands: they won in {n} moves fewer.",
                    -diff,
                )
            )
            return text.format(n=-diff, **fields)
    if score > checked.score:
        text = (
            _("You beat {name}’s challenge: your score of {score} beats their {theirs}.")
            if named
            else _("You beat the challenge: your score of {score} beats their {theirs}.")
        )
    elif score < checked.score:
        text = (
            _("{name}’s challenge stands: their score of {theirs} beats your {score}.")
            if named
            else _("The challenge stands: their score of {theirs} beats your {score}.")
        )
    else:
        text = (
            _("A tie with {name}’s challenge: the same moves and score.")
            if named
            else _("A tie with the challenge: the same moves and score.")
        )
    return text.format(**fields)


def progress_text(checked: Checked, moves: int, short: bool = False) -> str:
    """The header's quiet line: what they had done by the same move count
    (``moves``, the player's), or how their game ended once past its length;
    ``short`` for a phone's header.

    >>> g = engine.new_game("spider-1", deal=5)
    >>> _ = g.play(g.legal_moves()[0])
    >>> _ = g.resign()
    >>> c = check(decode(encode(record_of(g, 0, "Ann"))))
    >>> progress_text(c, 0), progress_text(c, 4)
    ('Ann: 0 runs by move 0', 'Ann: ended after 1 move')
    >>> progress_text(c, 0, short=True), progress_text(c, 4, short=True)
    ('Ann 0/8', 'Ann ended')
    """
    name = who(checked) if checked.name else _("Them")
    rules = checked.game.rules
    if moves >= checked.moves and checked.moves > 0:
        if short:
            state = p_("challenger's game, short", ENDED_SHORT.get(checked.end, ENDED_SHORT["resigned"]))
            return _("{name} {state}").format(name=name, state=state)
        n = checked.moves
        if checked.end == "won":
            text = n_("{name}: won in {n} move", "{name}: won in {n} moves", n)
        elif checked.end == "stuck":
            text = n_("{name}: stuck after {n} move", "{name}: stuck after {n} moves", n)
        elif checked.end == "resigned":
            text = n_("{name}: ended after {n} move", "{name}: ended after {n} moves", n)
        elif checked.end == "time":
            text = n_("{name}: out of time after {n} move", "{name}: out of time after {n} moves", n)
        else:
            text = n_("{name}: played {n} move", "{name}: played {n} moves", n)
        return text.format(name=name, n=n)
    done = checked.runs_at(moves)
    if short:
        total = rules.runs_to_win if rules.completion != "none" else 13 * len(rules.suits) * rules.copies
        return f"{name} {done}/{total}"
    if rules.completion != "none":
        text = n_("{name}: {n} run by move {move}", "{name}: {n} runs by move {move}", done)
    else:
        text = n_("{name}: {n} card up by move {move}", "{name}: {n} cards up by move {move}", done)
    return text.format(name=name, n=done, move=moves)


ENDED_SHORT = {
    "won": Np_("challenger's game, short", "won"),
    "stuck": Np_("challenger's game, short", "stuck"),
    "resigned": Np_("challenger's game, short", "ended"),
    "time": Np_("challenger's game, short", "timed out"),
}
