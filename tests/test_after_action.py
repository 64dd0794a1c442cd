"""The one pipeline after an action (ui/game/after_action.py): its steps in
their order, and one write of the game per action, the one that ends a game
included (the count and the record in one transaction)."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import engine
from ui.game import after_action
from ui.game.after_action import FINISH, PLAY, AfterAction
from ui.game.current import GameService
from ui.storage import settings, statistics
from ui.storage.games import GameMeta
from ui.storage.store import STATS, Change, Done, MemoryStore, Records
from ui.table.cards import Tracker
from ui.table.state import TableState

WIN = json.loads((Path(__file__).parent / "data" / "spider-1-win.json").read_text())


class CountingStore(MemoryStore):
    """A store that keeps every transaction it commits."""

    def __init__(self) -> None:
        super().__init__()
        self.commits: list[Change] = []

    def commit(self, change: Change, done: Done) -> None:
        self.commits.append(change)
        super().commit(change, done)


class Page:
    """The pipeline over a table state, with the page's other steps logged."""

    def __init__(self, store: MemoryStore) -> None:
        self.state = TableState()
        records = Records(store, dict(store.kv), {i: meta for i, (meta, _) in store.games.items()})
        self.service = GameService(records, settings.Settings, lambda p, o: (None, None), state=self.state)
        self.log: list[str] = []
        self.said: list[str] = []
        self.after = AfterAction(self.state, self.service, self, self, settings.Settings)
        self.after.forgets(lambda: self.log.append("forget"))
        self.after.at_end(lambda: self.log.append("end"))

    def open(self, game: engine.Game) -> None:
        self.service.adopt(game)
        self.state.tracker = Tracker.from_view(game.rules, game.public_view())
        self.service.save()

    def announce(self, text: str) -> None:
        self.log.append("say")
        self.said.append(text)

    def events(self, events: list[engine.Event], reverse: bool) -> None:
        self.log.append("sound")

    def play(self, move: engine.Move, how: str = PLAY) -> None:
        g, t = self.state.game, self.state.tracker
        assert g is not None and t is not None
        events = g.play(move)

        def draw() -> None:
            self.log.append("draw")
            t.apply(events, False)
            t.sync(g.public_view())

        self.after.run(events, how, draw)


def test_doctests() -> None:
    assert doctest.testmod(after_action).failed == 0


def test_every_action_is_said_sounded_and_written_once_in_order() -> None:
    store = CountingStore()
    page = Page(store)
    page.open(engine.new_game("spider-1", 12345))
    for _ in range(5):
        before = len(store.commits)
        page.log.clear()
        page.play(page.state.legal()[0])
        assert page.log == ["forget", "draw", "say", "sound"]
        assert len(store.commits) == before + 1
    assert GameMeta.parse(store.games[page.service.game_id][0]).moves == 5


def test_a_game_that_ends_is_written_once_with_its_count() -> None:
    store = CountingStore()
    page = Page(store)
    page.open(engine.new_game("spider-1", WIN["deal"]))
    g = page.state.game
    assert g is not None
    *moves, last = WIN["moves"]
    for text in moves:
        page.play(g.parse_move(text))
    before = len(store.commits)
    page.log.clear()
    page.play(g.parse_move(last))
    assert g.status == "won"
    assert page.log == ["forget", "draw", "say", "sound", "end"]
    written = store.commits[before:]
    assert len(written) == 1  # not a count and then a save
    ((game_id, meta, save),) = written[0].games
    assert game_id == page.service.game_id and STATS in written[0].kv
    assert GameMeta.parse(meta).recorded and engine.load_game(save).status == "won"
    assert statistics.parse(store.kv[STATS]).get("spider-1").won == 1 and page.service.recorded


def test_an_end_already_counted_or_not_countable_is_still_written_once() -> None:
    store = CountingStore()
    newer = json.dumps({"format": "spider-stats", "version": 99, "presets": {}})
    store.kv[STATS] = newer  # statistics of a newer version: nothing is counted on this page
    page = Page(store)
    assert page.service.keeper.blocked
    page.open(engine.new_game("spider-1", WIN["deal"]))
    g = page.state.game
    assert g is not None
    for text in WIN["moves"][:-1]:
        page.play(g.parse_move(text))
    before = len(store.commits)
    page.play(g.parse_move(WIN["moves"][-1]))
    assert len(store.commits) == before + 1 and store.kv[STATS] == newer
    assert engine.load_game(store.games[page.service.game_id][1]).status == "won"


def test_finish_says_what_its_moves_cause_not_the_moves() -> None:
    def said(how: str) -> str:
        page = Page(MemoryStore())
        page.open(engine.new_game("spider-1", 12345))
        move = next(m for m in page.state.legal() if m.kind == engine.MOVE)
        page.play(move, how)
        return page.said[-1]

    assert said(PLAY) != said(FINISH)
