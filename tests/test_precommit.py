"""The pre-commit hooks, run by the real ``pre-commit`` in a consuming repository.

``pre-commit try-repo`` installs this checkout the way ``repo: <url>`` would: a
non-editable ``pip install`` of a git commit into a fresh virtualenv. The checkout
is snapshotted into a clean temporary repository once per module, so the three
try-repo runs share one hook environment (try-repo on a dirty checkout would make a
new commit, and a new environment, every time).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import MINIMAL, REPO

PRE_COMMIT = Path(sys.executable).with_name("pre-commit")
GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.invalid",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.invalid",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, **GIT_ENV}
    done = subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout


def _snapshot_checkout(target: Path) -> Path:
    """This checkout's tracked and new files (as try-repo would see them), committed."""
    listed = _git(REPO, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    for rel in filter(None, listed.split("\0")):
        source = REPO / rel
        if source.is_file():
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / rel)
    _git(target, "init", "-q")
    _git(target, "add", "-A")
    _git(target, "commit", "-q", "-m", "snapshot")
    return target


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _snapshot_checkout(tmp_path_factory.mktemp("toolcanon-checkout"))


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("pre-commit-home")


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
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "tools")
    return root


def _try_repo(
    consumer: Path, hook_repo: Path, home: Path, hook: str
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **GIT_ENV, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1"}
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run(
        [str(PRE_COMMIT), "try-repo", str(hook_repo), hook, "--all-files", "--color=never"],
        cwd=consumer,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def test_hooks_in_a_consuming_repository(
    tmp_path: Path, hook_repo: Path, pre_commit_home: Path
) -> None:
    consumer = _consumer(tmp_path / "consumer")

    current = _try_repo(consumer, hook_repo, pre_commit_home, "toolcanon-check")
    assert current.returncode == 0, current.stdout + current.stderr
    assert "Passed" in current.stdout

    contract = consumer / "contracts" / "tools.yaml"
    contract.write_text(
        contract.read_text("utf-8").replace("Read a file.", "Read a text file."), "utf-8"
    )
    _git(consumer, "add", "-A")
    stale = _try_repo(consumer, hook_repo, pre_commit_home, "toolcanon-check")
    assert stale.returncode == 1, stale.stdout + stale.stderr
    assert "generated/canonical/tools.json: changed" in stale.stdout
    assert "generated/docs/TOOLS.md: changed" in stale.stdout
    assert _git(consumer, "status", "--porcelain") == "M  contracts/tools.yaml\n"  # wrote nothing

    fixed = _try_repo(consumer, hook_repo, pre_commit_home, "toolcanon-generate")
    assert fixed.returncode == 1, fixed.stdout + fixed.stderr  # it changed files: review them
    assert "generated/canonical/tools.json: updated" in fixed.stdout
    assert "Read a text file." in (consumer / "generated/canonical/tools.json").read_text("utf-8")

    _git(consumer, "add", "-A")
    again = _try_repo(consumer, hook_repo, pre_commit_home, "toolcanon-check")
    assert again.returncode == 0, again.stdout + again.stderr
    regenerate = _try_repo(consumer, hook_repo, pre_commit_home, "toolcanon-generate")
    assert regenerate.returncode == 0, regenerate.stdout + regenerate.stderr


def test_hook_environment_is_a_wheel_with_templates(hook_repo: Path, pre_commit_home: Path) -> None:
    """``language: python`` installed toolcanon as a package (not editable), templates inside."""
    installed = list(pre_commit_home.glob("repo*/py_env-*/lib/python*/site-packages/generator"))
    if not installed:
        pytest.skip("the hook environment is made by test_hooks_in_a_consuming_repository")
    package = installed[0]
    assert (package / "templates" / "docs" / "TOOLS.md.j2").is_file()
    assert (package / "contracts" / "contract.schema.json").is_file()
    assert not list(package.parent.glob("__editable__*toolcanon*"))
