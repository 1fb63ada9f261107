"""``toolcanon check`` writes nothing at all: not the output, not a cache, not anywhere.

It runs in a fresh process, with HOME and XDG_CACHE_HOME inside the test's folder, on
a project whose cache is cold; every file and folder under that folder (names, bytes,
modes, mtimes) must be exactly as before, whether the output is current or stale.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import copy_example_contracts


def everything(root: Path) -> dict[str, tuple[int, int, bytes | None]]:
    """Every path under ``root``: mode, mtime, and the bytes of files."""
    found: dict[str, tuple[int, int, bytes | None]] = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        data = path.read_bytes() if stat.S_ISREG(info.st_mode) else None
        found[path.relative_to(root).as_posix()] = (info.st_mode, info.st_mtime_ns, data)
    return found


def toolcanon(root: Path, home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
    }
    return subprocess.run(
        [sys.executable, "-m", "generator", *argv],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path]:
    root, home = tmp_path / "project", tmp_path / "home"
    home.mkdir()
    copy_example_contracts(root / "contracts")
    assert toolcanon(root, home, "generate").returncode == 0
    shutil.rmtree(home / ".cache")  # cold: check must do the full work
    for path in [root, *root.rglob("*")]:  # read-only, as a CI checkout may be
        path.chmod(path.stat().st_mode & ~0o222)
    return tmp_path, root


def test_check_on_current_output_writes_nothing(world: tuple[Path, Path]) -> None:
    top, root = world
    before = everything(top)
    result = toolcanon(root, top / "home", "check")
    assert result.returncode == 0, result.stderr
    assert everything(top) == before


def test_check_on_stale_output_writes_nothing(world: tuple[Path, Path]) -> None:
    top, root = world
    contract = root / "contracts" / "core" / "web.yaml"
    contract.chmod(0o644)
    contract.write_text(contract.read_text("utf-8").replace("riskLevel: low", "riskLevel: high"))
    before = everything(top)
    result = toolcanon(root, top / "home", "check")
    assert result.returncode == 1, result.stderr
    assert "stale" in result.stderr
    assert everything(top) == before
