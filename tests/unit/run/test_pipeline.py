"""generate / check end to end: determinism, atomicity, drift detection, exit codes."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.write.compare import read_manifest
from tests.conftest import (
    MINIMAL,
    REPO,
    Project,
    copy_example_contracts,
    example_contract_files,
    tree_snapshot,
)


def test_generate_then_check_passes(example_project: Project) -> None:
    assert example_project.run("generate").code == 0
    result = example_project.run("check")
    assert result.code == 0
    assert "up to date" in result.err


def test_second_generate_writes_nothing(example_project: Project) -> None:
    example_project.run("generate")
    stamps = {p: p.stat().st_mtime_ns for p in example_project.generated.rglob("*")}
    result = example_project.run("generate")
    assert result.code == 0
    assert result.err.strip().count("\n") == 0  # one line
    assert {p: p.stat().st_mtime_ns for p in example_project.generated.rglob("*")} == stamps


def test_canonical_descriptor_has_every_field_and_mirrors_parameters(
    example_project: Project,
) -> None:
    example_project.run("generate")
    tools = json.loads((example_project.generated / "canonical/tools.json").read_text("utf-8"))[
        "tools"
    ]
    required = {
        "name",
        "title",
        "description",
        "kind",
        "source",
        "category",
        "inputSchema",
        "parameters",
        "isReadOnly",
        "riskLevel",
        "permissions",
        "telemetry",
        "availableInPlanMode",
        "requiresPlanApproval",
        "requiresConfirmation",
        "approvalFlow",
    }
    names = [t["name"] for t in tools]
    assert names == sorted(names)
    for tool in tools:
        assert required <= tool.keys()
        assert tool["parameters"] == tool["inputSchema"]


def test_defaults_are_safe(project: Project) -> None:
    project.write(
        "contracts/a.yaml",
        """
        version: 1
        server: files
        tools:
          - name: wipe
            inputSchema: {type: object}
        """,
    )
    result = project.run("generate")
    assert result.code == 0
    assert "warning[TC302]" in result.err and "warning[TC301]" in result.err
    (tool,) = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))["tools"]
    assert tool["name"] == "files::wipe"
    assert (tool["kind"], tool["source"], tool["riskLevel"]) == ("mcp", "mcp:files", "high")
    assert (tool["availableInPlanMode"], tool["requiresPlanApproval"]) == (False, True)
    assert (tool["title"], tool["description"], tool["category"]) == ("files::wipe", "", "general")
    assert (tool["isReadOnly"], tool["requiresConfirmation"], tool["approvalFlow"]) == (
        False,
        False,
        "standard",
    )


def test_strict_turns_warnings_into_errors(project: Project) -> None:
    project.write(
        "contracts/a.yaml",
        """
        version: 1
        tools:
          - name: quiet
            inputSchema: {type: object}
        """,
    )
    before = project.snapshot()
    result = project.run("generate", "--strict")
    assert result.code == 2
    assert project.snapshot() == before
    assert project.run("generate").code == 0
    assert project.run("check").code == 0
    assert project.run("check", "--strict").code == 2


def test_file_defaults_apply_and_tools_override(project: Project) -> None:
    project.write(
        "contracts/a.yaml",
        """
        version: 1
        defaults: {category: fs, riskLevel: low, isReadOnly: true}
        tools:
          - name: a
            description: A.
            inputSchema: {type: object}
          - name: b
            description: B.
            riskLevel: high
            isReadOnly: false
            inputSchema: {type: object}
        """,
    )
    assert project.run("generate").code == 0
    a, b = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))["tools"]
    assert (a["category"], a["riskLevel"], a["isReadOnly"]) == ("fs", "low", True)
    assert (b["category"], b["riskLevel"], b["isReadOnly"]) == ("fs", "high", False)


def _generate_in(root: Path, *, cwd: Path, env: dict[str, str] | None = None) -> dict[str, str]:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "generator",
            "generate",
            "--contracts",
            str(root / "contracts"),
            "--output",
            str(root / "generated"),
        ],
        cwd=cwd,
        check=True,
        capture_output=True,
        env={**os.environ, **(env or {})},
    )
    return tree_snapshot(root / "generated")


def test_same_contracts_same_bytes_anywhere(tmp_path: Path) -> None:
    first = tmp_path / "one"
    copy_example_contracts(first / "contracts")
    second = tmp_path / "elsewhere" / "two"
    files = example_contract_files()[::-1]
    for path in files:  # created in the opposite order
        target = second / "contracts" / path.relative_to(REPO / "contracts")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
    a = _generate_in(first, cwd=first, env={"PYTHONHASHSEED": "1"})
    b = _generate_in(second, cwd=tmp_path, env={"PYTHONHASHSEED": "4242"})
    assert a == b
    assert a == _generate_in(first, cwd=tmp_path, env={"PYTHONHASHSEED": "random"})


def test_no_absolute_paths_in_output(example_project: Project) -> None:
    example_project.run("generate")
    for path in example_project.generated.rglob("*"):
        if path.is_file():
            assert str(example_project.root) not in path.read_text("utf-8")


def test_emitter_failure_leaves_output_unchanged(
    example_project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    example_project.run("generate")
    example_project.write("contracts/extra.yaml", MINIMAL.replace("read_file", "read_more"))
    before = example_project.snapshot()

    def broken(*args: object) -> dict[object, str]:
        raise RuntimeError("emitter exploded")

    monkeypatch.setattr("generator.emit.canonical.emit", broken)
    result = example_project.run("generate")
    assert result.code == 3
    assert "please report" in result.err
    assert example_project.snapshot() == before


def test_failure_while_writing_leaves_output_unchanged(
    example_project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    example_project.run("generate")
    example_project.write("contracts/extra.yaml", MINIMAL.replace("read_file", "read_more"))
    before = example_project.snapshot()
    calls = {"n": 0}
    real = Path.write_bytes

    def failing(self: Path, data: bytes) -> int:
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", failing)
    result = example_project.run("generate")
    assert result.code == 2
    assert "No space left on device" in result.err
    assert example_project.snapshot() == before
    assert not [p for p in example_project.root.iterdir() if p.name.startswith(".generated")]


class TestCheckFindsDrift:
    @pytest.fixture
    def current(self, example_project: Project) -> Project:
        assert example_project.run("generate").code == 0
        return example_project

    def test_changed_contract(self, current: Project) -> None:
        path = current.contracts / "core" / "web.yaml"
        path.write_text(path.read_text("utf-8").replace("riskLevel: medium", "riskLevel: high", 1))
        result = current.run("check")
        assert result.code == 1
        assert "generated/canonical/tools.json: changed" in result.err
        assert "toolcanon generate" in result.err

    def test_hand_edited_file(self, current: Project) -> None:
        path = current.generated / "canonical" / "tools.json"
        path.write_text(path.read_text("utf-8").replace('"high"', '"low"', 1), encoding="utf-8")
        result = current.run("check")
        assert result.code == 1
        assert '-      "riskLevel": "low"' in result.err
        assert '+      "riskLevel": "high"' in result.err

    def test_deleted_file(self, current: Project) -> None:
        (current.generated / "canonical" / "tools.json").unlink()
        result = current.run("check")
        assert result.code == 1
        assert "generated/canonical/tools.json: missing" in result.err

    def test_orphaned_file(self, current: Project) -> None:
        # A file an earlier run generated (listed in its manifest, with the bytes it
        # still holds) that is no longer produced.
        manifest_path = current.generated / "manifest.json"
        manifest = json.loads(manifest_path.read_text("utf-8"))
        manifest["files"]["old/target.json"] = hashlib.sha256(b"{}\n").hexdigest()
        manifest_path.write_text(json.dumps(manifest), encoding="utf-8")
        (current.generated / "old").mkdir()
        (current.generated / "old" / "target.json").write_text("{}\n")
        result = current.run("check")
        assert result.code == 1
        assert "generated/old/target.json: orphaned" in result.err
        assert current.run("generate").code == 0
        assert not (current.generated / "old" / "target.json").exists()
        assert current.run("check").code == 0

    def test_foreign_file_is_reported_and_kept(self, current: Project) -> None:
        (current.generated / "NOTES.txt").write_text("mine\n")
        result = current.run("check")
        assert result.code == 0
        assert "generated/NOTES.txt was not generated by toolcanon" in result.err
        current.write("contracts/extra.yaml", MINIMAL.replace("read_file", "read_more"))
        assert current.run("generate").code == 0
        assert (current.generated / "NOTES.txt").read_text() == "mine\n"


def test_symlink_in_output_is_never_written_through(
    example_project: Project, tmp_path: Path
) -> None:
    example_project.run("generate")
    outside = tmp_path / "outside.json"
    outside.write_text("precious\n")
    target = example_project.generated / "canonical" / "tools.json"
    target.unlink()
    target.symlink_to(outside)
    assert example_project.run("check").code == 1
    result = example_project.run("generate")  # a link in the way is named, not replaced
    assert result.code == 2
    assert "generated/canonical/tools.json is a symbolic link" in result.err
    assert outside.read_text() == "precious\n"
    assert target.is_symlink()


def test_json_format_for_machines(project: Project) -> None:
    project.write(
        "contracts/a.yaml",
        "version: 1\ntools:\n  - name: x\n    riskLevle: low\n" "    inputSchema: {type: object}\n",
    )
    result = project.run("validate", "--format", "json")
    assert result.code == 2
    (finding,) = [d for d in json.loads(result.out) if d["severity"] == "error"]
    assert finding == {
        "file": "contracts/a.yaml",
        "line": 4,
        "column": 5,
        "severity": "error",
        "code": "TC110",
        "tool": "x",
        "path": "$.riskLevle",
        "message": "unknown key 'riskLevle'",
        "hint": "did you mean 'riskLevel'?",
    }


def test_github_format(project: Project) -> None:
    project.write("contracts/a.yaml", "version: 2\ntools: []\n")
    result = project.run("validate", "--format", "github")
    assert result.err.splitlines()[0] == (
        "::error file=contracts/a.yaml,line=1,col=1,title=toolcanon TC105::"
        "$.version: unsupported contract version 2 (write 'version: 1')"
    )


def test_list_prints_a_table(example_project: Project) -> None:
    result = example_project.run("list")
    assert result.code == 0
    header, *rows = result.out.splitlines()
    assert header.split() == [
        "name", "kind", "category", "risk", "read-only", "plan", "mode", "skill"
    ]  # fmt: skip
    by_name = {row.split()[0]: row.split()[1:] for row in rows}
    assert by_name["analyze_page"] == [
        "computer-use", "computer-use", "medium", "yes", "allowed", "-"
    ]  # fmt: skip
    assert by_name["browser_click"][2:] == ["high", "no", "approval", "-"]
    assert by_name["fill_pdf_form"] == ["skill", "documents", "medium", "no", "denied", "pdf"]


def test_usage_errors_exit_2(project: Project) -> None:
    assert project.run("generate", "--contracts", "nowhere").code == 2
    with pytest.raises(SystemExit) as exit_info:
        project.run("frobnicate")
    assert exit_info.value.code == 2


def test_python_dash_m_works() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "generator", "--version"], capture_output=True, text=True, check=True
    )
    assert done.stdout.startswith("toolcanon ")


def test_writer_never_leaves_staging_folders(example_project: Project) -> None:
    example_project.run("generate")
    names = [p.name for p in example_project.root.iterdir()]
    assert sorted(names) == ["contracts", "generated"]
    assert read_manifest(example_project.generated) is not None
