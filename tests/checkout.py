"""This checkout as a consuming repository installs it (a pytest plugin).

``hook_repo`` is a snapshot of the checkout's tracked and new files, committed to a git
repository of its own: what ``repo: <url>`` with a ``rev`` gives pre-commit, and what
``pip install <path>`` installs. ``wheelhouse`` holds wheels of toolcanon's
dependencies and its build backend (and what an editable install needs), built once and
kept in the system's temporary folder (``TEST_CACHE``, keyed by those requirements,
never inside the checkout), so every install in a test needs no index. Both are built
once per session.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest
from hypothesis.configuration import set_hypothesis_home_dir

REPO = Path(__file__).resolve().parent.parent
TEST_CACHE = Path(tempfile.gettempdir()) / "toolcanon-tests"
"""What test runs keep between runs (wheels, hypothesis's examples): outside the checkout."""
set_hypothesis_home_dir(str(TEST_CACHE / "hypothesis"))  # not a .hypothesis/ in the checkout
GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.invalid",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.invalid",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, **GIT_ENV}
    done = subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout


def snapshot_checkout(target: Path) -> Path:
    """This checkout's tracked and new files (as try-repo would see them), committed."""
    listed = git(REPO, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    for rel in filter(None, listed.split("\0")):
        source = REPO / rel
        if source.is_file():
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / rel)
    git(target, "init", "-q", "-b", "main")
    git(target, "add", "-A")
    git(target, "commit", "-q", "-m", "snapshot")
    return target


@pytest.fixture(scope="session")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    return snapshot_checkout(tmp_path_factory.mktemp("toolcanon-checkout"))


EDITABLE = "editables~=0.3"
"""What hatchling asks for to ``pip install -e`` a folder (the generated package's)."""


def _requirements() -> list[str]:
    """toolcanon's requirements and its build backend's, and pre-commit (the
    getting-started page installs it beside toolcanon)."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    toolcanon = pyproject["project"]["dependencies"]
    test = pyproject["project"]["optional-dependencies"]["test"]
    pre_commit = [r for r in test if r.startswith("pre-commit")]
    return sorted([*toolcanon, *pyproject["build-system"]["requires"], EDITABLE, *pre_commit])


@pytest.fixture(scope="session")
def wheelhouse() -> Path:
    """Wheels of every requirement, so installs need no index (built on first use)."""
    requirements = _requirements()
    key = hashlib.sha256("\n".join([sys.version, *requirements]).encode()).hexdigest()[:16]
    folder = TEST_CACHE / f"wheelhouse-{key}"
    if not folder.is_dir():
        folder.parent.mkdir(parents=True, exist_ok=True)
        building = folder.with_name(folder.name + f".{os.getpid()}")
        command = [sys.executable, "-m", "pip", "wheel", "-q", "--wheel-dir", str(building)]
        subprocess.run([*command, *requirements], check=True, capture_output=True)
        building.replace(folder)
    return folder


def offline_pip(wheelhouse: Path) -> dict[str, str]:
    """Environment for pip that installs from ``wheelhouse`` and never asks an index."""
    return {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheelhouse)}
