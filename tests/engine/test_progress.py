"""The "No more useful moves" check (engine/progress.py): it fires on built
dead ends in every Spider-family game, and it is never wrong: it agrees with
an exhaustive search that knows every card, and it never fires where the
full-information solver finds a win."""

from __future__ import annotations

import random
from collections import deque

import pytest
from enginetest import game

import engine
from engine.play import legal_moves, next_position
from engine.position import Position
from engine.progress import DEAD_END, PROGRESS, UNKNOWN, ProgressCheck
from engine.rules import Ruleset
from solver import SOLVED, solve


def knows_every_card(rules: Ruleset, pos: Position, limit: int = 50_000) -> bool | None:
    """Whether some line of play turns up a card, empties one more column or
    puts a card home, searched exhaustively over the real cards (None: too big)."""
    if pos.stock_count():
        return True
    down, empty = sum(pos.down), sum(1 for c in pos.tableau if not c)
    home = sum(len(f) for f in pos.foundations)
    seen = {pos}
    queue = deque([pos])
    while queue:
        if len(seen) > limit:
            return None
        at = queue.popleft()
        for m in legal_moves(rules, at):
            nxt = next_position(rules, at, m)
            if (
                sum(nxt.down) < down
                or sum(1 for c in nxt.tableau if not c) > empty
                or sum(len(f) for f in nxt.foundations) > home
            ):
                return True
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return False


# Dead ends built by hand: the stock is empty, a card can still be moved back and
# forth (so the game is not over by the rules), and nothing useful can happen.
SHUFFLE = ["*As6s5s", "*2s6s"]  # the 5 moves between the two 6s and back
DEAD_ENDS = {
    "spider-1": SHUFFLE + ["*3sKs", "*4sKs", "*5sKs", "*6sKs", "*7sKs", "*8sKs", "*9sKs", "*Ts9s"],
    "spider-2": SHUFFLE + ["*3hKs", "*4hKh", "*5hKs", "*6hKh", "*7hKs", "*8hKh", "*9hKs", "*Th9h"],
    "spider-4": SHUFFLE + ["*3hKs", "*4dKh", "*5cKd", "*6hKc", "*7dKs", "*8cKh", "*9hKd", "*Td9c"],
    "spider-relaxed": SHUFFLE + ["*3hKs", "*4dKh", "*5cKd", "*6hKc", "*7dKs", "*8cKh", "*9hKd", "*Td9c"],
    "spider-easy": SHUFFLE + ["*3hKs", "*4dKh", "*5cKd", "*6hKc", "*7dKs", "*8cKh", "*9hKd", "*Td9c"],
    "spidike": SHUFFLE + ["*3hKs", "*4dKh", "*5cKd", "*6hKc", "*7dKs", "*8cKh", "*9hKd", "*Td9c"],
}
TOURNAMENT = {
    "tournament-1": (SHUFFLE + ["*3sKs", "*4sKs", "*5sKs", "*6sKs", "*7sKs", "*Ts9s"], "Ks"),
    "tournament-2": (SHUFFLE + ["*3sKs", "*4sKh", "*5sKs", "*6hKh", "*7hKs", "*Th9h"], "Kh"),
}


@pytest.mark.parametrize("preset", list(DEAD_ENDS))
def test_a_built_dead_end_is_found_in_every_spider_game(preset: str) -> None:
    g = game(preset, DEAD_ENDS[preset])
    assert g.legal_moves(), "the rules still allow a move: only the check can tell"
    check = ProgressCheck(g.rules, g.position)
    assert check.run() == DEAD_END
    assert knows_every_card(g.rules, g.position) is False


@pytest.mark.parametrize("preset", ["tournament-1", "tournament-2"])
def test_a_built_dead_end_is_found_in_tournament_spider(preset: str) -> None:
    columns, free = TOURNAMENT[preset]
    g = game(preset, columns, stock=["-"] * 5, free=free)
    assert g.legal_moves()
    assert ProgressCheck(g.rules, g.position).run() == DEAD_END
    assert knows_every_card(g.rules, g.position) is False


def test_a_built_dead_end_is_found_in_traditional_spidike() -> None:
    # Seven piles, all face up: no Ace on top (so nothing goes home), no pile
    # that can be emptied, and the moves only shuffle a few cards around.
    g = game("spidike-classic", ["Ks6s5s", "Kh6h", "Kd9d", "Kc9c", "Qs9s", "Qh8h", "Qd8d"])
    assert g.legal_moves()
    assert ProgressCheck(g.rules, g.position).run() == DEAD_END
    assert knows_every_card(g.rules, g.position) is False


def test_the_way_out_is_a_line_of_play_that_turns_up_a_card() -> None:
    # Column 1's 5 can go on column 2's 6, which turns up column 1's 6? No: the 6-5
    # pair moves onto the 7 in column 3, and that turns up column 1's face-down card.
    g = game("spider-1", ["*As6s5s", "*2s6s", "*3s7s", "*4sKs", "*5sKs", "*6sKs", "*7sKs", "*8sKs", "*9sKs", "*Ts9s"])
    check = ProgressCheck(g.rules, g.position)
    assert check.run() == PROGRESS
    for m in check.moves:
        assert g.why_illegal(m) is None
        g.play(m)
    assert sum(g.position.down) < 10


def test_while_cards_are_to_be_dealt_there_is_something_to_do() -> None:
    g = engine.new_game("spider-4", 7)
    assert ProgressCheck(g.rules, g.position).run() == PROGRESS


def test_the_budget_answers_unknown_and_slices_resume() -> None:
    g = game("spider-1", DEAD_ENDS["spider-1"])
    check = ProgressCheck(g.rules, g.position)
    assert check.run(max_nodes=1) == UNKNOWN or check.status == DEAD_END
    while check.step(1) is None:
        pass
    assert check.status == DEAD_END and check.nodes >= 2


def played_out(preset: str, deal: int, rnd: random.Random) -> engine.Game:
    """A game dealt out to the end, with random moves between the deals."""
    g = engine.new_game(preset, deal)
    for _ in range(400):
        if g.status != "playing":
            break
        moves = g.legal_moves()
        if not moves:
            break
        deals = [m for m in moves if m.kind in ("deal", "draw")]
        others = [m for m in moves if m.kind not in ("deal", "draw")]
        if deals and (not others or rnd.random() < 0.25):
            g.play(deals[0])
        elif others:
            g.play(rnd.choice(others))
        if not g.position.stock_count() and rnd.random() < 0.05:
            break
    return g


@pytest.mark.cpython_only
@pytest.mark.parametrize("preset", ["spider-1", "spider-2", "spider-4", "tournament-1", "spidike-classic"])
def test_never_wrong_against_a_search_that_knows_every_card(preset: str) -> None:
    rnd = random.Random(preset)
    verdicts = {DEAD_END: 0, PROGRESS: 0}
    for deal in range(1, 41):
        g = played_out(preset, deal, rnd)
        answer = ProgressCheck(g.rules, g.position).run(max_nodes=20_000)
        truth = knows_every_card(g.rules, g.position)
        if answer == UNKNOWN or truth is None:
            continue
        verdicts[answer] += 1
        assert (answer == PROGRESS) == truth, (preset, deal, engine.format_notation(g.position))
        if answer == DEAD_END:
            # and the solver, which knows every card, finds no win there either
            assert solve(g.rules, g.position, max_nodes=5_000).status != SOLVED
    assert verdicts[PROGRESS] > 0


@pytest.mark.cpython_only
def test_it_never_fires_where_the_solver_finds_a_win() -> None:
    rnd = random.Random(5)
    checked = 0
    for deal in range(1, 30):
        g = played_out("spider-1", deal, rnd)
        if g.status != "playing":
            continue
        if solve(g.rules, g.position, max_nodes=3_000).status == SOLVED:
            checked += 1
            assert ProgressCheck(g.rules, g.position).run(max_nodes=20_000) != DEAD_END
    assert checked > 0
