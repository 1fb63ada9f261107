"""`make generate` on current output: one line, nothing written, nothing installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import MINIMAL, REPO, tree_snapshot

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _make(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "--no-print-directory", "-f", str(REPO / "Makefile"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
    )


def test_install_stamp_is_current_after_install() -> None:
    again = _make(REPO, "-q", ".venv/.installed")
    assert again.returncode == 0, "the install stamp would run pip again (run 'make install')"


def test_make_generate_twice_prints_one_line_and_writes_nothing(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    (project / "contracts").mkdir(parents=True)
    (project / "contracts" / "a.yaml").write_text(MINIMAL.lstrip("\n"), "utf-8")
    shutil.copy2(REPO / "pyproject.toml", project / "pyproject.toml")  # same mtime: stamp holds
    (project / "contracts" / "hosts").mkdir()  # the config names a hosts folder: no overlay
    venv = f"VENV={REPO / '.venv'}"
    if _make(project, "-q", str(REPO / ".venv/.installed"), venv).returncode != 0:
        pytest.fail("the install stamp is stale; run 'make install' (make would reinstall here)")
    first = _make(project, "generate", venv)
    assert first.returncode == 0, first.stderr
    stamps = {p: p.stat().st_mtime_ns for p in (project / "generated").rglob("*")}
    before = tree_snapshot(project / "generated")

    second = _make(project, "generate", venv)
    assert second.returncode == 0
    assert second.stdout == ""
    assert second.stderr == "toolcanon: generated/ is up to date (1 tool)\n"
    assert {p: p.stat().st_mtime_ns for p in (project / "generated").rglob("*")} == stamps
    assert tree_snapshot(project / "generated") == before
