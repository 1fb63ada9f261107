"""Shared fixtures: temporary projects and an in-process CLI runner."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import pytest

from generator.cli import main

REPO = Path(__file__).resolve().parent.parent
USER_FOLDERS = {"XDG_CACHE_HOME": "cache", "XDG_STATE_HOME": "state"}
pytest_plugins = [
    "tests.checkout",
    "tests.generated_python",
    "tests.python_corpus",
    "tests.zod_harness",
    "tests.npm_consumer",
    "tests.browser",
]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="rewrite expected outputs of golden cases instead of comparing",
    )


@pytest.fixture(scope="session", autouse=True)
def private_user_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The user's cache and state folders (toolcanon's cache and signing key) live in
    the test session's folder, never in the real home, for this process and every
    process a test starts."""
    home = tmp_path_factory.mktemp("user")
    saved = {name: os.environ.get(name) for name in USER_FOLDERS}
    os.environ.update({name: str(home / folder) for name, folder in USER_FOLDERS.items()})
    yield home
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def golden_written(what: Path) -> NoReturn:
    """End a test that just refreshed its golden: it skips, so a run with
    ``--update-goldens`` never counts as a pass; review the diff, then run again."""
    pytest.skip(f"--update-goldens wrote {what}: review the diff and run again")


@pytest.fixture
def update_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-goldens"))


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def diagnostics(self) -> list[str]:
        """stderr lines that are diagnostics (not the closing summary)."""
        return [line for line in self.err.splitlines() if not line.startswith("toolcanon:")]


@dataclass
class Project:
    root: Path
    capsys: pytest.CaptureFixture[str]
    monkeypatch: pytest.MonkeyPatch

    @property
    def contracts(self) -> Path:
        return self.root / "contracts"

    @property
    def generated(self) -> Path:
        return self.root / "generated"

    def write(self, relative: str, text: str) -> Path:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    def run(self, *argv: str) -> Result:
        self.capsys.readouterr()
        self.monkeypatch.chdir(self.root)
        code = main(list(argv))
        captured = self.capsys.readouterr()
        return Result(code, captured.out, captured.err)

    def snapshot(self) -> dict[str, str]:
        """sha256 of every file under generated/ (links by target), to prove nothing changed."""
        return tree_snapshot(self.generated)


def tree_snapshot(folder: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    if not folder.exists():
        return found
    for path in sorted(folder.rglob("*")):
        key = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[key] = "link:" + str(path.readlink())
        elif path.is_file():
            found[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


DiskState = dict[str, tuple[str, int, int, str]]


def disk_state(folder: Path, *, skip: Path | None = None) -> DiskState:
    """Everything under ``folder`` (itself included) as ``lstat`` sees it: kind, mode,
    inode, and the sha256 of a file or the target of a link — empty folders, permissions
    and inodes included. ``skip`` leaves out one subtree (the output folder), so two
    states being equal means nothing outside it changed. Links are never followed."""
    found: DiskState = {}
    stack = [folder]
    while stack:
        path = stack.pop()
        if skip is not None and path == skip:
            continue
        info = path.lstat()
        key = path.relative_to(folder).as_posix()
        if stat.S_ISLNK(info.st_mode):
            found[key] = ("link", info.st_mode, info.st_ino, os.readlink(path))
        elif stat.S_ISDIR(info.st_mode):
            found[key] = ("folder", info.st_mode, info.st_ino, "")
            stack.extend(sorted(path.iterdir()))
        elif stat.S_ISREG(info.st_mode):
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            found[key] = ("file", info.st_mode, info.st_ino, digest)
        else:
            found[key] = ("other", info.st_mode, info.st_ino, "")
    return found


@pytest.fixture
def project(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Project:
    root = tmp_path / "proj"
    (root / "contracts").mkdir(parents=True)
    return Project(root, capsys, monkeypatch)


EXAMPLE_HOSTS = "hosts"
"""The folder of the repository's contracts that holds its host overlays (the config's
``hosts``): a project that copies the contracts without that setting leaves it out."""


def generate_in(root: Path, *extra: str) -> int:
    """``toolcanon generate`` of ``root/contracts`` into ``root/generated``, in process,
    wherever pytest runs (``--allow-outside``); the exit code."""
    arguments = ["--contracts", str(root / "contracts"), "--output", str(root / "generated")]
    return main(["generate", *arguments, "--allow-outside", *extra])


def copy_example_contracts(target: Path) -> None:
    """The repository's example contracts, without its host overlays, into ``target``."""
    shutil.copytree(REPO / "contracts", target, ignore=_overlays)


def example_contract_files() -> list[Path]:
    """The repository's example contract files (not its host overlays), sorted."""
    overlays = REPO / "contracts" / EXAMPLE_HOSTS
    found = (REPO / "contracts").rglob("*.yaml")
    return sorted(path for path in found if overlays not in path.parents)


def _overlays(folder: str, names: list[str]) -> list[str]:
    return [EXAMPLE_HOSTS] if Path(folder) == REPO / "contracts" else []


@pytest.fixture
def example_project(project: Project) -> Project:
    """A project holding a copy of the repository's own example contracts."""
    shutil.rmtree(project.contracts)
    copy_example_contracts(project.contracts)
    return project


MINIMAL = """
version: 1
tools:
  - name: read_file
    description: Read a file.
    riskLevel: low
    isReadOnly: true
    availableInPlanMode: true
    inputSchema:
      type: object
      properties:
        path: {type: string}
      required: [path]
"""

Writer = Callable[[str, str], Path]
