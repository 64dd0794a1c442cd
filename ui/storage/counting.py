"""The statistics book as stored, counted once per game under the cross-tab lock.

A game whose record is already marked counted is not counted again, so two
tabs, a reload or a replayed action never count a game twice. Statistics
that cannot be read are set aside, never replaced by empty ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import engine
from ui.i18n.text import _
from ui.storage import games as library
from ui.storage import statistics
from ui.storage.games import GameMeta
from ui.storage.store import STATS, UNREADABLE, Change, Records


class Keeper:
    """The statistics book, as stored, and what the last game changed.

    Statistics that cannot be read are never replaced: they are set aside
    (copied to ``stats.unreadable`` and cleared in one transaction) and
    counting starts again; if even that cannot be written, or they come
    from a newer version of the game, they are left as they are and this
    page counts nothing (:attr:`blocked`).  :attr:`notes` says so."""

    def __init__(self, records: Records) -> None:
        self.records = records
        self.book = statistics.Book()
        self.blocked = False
        self.notes: list[str] = []
        self._told: Callable[[str], None] = self.notes.append
        """Where a sentence for the player goes (:meth:`tell_to`)."""
        self.last: tuple[str, statistics.RecordChange] | None = None  # (game id, change)
        self._pending = 0
        self._waiting: list[Callable[[], None]] = []
        raw = records.get(STATS)
        if raw:
            try:
                self.book = statistics.parse(raw)
            except statistics.StatsError as e:
                self._unreadable(raw, str(e), e.newer)

    def tell_to(self, fn: Callable[[str], None]) -> None:
        """Say each sentence for the player with ``fn`` from now on (the
        page's messages, once the start has shown what it found)."""
        self._told = fn

    def _unreadable(self, raw: str, why: str, newer: bool = False) -> None:
        self.blocked = True
        if newer:
            self._told(
                _(
                    "Your statistics could not be read ({reason}). They are left as they are; "
                    "games played on this page are not counted until it is reloaded."
                ).format(reason=why)
            )
            return

        def done(failure: str | None) -> None:
            self._pending -= 1
            if failure is None:
                self.blocked = False
                self._told(
                    _(
                        "Your statistics could not be read ({reason}). They were set aside in this "
                        "browser's storage ({key}) and counting starts again."
                    ).format(reason=why, key=STATS + UNREADABLE)
                )
            else:
                self._told(
                    _(
                        "Your statistics could not be read ({reason}), and could not be set aside: "
                        "{failure}. They are left as they are, and games are not counted for now."
                    ).format(reason=why, failure=failure)
                )
            if not self._pending:
                for fn in self._waiting:
                    fn()
                self._waiting.clear()

        self._pending += 1
        self.records.write(Change(kv={STATS + UNREADABLE: raw, STATS: None}), done)

    def when_settled(self, fn: Callable[[], None]) -> None:
        """Call ``fn`` once the start's set-aside (if any) is written or refused."""
        if self._pending:
            self._waiting.append(fn)
        else:
            fn()

    def refresh(self) -> None:
        """Read the book as stored (another tab may have counted games since)."""
        raw = self.records.get(STATS)
        if raw is None:
            if not self.blocked:
                self.book = statistics.Book()
            return
        try:
            self.book = statistics.parse(raw)
        except statistics.StatsError:
            pass  # another version wrote it: keep ours, and write nothing over it

    def _fresh(self, texts: dict[str, str | None]) -> statistics.Book | None:
        raw = texts.get(STATS)
        if not raw:
            return statistics.Book()
        try:
            return statistics.parse(raw)
        except statistics.StatsError:
            return None  # never replaced

    def settle(
        self,
        meta: GameMeta,
        save: str,
        counted: Callable[[], None],
        remember: bool = True,
        keep: dict[str, str | None] | None = None,
    ) -> None:
        """Count the game of ``meta`` once.  The end screen's change is worked
        out at once on this tab's book (and kept for it, if ``remember``);
        the count that is stored is made again under the lock on the stored
        book, unless the stored record says the game is counted already.
        ``counted()`` runs (under the lock) when this tab's count is the one
        that is written.

        ``keep`` (the texts written with it, such as the current game's id):
        this is the one write of the game after an action that ended it, so
        its record (``meta``, ``save``) is written whether or not a count
        goes with it, in the same transaction when one does."""

        def kept(recorded: bool) -> Change | None:
            if keep is None:
                return None
            shown = replace(meta, recorded=True) if recorded and not meta.recorded else meta
            return Change(games=[(meta.id, shown.to_text(), save)], kv=dict(keep))

        if self.blocked or meta.recorded:
            if (alone := kept(False)) is not None:
                self.records.write(alone)
            return
        self.refresh()
        local = library.settle(meta, self.book)
        if local is None:
            if (alone := kept(False)) is not None:
                self.records.write(alone)
            return
        if remember:
            self.last = (meta.id, local.change)

        def locked(stored: str | None, texts: dict[str, str | None]) -> Change | None:
            if stored is not None:
                try:
                    if GameMeta.parse(stored).recorded:
                        return kept(True)  # counted already, by this tab or another
                except engine.SaveError:
                    pass
            book = self._fresh(texts)
            if book is None:
                return kept(False)
            done = library.settle(meta, book)
            if done is None:
                return kept(False)
            counted()
            return Change(games=[(meta.id, done.meta.to_text(), save)], kv={**(keep or {}), STATS: done.stats_text})

        self.records.update(meta.id, (STATS,), locked, lambda _: self.refresh())

    def _rewrite(self, fn: Callable[[statistics.Book], None]) -> None:
        """Change the stored book with ``fn`` (under the lock, on the stored book)."""

        def locked(_: str | None, texts: dict[str, str | None]) -> Change | None:
            book = self._fresh(texts)
            if book is None:
                return None
            fn(book)
            return Change(kv={STATS: book.to_text()})

        fn(self.book)
        self.records.update(None, (STATS,), locked, lambda _: self.refresh())

    def reset(self, preset: str) -> None:
        self._rewrite(lambda book: book.reset(preset))

    def replace(self, book: statistics.Book) -> None:
        """An imported book takes the place of ours (what could not be read is set aside first)."""
        change = Change(kv={STATS: book.to_text()})
        raw = self.records.get(STATS)
        if self.blocked and raw is not None:
            change.kv[STATS + UNREADABLE] = raw
        self.book = book
        self.blocked = False
        self.records.write(change)

    def change_for(self, game_id: str) -> statistics.RecordChange | None:
        if self.last is not None and self.last[0] == game_id:
            return self.last[1]
        return None
