"""The rest of the standard library, fetched the first time it is needed.

The site ships a standard library trimmed to what the page imports
(``python -m tools.build``, ``tools/build/stdlib.py``: about a third of the whole, most of a first visit's
saving), and the whole one beside it.  :class:`FullLibrary` sits last on
``sys.meta_path``: an import that nothing else can serve makes it fetch the
whole library once (``fetch``), put it in the file system and on
``sys.path``, and look again, so a module the trimming left out costs one
download instead of an ``ImportError``.  Pure Python: the fetch comes in as a
function (the page's is a synchronous request, ``ui/browser/dom.py``).

>>> import importlib.machinery
>>> finder = FullLibrary(lambda: None, {"difflib"}, "/nowhere.zip")
>>> finder.find_spec("_hashlib", None) is None, finder.state  # a probe: nothing fetched
(True, 'trimmed')
>>> finder.find_spec("difflib", None) is None, finder.state  # offline: fails as before
(True, 'unavailable')
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Callable, Collection, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

__all__ = ["FULL_PATH", "FullLibrary"]

FULL_PATH = "/lib/python_stdlib_full.zip"


class FullLibrary(importlib.abc.MetaPathFinder):
    """A finder of last resort: the whole standard library, fetched on the first miss."""

    def __init__(self, fetch: Callable[[], bytes | None], rest: Collection[str], path: str = FULL_PATH) -> None:
        self._fetch = fetch
        self._rest = frozenset(rest)
        self.path = path
        self.state = "trimmed"  # then "full" once fetched, or "unavailable"
        self.trigger = ""  # the import that made it fetch

    def _load(self) -> bool:
        if self.state == "trimmed":
            data = self._fetch()
            if not data:
                self.state = "unavailable"  # offline without it: the import fails as it would have
                return False
            with open(self.path, "wb") as f:
                f.write(data)
            sys.path.append(self.path)
            importlib.invalidate_caches()
            self.state = "full"
        return self.state == "full"

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if self.state == "unavailable":
            return None
        if self.state == "trimmed" and not self._worth_fetching(fullname):
            return None
        if self.state == "trimmed":
            self.trigger = fullname
        if not self._load():
            return None
        # A submodule of a package the trimmed library has: look in the same
        # package of the whole one (the package's own path points at the other zip).
        parent = fullname.rpartition(".")[0]
        where = [f"{self.path}/{parent.replace('.', '/')}"] if parent else None
        return importlib.machinery.PathFinder.find_spec(fullname, where)

    def _worth_fetching(self, fullname: str) -> bool:
        """Only a module the whole library has and the trimmed one lacks
        (``rest``): a probe for an optional module (``_hashlib``, ``numpy``)
        is not worth a download."""
        return fullname in self._rest
