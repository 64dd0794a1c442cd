"""Statistics and storage in the real page: a scripted win and a
resignation counted once, abandoning a game counted as a loss after the
warning, export then import identical, a malformed import refused with
nothing changed, unreadable storage set aside with a message."""

from __future__ import annotations

import json

import pytest
from harness import READY_TIMEOUT_MS, keep_picture
from tablekit import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    ROOT,
    TablePage,
    close_settings,
    desk,
    face_sets,
    first_drag_move,
    near_win,
    open_settings,
    seed,
    set_setting,
    setting_value,
    store,
    stored_text,
    table_browser,
    table_url,
    wait_stored,
)

import engine
from ui.storage import settings, statistics


def stored(t: TablePage, key: str) -> str | None:
    return stored_text(t.page, {statistics.STATS_KEY: "stats", settings.SETTINGS_KEY: "settings"}.get(key, key))


def book(t: TablePage) -> statistics.Book:
    return statistics.parse(
        stored(t, statistics.STATS_KEY) or '{"format": "spider-stats", "version": 1, "presets": {}}'
    )


def settled(t: TablePage, preset: str, field: str, value: int) -> statistics.Book:
    """The statistics once the store holds ``value`` in the preset's ``field``
    (a game is counted under the statistics' lock, after the screen shows it)."""
    wait_stored(t.page, "stats", f"s => s !== null && (JSON.parse(s).presets['{preset}'] || {{}}).{field} === {value}")
    return book(t)


def figure(t: TablePage, name: str) -> str:
    return t.page.inner_text(f'[data-stat="{name}"]')


def test_scripted_win_counts_once_and_shows_the_change(desk: TablePage) -> None:
    g, won = near_win()
    g.set_elapsed(200.0)
    store(desk, {settings.CURRENT_KEY: settings.write_current(g, "near-win", False)})
    desk.expect_game(g)
    desk.drag_move(g, won.moves[-1])
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    assert desk.attr("status") == "won"
    change = desk.page.inner_text("[data-stats-change]")
    assert "Won 1 of 1 game: 100%" in change and "New best time" in change
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    keep_picture(desk.page, ARTIFACTS / "win-stats-desktop.png")
    r = settled(desk, "spider-1", "played", 1).get("spider-1")
    assert (r.played, r.won, r.lost, r.fewest_moves, r.highest_score) == (1, 1, 0, len(won.moves), won.score)
    assert r.best_time is not None and 200 <= r.best_time < 260
    # the statistics screen from the win screen
    desk.page.click('.dialog-end [data-action="stats"]')
    desk.page.wait_for_selector('#table[data-dialog="stats"]', state="attached")
    assert figure(desk, "played") == "1" and figure(desk, "percentage") == "100%"
    assert desk.page.locator('.stats-chart rect[data-result="won"]').count() == 1
    keep_picture(desk.page, ARTIFACTS / "stats-desktop.png")
    desk.page.click('.stats-details [data-action="back"]')
    desk.page.wait_for_selector('.stats-card.current[data-preset="spider-1"]', state="attached")
    desk.page.wait_for_function("() => document.activeElement.dataset.statsOpen === 'spider-1'")
    keep_picture(desk.page, ARTIFACTS / "stats-cards-desktop.png")
    desk.page.click('[data-action="close"]')  # back to the end screen
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    # a reload shows the won game again but does not count it twice
    desk.reload()
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    assert book(desk).get("spider-1").played == 1
    # next deal: the won game is not counted again either
    desk.page.click('.dialog-end [data-action="new-game"]')
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.status === 'playing'")
    assert book(desk).get("spider-1").played == 1


def test_resignation_and_abandon_count_as_losses(desk: TablePage) -> None:
    store(desk, {})
    g = engine.new_game("spider-1", 44)
    desk.open("#spider-1/44")
    desk.drag_move(g, first_drag_move(g))
    desk.wait_moves(1)
    desk.page.click('[data-action="more"]')  # End is in the More menu
    desk.page.click('.dialog [data-action="end"]')
    desk.page.click('.dialog [data-action="confirm"]')
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    assert "Won 0 of 1 game: 0%" in desk.page.inner_text("[data-stats-change]")
    r = settled(desk, "spider-1", "played", 1).get("spider-1")
    assert (r.played, r.won, r.lost, r.streak) == (1, 0, 1, -1)
    # a game in progress abandoned by New: warned first, then a loss
    desk.page.click('.dialog-end [data-action="replay"]')
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.status === 'playing'")
    desk.idle()
    g = engine.new_game("spider-1", 44)
    desk.drag_move(g, first_drag_move(g))
    desk.wait_moves(1)
    desk.page.click('[data-action="new"]')
    desk.page.wait_for_selector('#table[data-dialog="confirm"]', state="attached")
    assert "count as a loss" in desk.page.inner_text(".dialog")
    desk.page.click('.dialog [data-action="confirm"]')
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.deal !== '44'")
    r = settled(desk, "spider-1", "played", 2).get("spider-1")
    assert (r.played, r.lost, r.streak, r.longest_losing) == (2, 2, -2, 2)


def test_opening_a_link_to_another_game_keeps_the_unfinished_one(desk: TablePage) -> None:
    g = engine.new_game("spider-1", 44)
    g.play(first_drag_move(g))
    seed(desk.page, desk.base, {settings.CURRENT_KEY: settings.write_current(g, "left-behind", False)}, clear=True)
    desk.page.goto(desk.base + "#spider-2/777")
    desk.errors.clear()  # the bare file page's favicon 404
    desk.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    desk.loaded = True
    desk.idle()
    assert desk.attr("preset") == "spider-2" and desk.attr("deal") == "777"
    assert "Your game of Spider · 1 suit is kept" in (desk.attr("message") or "")
    assert book(desk).games == 0
    # a reload of the new game counts nothing either, and the old game waits in Continue
    desk.reload()
    assert book(desk).games == 0
    desk.page.click('[data-action="games"]')
    row = desk.page.locator('.continue-list li[data-game-id="left-behind"]')
    assert "Spider · 1 suit, deal 44" in row.inner_text()


def sample_book() -> statistics.Book:
    b = statistics.Book()
    for k, won in enumerate([True, False, True, True, False, True]):
        b.record("spider-1", won=won, score=500 + 90 * k, seconds=300 + 17 * k, moves=120 + k)
    b.record("tournament-2", won=False, score=875, seconds=600, moves=77)
    return b


def test_export_import_round_trip_and_malformed_refused(desk: TablePage) -> None:
    original = sample_book()
    store(desk, {statistics.STATS_KEY: original.to_text()})
    desk.page.click('[data-action="games"]')
    desk.page.click('.dialog [data-action="stats"]')
    desk.page.wait_for_selector('#table[data-dialog="stats"]', state="attached")
    # every game's card, under the totals of all games
    assert figure(desk, "all-played") == "7" and figure(desk, "all-won") == "4"
    assert figure(desk, "all-percentage") == "57%"
    assert desk.page.locator(".stats-card").count() == len(engine.PRESETS)
    one = desk.page.locator('.stats-card[data-preset="spider-1"]')
    assert "67% won" in one.inner_text() and "Won 4 of 6" in one.inner_text()
    assert one.locator('.stats-spark rect[data-result="won"]').count() == 4
    assert "0% won" in desk.page.inner_text('.stats-card[data-preset="tournament-2"]')
    assert "Not played yet" in desk.page.inner_text('.stats-card.unplayed[data-preset="spider-4"]')
    with desk.page.expect_download() as info:
        desk.page.click('[data-action="export"]')
    path = info.value.path()
    with open(path, encoding="utf-8") as f:
        exported = f.read()
    assert statistics.parse(exported) == original
    assert info.value.suggested_filename.startswith("spider-statistics-")
    # a card opens every figure of its game
    desk.page.click('[data-stats-open="spider-1"]')
    desk.page.wait_for_selector('.stats-details[data-preset="spider-1"]', state="attached")
    assert figure(desk, "played") == "6" and figure(desk, "won") == "4" and figure(desk, "ratio") == "2 : 1"
    assert figure(desk, "streak") == "1 win" and figure(desk, "longest") == "2 wins"
    assert desk.page.locator(".stats-chart rect").count() == 6
    # reset asks first
    desk.page.click('[data-action="reset"]')
    assert "cannot be undone" in desk.page.inner_text(".stats-confirm")
    desk.page.click('[data-action="reset-cancel"]')
    assert figure(desk, "played") == "6"
    desk.page.click('[data-action="reset"]')
    desk.page.click('[data-action="reset-confirm"]')
    desk.page.wait_for_selector('#stats-note[data-kind="ok"]', state="attached")
    assert figure(desk, "played") == "0"
    # the reset is written under the statistics' lock: wait for the store to hold it
    wait_stored(desk.page, "stats", "s => s !== null && !JSON.parse(s).presets['spider-1']")
    assert book(desk).get("spider-1").played == 0 and book(desk).get("tournament-2").played == 1
    # back to the cards: the reset game is not played yet, the totals follow
    desk.page.click('.stats-details [data-action="back"]')
    desk.page.wait_for_selector('.stats-card.unplayed[data-preset="spider-1"]', state="attached")
    assert figure(desk, "all-played") == "1"
    # import the exported file: everything back, identical
    desk.page.set_input_files("#stats-file", path)
    desk.page.wait_for_function("() => document.querySelector('#stats-note').textContent.startsWith('Imported')")
    wait_stored(desk.page, "stats", f"s => s === {json.dumps(original.to_text())}")
    assert book(desk) == original and stored(desk, statistics.STATS_KEY) == original.to_text()
    assert figure(desk, "all-played") == "7"
    # a malformed file is refused and changes nothing
    before = stored(desk, statistics.STATS_KEY)
    bad = json.loads(exported)
    bad["presets"]["spider-1"]["won"] = 99
    desk.page.set_input_files(
        "#stats-file", files=[{"name": "bad.json", "mimeType": "application/json", "buffer": json.dumps(bad).encode()}]
    )
    desk.page.wait_for_selector('#stats-note[data-kind="error"]', state="attached")
    note = desk.page.inner_text("#stats-note")
    assert "bad.json was not imported" in note and "unchanged" in note
    assert stored(desk, statistics.STATS_KEY) == before and figure(desk, "all-played") == "7"
    desk.page.set_input_files(
        "#stats-file", files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"\x00not json"}]
    )
    desk.page.wait_for_function("() => document.querySelector('#stats-note').textContent.startsWith('x.json')")
    assert stored(desk, statistics.STATS_KEY) == before
    # opened from the chooser, Close goes back to it
    desk.page.click('[data-action="close"]')
    desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")


def test_unreadable_storage_is_set_aside_with_a_message(desk: TablePage) -> None:
    broken_game = '{"v":2,"id":"x","recorded":false,"game":"{broken'
    broken_stats = '{"format":"spider-stats","version":1,"presets":{"spider-1":{"played":"many"}}}'
    store(desk, {settings.CURRENT_KEY: broken_game, statistics.STATS_KEY: broken_stats})
    message = desk.wait_message()
    assert "saved game could not be restored" in message and "statistics could not be read" in message
    assert "left as it was" in message and "set aside" in message
    assert desk.attr("status") == "playing" and desk.moves() == 0
    # the old save is still where it was; the statistics were moved aside in one write
    assert desk.page.evaluate("k => localStorage.getItem(k)", settings.CURRENT_KEY) == broken_game
    assert stored(desk, "stats.unreadable") == broken_stats
    assert book(desk).games == 0
    # a version-1 save (before statistics) is migrated, not refused
    g = engine.new_game("spider-2", 31)
    g.play(first_drag_move(g))
    store(desk, {settings.CURRENT_KEY: json.dumps({"v": 1, "game": g.to_json()})})
    desk.expect_game(g)
    assert desk.attr("message") is None


def test_phone_statistics_screen(table_browser, table_url) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        g, won = near_win()
        store(
            t,
            {
                statistics.STATS_KEY: sample_book().to_text(),
                settings.CURRENT_KEY: settings.write_current(g, "w", False),
            },
        )
        t.drag_move(g, won.moves[-1], touch=True)
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        keep_picture(t.page, ARTIFACTS / "win-stats-phone.png")
        assert "Won 5 of 7 games" in t.page.inner_text("[data-stats-change]")
        t.page.click('.dialog-end [data-action="stats"]')
        t.page.wait_for_selector('#table[data-dialog="stats"]', state="attached")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        keep_picture(t.page, ARTIFACTS / "stats-phone.png")
        box = t.page.locator(".dialog-stats").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        # the cards, two to a row, the game just won marked
        t.page.click('.stats-details [data-action="back"]')
        t.page.wait_for_selector('.stats-card.current[data-preset="spider-1"]', state="attached")
        keep_picture(t.page, ARTIFACTS / "stats-cards-phone.png")
        xs = t.page.eval_on_selector_all(".stats-card", "cs => cs.slice(0, 2).map(c => c.getBoundingClientRect().x)")
        assert xs[0] < xs[1], "two cards to a row on a phone"
        t.page.click('[data-action="close"]')
        t.page.click('.dialog-end [data-action="new-game"]')
        t.page.wait_for_function("() => document.querySelector('#table').dataset.status === 'playing'")
        t.idle()
        keep_picture(t.page, ARTIFACTS / "table-clock-phone.png")
        open_settings(t)
        keep_picture(t.page, ARTIFACTS / "settings-phone.png")
        t.page.locator('[data-setting="volume"]').scroll_into_view_if_needed()
        keep_picture(t.page, ARTIFACTS / "settings-phone-sound.png")
        assert not t.errors, t.errors
    finally:
        t.close()


def test_settings_survive_a_reload(desk: TablePage) -> None:
    store(desk, {})
    desk.open("#spider-1/44")
    open_settings(desk)
    for name, value in [
        ("left_handed", "on"),
        ("faces", "fourcolour"),
        ("back", "red"),
        ("confirm", "off"),
        ("scoring", "built"),
        ("time_limit", "300"),
    ]:
        set_setting(desk, name, value)
    close_settings(desk)
    desk.idle()

    def check() -> None:
        stock = desk.page.locator('[data-pile="stock"]').bounding_box()
        first = desk.page.locator('[data-pile="column-1"]').bounding_box()
        assert stock["x"] < first["x"], "left-handed: the stock is on the left"
        assert set(face_sets(desk.page)) == {"fourcolour"}
        assert desk.page.evaluate("() => document.querySelector('#table').classList.contains('back-red')")

    check()
    desk.reload()
    check()
    saved = settings.Settings.from_text(stored(desk, settings.SETTINGS_KEY))
    assert (saved.left_handed, saved.faces, saved.back, saved.confirm, saved.scoring, saved.time_limit) == (
        True,
        "fourcolour",
        "red",
        False,
        "built",
        300,
    )
    open_settings(desk)
    assert setting_value(desk, "scoring") == "built"
    assert setting_value(desk, "left_handed") == "on"
    close_settings(desk)
    # confirmations off: New acts at once and says the game counted as a loss
    g = engine.new_game("spider-1", 44)
    desk.drag_move(g, first_drag_move(g))
    desk.wait_moves(1)
    desk.clear_message()
    desk.page.click('[data-action="new"]')
    assert "counted as a loss" in desk.wait_message()
    assert desk.attr("dialog") is None and desk.attr("deal") != "44"
    assert "scoring=built" in desk.page.evaluate("() => location.hash")
    assert settled(desk, "spider-1", "lost", 1).get("spider-1").lost == 1
    # the portrait setting keeps the upright arrangement on a wide screen
    assert desk.attr("arrangement") == "side"
    open_settings(desk)
    set_setting(desk, "portrait", "on")
    close_settings(desk)
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.arrangement === 'top'")
    keep_picture(desk.page, ARTIFACTS / "portrait-left-handed-desktop.png")
    # the tournament's countdown follows the time-limit setting; its draw
    # piles' row stands above the columns on every screen
    desk.open("#tournament-1/5")
    assert "Time 5:00" in desk.page.inner_text(".stats") or "Time 4:5" in desk.page.inner_text(".stats")
    assert desk.attr("arrangement") == "top"
    # End in the tournament: the score is posted with its time bonus
    desk.page.click('[data-action="more"]')
    desk.page.click('.dialog [data-action="end"]')  # confirmations are off
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    text = desk.page.inner_text(".dialog-end")
    assert "Reveals" in text and "Free column bonus" in text and "Time bonus" in text
    assert settled(desk, "tournament-1", "lost", 1).get("tournament-1").lost == 1
    keep_picture(desk.page, ARTIFACTS / "tournament-end-desktop.png")


def test_sound_waits_for_a_gesture_and_mute_is_silent(desk: TablePage) -> None:
    store(desk, {settings.SETTINGS_KEY: settings.Settings(music=0).to_text()})
    desk.open("#spider-1/44")
    assert desk.attr("audio") == "locked" and desk.attr("sounds") == "0"
    g = engine.new_game("spider-1", 44)
    m = first_drag_move(g)
    desk.drag_move(g, m)
    g.play(m)
    desk.wait_moves(1)
    assert desk.attr("audio") == "on" and desk.attr("sounds") == "1" and desk.attr("last-sound") == "move"
    assert desk.page.evaluate("() => typeof AudioContext") == "function"
    desk.page.click('[data-action="undo"]')
    desk.wait_moves(0)
    assert desk.attr("sounds") == "2" and desk.attr("last-sound") == "undo"
    open_settings(desk)
    set_setting(desk, "muted", "on")
    close_settings(desk)
    assert desk.attr("audio") == "muted"
    desk.page.click('[data-action="redo"]')
    desk.wait_moves(1)
    assert desk.attr("sounds") == "2", "muted: nothing played"


@pytest.mark.parametrize("contrast", ["standard", "high"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_statistics_screenshots(table_browser, table_url, device: str, contrast: str) -> None:
    """Screenshots for a person to look at (e2e/artifacts/table/stats-*.png):
    the cards from the More menu, then one game's figures."""
    t = TablePage(table_browser, table_url, PHONE if device == "phone" else DESKTOP)
    try:
        items = {
            settings.SETTINGS_KEY: settings.Settings(contrast=contrast).to_text(),
            statistics.STATS_KEY: sample_book().to_text(),
        }
        seed(t.page, t.base, items, clear=True)
        t.open("#spider-1/4")
        t.errors[:] = [e for e in t.errors if "404" not in e]
        t.page.click('[data-action="more"]')
        t.page.click('.dialog [data-action="stats"]')
        t.page.wait_for_selector('#table[data-dialog="stats"]', state="attached")
        # opened during a game: the cards, the game in play marked and focused
        t.page.wait_for_function("() => document.activeElement.dataset.statsOpen === 'spider-1'")
        keep_picture(t.page, ARTIFACTS / f"stats-cards-{device}-{contrast}.png")
        t.page.click('[data-stats-open="spider-1"]')
        t.page.wait_for_selector('.stats-details[data-preset="spider-1"]', state="attached")
        keep_picture(t.page, ARTIFACTS / f"stats-game-{device}-{contrast}.png")
        t.page.click('.dialog [data-action="close"]')  # opened from the game: back to it
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        assert not t.errors, t.errors
    finally:
        t.close()
