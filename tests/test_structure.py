"""The shape of the code, kept by tests: small parts with narrow seams.

- no import circle among the modules of ``engine/``, ``solver/`` and ``ui/``,
  not even one made of imports under ``TYPE_CHECKING``;
- the engine never imports the solver; the solver reaches the engine only
  through its public package (``import engine``, ``from engine import ...``);
- ``ui/`` is its entry point, its composition root and its packages; only
  ``ui/browser/`` touches ``js``, ``pyodide`` or ``pyscript``; a module not
  named ``*_view`` is pure (imports no view and nothing of ``ui/browser/``),
  and ``ui/browser/`` imports no view;
- ``ui/`` imports the engine and the solver through their public packages
  (``import engine``, ``from engine import ...``, ``from solver import ...``);
- no two classes of ``engine/``, ``solver/`` and ``ui/`` share a name; a
  pure module that only one view of its package uses is that view's half
  and shares its name (``x.py`` beside ``x_view.py``);
- no module imports another's private names;
- variant behaviour reads ``rules.traits`` (:mod:`engine.families`): the
  only tests of a family's name are the searches refusing another family;
- a pile's text (``column-3``) is made and parsed only in
  :mod:`engine.piles`;
- a game's status and end reason are compared with their enums
  (``engine.Outcome``, ``engine.EndReason``), never with a word;
- ``Any`` stays in ``ui/browser/``, the wrappers of the browser's objects;
- every search run in slices on the page (the helpers', the review) runs
  on the one driver, :class:`ui.helpers.sliced_search.SliceDriver`;
- the composition root (``ui/app.py``) gives no part a lambda, ``self`` or
  a method of ``self`` that reaches a part made after it;
- no part of ``ui/`` writes another part's attributes (``self.service.holding
  = ...``, nor through a local name or a parameter for that part:
  ``helper = self.helper; helper.held = ...``, ``def f(service: GameService)``
  then ``service.records.failed = ...``): it calls a method of that part
  instead.  A page element's
  properties (``self.button.hidden``, ``self.el.dataset.x``) and the one
  table state (``self.state``, :mod:`ui.table.state`, the shared record the
  table keeps what it derives in) are not parts.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "solver", "ui")


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _imports(name: str, path: Path) -> set[str]:
    """The project modules ``name`` imports, at any level (TYPE_CHECKING too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(_tree(path)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        for t in targets:
            while t and t not in MODULES:
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
    return found


def test_no_import_circle() -> None:
    graph = {name: _imports(name, path) for name, path in MODULES.items()}
    # A package's __init__ re-exports its modules: an import of ``engine``
    # from inside ``engine`` is not a circle through the package itself.
    for name in graph:
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(n: str) -> None:
        state[n] = 1
        path.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                cycle = path[path.index(m) :] + [m]
                pytest.fail("import circle: " + " -> ".join(cycle))
            if m not in state:
                visit(m)
        path.pop()
        state[n] = 2

    for n in sorted(graph):
        if n not in state:
            visit(n)


def _package(module: str) -> str:
    return module.split(".")[0]


def test_the_engine_never_imports_the_solver() -> None:
    found = [
        f"{name} imports {target}"
        for name, path in MODULES.items()
        if _package(name) == "engine"
        for target in _imports(name, path)
        if _package(target) == "solver"
    ]
    assert not found


def test_the_solver_reaches_the_engine_only_through_its_package() -> None:
    """``from engine import Move`` and ``import engine``, never ``engine.play``."""
    found = [
        f"{name} imports {target}"
        for name, path in MODULES.items()
        if _package(name) == "solver"
        for target in _imports(name, path)
        if _package(target) == "engine" and target != "engine"
    ]
    assert not found


UI_PACKAGES = ("browser", "i18n", "table", "game", "storage", "helpers", "screens", "chrome")
BROWSER_MODULES = ("js", "pyodide", "pyscript")


def _external_imports(path: Path) -> set[str]:
    """Every module name ``path`` imports absolutely, at any level."""
    found: set[str] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module)
    return found


def _is_view(name: str) -> bool:
    """A module that may touch the page (through ``ui.browser``): a
    ``*_view`` module, the composition root and the entry point."""
    return name.rpartition(".")[2].endswith("_view") or name in ("ui.app", "ui.main")


def _layer(name: str) -> str:
    if name.startswith("ui.browser"):
        return "browser"
    return "view" if _is_view(name) else "pure"


def test_ui_is_its_entry_point_its_composition_root_and_its_packages() -> None:
    top = sorted(p.name for p in (ROOT / "ui").iterdir() if p.name != "__pycache__")
    assert top == sorted(["app.py", "main.py", *UI_PACKAGES])
    for package in UI_PACKAGES:
        assert (ROOT / "ui" / package / "__init__.py").is_file(), f"ui/{package}/ has no opening docstring"
        assert not [p for p in (ROOT / "ui" / package).iterdir() if p.is_dir() and p.name != "__pycache__"]


def test_only_the_browser_package_touches_the_browser() -> None:
    found = []
    for name, path in MODULES.items():
        if name.startswith("ui.") and not name.startswith("ui.browser"):
            found += [f"{name}: {m}" for m in _external_imports(path) if m.split(".")[0] in BROWSER_MODULES]
    assert not found, "js, pyodide or pyscript outside ui/browser/: " + ", ".join(found)


def test_pure_modules_import_no_browser_and_no_view() -> None:
    """A module not named ``*_view`` is pure: it imports nothing from
    ``ui/browser/`` and no view, so pytest runs it without a page."""
    found = []
    for name, path in MODULES.items():
        if name.startswith("ui.") and _layer(name) == "pure":
            found += [f"{name} -> {m}" for m in _imports(name, path) if m.startswith("ui.") and _layer(m) != "pure"]
    assert not found, "pure modules reaching the page: " + ", ".join(sorted(found))


def test_the_browser_package_imports_no_view() -> None:
    """``ui/browser/`` is under every view: it wraps the browser's objects in
    the pure parts' types (the store's records), and knows no view."""
    found = []
    for name, path in MODULES.items():
        if name.startswith("ui.browser"):
            found += [f"{name} -> {m}" for m in _imports(name, path) if m.startswith("ui.") and _layer(m) == "view"]
    assert not found, "ui/browser/ imports a view: " + ", ".join(found)


def test_ui_reaches_the_engine_and_the_solver_through_their_packages() -> None:
    found = []
    for name, path in MODULES.items():
        if name.startswith("ui."):
            found += [f"{name}: {m}" for m in _external_imports(path) if m.startswith(("engine.", "solver."))]
    assert not found, "use `import engine`, `from engine import ...`, `from solver import ...`: " + ", ".join(
        sorted(found)
    )


def test_no_two_classes_share_a_name() -> None:
    """Across ``engine/``, ``solver/`` and ``ui/``: a class's name finds one class."""
    seen: dict[str, list[str]] = {}
    for name, path in MODULES.items():
        for node in _tree(path).body:
            if isinstance(node, ast.ClassDef):
                seen.setdefault(node.name, []).append(name)
    assert not {k: v for k, v in seen.items() if len(v) > 1}


def halves_misnamed(importers: dict[str, set[str]]) -> list[str]:
    """Pure ``ui/`` modules that are one view's half under another name: a
    pure module that only one ``*_view`` module of its own package imports
    (``importers``: each pure module's importers in ``ui/``) is that view's
    half, so it is named after it (``x.py`` beside ``x_view.py``)."""
    found = []
    for pure, by in sorted(importers.items()):
        if len(by) != 1:
            continue
        (view,) = by
        package, _, leaf = view.rpartition(".")
        named = leaf.removesuffix("_view") == pure.rpartition(".")[2]
        if _is_view(view) and view.startswith("ui.") and pure.rpartition(".")[0] == package and not named:
            found.append(f"{pure} (only {view} uses it)")
    return found


def test_a_pure_module_and_its_view_share_a_name() -> None:
    caught = {"ui.screens.figures": {"ui.screens.stats_view"}, "ui.screens.tile": {"ui.screens.tile_view"}}
    assert halves_misnamed(caught) == ["ui.screens.figures (only ui.screens.stats_view uses it)"]
    shared = {"ui.table.layout": {"ui.table.render_view", "ui.table.pointer"}}  # not one view's half
    assert halves_misnamed(shared) == []
    importers: dict[str, set[str]] = {}
    for name in MODULES:
        if name.startswith("ui.") and name.count(".") > 1 and _layer(name) == "pure":
            importers[name] = set()
    for name, path in MODULES.items():
        if name.startswith("ui."):
            for m in _imports(name, path):
                if m in importers:
                    importers[m].add(name)
    found = halves_misnamed(importers)
    assert not found, "name a view's pure half after it (x.py beside x_view.py): " + ", ".join(found)


def test_no_module_imports_another_modules_private_names() -> None:
    """(``_`` itself is gettext's public name for "translate this": ``ui.i18n.text._``.)"""
    bad = []
    for name, path in MODULES.items():
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom):
                bad += [
                    f"{name}: {a.name}"
                    for a in node.names
                    if a.name.startswith("_") and a.name not in ("__version__", "_")
                ]
    assert not bad


def _family_tests(tree: ast.Module) -> list[ast.Compare]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Attribute) and s.attr == "family" for s in sides) or any(
                isinstance(s, ast.Name) and s.id == "family" for s in sides
            ):
                out.append(node)
    return out


def test_variant_behaviour_reads_the_family_traits() -> None:
    found = []
    for name, path in MODULES.items():
        if name == "engine.families":
            continue
        tree = _tree(path)
        guards = {
            id(n.test)
            for n in ast.walk(tree)
            if isinstance(n, ast.If) and len(n.body) == 1 and isinstance(n.body[0], ast.Raise)
        }
        found += [f"{name}:{c.lineno}" for c in _family_tests(tree) if id(c) not in guards]
    assert not found, "tests of a family's name (read rules.traits instead): " + ", ".join(found)


STATUS_NAMES = {"status", "end_reason", "reason"}
STATUS_WORDS = {"playing", "won", "lost", "stuck", "resigned", "time"}


def _status_words(tree: ast.Module) -> list[int]:
    """Lines comparing a status or an end reason (``g.status``, ``e.reason``,
    ``reason``) with a word (``"playing"``) instead of an enum member."""

    def named(n: ast.expr) -> bool:
        return (isinstance(n, ast.Attribute) and n.attr in STATUS_NAMES) or (
            isinstance(n, ast.Name) and n.id in STATUS_NAMES
        )

    def word(n: ast.expr) -> bool:
        if isinstance(n, ast.Constant):
            return n.value in STATUS_WORDS
        if isinstance(n, (ast.Tuple, ast.List, ast.Set)):
            return any(word(e) for e in n.elts)
        return False

    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(named(a) for a in sides) and any(word(a) for a in sides):
                out.append(node.lineno)
    return sorted(set(out))


def test_statuses_and_end_reasons_are_compared_as_enums() -> None:
    found = [f"{name}:{line}" for name, path in MODULES.items() for line in _status_words(_tree(path))]
    for path in sorted((ROOT / "bench").glob("*.py")):
        found += [f"bench/{path.name}:{line}" for line in _status_words(_tree(path))]
    assert not found, "compare with engine.Outcome or engine.EndReason, not a word: " + ", ".join(found)


def test_a_status_compared_with_a_word_is_found() -> None:
    tree = ast.parse(
        'if g.status != "playing" or reason in ("won", "stuck"):\n    pass\nok = g.status is Outcome.WON\n'
    )
    assert _status_words(tree) == [1]


PILE_TEXT = re.compile(r"""["'](column|foundation|draw)-""")


def test_pile_text_is_made_and_parsed_in_one_place() -> None:
    found = []
    for name, path in MODULES.items():
        if name == "engine.piles":
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                if re.match(r"(column|foundation|draw)-", text) and "\n" not in text:
                    found.append(f"{name}:{node.lineno}: {text!r}")
        source = path.read_text(encoding="utf-8")
        found += [
            f"{name}: startswith({m.group(0)})" for m in re.finditer(r"startswith\(\(?" + PILE_TEXT.pattern, source)
        ]
    assert not found, "pile text outside engine/piles.py: " + ", ".join(found)


def test_any_stays_in_the_ffi_wrapper() -> None:
    """``Any`` (a JS proxy's type) is used only in ui/browser/; the rest of ui/
    is checked against its Protocols, and parsed JSON is ``object``."""
    found = []
    for name, path in MODULES.items():
        if not name.startswith("ui.") or name.startswith("ui.browser"):
            continue
        for node in ast.walk(_tree(path)):
            if (isinstance(node, ast.Name) and node.id == "Any") or (
                isinstance(node, ast.ImportFrom) and any(a.name == "Any" for a in node.names)
            ):
                found.append(f"{name}:{node.lineno}")
    assert not found, "Any outside ui/browser/: " + ", ".join(found)


DOM_PROPERTIES = frozenset(
    {"hidden", "textContent", "disabled", "title", "value", "checked", "className", "innerHTML", "inert"}
    | {"tabIndex", "scrollTop", "scrollLeft", "id", "src", "href", "onclick"}
)
"""Properties of a page element, which any part may set on the elements it holds."""
DOM_HOLDERS = frozenset({"dataset", "style", "classList"})
"""An element's attribute bags: what is set through them is the element's."""
SHARED = frozenset({"state"})
"""The one table state (:class:`ui.table.state.TableState`): data, not a part."""


def _chain(node: ast.expr) -> tuple[ast.expr, list[str]]:
    """``a.b.c`` -> (``a``, [b, c])."""
    chain: list[str] = []
    while isinstance(node, ast.Attribute):
        chain.append(node.attr)
        node = node.value
    chain.reverse()
    return node, chain


def _written(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return [t for target in node.targets for t in (target.elts if isinstance(target, ast.Tuple) else [target])]
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    return []


def _type_name(annotation: ast.expr | None) -> str | None:
    """The class a parameter is annotated with (``Part``, ``Part | None``, ``"Part"``)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body
    if isinstance(annotation, ast.BinOp):
        names = [_type_name(annotation.left), _type_name(annotation.right)]
        found = [n for n in names if n not in (None, "None")]
        return found[0] if len(found) == 1 else None
    return annotation.id if isinstance(annotation, ast.Name) else None


def _own(chain: list[str]) -> bool:
    """A write through ``self`` along ``chain`` that stays in the part's own
    hands: its own attribute, a page element's property, the shared state."""
    if len(chain) < 2 or chain[0] in SHARED:
        return True
    holder = next((i for i, name in enumerate(chain) if name in DOM_HOLDERS), None)
    if holder is not None:  # self.el.dataset.x, self.el.style.y: the element is the part's own
        return holder == 1
    return len(chain) == 2 and chain[-1] in DOM_PROPERTIES  # self.el.hidden, not self.table.header.bar.inert


def cross_object_writes(source: str, parts: frozenset[str] = frozenset()) -> list[str]:
    """Assignments in ``source`` to another part's attribute: through one of
    ``self``'s (``self.part.field = ...``, at any depth), through a local name
    for one (``p = self.part`` then ``p.field = ...``), or through a
    parameter or a local made of a class in ``parts`` (``def f(service:
    GameService)`` then ``service.field = ...``); but not a page element's
    properties nor the shared table state."""
    found = []
    tree = ast.parse(source)
    scopes: list[ast.AST] = [
        tree,
        *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))),
    ]
    for scope in scopes:
        body = scope.body if isinstance(scope, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)) else []
        if isinstance(scope, ast.Module):  # the functions are scopes of their own
            body = [s for s in body if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
        nodes = [n for stmt in body for n in ast.walk(stmt)]
        aliases: dict[str, list[str]] = {}  # a local name for one of self's attributes
        made: dict[str, str] = {}  # a local name, and the class of what it names
        if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = scope.args
            for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
                kind = _type_name(a.annotation)
                if kind is not None:
                    made[a.arg] = kind
        for node in nodes:
            if isinstance(node, ast.Assign):  # (``self.look = look = Appearance(...)`` too)
                value = node.value
                pairs = [
                    pair
                    for target in node.targets
                    for pair in (
                        list(zip(target.elts, value.elts, strict=False))
                        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple)
                        else [(target, value)]
                    )
                ]
                for t, v in pairs:
                    if not isinstance(t, ast.Name):
                        continue
                    root, chain = _chain(v)
                    if isinstance(root, ast.Name) and root.id == "self" and chain:
                        aliases[t.id] = chain
                    elif isinstance(v, ast.Call) and isinstance(v.func, ast.Name):
                        made[t.id] = v.func.id
        for node in nodes:
            for target in _written(node):
                root, chain = _chain(target)
                if not isinstance(root, ast.Name) or not chain:
                    continue
                if root.id == "self":
                    bad = not _own(chain)
                elif root.id in aliases:
                    bad = not _own(aliases[root.id] + chain)
                else:
                    bad = made.get(root.id) in parts and not _own(["-", *chain])
                if bad:
                    found.append(ast.unparse(target))
    return sorted(set(found), key=found.index)


def _parts() -> frozenset[str]:
    """The classes of ``ui/`` that are parts: not a record (a dataclass, a
    named tuple, an enum, a protocol) and not the shared table state."""
    out = set()
    for name, path in MODULES.items():
        if not name.startswith("ui."):
            continue
        for node in _tree(path).body:
            if not isinstance(node, ast.ClassDef) or node.name == "TableState":
                continue
            decorators = {ast.unparse(d).split("(")[0] for d in node.decorator_list}
            bases = {ast.unparse(b) for b in node.bases}
            if "dataclass" in decorators or bases & {"NamedTuple", "Enum", "StrEnum", "IntEnum", "Protocol"}:
                continue
            out.add(node.name)
    return frozenset(out)


def test_no_part_writes_another_parts_attributes() -> None:
    caught = (
        "self.service.holding = True\nself.a.b.c += 1\nself.screens.held, x = True, 1\n"
        "self.table.header.bar.inert = True\nself.table.header.bar.dataset.x = '1'"
    )
    assert cross_object_writes(caught) == [
        "self.service.holding",
        "self.a.b.c",
        "self.screens.held",
        "self.table.header.bar.inert",  # another part's element: that part's to set
        "self.table.header.bar.dataset.x",
    ]
    own = "self.own = 1\nself.el.hidden = True\nself.el.dataset.x = '1'\nself.state.tracker = t\nx.y.z = 1"
    assert cross_object_writes(own) == []
    through = (
        "def f(self, service: GameService, rec: Record, keeper: 'Keeper | None') -> None:\n"
        "    helper, state = self.helper, self.state\n"
        "    helper.held = True\n"
        "    service.records.failed = 'x'\n"
        "    keeper.told = True\n"
        "    k = Keeper()\n"
        "    k.told = True\n"
        "    state.still_at = None\n"
        "    rec.played += 1\n"
        "    self.look = look = Appearance()\n"
        "    look.settings = None\n"
        "    d = self.el.dataset\n"
        "    d.hint = 'none'\n"
    )
    parts = frozenset({"GameService", "Keeper", "Appearance"})
    assert cross_object_writes(through, parts) == [
        "helper.held",
        "service.records.failed",
        "keeper.told",
        "k.told",
        "look.settings",
    ]
    found = []
    parts = _parts()
    for name, path in MODULES.items():
        if name.startswith("ui.") and not name.startswith("ui.browser"):  # ui/browser/ sets the browser's objects
            found += [f"{name}: {w}" for w in cross_object_writes(path.read_text(encoding="utf-8"), parts)]
    assert not found, "call a method of the part instead: " + ", ".join(found)


def late_reaches(source: str, parts: frozenset[str], root: str = "TableApp") -> list[str]:
    """Where the composition root (class ``root``'s ``__init__`` in ``source``)
    gives a part something that reaches a part made after it: a lambda
    naming a local or an attribute of ``self`` not made yet, or ``self`` or
    one of its methods (which reach every part) before the last part is made."""
    tree = ast.parse(source)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == root)
    init = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    methods = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
    module_names = {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names}
    module_names |= {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    module_names |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}

    def makes_part(stmt: ast.stmt) -> bool:
        return any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in parts for n in ast.walk(stmt)
        )

    last_part = max((i for i, stmt in enumerate(init.body) if makes_part(stmt)), default=-1)
    names = {a.arg for a in init.args.args} | module_names | set(dir(__builtins__))
    attrs: set[str] = set()
    found: list[str] = []
    for i, stmt in enumerate(init.body):
        for node in ast.walk(stmt):
            if isinstance(node, ast.Lambda):
                own = {a.arg for a in node.args.args}
                for n in ast.walk(node.body):
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in names | own:
                        found.append(f"line {stmt.lineno}: lambda reaches {n.id}")
                    if (
                        isinstance(n, ast.Attribute)
                        and isinstance(n.value, ast.Name)
                        and n.value.id == "self"
                        and n.attr not in attrs
                    ):
                        found.append(f"line {stmt.lineno}: lambda reaches self.{n.attr}")
            if isinstance(node, ast.Call) and i < last_part:
                for arg in [*node.args, *(k.value for k in node.keywords)]:
                    if isinstance(arg, ast.Name) and arg.id == "self":
                        found.append(f"line {stmt.lineno}: self given to {ast.unparse(node.func)}")
                    if (
                        isinstance(arg, ast.Attribute)
                        and isinstance(arg.value, ast.Name)
                        and arg.value.id == "self"
                        and arg.attr in methods
                    ):
                        found.append(f"line {stmt.lineno}: self.{arg.attr} given to {ast.unparse(node.func)}")
        for node in ast.walk(stmt):
            targets = node.targets if isinstance(node, ast.Assign) else []
            for t in targets:
                for e in ast.walk(t):
                    if isinstance(e, ast.Name):
                        names.add(e.id)
                    elif isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "self":
                        attrs.add(e.attr)
    return found


def test_the_composition_root_gives_no_part_a_reach_to_a_later_one() -> None:
    caught = (
        "class TableApp:\n"
        "    def __init__(self, root):\n"
        "        self.keys = Keys(root, self)\n"
        "        self.messages = Messages(lambda: look.settings, lambda: self.session.x)\n"
        "        look = Look(self.undo)\n"
        "        self.session = Session(look)\n"
        "        self.keys.obeys(self)\n"
        "        look.subscribe(self.undo)\n"
        "    def undo(self):\n"
        "        pass\n"
    )
    assert late_reaches(caught, frozenset({"Keys", "Messages", "Look", "Session"})) == [
        "line 3: self given to Keys",
        "line 4: lambda reaches look",
        "line 4: lambda reaches self.session",
        "line 5: self.undo given to Look",
    ]
    found = late_reaches((ROOT / "ui" / "app.py").read_text(encoding="utf-8"), _parts())
    assert not found, "join a later part through a method, after it is made: " + ", ".join(found)


def own_slice_loops(source: str) -> list[str]:
    """Coroutines in ``source`` that run a search's ``step`` themselves
    between awaits (a slice loop of their own, beside the one driver)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.AsyncFunctionDef):
            inner = list(ast.walk(node))
            steps = any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "step" for n in inner
            )
            if steps and any(isinstance(n, ast.Await) for n in inner):
                found.append(node.name)
    return found


def test_every_sliced_search_runs_on_the_one_driver() -> None:
    """The helpers' searches and the review run in slices through
    :class:`ui.helpers.sliced_search.SliceDriver` only."""
    caught = "async def run(job):\n    while not job.step(200):\n        await asyncio.sleep(0)\n"
    assert own_slice_loops(caught) == ["run"]
    assert own_slice_loops("async def run(self, job):\n    return await self.driver.run(job)\n") == []
    found = []
    for name, path in MODULES.items():
        if name.startswith("ui.") and name != "ui.helpers.sliced_search":
            found += [f"{name}: {f}" for f in own_slice_loops(path.read_text(encoding="utf-8"))]
    assert not found, "run the search with ui.helpers.sliced_search.SliceDriver: " + ", ".join(found)
