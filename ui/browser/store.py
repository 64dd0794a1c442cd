"""``shell/store.js`` as a :class:`ui.storage.store.Store` (the browser side of storage).

The store opens and reads the database while Python is still loading
(``window.spiderStore.ready``); :func:`opened` turns that first read into
:class:`ui.storage.store.Records`.  Every call here returns at once: what the
store answers later comes back through the callback it was given, in the
order the calls were made, as asyncio tasks.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import NamedTuple

from ui.browser.dom import create_proxy, is_none, to_js, window
from ui.storage.store import Change, Done, Records, Update

__all__ = ["BrowserStore", "Opened", "opened"]


def _text(value: object) -> str | None:
    return None if is_none(value) else str(value)


def _why(error: Exception) -> str:
    text = str(error)
    if "Quota" in text:
        return "the browser's storage is full"
    return "the browser refused to keep it (" + (text.splitlines() or ["an unknown error"])[0][:80] + ")"


def _js_change(change: Change) -> object:
    return to_js(
        {
            "games": [{"id": i, "meta": m, "save": s} for i, m, s in change.games],
            "kv": dict(change.kv),
            "remove": list(change.remove),
        }
    )


class BrowserStore:
    """The storage layer of the page (``window.spiderStore``)."""

    def __init__(self) -> None:
        self.js = window.spiderStore
        self._listener: object = None
        self._tasks: set[asyncio.Future[None]] = set()

    def _run(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)  # kept until done: a task nobody holds may be collected
        task.add_done_callback(self._tasks.discard)

    async def _settle(self, promise: Awaitable[object], done: Done, after: Callable[[], None] | None = None) -> None:
        try:
            await promise
        except Exception as error:
            done(_why(error))
        else:
            done(None)
        finally:
            if after is not None:
                after()

    def commit(self, change: Change, done: Done) -> None:
        try:
            promise = self.js.commit(_js_change(change), to_js({"relaxed": change.relaxed}))
        except Exception as error:
            done(_why(error))
            return
        self._run(self._settle(promise, done))

    def update(self, game_id: str | None, keys: tuple[str, ...], fn: Update, done: Done) -> None:
        def locked(meta: object, texts: object) -> object:
            found = {str(k): _text(v) for k, v in texts.to_py().items()}  # type: ignore[attr-defined]
            change = fn(_text(meta), found)
            return None if change is None else _js_change(change)

        proxy = create_proxy(locked)
        try:
            promise = self.js.update(game_id, to_js(list(keys)), proxy)
        except Exception as error:
            proxy.destroy()
            done(_why(error))
            return
        self._run(self._settle(promise, done, proxy.destroy))

    def load(self, game_id: str, then: Callable[[tuple[str, str] | None], None]) -> None:
        async def go() -> None:
            try:
                rec = await self.js.getGame(game_id)
            except Exception:
                then(None)
                return
            then(None if is_none(rec) else (str(rec.meta), str(rec.save)))

        self._run(go())

    def claim(self, game_id: str, steal: bool, then: Callable[[bool], None]) -> None:
        async def go() -> None:
            try:
                ok = bool(await self.js.claim(game_id, to_js({"steal": steal})))
            except Exception:
                ok = True  # no locks at all: nothing to share the game with
            then(ok)

        self._run(go())

    def release(self, game_id: str) -> None:
        try:
            self.js.release(game_id)
        except Exception:
            pass

    def listen(self, records: Records, lost: Callable[[str], None], heard: Callable[[str], None]) -> None:
        """Keep ``records`` current with the other tabs' writes; ``lost(id)``
        when another tab takes over a game this one plays; ``heard(key or
        id)`` after each piece of news is in ``records``."""

        async def text(key: str) -> None:
            records.heard_text(key, _text(await self.js.getText(key)))
            heard(key)

        async def game(game_id: str) -> None:
            rec = await self.js.getGame(game_id)
            records.heard_game(game_id, None if is_none(rec) else str(rec.meta))
            heard(game_id)

        def on_change(msg: object) -> None:
            kind = str(getattr(msg, "type", ""))
            if kind == "lost":
                lost(str(msg.id))  # type: ignore[attr-defined]
            elif kind == "kv":
                self._run(text(str(msg.key)))  # type: ignore[attr-defined]
            elif kind == "game":
                self._run(game(str(msg.id)))  # type: ignore[attr-defined]

        self._listener = create_proxy(on_change)
        self.js.onChange(self._listener)


class Opened(NamedTuple):
    """The store's first read: the records, and what to tell the player."""

    records: Records
    store: BrowserStore
    backend: str
    note: str


async def opened() -> Opened:
    """Wait for the store's first read (started by ``shell/store.js`` at load)."""
    first = await window.spiderStore.ready
    kv = {str(k): str(v) for k, v in first.kv.to_py().items() if not is_none(v)}
    metas = {str(g.id): str(g.meta) for g in first.games}
    store = BrowserStore()
    return Opened(Records(store, kv, metas), store, str(first.backend), str(first.note))
