"""The game service over the storage layer (ui/game/current.py, ui/storage/store.py):
one record per game, addresses that never throw a game away, statistics
counted exactly once whatever the tabs do, and unreadable or refused
storage met with a true sentence and nothing lost.

A "visit" is a service made from what a :class:`MemoryStore` holds, as the
page makes one from what the database holds at the start; two services on
one store are two tabs.
"""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

import engine
from ui.game import current
from ui.game.current import GameService
from ui.storage import games, settings, statistics
from ui.storage import store as storage
from ui.storage.games import GameMeta
from ui.storage.store import CURRENT, LEGACY_CURRENT, STATS, UNREADABLE, MemoryStore, Records


def no_deal(preset: str, options: dict[str, engine.rules.OptionValue]) -> tuple[int | None, str | None]:
    return None, None


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        self.t += 1000.0
        return self.t


def visit(store: MemoryStore, clock: Clock | None = None) -> GameService:
    """A service on what ``store`` holds now (a page opened, or another tab)."""
    records = Records(store, dict(store.kv), {i: meta for i, (meta, _) in store.games.items()})
    return GameService(records, settings.Settings, no_deal, now=clock or Clock())


def begin(svc: GameService, fragment: str = "", tab: str | None = None) -> current.Opening:
    """What the page does at the start: tidy, choose, read the record, adopt."""
    welcome = svc.new_player()
    said = svc.tidy()
    choice = svc.choose(fragment, tab, welcome)
    record = svc.records.store.load  # MemoryStore answers at once
    found: list[tuple[str, str] | None] = []
    if choice.game_id is not None:
        record(choice.game_id, found.append)
    opening = svc.opened(choice, found[0] if found else None)
    svc.adopt(opening.game, opening.meta)
    svc.save()
    if said:
        return opening._replace(message=" ".join(t for t in (said, opening.message) if t))
    return opening


def play(svc: GameService, n: int = 3) -> None:
    g = svc.game
    assert g is not None
    for _ in range(n):
        g.play(g.legal_moves()[0])
        svc.save()


def book(store: MemoryStore) -> statistics.Book:
    return statistics.parse(store.kv[STATS]) if STATS in store.kv else statistics.Book()


def test_doctests() -> None:
    assert doctest.testmod(storage).failed == 0


def test_a_new_players_first_game_is_the_welcome_deal() -> None:
    store = MemoryStore()
    first = begin(visit(store))
    assert (first.game.preset, first.game.deal) == ("spider-1", current.WELCOME_DEAL)
    assert first.message is None
    # the welcome deal is one of the shipped proven-winnable deals, and the luck meter's greedy
    # player wins it as often as any deal measured
    root = Path(__file__).resolve().parents[1]
    winnable = json.loads((root / "assets/data/winnable.json").read_text())["presets"]["spider-1"]["deals"]
    assert current.WELCOME_DEAL in winnable
    measured = json.loads((root / "tools/data/grades.json").read_text())["presets"]["spider-1"]["deals"]
    luck = {int(deal): figures["luck"] for deal, figures in measured.items() if "luck" in figures}
    assert luck[current.WELCOME_DEAL] == max(luck.values())
    # the player comes back: their game, not the welcome deal again
    svc = visit(store)
    assert not svc.new_player()
    again = begin(svc)
    assert again.meta is not None and again.game.deal == current.WELCOME_DEAL


def test_only_a_new_player_gets_the_welcome_deal() -> None:
    # an address that names a game opens that game, even for a new player
    linked = begin(visit(MemoryStore()), "#spider-2/77")
    assert (linked.game.preset, linked.game.deal) == ("spider-2", 77)
    # a wrong address: the welcome deal, with the address's sentence
    wrong = begin(visit(MemoryStore()), "#no-such-game")
    assert wrong.game.deal == current.WELCOME_DEAL and wrong.message
    # a player the page has seen (settings kept, no game left): a random deal, never the welcome one
    store = MemoryStore()
    store.kv["settings"] = settings.Settings().to_text()
    seen = visit(store)
    assert not seen.new_player()
    choice = seen.choose("", None, seen.new_player())
    assert choice.route.deal is None


def test_a_game_is_kept_after_every_action_and_opened_again() -> None:
    store = MemoryStore()
    first = visit(store)
    opening = begin(first, "#spider-2/5")
    assert opening.meta is None and opening.game.deal == 5
    play(first, 4)
    assert store.kv[CURRENT] == first.game_id
    meta, save = store.games[first.game_id]
    assert GameMeta.parse(meta).moves == 4 and engine.load_game(save).position == first.game.position
    again = begin(visit(store))  # a reload with no address
    assert again.meta is not None and again.meta.id == first.game_id
    assert again.game.position == first.game.position and len(again.game.moves) == 4


@pytest.mark.parametrize("address", ["#nonexistent/1", "#%00%00", "#" + "q" * 5000, "#spider-2/\u00b2"])
def test_a_wrong_address_never_replaces_or_counts_the_game(address: str) -> None:
    store = MemoryStore()
    svc = visit(store)
    begin(svc, "#spider-2/9")
    play(svc, 3)
    kept = dict(store.games)
    again = visit(store)
    opening = begin(again, address, tab=svc.game_id)
    assert opening.meta is not None and opening.meta.id == svc.game_id and len(opening.game.moves) == 3
    assert opening.message is not None and "the game you were playing" in opening.message
    assert ("not a deal number" if "\u00b2" in address else "no game called") in opening.message
    assert STATS not in store.kv  # nothing counted
    for game_id, rec in kept.items():
        assert GameMeta.parse(store.games[game_id][0]).moves == GameMeta.parse(rec[0]).moves


def test_another_game_keeps_the_one_left_in_continue() -> None:
    store = MemoryStore()
    svc = visit(store)
    begin(svc, "#spider-1/3")
    play(svc, 2)
    left = svc.game_id
    other = visit(store)
    opening = begin(other, "#spider-4/8", tab=left)
    assert opening.meta is None and opening.game.preset == "spider-4"
    assert opening.message == "Your game of Spider · 1 suit is kept: continue it from Games."
    assert [m.id for m in other.unfinished()] == [left]
    assert STATS not in store.kv
    play(other, 1)
    # the address of the game without a deal goes back to it
    back = begin(visit(store), "#spider-1", tab=other.game_id)
    assert back.meta is not None and back.meta.id == left
    # with a deal number too: the unfinished game of that deal, resumed, never a second copy
    again = visit(store)
    choice = again.choose("#spider-1/3", other.game_id)
    assert choice.game_id == left and choice.resumed and choice.message is None
    resumed = begin(visit(store), "#spider-1/3", tab=other.game_id)
    assert resumed.meta is not None and resumed.meta.id == left and len(resumed.game.moves) == 2
    # another deal of it is that deal from its start; the unfinished one stays
    fresh = begin(visit(store), "#spider-1/4", tab=other.game_id)
    assert fresh.meta is None and fresh.game.deal == 4 and not fresh.game.moves
    assert left in [m.id for m in visit(store).library().values() if not m.finished]
    # the game played last, opened by its address, is just that game (a reload): nothing to say
    same = visit(store)
    assert not same.choose("#spider-1/4", fresh_id(store)).resumed
    # a wrong deal number of another game: a random deal of it, said so
    wrong = begin(visit(store), "#spider-2/x", tab=other.game_id)
    assert wrong.meta is None and wrong.game.preset == "spider-2"
    assert wrong.message is not None and wrong.message.startswith("'x' is not a deal number")
    assert "Here is a random deal." in wrong.message


def fresh_id(store: MemoryStore) -> str:
    return store.kv[CURRENT]


def play_the_recorded_win(svc: GameService, save_each: bool) -> None:
    """Open the deal of ``tests/data/spider-1-win.json`` and play it to the win."""
    data = json.loads((Path(__file__).parent / "data" / "spider-1-win.json").read_text())
    begin(svc, f"#spider-1/{data['deal']}")
    assert svc.game is not None
    for text in data["moves"]:
        svc.game.play_text(text)
        if save_each:
            svc.save()
    assert svc.game.status == "won"


def test_a_won_game_counts_once_whatever_the_tabs_do() -> None:
    store = MemoryStore()
    a = visit(store)
    play_the_recorded_win(a, save_each=True)
    a.game_over()
    a.save()
    assert book(store).get("spider-1").won == 1
    assert GameMeta.parse(store.games[a.game_id][0]).recorded
    # another tab that still had the game unrecorded in memory counts nothing
    b = visit(store)
    b.adopt(engine.load_game(store.games[a.game_id][1]), GameMeta.parse(store.games[a.game_id][0]))
    b.recorded = False
    b.game_over()
    b.abandon()
    b.abandon_stored(GameMeta.parse(store.games[a.game_id][0]), store.games[a.game_id][1])
    stale = GameMeta.of(a.game, a.game_id, updated=1.0)  # a meta from before the count
    b.abandon_stored(stale, store.games[a.game_id][1])
    assert book(store).get("spider-1").played == 1
    assert a.keeper.change_for(a.game_id) is not None


def test_a_finished_game_whose_count_was_lost_counts_at_the_next_start() -> None:
    store = MemoryStore()
    a = visit(store)
    play_the_recorded_win(a, save_each=False)
    a.save()  # the win reached the storage, its count did not (the page went away)
    won_id = a.game_id
    assert not GameMeta.parse(store.games[won_id][0]).recorded
    b = visit(store)
    begin(b, "#spider-2/3")  # another game opens: the won one is counted at the start
    b.count_uncounted()
    assert book(store).get("spider-1").won == 1
    assert GameMeta.parse(store.games[won_id][0]).recorded
    c = visit(store)  # and never again
    begin(c, "")
    c.count_uncounted()
    a.game_over()
    assert book(store).get("spider-1").played == 1


def test_a_new_deal_of_the_same_game_abandons_it_once() -> None:
    store = MemoryStore()
    svc = visit(store)
    begin(svc, "#spider-2/4")
    play(svc, 2)
    old = svc.game_id
    svc.abandon()
    svc.abandon()
    assert book(store).get("spider-2").lost == 1
    assert GameMeta.parse(store.games[old][0]).state == "abandoned"
    assert old not in [m.id for m in svc.unfinished()]


def test_a_game_of_the_continue_list_can_be_abandoned() -> None:
    store = MemoryStore()
    svc = visit(store)
    begin(svc, "#spider-1/3")
    play(svc, 2)
    left = svc.game_id
    svc.adopt(svc.new_game("spider-4", 2, {}))
    svc.save()
    meta = svc.unfinished()[0]
    assert meta.id == left
    svc.abandon_stored(meta, store.games[left][1])
    assert svc.unfinished() == [] and book(store).get("spider-1").lost == 1


def test_a_game_another_tab_took_over_is_not_written() -> None:
    store = MemoryStore()
    svc = visit(store)
    begin(svc, "#spider-1/3")
    play(svc, 1)
    before = store.games[svc.game_id]
    svc.holding = False
    play(svc, 2)
    svc.game_over()
    svc.abandon()
    assert store.games[svc.game_id] == before and STATS not in store.kv


def test_unreadable_statistics_are_set_aside_not_replaced() -> None:
    store = MemoryStore()
    store.kv[STATS] = "[" * 20_000
    svc = visit(store)
    assert store.kv[STATS + UNREADABLE] == "[" * 20_000 and STATS not in store.kv
    assert not svc.keeper.blocked
    assert svc.keeper.notes and "set aside" in svc.keeper.notes[0] and STATS + UNREADABLE in svc.keeper.notes[0]


def test_statistics_that_cannot_be_set_aside_are_left_alone_and_nothing_is_counted() -> None:
    store = MemoryStore()
    store.kv[STATS] = '{"format": "spider-stats", "version": 2, "presets": {"spider-1": 5}, "daily": {}}'
    store.refuse = "the browser's storage is full"
    svc = visit(store)
    assert svc.keeper.blocked and STATS + UNREADABLE not in store.kv
    assert "could not be set aside" in svc.keeper.notes[0] and "left as they are" in svc.keeper.notes[0]
    store.refuse = None
    begin(svc, "#spider-1/3")
    play(svc, 2)
    svc.abandon()
    assert store.kv[STATS].startswith('{"format": "spider-stats"')  # untouched


def test_statistics_of_a_newer_version_are_left_alone() -> None:
    store = MemoryStore()
    newer = json.dumps({"format": "spider-stats", "version": 99, "presets": {}})
    store.kv[STATS] = newer
    svc = visit(store)
    assert svc.keeper.blocked and "newer version" in svc.keeper.notes[0]
    begin(svc, "#spider-1/3")
    play(svc, 2)
    svc.abandon()
    assert store.kv[STATS] == newer and STATS + UNREADABLE not in store.kv


def test_a_refused_write_is_reported_and_changes_nothing_stored() -> None:
    store = MemoryStore()
    svc = visit(store)
    begin(svc, "#spider-1/3")
    heard: list[str] = []
    svc.records.report_failures_to(heard.append)
    before = dict(store.games)
    store.refuse = "the browser's storage is full"
    play(svc, 1)
    assert heard and heard[0] == "the browser's storage is full" and store.games == before


def test_the_one_slot_save_of_earlier_versions_becomes_a_record() -> None:
    g = engine.new_game("spider-2", deal=12)
    g.play(g.legal_moves()[0])
    store = MemoryStore()
    store.kv[LEGACY_CURRENT] = settings.write_current(g, "old-id", recorded=False)
    opening = begin(visit(store))
    assert opening.meta is not None and opening.meta.id == "old-id"
    assert opening.game.position == g.position and LEGACY_CURRENT not in store.kv


def test_an_unreadable_old_save_is_said_and_left_alone() -> None:
    store = MemoryStore()
    store.kv[LEGACY_CURRENT] = '{"v":1,"game":"{broken'
    opening = begin(visit(store))
    assert opening.meta is None and opening.message is not None
    assert opening.message.startswith("Your saved game could not be restored")
    assert "left as it was" in opening.message and LEGACY_CURRENT not in store.kv


def test_a_damaged_record_is_said_and_never_overwritten() -> None:
    store = MemoryStore()
    svc = visit(store)
    begin(svc, "#spider-1/3")
    play(svc, 2)
    game_id = svc.game_id
    meta, _ = store.games[game_id]
    store.games[game_id] = (meta, "{broken")
    opening = begin(visit(store), tab=game_id)
    assert opening.meta is None and opening.message is not None and "could not be opened" in opening.message
    assert store.games[game_id] == (meta, "{broken")


def test_finished_games_beyond_the_latest_fifty_are_removed() -> None:
    store = MemoryStore()
    clock = Clock()
    svc = visit(store, clock)
    g = engine.new_game("spider-1", deal=1)
    for i in range(current.KEEP_FINISHED + 5):
        meta = games.GameMeta.of(g, f"g{i}", updated=clock(), recorded=True)
        store.games[meta.id] = (meta.to_text().replace('"playing"', '"won"'), g.to_json())
    svc = visit(store, clock)
    svc.tidy()
    assert len(store.games) == current.KEEP_FINISHED and "g0" not in store.games and "g54" in store.games


def test_meta_keeps_the_options_an_address_names() -> None:
    store = MemoryStore()
    svc = visit(store)
    begin(svc, "#tournament-1/9/time_limit=300")
    play(svc, 1)
    meta = GameMeta.parse(store.games[svc.game_id][0])
    assert meta.options == {"time_limit": 300}
    same = begin(visit(store), "#tournament-1/9/time_limit=300", tab=svc.game_id)
    assert same.meta is not None and same.meta.id == svc.game_id
    other = begin(visit(store), "#tournament-1/9", tab=svc.game_id)
    assert other.meta is None


def test_deals_left_without_a_move_are_removed_but_the_last_one() -> None:
    store = MemoryStore()
    svc = visit(store)
    begin(svc, "#spider-1/3")
    untouched = svc.game_id
    begin(svc, "#spider-2/3")  # the address changed: another deal, no move on either
    assert untouched in store.games and svc.unfinished() == []
    begin(visit(store), tab=svc.game_id)
    assert untouched not in store.games and svc.game_id in store.games


# -- Restart this deal and Undo to the last deal ------------------------------------


def test_restart_goes_back_to_the_deal_in_the_same_game_and_counts_nothing() -> None:
    store = MemoryStore()
    svc = visit(store)
    svc.adopt(engine.new_game("spider-2", 303))
    g = svc.game
    assert g is not None
    assert svc.restart_point() is None and svc.last_deal_point() is None  # nothing played
    g.play(next(m for m in g.legal_moves() if m.kind == "move"))
    assert svc.restart_point() == 0 and svc.last_deal_point() is None  # no deal yet
    g.play_text("deal")
    assert svc.last_deal_point() is None  # nothing played since the deal
    g.play(next(m for m in g.legal_moves() if m.kind == "move"))
    assert svc.last_deal_point() == 2 and svc.restart_point() == 0
    game_id = svc.game_id
    while len(g.moves) > 0 and g.can_undo:  # what the table's Restart does
        g.undo()
    assert svc.game_id == game_id and g.status == "playing"
    assert g.position == engine.new_game("spider-2", 303).position
    svc.save()
    assert STATS not in store.kv  # a restart is no loss
    g.resign()
    assert svc.restart_point() is None and svc.last_deal_point() is None  # over for good
    svc.game_over()
    book = statistics.parse(store.kv[STATS])
    assert book.get("spider-2").played == 1 and book.get("spider-2").lost == 1


def test_tournament_restarts_only_until_a_draw_pile_is_dealt() -> None:
    svc = visit(MemoryStore())
    svc.adopt(engine.new_game("tournament-1", 40))
    g = svc.game
    assert g is not None
    g.play(next(m for m in g.legal_moves() if m.kind == "move"))
    assert svc.restart_point() == 0
    g.play_text("d1")
    assert svc.restart_point() is None  # a draw-pile deal is never taken back
    assert svc.last_deal_point() is None  # nothing since it
    g.play(next(m for m in g.legal_moves() if m.kind == "move"))
    assert svc.last_deal_point() == 2
