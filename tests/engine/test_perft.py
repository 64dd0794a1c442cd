"""Golden move counts (like chess's perft): tests/data/perft.json, written by
tools/make_perft.py, pins the number of legal actions before and after every
move of a fixed game in every preset, and where each game ends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.play import legal_moves

DATA = Path(__file__).resolve().parent.parent / "data" / "perft.json"
GAMES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["games"]


def test_the_golden_games_cover_every_preset() -> None:
    assert {g["preset"] for g in GAMES} == set(engine.PRESETS)


@pytest.mark.parametrize("golden", GAMES, ids=[f"{g['preset']}-{g['deal']}" for g in GAMES])
def test_legal_action_counts_after_every_move(golden: dict[str, Any]) -> None:
    game = engine.new_game(golden["preset"], deal=golden["deal"], **golden["options"])
    counts = [len(legal_moves(game.rules, game.position))]
    for step, text in enumerate(golden["moves"].split(), 1):
        game.play_text(text)
        counts.append(len(legal_moves(game.rules, game.position)))
        assert counts[step] == golden["counts"][step], f"after move {step} ({text})"
    assert counts == golden["counts"]
    assert game.notation() == golden["final"]
    assert (game.score, game.status, game.runs_removed()) == (golden["score"], golden["status"], golden["runs"])
