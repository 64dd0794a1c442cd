"""Analysing imports, by reading the source (``ast``), never by running it:
which of our modules the shipped snapshot may import (none of what their
import runs touches the browser), which modules our code imports at all
(the standard library is trimmed to them), and what a module of the
standard library imports when it is imported."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from .common import BuildError

BROWSER_MODULES = {"js", "pyscript", "pyodide", "_pyscript", "polyscript", "pyweb"}
"""Importing any of these means a module touches the browser: it cannot be
imported in the snapshot-making interpreter."""
ENTRY_SCRIPT = "ui/main.py"
"""The page's entry script: it starts the game, so it is never imported ahead."""


def module_name(path: str) -> str:
    """``ui/browser/dom.py`` -> ``ui.browser.dom``; ``engine/__init__.py`` -> ``engine``."""
    parts = path[: -len(".py")].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """The nodes of TREE that run when its module is imported: all but the
    bodies of its functions."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(
            child
            for child in ast.iter_child_nodes(node)
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        )


def imported_names(tree: ast.AST, module: str, is_package: bool, at_import: bool = False) -> set[str]:
    """The modules TREE imports (AT_IMPORT: only those its import itself does,
    not its functions when called)."""
    names: set[str] = set()
    for node in import_time_nodes(tree) if at_import else ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                if not is_package:
                    base = base[:-1]
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            names.add(prefix)
            names.update(f"{prefix}.{alias.name}" for alias in node.names)
    return names


def snapshot_modules(files: dict[str, Path], py_files: list[str]) -> list[str]:
    """Our modules safe to import in the snapshot: nothing their import
    imports, directly or through our other modules, touches the browser (a
    function may, when called: ui/browser/dom.py reaches PyScript on first use), and
    they are not the entry script."""
    imports: dict[str, set[str]] = {}
    for path in py_files:
        name = module_name(path)
        try:
            tree = ast.parse(files[path].read_bytes(), filename=path)
        except SyntaxError as error:
            raise BuildError(f"{path}: {error}") from error
        imports[name] = imported_names(tree, name, path.endswith("__init__.py"), at_import=True)
    ours = set(imports)

    def parents(name: str) -> list[str]:
        parts = name.split(".")
        return [".".join(parts[:i]) for i in range(1, len(parts))]

    unsafe: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, deps in imports.items():
            if name in unsafe:
                continue
            bad = any(dep.split(".")[0] in BROWSER_MODULES for dep in deps)
            bad = bad or any(dep in unsafe for dep in deps if dep in ours)
            bad = bad or any(parent in unsafe for parent in parents(name) if parent in ours)
            if bad:
                unsafe.add(name)
                changed = True
    entry = {module_name(p) for p in py_files if p == ENTRY_SCRIPT}
    return sorted(ours - unsafe - entry)


def our_imports(files: dict[str, Path], py_files: list[str]) -> list[str]:
    """Every module name our Python files import (at any level)."""
    names: set[str] = set()
    for path in py_files:
        tree = ast.parse(files[path].read_bytes(), filename=path)
        names |= imported_names(tree, module_name(path), path.endswith("__init__.py"))
    return sorted(names)


def module_level_imports(tree: ast.Module, module: str, is_package: bool) -> set[str]:
    """The imports a module runs when it is imported: its top-level statements,
    and those under a top-level ``if`` or ``try`` (not inside functions)."""
    body: list[ast.stmt] = []
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            body.append(node)
        elif isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            continue  # run as a script only
        elif isinstance(node, ast.If | ast.Try):
            todo += node.body + node.orelse + getattr(node, "finalbody", [])
            for handler in getattr(node, "handlers", []):
                todo += handler.body
    return imported_names(ast.Module(body=body, type_ignores=[]), module, is_package)
