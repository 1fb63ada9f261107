"""The cache (.toolcanon-cache/) and the fast paths: never needed, never changing output.

No timing here: which modules a fast path imports, and that output is byte-identical
with the cache, without it, with a damaged one and with one from other contracts.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import black
import pytest

from generator.cache import CacheView, Entry
from generator.models.chunks import Chunk, assemble, chunk_bounds, import_block
from generator.writer import store_entries
from tests.conftest import REPO, Project, tree_snapshot

HEAVY = ("black", "datamodel_code_generator", "jinja2", "jsonschema", "yaml", "regress")
CACHE = ".toolcanon-cache"


def imported_by(root: Path, command: str) -> set[str]:
    """Top-level modules a fresh ``toolcanon <command>`` process has loaded when it exits."""
    code = (
        "import sys\nfrom generator.cli import main\ncode = main([sys.argv[1]])\n"
        "print(sorted({m.split('.')[0] for m in sys.modules}))\nsys.exit(code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, command], cwd=root, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    return set(json.loads(result.stdout.replace("'", '"')))


def test_check_and_generate_on_a_current_tree_import_nothing_heavy(
    example_project: Project,
) -> None:
    assert example_project.run("generate").code == 0
    for command in ("check", "generate"):
        loaded = imported_by(example_project.root, command)
        assert "generator" in loaded
        assert not loaded.intersection(HEAVY), (command, loaded.intersection(HEAVY))


def test_importtime_agrees(example_project: Project) -> None:
    """The same, seen by ``python -X importtime`` (which lists every import, even undone)."""
    example_project.run("generate")
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "generator", "check"],
        cwd=example_project.root,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    names = {line.split("|")[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    assert not {n.split(".")[0] for n in names}.intersection(HEAVY)


def generate_fresh(project: Project, *argv: str) -> dict[str, str]:
    assert project.run("generate", *argv).code == 0
    return tree_snapshot(project.generated)


def test_output_is_the_same_with_and_without_the_cache(example_project: Project) -> None:
    without = generate_fresh(example_project, "--no-cache")
    assert not (example_project.root / CACHE).exists()
    for _ in range(2):  # filling the cache, then reading it
        (example_project.generated / "manifest.json").unlink()
        assert generate_fresh(example_project) == without
    assert any((example_project.root / CACHE).rglob("*"))


def test_damaged_entries_are_ignored(example_project: Project) -> None:
    expected = generate_fresh(example_project)
    entries = [p for p in (example_project.root / CACHE).rglob("*") if p.is_file()]
    assert entries
    for index, entry in enumerate(entries):
        data = entry.read_bytes()
        entry.write_bytes(
            [data[: len(data) // 2], b"", data.replace(b"class", b"klass")][index % 3]
        )
    (example_project.generated / "manifest.json").unlink()
    assert generate_fresh(example_project) == expected


def test_forged_entry_with_a_valid_checksum_but_bad_shape_is_ignored(tmp_path: Path) -> None:
    store_entries(tmp_path / CACHE, [Entry("python-models", "k", b'{"not": "a chunk"}')])
    cache = CacheView(tmp_path / CACHE)
    assert cache.text("python-models", "k") == '{"not": "a chunk"}'
    from generator.models.build import _recall

    assert _recall("k", cache) is None


def test_a_folder_that_cannot_be_written_is_not_an_error(example_project: Project) -> None:
    (example_project.root / CACHE).write_text("a file where the folder would be", "utf-8")
    assert example_project.run("generate").code == 0
    assert example_project.run("check").code == 0


def test_cache_setting(project: Project) -> None:
    project.write("contracts/a.yaml", (REPO / "contracts" / "core" / "web.yaml").read_text())
    project.write("pyproject.toml", '[tool.toolcanon]\ncache = "build/cache"\n')
    assert project.run("generate").code == 0
    assert (project.root / "build" / "cache").is_dir()
    assert not (project.root / CACHE).exists()
    project.write("pyproject.toml", "[tool.toolcanon]\ncache = false\n")
    (project.generated / "manifest.json").unlink()
    assert project.run("generate").code == 0
    assert not (project.root / CACHE).exists()
    project.write("pyproject.toml", "[tool.toolcanon]\ncache = 3\n")
    result = project.run("generate")
    assert result.code == 2
    assert "config key 'cache' must be a folder or false" in result.err


def test_one_changed_contract_reuses_every_other_chunk(example_project: Project) -> None:
    generate_fresh(example_project)
    before = {p.name for p in (example_project.root / CACHE).rglob("*") if p.is_file()}
    target = example_project.contracts / "core" / "web.yaml"
    text = target.read_text("utf-8").replace("description:", "description: Now different.", 1)
    target.write_text(text, "utf-8")
    generate_fresh(example_project)
    after = {p.name for p in (example_project.root / CACHE).rglob("*") if p.is_file()}
    assert before <= after
    assert len(after - before) <= 2  # the file's load+check, and at most one chunk


def test_chunk_bounds_move_only_around_an_edit() -> None:
    names = [f"tool_{i:04d}" for i in range(500)]
    bounds = chunk_bounds(names)
    assert bounds[0][0] == 0 and bounds[-1][1] == len(names)
    assert all(a[1] == b[0] for a, b in itertools.pairwise(bounds))
    cut = {names[end - 1] for _, end in bounds[:-1]}
    inserted = sorted([*names, "tool_0250x"])
    assert {inserted[end - 1] for _, end in chunk_bounds(inserted)[:-1]} >= cut - {"tool_0250"}


def test_assembled_module_is_black_stable() -> None:
    chunks = [
        Chunk(
            (("typing", "Literal"), ("pydantic", "BaseModel")),
            "class A(BaseModel):\n    x: int\n",
            ("A",),
        ),
        Chunk(
            (*tuple(("pydantic", f"Name{i}") for i in range(30)), ("__future__", "annotations")),
            "class B(BaseModel):\n    y: int\n\n\nB.model_rebuild()\n",
            ("B",),
        ),
    ]
    code = "# header\n\n" + assemble(chunks) + "\n"
    mode = black.Mode(line_length=100, target_versions={black.TargetVersion.PY311})
    assert black.format_str(code, mode=mode) == code
    assert import_block([("os", "path"), ("os", "path")]) == "from os import path"


CLASH = """
version: 1
tools:
  - name: foo
    description: A.
    riskLevel: low
    inputSchema:
      type: object
      properties:
        input_bar: {type: object, properties: {x: {type: string}}}
  - name: foo_input
    description: B.
    riskLevel: low
    inputSchema:
      type: object
      properties:
        bar: {type: object, properties: {y: {type: integer}}}
"""


def test_classes_clashing_across_chunks_still_give_one_valid_module(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ast

    from generator.models import chunks

    monkeypatch.setattr(chunks, "CHUNK_BOUNDARY", 1)  # every tool a chunk of its own
    project.write("contracts/a.yaml", CLASH)
    generate_fresh(project, "--no-cache")
    code = (project.generated / "python/toolcanon_tools/models.py").read_text("utf-8")
    names = [n.name for n in ast.parse(code).body if isinstance(n, ast.ClassDef)]
    assert len(names) == len(set(names)) and len(names) >= 4
    mode = black.Mode(line_length=100, target_versions={black.TargetVersion.PY311})
    assert black.format_str(code, mode=mode) == code
