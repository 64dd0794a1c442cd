"""The storage layer (shell/store.js) in Chromium: IndexedDB with durable
commits, the one-time move of the old localStorage keys, tabs that cooperate
(a game held by one tab at a time, locks every tab respects, changes told to
the other tabs) and the fallbacks when IndexedDB or all storage is refused.

The tests load a bare page of the site's origin that imports only
``shell/store.js`` (fulfilled by Playwright's router), so no Python starts.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

BARE = "store-test.html"
HTML = (
    "<!doctype html><html><head><meta charset='utf-8'>"
    "<script type='module' src='./shell/store.js'></script></head><body></body></html>"
)


@pytest.fixture
def bare(site_url: str) -> Callable[[Any], Any]:
    """Open the bare page in ``page`` (a fresh context is a fresh profile)."""

    def open_in(page: Any) -> Any:
        page.route(f"**/{BARE}", lambda route: route.fulfill(status=200, content_type="text/html", body=HTML))
        page.goto(site_url + BARE)
        page.wait_for_function("() => window.spiderStore !== undefined")
        return page

    return open_in


def ready(page: Any) -> dict[str, Any]:
    return page.evaluate("() => spiderStore.ready")


def test_games_and_texts_round_trip_durably(new_page: Callable[..., Any], bare: Callable[[Any], Any]) -> None:
    page = new_page()
    page.add_init_script(
        """
        window.__durability = [];
        const real = IDBDatabase.prototype.transaction;
        IDBDatabase.prototype.transaction = function (stores, mode, options) {
          if (mode === 'readwrite') window.__durability.push(options && options.durability);
          return real.call(this, stores, mode, options);
        };
        """
    )
    bare(page)
    first = ready(page)
    assert first["backend"] == "indexeddb" and first["durable"] is True
    assert first["games"] == [] and first["kv"] == {"migrated": "1"} and first["migrated"] is False
    page.evaluate(
        """async () => {
          await spiderStore.putGame('g1', '{"preset":"spider-1"}', 'SAVE-1');
          await spiderStore.putGame('g2', '{"preset":"spider-2"}', 'SAVE-2');
          await spiderStore.putText('settings', 'S');
          await spiderStore.deleteGame('g2');
        }"""
    )
    assert page.evaluate("() => spiderStore.getGame('g1')") == {
        "id": "g1",
        "meta": '{"preset":"spider-1"}',
        "save": "SAVE-1",
    }
    assert page.evaluate("() => spiderStore.getGame('g2')") is None
    assert page.evaluate("() => spiderStore.getText('nothing')") is None
    # Every write asked for strict durability.
    assert set(page.evaluate("() => window.__durability")) == {"strict"}
    page.reload()
    page.wait_for_function("() => window.spiderStore !== undefined")
    again = ready(page)
    assert again["games"] == [{"id": "g1", "meta": '{"preset":"spider-1"}'}]
    assert again["kv"] == {"migrated": "1", "settings": "S"}


def test_a_commit_is_all_or_nothing(new_page: Callable[..., Any], bare: Callable[[Any], Any]) -> None:
    page = bare(new_page())
    ready(page)
    page.evaluate("() => spiderStore.commit({games: [{id: 'a', meta: 'm', save: 's'}], kv: {stats: 'old'}})")
    # The last write of a commit fails: the game written before it in the same commit is not kept.
    outcome = page.evaluate(
        """async () => {
          const real = IDBObjectStore.prototype.put;
          IDBObjectStore.prototype.put = function (value, key) {
            if (value === 'BOOM') throw new DOMException('refused', 'DataError');
            return real.call(this, value, key);
          };
          try {
            await spiderStore.commit({games: [{id: 'b', meta: 'm', save: 's'}], remove: ['a'], kv: {stats: 'BOOM'}});
            return 'written';
          } catch (e) {
            return e.name;
          } finally {
            IDBObjectStore.prototype.put = real;
          }
        }"""
    )
    assert outcome == "DataError"
    assert page.evaluate("() => spiderStore.getGame('b')") is None
    assert page.evaluate("() => spiderStore.getGame('a')") is not None
    assert page.evaluate("() => spiderStore.getText('stats')") == "old"


def test_the_old_keys_move_over_once_and_stay_where_they_were(
    new_page: Callable[..., Any], bare: Callable[[Any], Any]
) -> None:
    page = new_page()
    old = {
        "spider.v1.current": '{"v":2,"id":"abc","recorded":false,"game":"G"}',
        "spider.v1.settings": '{"v":2,"tap":"select"}',
        "spider.v1.stats": '{"format":"spider-stats"}',
    }
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        + "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in old.items())
        + "}"
    )
    bare(page)
    first = ready(page)
    assert first["migrated"] is True
    assert first["kv"] == {
        "migrated": "1",
        "legacy.current": old["spider.v1.current"],
        "settings": old["spider.v1.settings"],
        "stats": old["spider.v1.stats"],
    }
    # The page may now change its settings; a reload does not migrate again.
    page.evaluate("() => spiderStore.putText('settings', 'NEW')")
    page.reload()
    page.wait_for_function("() => window.spiderStore !== undefined")
    second = ready(page)
    assert second["migrated"] is False and second["kv"]["settings"] == "NEW"
    assert page.evaluate("() => localStorage.getItem('spider.v1.settings')") == old["spider.v1.settings"]


def test_a_game_is_held_by_one_tab_and_can_be_taken_over(
    new_page: Callable[..., Any], bare: Callable[[Any], Any]
) -> None:
    a = bare(new_page())
    b = bare(a.context.new_page())
    a.evaluate("() => { window.__events = []; spiderStore.onChange((m) => window.__events.push(m)); }")
    b.evaluate("() => { window.__events = []; spiderStore.onChange((m) => window.__events.push(m)); }")
    assert a.evaluate("() => spiderStore.claim('g1')") is True
    assert a.evaluate("() => spiderStore.claim('g1')") is True  # already this tab's
    assert b.evaluate("() => spiderStore.claim('g1')") is False
    assert b.evaluate("() => spiderStore.claim('g2')") is True  # another game is free
    assert b.evaluate("() => spiderStore.claim('g1', {steal: true})") is True
    a.wait_for_function("() => window.__events.some((m) => m.type === 'lost' && m.id === 'g1')")
    # A released game is free again.
    b.evaluate("() => spiderStore.release('g1')")
    assert a.evaluate("() => spiderStore.claim('g1')") is True
    # Writes are told to the other tab, not to the writer.
    a.evaluate("() => spiderStore.putGame('g1', 'm', 's')")
    b.wait_for_function("() => window.__events.some((m) => m.type === 'game' && m.id === 'g1')")
    assert not any(m.get("type") == "game" for m in a.evaluate("() => window.__events"))


def test_a_lock_serialises_read_modify_write_across_tabs(
    new_page: Callable[..., Any], bare: Callable[[Any], Any]
) -> None:
    a = bare(new_page())
    b = bare(a.context.new_page())
    bump = """async (n) => {
      const tasks = [];
      for (let i = 0; i < n; i++) tasks.push(spiderStore.withLock('stats', async () => {
        const v = Number(await spiderStore.getText('count') || 0);
        await new Promise((r) => setTimeout(r, 0));
        await spiderStore.putText('count', String(v + 1));
      }));
      await Promise.all(tasks);
    }"""
    a.evaluate("() => spiderStore.putText('count', '0')")
    ha = a.evaluate_handle(f"() => ({bump})(15)")
    hb = b.evaluate_handle(f"() => ({bump})(15)")
    a.evaluate("(p) => p", ha)
    b.evaluate("(p) => p", hb)
    assert a.evaluate("() => spiderStore.getText('count')") == "30"


def test_without_indexeddb_the_same_api_uses_local_storage_and_says_so(
    new_page: Callable[..., Any], bare: Callable[[Any], Any]
) -> None:
    page = new_page()
    page.add_init_script("Object.defineProperty(window, 'indexedDB', {get() { throw new Error('refused'); }});")
    bare(page)
    info = ready(page)
    assert info["backend"] == "localstorage" and info["durable"] is False
    assert "simpler storage" in info["note"]
    page.evaluate("() => spiderStore.commit({games: [{id: 'g', meta: 'm', save: 's'}], kv: {stats: 'T'}})")
    assert page.evaluate("() => spiderStore.getGame('g')") == {"id": "g", "meta": "m", "save": "s"}
    assert page.evaluate("() => spiderStore.listGames()") == [{"id": "g", "meta": "m"}]
    # A commit that runs out of room leaves everything as it was.
    outcome = page.evaluate(
        """async () => {
          const real = Storage.prototype.setItem;
          // Full: the game's new text still fits, the statistics' do not.
          Storage.prototype.setItem = function (k, v) {
            if (v === 'U') throw new DOMException('full', 'QuotaExceededError');
            return real.call(this, k, v);
          };
          try {
            await spiderStore.commit({games: [{id: 'g', meta: 'm2', save: 's2'}], kv: {stats: 'U'}});
            return 'written';
          } catch (e) {
            return e.name;
          } finally {
            Storage.prototype.setItem = real;
          }
        }"""
    )
    assert outcome == "QuotaExceededError"
    assert page.evaluate("() => spiderStore.getGame('g')") == {"id": "g", "meta": "m", "save": "s"}
    assert page.evaluate("() => spiderStore.getText('stats')") == "T"


def test_with_no_storage_at_all_the_page_still_works_and_says_nothing_is_kept(
    new_page: Callable[..., Any], bare: Callable[[Any], Any]
) -> None:
    page = new_page()
    page.add_init_script(
        "Object.defineProperty(window, 'indexedDB', {get() { throw new Error('refused'); }});"
        "Object.defineProperty(window, 'localStorage', {get() { throw new Error('refused'); }});"
    )
    bare(page)
    info = ready(page)
    assert info["backend"] == "memory" and "last only until" in info["note"]
    page.evaluate("() => spiderStore.putText('settings', 'S')")
    assert page.evaluate("() => spiderStore.getText('settings')") == "S"
