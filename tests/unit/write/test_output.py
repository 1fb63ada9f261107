"""The writer under disk faults and concurrency: generated/ is whole and current, or untouched."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tempfile
from pathlib import Path, PurePosixPath

import pytest

from generator.write import swap as writer_swap
from generator.write.compare import compare
from generator.write.output import write
from generator.write.plan import Plan, WriteError
from tests.conftest import MINIMAL, Project


def _plan(**files: str) -> Plan:
    return Plan({PurePosixPath(k.replace("__", "/")): v.encode() for k, v in files.items()})


def test_write_then_compare_is_clean(tmp_path: Path) -> None:
    plan = _plan(a="1\n", sub__b="2\n")
    write(plan, tmp_path / "out")
    assert compare(plan, tmp_path / "out").drift == ()
    assert (tmp_path / "out" / "sub" / "b").read_text() == "2\n"


def test_a_foreign_file_where_a_folder_must_go_is_an_error(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.generated.mkdir()
    (project.generated / "canonical").write_text("someone else's file\n")
    before = project.snapshot()
    result = project.run("generate")
    assert result.code == 2
    assert "generated/canonical is not a folder toolcanon may write into" in result.err
    assert project.snapshot() == before


def test_read_only_filesystem_is_a_clear_error(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    assert project.run("generate").code == 0
    project.write("contracts/b.yaml", MINIMAL.replace("read_file", "read_other"))
    before = project.snapshot()

    def refuse(*args: object, **kwargs: object) -> str:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkdtemp", refuse)
    result = project.run("generate")
    assert result.code == 2
    assert "cannot update generated/: Read-only file system" in result.err
    assert project.snapshot() == before


def test_failed_swap_restores_the_old_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    write(_plan(a="old\n"), out)
    monkeypatch.setattr(writer_swap, "_exchange", lambda a, b: False)  # the two-rename path
    real_rename = os.rename
    calls = {"n": 0}

    def flaky(src: object, dst: object) -> None:
        calls["n"] += 1
        if calls["n"] == 2:  # staging → out fails after out → backup
            raise OSError(errno.EIO, "I/O error")
        real_rename(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "rename", flaky)
    with pytest.raises(WriteError):
        write(_plan(a="new\n"), out)
    assert (out / "a").read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_concurrent_generates_end_whole_and_current(example_project: Project) -> None:
    root = example_project.root
    command = [sys.executable, "-m", "generator", "generate"]
    runs = [subprocess.Popen(command, cwd=root, stderr=subprocess.PIPE) for _ in range(3)]
    assert [p.wait(timeout=120) for p in runs] == [0, 0, 0]
    check = subprocess.run(
        [sys.executable, "-m", "generator", "check"], cwd=root, capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr
    assert sorted(p.name for p in root.iterdir()) == ["contracts", "generated"]
