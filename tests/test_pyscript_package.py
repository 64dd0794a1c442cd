"""shell/pyscript-package.mjs under Node, against PyScript's real package
snippet (node_modules/@pyscript/core/src/stdlib.js): every file of the
package comes out with its exact text, what follows the snippet still runs as
Python, and a snippet with any unknown line is left to Python whole."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "shell" / "pyscript-package.mjs"
PYSCRIPT_SRC = ROOT / "node_modules" / "@pyscript" / "core" / "src"

pytestmark = [
    pytest.mark.cpython_only,
    pytest.mark.skipif(shutil.which("node") is None, reason="no node"),
    pytest.mark.skipif(not PYSCRIPT_SRC.is_dir(), reason="PyScript is not installed (npm ci)"),
]

PRELUDE = f"""
import {{ splitPackageSnippet, writePackage, writePackageFromJavaScript }} from {json.dumps(MODULE.as_uri())};
import {{ stdlib }} from {json.dumps((PYSCRIPT_SRC / "stdlib.js").as_uri())};
import pyscript from {json.dumps((PYSCRIPT_SRC / "stdlib" / "pyscript.js").as_uri())};
const expected = [];
const walk = (base, tree) => {{
  for (const [key, value] of Object.entries(tree)) {{
    if (typeof value === "string") expected.push([`${{base}}/${{key}}`, value]);
    else walk(`${{base}}/${{key}}`, value);
  }}
}};
walk(".", pyscript);
const REST = "\\nimport builtins\\ndef input(prompt=''):\\n    raise Exception('no input')\\nbuiltins.input = input\\n";
// A file system as Emscripten's FS and PATH offer it, recording what is written.
const fakePyodide = () => {{
  const written = {{}}, made = [];
  const normalize = (p) => p.split("/").filter((s) => s && s !== ".").join("/").replace(/^/, "/");
  return {{
    written, made,
    FS: {{
      cwd: () => "/home/pyodide",
      mkdirTree: (p) => made.push(p),
      writeFile: (p, data, opts) => {{ written[p] = [data, opts]; }},
    }},
    PATH: {{ normalize, dirname: (p) => p.slice(0, p.lastIndexOf("/")) || "/" }},
  }};
}};
"""


def node(script: str) -> object:
    run = subprocess.run(
        ["node", "--input-type=module", "-e", PRELUDE + script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_pyscripts_snippet_splits_into_its_exact_files_and_the_code_after_it() -> None:
    result = node(
        """
        const split = splitPackageSnippet(stdlib + "\\n" + REST);
        console.log(JSON.stringify({
          files: split.files, expected, dirs: split.dirs, rest: split.rest, REST,
        }));
        """
    )
    assert isinstance(result, dict)
    assert len(result["expected"]) >= 10  # the package's modules: context, display, ffi, web…
    assert result["files"] == result["expected"]
    assert "./pyscript" in result["dirs"]
    # Only blank lines separate the snippet from what follows it.
    assert result["rest"].strip() == result["REST"].strip()


def test_the_package_is_written_relative_to_pythons_working_folder() -> None:
    result = node(
        """
        const split = splitPackageSnippet(stdlib);
        const py = fakePyodide();
        writePackage(py, split.files, split.dirs);
        console.log(JSON.stringify({ written: py.written, made: py.made, expected, rest: split.rest }));
        """
    )
    assert isinstance(result, dict)
    written = result["written"]
    assert sorted(written) == sorted("/home/pyodide/" + path[2:] for path, _ in result["expected"])
    for path, text in result["expected"]:
        assert written["/home/pyodide/" + path[2:]] == [text, {"encoding": "utf8"}]
    assert "/home/pyodide/pyscript" in result["made"]
    assert result["rest"].strip() == ""


@pytest.mark.parametrize(
    "change",
    [
        "code.replace('import pyscript as _pyscript', 'import pyscript as ps')",  # no import line
        "code.replace('_path = None', '_path = None\\nprint(1)')",  # an unknown line inside
        "code.replace('import os as _os', 'import os')",  # another start
        "code.replace('from pathlib import Path as _Path\\n', 'from pathlib import Path as _Path\\n_path.write_text(\"x\",encoding=\"utf-8\")\\n')",  # a text before any path
        "code.replace(/write_text\\(\"/, 'write_text(1+\"')",  # not a plain string literal
        "code.replace(/\\n    _path\\.mkdir\\(parents=True, exist_ok=True\\)/, '\\n    pass')",  # a folder test without its mkdir
    ],
)
def test_a_snippet_with_any_unknown_line_is_left_to_python_whole(change: str) -> None:
    result = node(
        f"""
        const code = stdlib + "\\n" + REST;
        const changed = {change};
        console.log(JSON.stringify({{ same: changed === code, split: splitPackageSnippet(changed) }}));
        """
    )
    assert result == {"same": False, "split": None}


def test_the_interpreter_writes_the_package_and_runs_only_the_rest() -> None:
    result = node(
        """
        const py = fakePyodide();
        const ran = [];
        py.runPython = (code) => { ran.push(["sync", code]); return "sync-result"; };
        py.runPythonAsync = async (code) => { ran.push(["async", code]); return "async-result"; };
        const counts = [];
        writePackageFromJavaScript(py, (count) => counts.push(count));
        writePackageFromJavaScript(py, (count) => counts.push(-count)); // a second call changes nothing
        const a = await py.runPythonAsync(stdlib + "\\n" + REST);
        const b = py.runPython(stdlib);
        const c = await py.runPythonAsync("print('main')");
        const d = py.runPython("1 + 1", { globals: null });
        console.log(JSON.stringify({
          ran, results: [a, b ?? null, c, d], counts, files: Object.keys(py.written).length, expected: expected.length,
        }));
        """
    )
    assert isinstance(result, dict)
    assert result["counts"] == [result["expected"], result["expected"]]
    assert result["files"] == result["expected"]
    assert [kind for kind, _ in result["ran"]] == ["async", "async", "sync"]
    assert (
        result["ran"][0][1].strip()
        == "import builtins\ndef input(prompt=''):\n    raise Exception('no input')\nbuiltins.input = input"
    )
    assert result["ran"][1:] == [["async", "print('main')"], ["sync", "1 + 1"]]
    # The snippet alone runs nothing; other code runs as it is.
    assert result["results"] == ["async-result", None, "async-result", "sync-result"]
