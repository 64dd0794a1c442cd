"""The store: what the page keeps, as the page sees it (pure: no browser imports).

``shell/store.js`` keeps two kinds of records in the browser's database:
texts under keys (:data:`SETTINGS`, :data:`STATS`, :data:`CURRENT`) and
games, each under its own id as two texts, a small meta and the engine's
save (:mod:`ui.storage.games` writes and reads both).  Python owns every format;
the store never parses what it keeps.

:class:`Records` is this tab's copy of what is stored: every key's text and
every game's meta, read once at the start and kept current by this tab's
writes and by what the other tabs say they wrote.  Every write goes to a
:class:`Store` (the browser's, :class:`ui.browser.store.BrowserStore`, or
:class:`MemoryStore` here and in tests) in the order it was made, and is on
disk before the store reports it done.  A write the browser refuses (full,
turned off) leaves what was stored as it was and is reported to
:meth:`Records.report_failures_to`.

>>> store = MemoryStore()
>>> records = Records(store)
>>> records.set(SETTINGS, '{"v": 3}')
True
>>> store.kv[SETTINGS], records.get(SETTINGS)
('{"v": 3}', '{"v": 3}')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

__all__ = [
    "CURRENT",
    "LEGACY_CURRENT",
    "SETTINGS",
    "STATS",
    "UNREADABLE",
    "Change",
    "Done",
    "MemoryStore",
    "Records",
    "Store",
    "Update",
]

SETTINGS = "settings"
STATS = "stats"
CURRENT = "current"
"""The id of the game this player had on the table last (opened again at the start)."""
LEGACY_CURRENT = "legacy.current"
"""The one-slot save of earlier versions, copied here once from localStorage
by the store; the page turns it into a game record and drops this copy
(the localStorage original is never touched)."""
UNREADABLE = ".unreadable"
"""A text that cannot be read is set aside under its key plus this suffix,
in the same transaction that clears it: both happen, or neither."""


@dataclass
class Change:
    """One transaction: games written (id, meta, save), texts written (None
    deletes), games removed.  ``relaxed``: it may reach the disk late (the
    clock's save); a player's action is never relaxed."""

    games: list[tuple[str, str, str]] = field(default_factory=list)
    kv: dict[str, str | None] = field(default_factory=dict)
    remove: list[str] = field(default_factory=list)
    relaxed: bool = False


Done = Callable[[str | None], None]
"""Told when a write is on disk (None) or was refused (why, in a few words)."""

Update = Callable[[str | None, dict[str, str | None]], Change | None]
"""A read-modify-write: given a game's stored meta (None: no such game) and
the stored texts of some keys, the change to commit (None: nothing)."""


class Store(Protocol):
    """The storage layer: ``shell/store.js`` in the browser."""

    def commit(self, change: Change, done: Done) -> None:
        """Write ``change``, all or nothing, after every earlier write."""

    def update(self, game_id: str | None, keys: tuple[str, ...], fn: Update, done: Done) -> None:
        """Run ``fn`` on what is stored now, under a lock every tab respects,
        and commit what it returns before the lock is let go."""

    def load(self, game_id: str, then: Callable[[tuple[str, str] | None], None]) -> None:
        """The stored (meta, save) of a game, or None."""

    def claim(self, game_id: str, steal: bool, then: Callable[[bool], None]) -> None:
        """Play ``game_id`` in this tab: False when another tab has it
        (``steal``: take it over; that tab is told)."""

    def release(self, game_id: str) -> None:
        """This tab no longer plays ``game_id``."""


def _ignore(_: str | None) -> None:
    pass


class Records:
    """This tab's copy of the stored texts and game metas, and the writes to them."""

    def __init__(self, store: Store, kv: dict[str, str] | None = None, metas: dict[str, str] | None = None) -> None:
        self.store = store
        self.kv: dict[str, str] = dict(kv or {})
        self.metas: dict[str, str] = dict(metas or {})
        """Every game's stored meta text, by id."""
        self._failed: Callable[[str], None] = _ignore

    def report_failures_to(self, fn: Callable[[str], None]) -> None:
        """``fn(why)`` from now on, when a write does not reach the storage."""
        self._failed = fn

    # -- texts ---------------------------------------------------------------------
    def get(self, key: str) -> str | None:
        return self.kv.get(key)

    def set(self, key: str, value: str) -> bool:
        """Write a text (queued; a refusal is reported, :meth:`report_failures_to`)."""
        self.write(Change(kv={key: value}))
        return True

    # -- writes --------------------------------------------------------------------------
    def write(self, change: Change, done: Done = _ignore) -> None:
        """Commit ``change``; this copy follows at once."""
        self._follow(change)
        self.store.commit(change, self._reported(done))

    def update(self, game_id: str | None, keys: tuple[str, ...], fn: Update, done: Done = _ignore) -> None:
        """A read-modify-write under the cross-tab lock (see :meth:`Store.update`)."""

        def locked(meta: str | None, texts: dict[str, str | None]) -> Change | None:
            change = fn(meta, texts)
            if change is not None:
                self._follow(change)
            return change

        self.store.update(game_id, keys, locked, self._reported(done))

    def _reported(self, done: Done) -> Done:
        """``done``, after reporting a refusal."""

        def finished(why: str | None) -> None:
            if why is not None:
                self._failed(why)
            done(why)

        return finished

    def _follow(self, change: Change) -> None:
        for game_id, meta, _save in change.games:
            self.metas[game_id] = meta
        for game_id in change.remove:
            self.metas.pop(game_id, None)
        for key, text in change.kv.items():
            if text is None:
                self.kv.pop(key, None)
            else:
                self.kv[key] = text

    # -- news from other tabs ------------------------------------------------------
    def heard_text(self, key: str, text: str | None) -> None:
        """Another tab wrote ``key``."""
        self._follow(Change(kv={key: text}))

    def heard_game(self, game_id: str, meta: str | None) -> None:
        """Another tab wrote (or removed, None) game ``game_id``."""
        if meta is None:
            self.metas.pop(game_id, None)
        else:
            self.metas[game_id] = meta


class MemoryStore:
    """A :class:`Store` in memory that does everything at once (tests, and
    the page's last resort).  ``refuse`` makes every write fail, as a full
    disk does; ``others`` holds the games another tab plays."""

    def __init__(self) -> None:
        self.kv: dict[str, str] = {}
        self.games: dict[str, tuple[str, str]] = {}
        self.refuse: str | None = None
        self.others: set[str] = set()
        self.held: set[str] = set()
        self.stolen: list[str] = []

    def commit(self, change: Change, done: Done) -> None:
        if self.refuse is not None:
            done(self.refuse)
            return
        for game_id, meta, save in change.games:
            self.games[game_id] = (meta, save)
        for game_id in change.remove:
            self.games.pop(game_id, None)
        for key, text in change.kv.items():
            if text is None:
                self.kv.pop(key, None)
            else:
                self.kv[key] = text
        done(None)

    def update(self, game_id: str | None, keys: tuple[str, ...], fn: Update, done: Done) -> None:
        rec = self.games.get(game_id) if game_id is not None else None
        change = fn(rec[0] if rec else None, {k: self.kv.get(k) for k in keys})
        if change is None:
            done(None)
        else:
            self.commit(change, done)

    def load(self, game_id: str, then: Callable[[tuple[str, str] | None], None]) -> None:
        then(self.games.get(game_id))

    def claim(self, game_id: str, steal: bool, then: Callable[[bool], None]) -> None:
        if game_id in self.others and not steal:
            then(False)
            return
        if game_id in self.others:
            self.others.discard(game_id)
            self.stolen.append(game_id)
        self.held.add(game_id)
        then(True)

    def release(self, game_id: str) -> None:
        self.held.discard(game_id)
