"""The pre-commit hooks, run by the real ``pre-commit`` in a consuming repository.

``pre-commit try-repo`` installs this checkout the way ``repo: <url>`` would: a
non-editable ``pip install`` of a git commit into a fresh virtualenv, in a store of
its own for every call. To keep that affordable, the checkout is snapshotted once per
session and pip installs from a wheelhouse (``tests/checkout.py``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.checkout import GIT_ENV, git, offline_pip
from tests.conftest import MINIMAL, REPO

PRE_COMMIT = Path(sys.executable).with_name("pre-commit")

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _consumer(root: Path) -> Path:
    """A repository that uses toolcanon: contracts/, pyproject config, generated/."""
    from generator.cli import main

    (root / "contracts").mkdir(parents=True)
    (root / "contracts" / "tools.yaml").write_text(MINIMAL.lstrip("\n"), encoding="utf-8")
    (root / "pyproject.toml").write_text(
        '[project]\nname = "consumer"\nversion = "0"\n\n[tool.toolcanon]\nstrict = true\n',
        encoding="utf-8",
    )
    assert main(["generate", "--config", str(root / "pyproject.toml")]) == 0
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "tools")
    return root


def _try_repo(
    consumer: Path, hook_repo: Path, wheelhouse: Path
) -> subprocess.CompletedProcess[str]:
    """Run every hook of ``hook_repo`` on all files of ``consumer``; pip uses the wheelhouse."""
    env = {**os.environ, **GIT_ENV, **offline_pip(wheelhouse)}
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run(
        [str(PRE_COMMIT), "try-repo", str(hook_repo), "--all-files", "--color=never"],
        cwd=consumer,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def test_hooks_in_a_consuming_repository(tmp_path: Path, hook_repo: Path, wheelhouse: Path) -> None:
    from generator.cli import main

    consumer = _consumer(tmp_path / "consumer")
    current = _try_repo(consumer, hook_repo, wheelhouse)
    assert current.returncode == 0, current.stdout + current.stderr
    assert current.stdout.count("Passed") == 2  # toolcanon-check and toolcanon-generate

    contract = consumer / "contracts" / "tools.yaml"
    contract.write_text(
        contract.read_text("utf-8").replace("Read a file.", "Read a text file."), "utf-8"
    )
    git(consumer, "add", "-A")
    stale = _try_repo(consumer, hook_repo, wheelhouse)
    assert stale.returncode == 1, stale.stdout + stale.stderr
    check_output, generate_output = stale.stdout.split("toolcanon generate (regenerate")
    assert check_output.rstrip().splitlines()[-1].endswith("Failed") or "Failed" in check_output
    assert "generated/canonical/tools.json: changed" in check_output
    assert "generated/docs/TOOLS.md: changed" in check_output
    assert "generated/canonical/tools.json: updated" in generate_output
    assert "files were modified by this hook" in generate_output
    assert "Read a text file." in (consumer / "generated/canonical/tools.json").read_text("utf-8")
    assert main(["check", "--config", str(consumer / "pyproject.toml")]) == 0


def test_wheel_bundles_templates_and_schema(
    hook_repo: Path, wheelhouse: Path, tmp_path: Path
) -> None:
    """What ``language: python`` installs: a wheel that carries templates and the schema."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-index",
            "--find-links",
            str(wheelhouse),
            "--wheel-dir",
            str(tmp_path),
            str(hook_repo),
        ],
        check=True,
    )
    (wheel,) = tmp_path.glob("toolcanon-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = {n for n in names if n.startswith("generator/templates/")}
    assert templates == {
        "generator/" + p.relative_to(REPO).as_posix()
        for p in (REPO / "templates").rglob("*")
        if p.is_file()
    }
    assert "generator/contracts/schemas/contract.schema.json" in names
