"""The architecture's rules, held against the code: the layers (import-linter's
contracts in pyproject.toml), one package that writes, and imports at module level.

Each rule is a checker over source text, run on the whole of ``generator/`` and on a
small sample that breaks it, so a checker that could never fail would fail here.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from tests.checkout import REPO

PACKAGE = REPO / "generator"
WRITERS = ("generator/write/",)
"""The one package that writes to disk."""
MAY_WRITE = {
    "generator/live/stderr.py": "opens the write end of its own pipe (os.fdopen): no file",
    "generator/live/reaper.py": "opens /dev/null to let go of the server's pipes: no file",
}
"""Modules outside write/ that may call a writing function, each with why."""

_WRITING_CALLS = {
    ("os", "replace"), ("os", "rename"), ("os", "renames"), ("os", "mkdir"),
    ("os", "makedirs"), ("os", "remove"), ("os", "unlink"), ("os", "rmdir"),
    ("os", "symlink"), ("os", "link"), ("os", "chmod"), ("os", "truncate"),
    ("shutil", "rmtree"), ("shutil", "copy"), ("shutil", "copy2"),
    ("shutil", "copyfile"), ("shutil", "copytree"), ("shutil", "move"),
    ("tempfile", "mkstemp"), ("tempfile", "mkdtemp"), ("tempfile", "TemporaryDirectory"),
    ("tempfile", "NamedTemporaryFile"),
}  # fmt: skip
_WRITING_METHODS = {
    "write_text", "write_bytes", "mkdir", "touch", "unlink", "rmdir", "symlink_to",
    "hardlink_to", "chmod",
}  # fmt: skip
_WRITE_FLAGS = {"O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND"}


def _writing_mode(call: ast.Call, position: int) -> bool:
    mode = call.args[position] if len(call.args) > position else None
    for keyword in call.keywords:
        if keyword.arg == "mode":
            mode = keyword.value
    return (
        isinstance(mode, ast.Constant)
        and isinstance(mode.value, str)
        and any(c in mode.value for c in "wax+")
    )


def writes(source: str) -> list[int]:
    """Lines of ``source`` that write to disk: make, replace or remove a file or folder,
    or open one for writing."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute):
            owner = func.value.id if isinstance(func.value, ast.Name) else None
            if (owner, func.attr) in _WRITING_CALLS or func.attr in _WRITING_METHODS:
                found.append(node.lineno)
            elif owner == "os" and func.attr == "open":
                flags = {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
                if flags & _WRITE_FLAGS:
                    found.append(node.lineno)
            elif owner == "os" and func.attr == "fdopen":
                if _writing_mode(node, 1):
                    found.append(node.lineno)
            elif func.attr == "open" and _writing_mode(node, 0):
                found.append(node.lineno)
        elif isinstance(func, ast.Name) and func.id == "open" and _writing_mode(node, 1):
            found.append(node.lineno)
    return found


def unexplained_imports(source: str) -> list[int]:
    """Lines of imports inside a function that no ``# lazy: <why>`` comment explains (on
    the line, or above it through the group of imports it starts)."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Import | ast.ImportFrom) and not _explained(lines, inner):
                found.append(inner.lineno)
    return found


def _explained(lines: list[str], node: ast.Import | ast.ImportFrom) -> bool:
    if "# lazy:" in "".join(lines[node.lineno - 1 : node.end_lineno]):
        return True
    index = node.lineno - 2
    while index >= 0:
        text = lines[index].strip()
        if "# lazy:" in text:
            return True
        if not (text.startswith(("from ", "import ", "#")) or text.endswith(",") or text == ")"):
            return False
        index -= 1
    return False


def modules() -> Iterator[tuple[str, str]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(REPO).as_posix(), path.read_text("utf-8")


def test_only_the_write_package_writes() -> None:
    found = {
        name: lines
        for name, source in modules()
        if not name.startswith(WRITERS) and name not in MAY_WRITE
        for lines in [writes(source)]
        if lines
    }
    assert found == {}


def test_every_module_allowed_to_write_still_does() -> None:
    for name in MAY_WRITE:
        assert writes((REPO / name).read_text("utf-8")), f"{name} no longer writes: drop it"


def test_the_writing_checker_sees_each_way_of_writing() -> None:
    sample = """
import os, shutil, tempfile
from pathlib import Path
def f(p: Path) -> None:
    p.write_text("x")
    open(p, "a")
    p.open("wb")
    os.open(p, os.O_WRONLY | os.O_CREAT)
    os.replace(p, p)
    shutil.rmtree(p)
    tempfile.mkdtemp()
    p.mkdir()
    open(p).read()
    p.open("rb")
    os.open(p, os.O_RDONLY)
    "a".replace("a", "b")
"""
    assert writes(sample) == [5, 6, 7, 8, 9, 10, 11, 12]


def test_imports_inside_functions_say_why() -> None:
    found = {name: lines for name, source in modules() if (lines := unexplained_imports(source))}
    assert found == {}


def test_the_import_checker_asks_for_a_reason() -> None:
    sample = """
def bare():
    import json
def explained():
    # lazy: json is slow to import, and only this path needs it
    import json
    from os import (
        path,
    )
def on_the_line():
    import json  # lazy: as above
    import os
def later():
    x = 1
    import json
"""
    assert unexplained_imports(sample) == [3, 15]


def _lint_imports(cwd: Path) -> subprocess.CompletedProcess[str]:
    program = Path(sys.executable).with_name("lint-imports")
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    return subprocess.run(
        [str(program), "--no-cache"], cwd=cwd, env=env, capture_output=True, text=True
    )


def test_the_layer_contracts_hold() -> None:
    result = _lint_imports(REPO)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_an_import_that_runs_up_the_layers_is_caught(tmp_path: Path) -> None:
    shutil.copytree(PACKAGE, tmp_path / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    emitter = tmp_path / "generator" / "emit" / "canonical.py"
    emitter.write_text(emitter.read_text("utf-8") + "\nfrom generator.run import pipeline\n")
    result = _lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "generator.emit.canonical -> generator.run.pipeline" in result.stdout
    assert "Emitters are pure" in result.stdout
