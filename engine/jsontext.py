"""JSON text read with limits, so no stored or imported value can hurt the reader.

Python's JSON parser recurses once per nesting level.  In Pyodide the
WebAssembly stack runs out long before Python's recursion limit: a stored
value such as ``'[' * 20000`` stops the interpreter with a fatal "Maximum
call stack size exceeded" instead of a :class:`RecursionError`.  So the
text's size and nesting depth are measured first, with regular expressions
(no recursion), and only text within both limits reaches :func:`json.loads`.

>>> loads('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads('[' * 20000)
Traceback (most recent call last):
...
engine.jsontext.JsonLimitError: it is nested too deeply (more than 32 levels)
>>> loads('x' * 50, max_chars=10)
Traceback (most recent call last):
...
engine.jsontext.JsonLimitError: it is too large (50 characters; at most 10)
>>> loads('{"a": ')
Traceback (most recent call last):
...
engine.jsontext.JsonLimitError: it is not valid JSON (damaged or cut short?)
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import EngineError
from .words import N_, Reason

__all__ = ["MAX_CHARS", "MAX_DEPTH", "JsonLimitError", "loads", "nesting_depth"]

MAX_CHARS = 1_000_000
"""Default size limit in characters: far above any save, settings or statistics text."""
MAX_DEPTH = 32
"""Default nesting limit: our formats nest three or four levels deep."""

_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class JsonLimitError(EngineError):
    """Text that is not JSON, or is JSON too large or too deeply nested to read safely.

    ``kind`` says which: ``"type"``, ``"size"``, ``"depth"`` or ``"syntax"``.
    """

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


def nesting_depth(text: str, stop_after: int | None = None) -> int:
    """The deepest nesting of arrays and objects in ``text`` (brackets inside
    strings do not count); stops counting once ``stop_after`` is passed.

    >>> nesting_depth('{"a": [[1], "]]]"]}')
    3
    """
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", _JSON_STRING.sub("", text)):
        depth += 1 if ch in "[{" else -1
        if depth > deepest:
            deepest = depth
            if stop_after is not None and deepest > stop_after:
                break
    return deepest


def loads(text: str, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads(text)`` within the limits; raises :class:`JsonLimitError`
    with a short reason (for a sentence such as "it could not be read: …")."""
    if not isinstance(text, str):
        raise JsonLimitError(Reason(N_("it is {type}, not text"), type=type(text).__name__), "type")
    if len(text) > max_chars:
        raise JsonLimitError(
            Reason(N_("it is too large ({size} characters; at most {limit})"), size=len(text), limit=max_chars),
            "size",
        )
    if nesting_depth(text, stop_after=max_depth) > max_depth:
        raise JsonLimitError(Reason(N_("it is nested too deeply (more than {n} levels)"), n=max_depth), "depth")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise JsonLimitError(N_("it is not valid JSON (damaged or cut short?)"), "syntax") from None
