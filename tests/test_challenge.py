"""Challenge links (pure): the round trip, links made on the format's first
day that must keep opening, and hostile codes refused within fixed bounds.

The hostile codes are written here byte by byte (:func:`raw`), from the
format's description in docs/challenge-links.md, not with the module's own
writer: a code the writer would never make is exactly what a hostile link is.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import functools
import re
import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from solver import solve
from ui.game import challenge
from ui.game.challenge import ChallengeError

# Links made when the format was first shipped: every later version opens them,
# with these figures.  Never change them; add new ones for a new version.
FIXED = {
    # 1-suit Spider, deal 1, won in 111 moves by "Ann" (the solver's line), 312 s
    "AQhzcGlkZXItMQEAEG-4AsoSAANBbm5vV3aWy6__yrn90Pgb7NtkkMn_tv7_WR1bUuFs9ZV8sy8HDpNe8b-dKIAGvOSE172T"
    "zJcLz36ainkw5bnh3BXA7N5s2g": ("spider-1", 1, {}, "won", 111, 1189, 312, "Ann"),
    # 4-suit Spider, deal 7: 12 moves stood, 3 undone, then End; a name with a non-ASCII letter and sign
    "AQhzcGlkZXItNAcAEgxfxAcDCFpvw6sg4piCDCnv-0UQb2BOpA": ("spider-4", 7, {}, "resigned", 12, 482, 95, "Zoë ☂"),
    # Tournament Spider, 1 suit, deal 3 with a 5-minute limit: out of time after 10 moves, no name
    "AQx0b3VybmFtZW50LTEDAQp0aW1lX2xpbWl0AtgEAwqtApYBAApbbbbaiEsz6Q": (
        "tournament-1",
        3,
        {"time_limit": 300},
        "time",
        10,
        75,
        301,
        "",
    ),
    # Little Spider, deal 2, won in 196 moves by "Bo"
    "AQ1saXR0bGUtc3BpZGVyAgAQxAF4aAACQm_EAQI4AAA9gP3ESW1F0Sv55AAp8ppt94CivfKabfJf2iXEqH_inOHFG_AKEBphAA8AAmAtUhG4": (
        "little-spider",
        2,
        {},
        "won",
        196,
        52,
        120,
        "Bo",
    ),
}


@functools.cache
def solved_line(preset: str, deal: int) -> tuple[engine.Move, ...]:
    g = engine.new_game(preset, deal)
    result = solve(g.rules, g.position, max_nodes=400_000)
    assert result.moves, f"the solver wins {preset} deal {deal}"
    return tuple(result.moves)


def won_game(preset: str, deal: int) -> engine.Game:
    g = engine.new_game(preset, deal)
    for move in solved_line(preset, deal):
        g.play(move)
    assert g.status == "won"
    return g


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def uint(n: int) -> bytes:
    out = bytearray()
    while True:
        b, n = n & 0x7F, n >> 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def raw(body: bytes, version: int = 1) -> str:
    """A code from its body (after the version byte), with a good checksum."""
    data = bytes([version]) + body
    return b64(data + binascii.crc32(data).to_bytes(4, "big"))


def body(
    preset: str = "spider-1",
    deal: int = 5,
    end: int = 2,
    moves: int = 0,
    seconds: int = 0,
    score: int = 500,
    undos: int = 0,
    name: bytes | None = None,
    actions: int = 0,
    bits: bytes = b"",
) -> bytes:
    """A version 1 body, field by field (docs/challenge-links.md)."""
    p = preset.encode()
    out = uint(len(p)) + p + uint(deal) + uint(0)
    out += bytes([end | (0x10 if name is not None else 0)]) + uint(moves) + uint(seconds) + uint(score * 2)
    out += uint(undos)
    if name is not None:
        out += uint(len(name)) + name
    return out + uint(actions) + bits


def refused(code: str) -> ChallengeError:
    with pytest.raises(ChallengeError) as caught:
        challenge.check(challenge.decode(code))
    assert str(caught.value)  # a sentence for the player
    return caught.value


# ---- round trips ------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "deal"), [("spider-1", 1), ("spider-2", 3), ("spider-4", 4)])
def test_a_won_game_round_trips_and_its_figures_come_from_the_replay(preset: str, deal: int) -> None:
    g = won_game(preset, deal)
    code = challenge.encode(challenge.record_of(g, 431, "Ann"))
    checked = challenge.check(challenge.decode(code))
    assert (checked.preset, checked.deal, checked.won, checked.name, checked.seconds) == (
        preset,
        deal,
        True,
        "Ann",
        431,
    )
    assert checked.line == tuple(g.moves)
    assert (checked.moves, checked.score) == (len(g.moves), g.score)
    assert checked.runs_at(0) == 0 and checked.runs_at(len(g.moves)) == 8
    assert len(code) < 600  # short enough for a chat


def test_undos_are_counted_again_as_the_score_counts_them() -> None:
    g = engine.new_game("spider-2", 11)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    g.undo()
    g.undo()
    g.redo()
    g.resign()
    claim = challenge.record_of(g, 60)
    assert claim.undos == 2
    checked = challenge.check(challenge.decode(challenge.encode(claim)))
    assert (checked.score, checked.moves, checked.end) == (g.score, len(g.moves), "resigned")
    assert checked.game.score_breakdown() == g.score_breakdown()


@pytest.mark.parametrize("elapsed", [0.4, 59.5, 123.0, 299.99])
@pytest.mark.parametrize("how", ["won", "resigned", "time"])
def test_a_countdown_s_bonus_replays_from_the_time_played(elapsed: float, how: str) -> None:
    line = solved_line("tournament-1", 4)
    g = engine.new_game("tournament-1", 4)
    played = line if how == "won" else line[: len(line) * 2 // 3]
    for i, move in enumerate(played):
        if how == "won" and i == len(played) - 1:
            g.set_elapsed(elapsed)  # the page's clock, before the winning move
        g.play(move)
    assert g.runs_removed() > 0
    if how == "resigned":
        g.set_elapsed(elapsed)
        g.resign()
    if how == "time":
        g.set_elapsed(elapsed + (g.rules.time_limit or 0))
    assert str(g.end_reason) == how
    assert g.score_breakdown()["time_bonus"] > 0 or how == "time"
    checked = challenge.check(challenge.decode(challenge.encode(challenge.record_of(g, g.elapsed))))
    assert (checked.score, checked.end) == (g.score, how)
    assert checked.game.score_breakdown() == g.score_breakdown()


def test_options_that_change_the_rules_travel() -> None:
    g = engine.new_game("spider-4", 9, relaxed_deal=True)
    g.resign()
    checked = challenge.check(challenge.decode(challenge.encode(challenge.record_of(g, 3))))
    assert checked.options == {"relaxed_deal": True}
    assert checked.game.rules.relaxed_deal


@pytest.mark.parametrize("code", list(FIXED))
def test_links_made_on_the_first_day_still_open(code: str) -> None:
    preset, deal, options, end, moves, score, seconds, name = FIXED[code]
    checked = challenge.check(challenge.decode(code))
    assert (checked.preset, checked.deal, checked.options) == (preset, deal, options)
    assert (checked.end, checked.moves, checked.score, checked.seconds, checked.name) == (
        end,
        moves,
        score,
        seconds,
        name,
    )


@given(
    deal=st.integers(engine.MIN_DEAL, engine.MAX_DEAL),
    steps=st.lists(st.integers(0, 40), max_size=30),
    seconds=st.integers(0, 10**6),
    name=st.text(alphabet=st.characters(categories=["L", "N", "P", "S"]), max_size=20),
)
def test_any_finished_game_round_trips(deal: int, steps: list[int], seconds: int, name: str) -> None:
    g = engine.new_game("spider-2", deal)
    for step in steps:
        moves = g.legal_moves()
        if not moves:
            break
        if step == 0 and g.can_undo:
            g.undo()
        else:
            g.play(moves[step % len(moves)])
    if g.status == "playing":
        g.resign()
    claim = challenge.record_of(g, seconds, name)
    checked = challenge.check(challenge.decode(challenge.encode(claim)))
    assert (checked.moves, checked.score, checked.end) == (len(g.moves), g.score, str(g.end_reason))
    assert checked.line == tuple(g.moves) and checked.name == challenge.clean_name(name)


# ---- refused ----------------------------------------------------------------------------


def test_a_100_kb_link_is_refused_before_it_is_read() -> None:
    code = "A" * 100_000
    tracemalloc.start()
    try:
        error = refused(code)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert error.kind == "long"
    assert peak < 64_000  # nothing the size of the link was made from it


def test_every_cut_of_a_link_is_refused() -> None:
    code = next(iter(FIXED))
    for n in range(len(code)):
        assert refused(code[:n]).kind == "damaged"


def test_one_character_changed_is_refused_as_damaged() -> None:
    code = next(iter(FIXED))
    for i in range(0, len(code), 7):
        changed = code[:i] + ("B" if code[i] != "B" else "C") + code[i + 1 :]
        assert refused(changed).kind == "damaged"


def test_one_move_changed_does_not_add_up() -> None:
    """A move changed, with a good checksum (a forger's link): refused when the
    replay no longer gives the claim; one that still does is a real game of
    that result (another order of the same moves), and its figures are the replay's."""
    g = won_game("spider-1", 2)
    claim = challenge.record_of(g, 100)
    kinds = []
    for i in range(0, len(claim.actions), 5):
        other = (claim.actions[i] + 1) % len(challenge.symbols(_replayed(g, i)))
        tampered = dataclasses.replace(claim, actions=(*claim.actions[:i], other, *claim.actions[i + 1 :]))
        try:
            code = challenge.encode(tampered)
        except (engine.IllegalMove, IndexError):
            continue  # the changed move makes a later one impossible: not even writable
        try:
            checked = challenge.check(challenge.decode(code))
        except ChallengeError as e:
            kinds.append(e.kind)
            continue
        replay = engine.new_game("spider-1", 2)
        for move in checked.line:
            replay.play(move)
        assert replay.status == "won" and len(checked.line) == claim.moves
    assert kinds and set(kinds) <= {"claim", "replay"}


def _replayed(g: engine.Game, n: int) -> engine.Game:
    out = engine.new_game(g.preset, g.deal)
    for m in g.moves[:n]:
        out.play(m)
    return out


def test_a_claim_the_replay_does_not_give_is_refused() -> None:
    g = won_game("spider-1", 3)
    claim = challenge.record_of(g, 100)
    for wrong in (
        dataclasses.replace(claim, score=claim.score + 100),
        dataclasses.replace(claim, moves=claim.moves - 10),
        dataclasses.replace(claim, end="resigned"),
        dataclasses.replace(claim, undos=3),
    ):
        error = refused(challenge.encode(wrong))
        assert error.kind == "claim" and "does not add up" in str(error)


def test_moves_past_the_end_do_not_replay() -> None:
    # a resigned game of no moves that claims one action: the body ends in one bit
    g = won_game("spider-1", 1)
    claim = challenge.record_of(g, 10)
    code = challenge.encode(dataclasses.replace(claim, actions=claim.actions))
    data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))[:-4]
    count = uint(len(claim.actions))
    at = data.rindex(count, 0, len(data) - (len(claim.actions) // 3))  # the count before the bits
    more = data[:at] + uint(len(claim.actions) + 40) + data[at + len(count) :] + b"\0" * 8
    assert refused(raw(more[1:])).kind == "replay"


def test_hostile_bodies_are_refused() -> None:
    cases = {
        "version": raw(body(), version=2),
        "game": raw(body(preset="spider-9")),
    }
    for kind, code in cases.items():
        assert refused(code).kind == kind
    damaged = [
        raw(body(), version=0),
        raw(body(end=9)),
        raw(body() + b"\x00\x00"),  # goes on past its end
        raw(body(name=b"\xff\xfe")),  # not UTF-8
        raw(body(deal=0)),
        raw(b"\xff\xff\xff\xff\xff\xff\x01"),  # a number too long
        raw(body(preset="x" * 200)),
        "not a link!",
        "",
        "====",
    ]
    for code in damaged:
        assert refused(code).kind in ("damaged", "game")
    assert refused(raw(body(actions=10**9))).kind == "long"
    assert refused(raw(body(undos=10**9))).kind == "long"


def test_a_game_too_long_for_a_link_is_not_sent() -> None:
    g = engine.new_game("spider-1", 5)
    move = g.legal_moves()[0]
    for _ in range(challenge.MAX_ACTIONS + 1):
        g.play(move)
        g.undo()
    g.resign()
    with pytest.raises(ChallengeError) as caught:
        challenge.record_of(g, 10)
    assert caught.value.kind == "long"


def test_names_too_long_or_with_control_characters_are_refused() -> None:
    assert refused(raw(body(name=("x" * 21).encode()))).kind == "name"
    for bad in ("A\nB", "A\u202eB", "\x00", "A\u200bB"):
        assert refused(raw(body(name=bad.encode()))).kind == "name"
    with pytest.raises(ChallengeError):
        challenge.clean_name("x" * 21)
    assert challenge.clean_name("  Zoë   ☂ ") == "Zoë ☂"


@given(st.binary(max_size=300))
def test_random_bytes_are_refused(data: bytes) -> None:
    for code in (b64(data), raw(data), raw(body() + data)):
        try:
            challenge.check(challenge.decode(code))
        except ChallengeError:
            pass


@given(st.text(max_size=200))
def test_random_text_is_refused_or_read(text: str) -> None:
    try:
        challenge.check(challenge.decode(text))
    except ChallengeError:
        pass


# ---- the words ----------------------------------------------------------------------------


def test_the_verdict() -> None:
    checked = challenge.check(challenge.decode(next(iter(FIXED))))  # Ann won in 111 moves
    assert challenge.beat_text(checked, True, 88, 1200) == "You beat Ann’s challenge by 23 moves."
    assert challenge.beat_text(checked, True, 120, 1180) == "Ann’s challenge stands: they won in 9 moves fewer."
    assert challenge.beat_text(checked, False, 50, 600) == "Ann’s challenge stands: they won, you did not this time."
    assert challenge.progress_text(checked, 0) == "Ann: 0 runs by move 0"
    assert challenge.progress_text(checked, 111) == "Ann: won in 111 moves"
    assert challenge.progress_text(checked, 40, short=True) == f"Ann {checked.runs_at(40)}/8"
    assert challenge.progress_text(checked, 200, short=True) == "Ann won"
    little = challenge.check(challenge.decode(list(FIXED)[3]))
    assert challenge.progress_text(little, 0, short=True) == "Bo 0/52"


def test_an_address_names_a_challenge() -> None:
    assert challenge.code_of("#challenge/AQhz") == "AQhz"
    assert challenge.code_of("#spider-1/3") is None


def test_help_says_how_deals_are_made_as_the_engine_and_the_daily_rule_do() -> None:
    from engine import rng
    from ui.game import daily
    from ui.helpers.grades import grade_word
    from ui.screens.help import fair_deals

    text = " ".join(t for _, t in fair_deals())
    assert f"{engine.MIN_DEAL} to {engine.MAX_DEAL:,}" in text
    for word in ("SplitMix64", "Fisher–Yates"):
        assert word in text and word in (rng.__doc__ or "")
    assert "SHA-256" in text and "SHA-256" in (daily.__doc__ or "")
    # the weekly rhythm of grades, as the daily rule has it
    days = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    rhythm = re.search(r"picks the grade: ([^(]*) \(", text)
    assert rhythm, text
    said: dict[str, str] = {}
    for part in rhythm.group(1).split(", "):  # "Medium on Wednesday and Thursday"
        grade, _, on = part.partition(" on ")
        said |= dict.fromkeys(on.split(" and "), grade)
    assert said == {day: grade_word(x) for day, x in zip(days, daily.WEEK_GRADES, strict=True)}
    assert [h for h, _ in fair_deals()][:4] == [
        "How a deal is made",
        "Random deals and winnable deals",
        "The daily deal",
        "How a challenge is checked",
    ]
