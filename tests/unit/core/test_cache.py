"""The cache and the fast paths: never needed, never changing output, never trusted
unless this user signed it.

No timing here: which modules a fast path imports, and that output is byte-identical
with the cache, without it, with a damaged one, a forged one and one from other contracts.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import shutil
import subprocess
import sys
from pathlib import Path

import black
import pytest

from generator.core.cache import (
    KEY_BYTES,
    CacheView,
    Entry,
    key_path,
    load_key,
    read_key,
    signed,
    user_cache_root,
)
from generator.models.chunks import Chunk, assemble, chunk_bounds, import_block
from generator.write.entries import store_entries
from tests.conftest import REPO, Project, tree_snapshot

HEAVY = ("black", "datamodel_code_generator", "jinja2", "jsonschema", "yaml", "regress")


def cache_root() -> Path:
    root = user_cache_root()
    assert root is not None
    return root


def entries() -> list[Path]:
    return [p for p in cache_root().rglob("*") if p.is_file()]


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
    shutil.rmtree(cache_root(), ignore_errors=True)
    without = generate_fresh(example_project, "--no-cache")
    assert not cache_root().exists()
    for _ in range(2):  # filling the cache, then reading it
        (example_project.generated / "manifest.json").unlink()
        assert generate_fresh(example_project) == without
    assert entries()
    assert not any(p.name.startswith(".toolcanon") for p in example_project.root.iterdir())


def test_damaged_entries_are_ignored(example_project: Project) -> None:
    expected = generate_fresh(example_project)
    assert entries()
    for index, entry in enumerate(entries()):
        data = entry.read_bytes()
        entry.write_bytes(
            [data[: len(data) // 2], b"", data.replace(b"class", b"klass")][index % 3]
        )
    (example_project.generated / "manifest.json").unlink()
    assert generate_fresh(example_project) == expected


def test_signed_model_entries_of_the_wrong_shape_are_ignored(example_project: Project) -> None:
    """Entries signed with this user's key but holding something else (another format,
    a piece that is not one, a hash that is not the tool's) are entries not found."""
    expected = generate_fresh(example_project)
    key = read_key()
    assert key is not None
    models = [p for p in entries() if p.parent.name == "python-models"]
    assert models
    wrong = [
        b'{"not": "a chunk"}',
        b'{"tools": {"a": 1}}',
        b"[1, 2]",
        b'{"schema": "x", "chunk": [1]}',
    ]
    for index, entry in enumerate(models):
        payload = entry.read_bytes().split(b"\n", 1)[1]
        if index % 2 and b'"tools"' in payload:  # every piece made from another schema
            found = json.loads(payload)
            for tool in found["tools"].values():
                tool[0], tool[1] = "0" * 64, [[], 7, [], []]
            payload = json.dumps(found).encode()
        else:
            payload = wrong[index % len(wrong)]
        entry.write_bytes(signed(key, Entry("python-models", entry.name, payload)))
    (example_project.generated / "manifest.json").unlink()
    assert generate_fresh(example_project) == expected


def test_an_entry_signed_with_another_key_is_not_found(tmp_path: Path) -> None:
    entry = Entry("contracts", "k", b"payload")
    store_entries(tmp_path / "c", [entry])
    stored = next((tmp_path / "c").rglob("k"))
    assert CacheView(tmp_path / "c").get("contracts", "k") == b"payload"
    stored.write_bytes(signed(b"x" * 32, entry))  # as another user, or a forger, would
    assert CacheView(tmp_path / "c").get("contracts", "k") is None
    key = key_path()
    assert key is not None and key.stat().st_mode & 0o077 == 0  # the key is the user's alone


@pytest.mark.parametrize(
    ("mode", "size", "problem"),
    [
        (0o600, KEY_BYTES, None),
        (0o400, KEY_BYTES, None),
        (0o640, KEY_BYTES, "may be read or written by other users (mode 0640)"),
        (0o602, KEY_BYTES, "may be read or written by other users (mode 0602)"),
        (0o600, 5, "holds 5 bytes, not a key toolcanon made"),
    ],
)
def test_only_a_private_key_is_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: int, size: int, problem: str | None
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    path = tmp_path / "toolcanon" / "cache.key"
    path.parent.mkdir()
    path.write_bytes(b"k" * size)
    path.chmod(mode)
    found = load_key()
    assert found.problem == problem
    assert found.key == (b"k" * size if problem is None else None)


def test_a_forged_contract_entry_does_not_change_the_output(example_project: Project) -> None:
    """A configured cache folder inside the repository is anyone's to write: an entry
    that lowers a risk level, forged without this user's key, changes nothing."""
    example_project.write("pyproject.toml", '[tool.toolcanon]\ncache = "shared-cache"\n')
    expected = generate_fresh(example_project)
    risky = [p for p in (example_project.root / "shared-cache").rglob("*") if p.is_file()]
    forged = 0
    for entry in risky:
        payload = entry.read_bytes().split(b"\n", 1)[1]
        if b'"riskLevel": "high"' in payload:
            changed = payload.replace(b'"riskLevel": "high"', b'"riskLevel": "low"')
            entry.write_bytes(signed(b"f" * 32, Entry(entry.parent.name, entry.name, changed)))
            forged += 1
    assert forged
    (example_project.generated / "manifest.json").unlink()
    assert generate_fresh(example_project) == expected
    assert example_project.run("check").code == 0


def test_check_does_not_trust_the_committed_manifest(example_project: Project) -> None:
    """Hand-edit a generated file and put its new hash in manifest.json: check still
    says stale, with a cold cache and with this machine's warm one."""
    assert example_project.run("generate").code == 0
    target = example_project.generated / "openai" / "chat-completions.json"
    target.write_text(target.read_text("utf-8").replace('"high"', '"low"') + " ", "utf-8")
    manifest_path = example_project.generated / "manifest.json"
    manifest = json.loads(manifest_path.read_text("utf-8"))
    manifest["files"]["openai/chat-completions.json"] = hashlib.sha256(
        target.read_bytes()
    ).hexdigest()
    manifest_path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", "utf-8")
    assert example_project.run("check").code == 1  # warm cache: the record disagrees
    shutil.rmtree(cache_root())
    assert example_project.run("check").code == 1  # cold cache: the full comparison


def test_a_folder_that_cannot_be_written_is_not_an_error(example_project: Project) -> None:
    example_project.write("pyproject.toml", '[tool.toolcanon]\ncache = "c"\n')
    (example_project.root / "c").write_text("a file where the folder would be", "utf-8")
    assert example_project.run("generate").code == 0
    assert example_project.run("check").code == 0


def test_cache_setting(project: Project) -> None:
    project.write("contracts/a.yaml", (REPO / "contracts" / "core" / "web.yaml").read_text())
    shutil.rmtree(cache_root(), ignore_errors=True)
    project.write("pyproject.toml", '[tool.toolcanon]\ncache = "build/cache"\n')
    assert project.run("generate").code == 0
    assert (project.root / "build" / "cache").is_dir()
    assert not cache_root().exists()
    project.write("pyproject.toml", "[tool.toolcanon]\ncache = false\n")
    (project.generated / "manifest.json").unlink()
    assert project.run("generate").code == 0
    assert not cache_root().exists()
    project.write("pyproject.toml", "[tool.toolcanon]\ncache = 3\n")
    result = project.run("generate")
    assert result.code == 2
    assert "config key 'cache' must be a folder or false" in result.err


def test_one_changed_contract_reuses_every_other_chunk(example_project: Project) -> None:
    generate_fresh(example_project)
    before = {p.name for p in entries() if p.parent.name != "verified"}
    target = example_project.contracts / "core" / "web.yaml"
    text = target.read_text("utf-8").replace("description:", "description: Now different.", 1)
    target.write_text(text, "utf-8")
    generate_fresh(example_project)
    after = {p.name for p in entries() if p.parent.name != "verified"}
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
