"""A language's plural rule, from its catalog's C expression (pure: no browser imports).

Each catalog says which of its forms a number takes with gettext's rule,
a C expression of ``n`` (``n == 1 ? 0 : ...``) that the build takes from
CLDR through Babel (``tools/build/catalogs.py``).  :func:`compile_rule`
reads that expression with a small parser of its own (numbers, ``n``,
parentheses, ``! - * / % + - < <= > >= == != && || ?:``): nothing is
evaluated as code, and a text it does not know is refused.

>>> polish = compile_rule("n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2")
>>> [polish(n) for n in (1, 2, 5, 22, 25, 112)]
[0, 1, 2, 1, 2, 2]
"""

from __future__ import annotations

import re
from collections.abc import Callable

Rule = Callable[[int], int]
MAX_RULE_CHARS = 600
"""A longer rule is refused (CLDR's longest is under 300 characters)."""
_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(<=|>=|==|!=|&&|\|\||[-+*/%<>!?:()]))")


class PluralRuleError(ValueError):
    """A plural rule this parser does not accept."""


def compile_rule(text: str) -> Rule:
    """The rule ``text`` as a function from a count to a form's index."""
    if len(text) > MAX_RULE_CHARS:
        raise PluralRuleError("the plural rule is too long")
    tokens: list[str] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise PluralRuleError(f"unexpected {text[pos : pos + 10]!r} in the plural rule")
        tokens.append(m.group(m.lastindex or 0))
        pos = m.end()
    parser = _Parser(tokens)
    rule = parser.ternary(0)
    if parser.k != len(tokens):
        raise PluralRuleError(f"unexpected {tokens[parser.k]!r} in the plural rule")
    return lambda n: int(rule(n))


_Node = Callable[[int], int]
_BINARY: dict[str, tuple[int, Callable[[int, int], int]]] = {
    "||": (1, lambda a, b: int(bool(a) or bool(b))),
    "&&": (2, lambda a, b: int(bool(a) and bool(b))),
    "==": (3, lambda a, b: int(a == b)),
    "!=": (3, lambda a, b: int(a != b)),
    "<": (4, lambda a, b: int(a < b)),
    "<=": (4, lambda a, b: int(a <= b)),
    ">": (4, lambda a, b: int(a > b)),
    ">=": (4, lambda a, b: int(a >= b)),
    "+": (5, lambda a, b: a + b),
    "-": (5, lambda a, b: a - b),
    "*": (6, lambda a, b: a * b),
    "/": (6, lambda a, b: a // b if b else 0),
    "%": (6, lambda a, b: a % b if b else 0),
}
MAX_DEPTH = 60


class _Parser:
    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.k = 0

    def peek(self) -> str | None:
        return self.tokens[self.k] if self.k < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            raise PluralRuleError(f"expected {expected or 'more'} in the plural rule")
        self.k += 1
        return token

    def ternary(self, depth: int) -> _Node:
        if depth > MAX_DEPTH:
            raise PluralRuleError("the plural rule nests too deeply")
        cond = self.binary(1, depth)
        if self.peek() != "?":
            return cond
        self.take("?")
        yes = self.ternary(depth + 1)
        self.take(":")
        no = self.ternary(depth + 1)
        return lambda n: yes(n) if cond(n) else no(n)

    def binary(self, level: int, depth: int) -> _Node:
        if level > 6:
            return self.unary(depth)
        left = self.binary(level + 1, depth)
        while (op := self.peek()) in _BINARY and _BINARY[op][0] == level:
            self.take()
            right = self.binary(level + 1, depth)
            left = _apply(_BINARY[op][1], left, right)
        return left

    def unary(self, depth: int) -> _Node:
        token = self.take()
        if token == "!":
            inner = self.unary(depth + 1)
            return lambda n: int(not inner(n))
        if token == "-":
            neg = self.unary(depth + 1)
            return lambda n: -neg(n)
        if token == "(":
            inside = self.ternary(depth + 1)
            self.take(")")
            return inside
        if token == "n":
            return lambda n: n
        if token.isdigit():
            value = int(token)
            return lambda n: value
        raise PluralRuleError(f"unexpected {token!r} in the plural rule")


def _apply(op: Callable[[int, int], int], left: _Node, right: _Node) -> _Node:
    return lambda n: op(left(n), right(n))
