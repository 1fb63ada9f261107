"""Inputs from the adversarial pass that do not fit the bad-input catalogue: exit 2 with a
message (never 3, never a hang), and nothing outside the output folder changes."""

from __future__ import annotations

import errno
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from generator.write import textdiff
from tests.conftest import MINIMAL, Project, disk_state
from tests.unit.diff.test_sources import git


def _deny(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, path: Path) -> None:
    """Make ``owner.name(path)`` fail as an unreadable path does (the tests run as root,
    which reads everything)."""
    real = getattr(owner, name)

    def refuse(target: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(target) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(target))
        return real(target, *args, **kwargs)

    monkeypatch.setattr(owner, name, refuse)


def test_unreadable_contract_file_is_named(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    locked = project.write("contracts/b.yaml", MINIMAL.replace("read_file", "other"))
    before = disk_state(project.root.parent)
    _deny(monkeypatch, pathlib.Path, "read_bytes", locked)
    for command in ("validate", "generate", "check"):
        result = project.run(command)
        assert result.code == 2, command
        assert (
            "contracts/b.yaml:1:1: error[TC011]: cannot read contracts/b.yaml: Permission denied"
            in result.err
        )
    monkeypatch.undo()
    assert disk_state(project.root.parent) == before


def test_unreadable_contract_folder_is_named(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.write("contracts/more/b.yaml", MINIMAL.replace("read_file", "other"))
    _deny(monkeypatch, os, "scandir", project.contracts / "more")
    result = project.run("validate")
    assert result.code == 2
    assert "contracts/more/:1:1: error[TC011]: cannot read contracts/more/: Permission denied" in (
        result.err
    )


def _mktree(root: Path, entries: str) -> str:
    done = subprocess.run(
        ["git", "mktree"], cwd=root, input=entries, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_a_crafted_tree_path_cannot_leave_the_temporary_folder(project: Project) -> None:
    """A git tree holding ``contracts/../x/ESCAPED.yaml`` (git itself never makes one)."""
    git(project.root, "init", "-q")
    project.write("contracts/a.yaml", MINIMAL)
    blob = (
        subprocess.run(
            ["git", "hash-object", "-w", "--stdin"],
            cwd=project.root,
            input=MINIMAL.encode(),
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .strip()
    )
    inner = _mktree(project.root, f"100644 blob {blob}\tESCAPED.yaml\n")
    x = _mktree(project.root, f"040000 tree {inner}\tx\n")
    contracts = _mktree(project.root, f"040000 tree {x}\t..\n100644 blob {blob}\ta.yaml\n")
    top = _mktree(project.root, f"040000 tree {contracts}\tcontracts\n")
    commit = git(project.root, "commit-tree", top, "-m", "crafted").strip()
    before = disk_state(project.root.parent)
    escaped = Path(tempfile.gettempdir(), "x", "ESCAPED.yaml")
    assert not escaped.exists()
    result = project.run("diff", "--against", commit)
    assert result.code == 2
    assert "holds a contract path that leads out of contracts/: 'contracts/../x/ESCAPED.yaml'" in (
        result.err
    )
    assert disk_state(project.root.parent) == before
    assert not escaped.exists()


def test_a_deeply_nested_manifest_is_stale_not_a_crash(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    assert project.run("generate").code == 0
    manifest = project.generated / "manifest.json"
    manifest.write_text("[" * 100_000 + "]" * 100_000)
    result = project.run("check", "--no-cache")
    assert result.code == 1
    assert "generated/manifest.json: changed" in result.err
    # Without this machine's record nothing says toolcanon wrote that file: it is kept.
    result = project.run("generate", "--no-cache")
    assert result.code == 2
    assert "generated/manifest.json exists and toolcanon did not write it" in result.err
    assert manifest.read_text().startswith("[[[")
    assert project.run("generate").code == 0  # the record names it: rewritten
    assert project.run("check", "--no-cache").code == 0


def test_a_manifest_with_merge_conflicts_still_names_its_files(project: Project) -> None:
    """Conflict markers make manifest.json invalid JSON; the files both sides list are
    still toolcanon's, so generate (with no record on this machine) rewrites them."""
    project.write("contracts/a.yaml", MINIMAL)
    assert project.run("generate", "--no-cache").code == 0
    manifest = project.generated / "manifest.json"
    text = manifest.read_text("utf-8")
    manifest.write_text("<<<<<<< ours\n" + text + "=======\n" + text + ">>>>>>> theirs\n")
    (project.generated / "names.json").write_text("<<<<<<< conflicted\n")
    (project.generated / "keep").mkdir()  # someone's empty folder: written in place
    result = project.run("generate", "--no-cache")
    assert result.code == 0, result.err
    assert project.run("check", "--no-cache").code == 0


def test_import_out_naming_a_file_is_a_usage_error(project: Project) -> None:
    project.write("tools.json", '[{"name": "a", "description": "A.", "input_schema": {}}]')
    existing = project.write("existing.yaml", "keep: me\n")
    result = project.run("import", "tools.json", "--out", "existing.yaml")
    assert result.code == 2
    assert "--out 'existing.yaml' is a file: --out names the folder to write into" in result.err
    assert existing.read_text() == "keep: me\n"


def test_import_of_a_huge_source_answers_at_once(project: Project) -> None:
    """A 100 MB description is refused by the size of the file, before it is parsed."""
    source = project.root / "huge.json"
    with source.open("w") as stream:
        stream.write('[{"name": "a", "input_schema": {}, "description": "')
        stream.write("x" * (9 * 1024 * 1024))
        stream.write('"}]')
    result = project.run("import", "huge.json")
    assert result.code == 2
    assert "huge.json:1:1: error[TC400]: the source is larger than 8 MiB" in result.err
    assert not any(project.contracts.iterdir())


def test_list_escapes_terminal_sequences(project: Project) -> None:
    project.write(
        "contracts/a.yaml",
        MINIMAL.replace("riskLevel: low", 'riskLevel: low\n    category: "\\e[31mred\\e]0;x\\a"'),
    )
    result = project.run("list")
    assert result.code == 0
    assert "\x1b" not in result.out and "\x07" not in result.out
    assert "\\u001b[31mred\\u001b]0;x\\u0007" in result.out


def test_check_diffs_are_bounded() -> None:
    """A file that differs in many places is named, not diffed; after MAX_FILES diffs
    the rest are only counted."""
    old = "".join(f'  "line {i}": {i},\n' for i in range(10_000)).encode()
    new = old.replace(b": 1", b": 2")
    budget = textdiff.Budget()
    shown = textdiff.unified(pathlib.PurePosixPath("big.json"), old, new, budget)
    assert "lines differ: too many to diff here" in shown
    small = textdiff.unified(pathlib.PurePosixPath("a.json"), b"a\nb\nc\n", b"a\nB\nc\n", budget)
    assert "-b\n+B\n" in small
    budget.files = 0
    assert textdiff.unified(pathlib.PurePosixPath("c.json"), b"x\n", b"y\n", budget) == ""
    assert budget.skipped == [pathlib.PurePosixPath("c.json")]


def test_check_diff_hunks_keep_the_file_line_numbers() -> None:
    old = "".join(f"{i}\n" for i in range(100)).encode()
    new = old.replace(b"\n50\n", b"\nfifty\n")
    shown = textdiff.unified(pathlib.PurePosixPath("n"), old, new, textdiff.Budget())
    assert "@@ -49,5 +49,5 @@" in shown  # lines 49-53 of the whole file


WORKER_PROBE = """
import os, sys, time
from generator.models import workers

real = workers.run
def slow(job):
    print(os.getpid(), flush=True)
    time.sleep(120)
    return real(job)
workers.run = slow
workers.wanted = lambda size: 1
from generator.cli import main
sys.exit(main(["generate", "--no-cache"]))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_model_workers_die_with_their_parent(example_project: Project) -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", WORKER_PROBE],
        cwd=example_project.root,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,  # its own process group: a failed test still ends all of it
    )
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 30
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    survived = _alive(worker)
    if survived:
        os.killpg(parent.pid, signal.SIGKILL)
    assert not survived


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its parent could reap it


def test_a_file_name_cannot_forge_github_annotations(project: Project) -> None:
    """Workflow-command properties escape ``%``, CR, LF, ``:`` and ``,`` as GitHub
    documents, so a contract's file name cannot end the properties or start a command."""
    project.write("contracts/x%0A,line=9::warning file=forged.yaml", "version: 2\ntools: []\n")
    result = project.run("validate", "--format", "github")
    assert result.code == 2
    (line,) = [line for line in result.err.splitlines() if line.startswith("::")]
    assert line.startswith(
        "::error file=contracts/x%250A%2Cline=9%3A%3Awarning file=forged.yaml,line=1,col=1,"
    )
    assert line.count("::") == 2  # the command's own two, no more


def test_an_empty_against_is_a_usage_error(project: Project) -> None:
    """An unset CI variable gives ``--against ""``: comparing with nothing must not pass."""
    project.write("contracts/a.yaml", MINIMAL)
    result = project.run("diff", "--against", "")
    assert result.code == 2
    assert "--against is empty" in result.err
