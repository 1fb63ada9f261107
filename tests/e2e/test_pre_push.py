"""The ``toolcanon-diff`` pre-push hook judges the commits being pushed, never the working
tree: a real repository, a bare remote, ``pre-commit install --hook-type pre-push`` with
this checkout as the hook repository, and real ``git push``es."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.checkout import GIT_ENV, git, offline_pip
from tests.e2e.test_precommit import PRE_COMMIT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

TOOL = """
  - name: {name}
    description: {description}
    riskLevel: low
    isReadOnly: true
    inputSchema: {{type: object, properties: {{path: {{type: string}}}}}}
"""


def _contract(*tools: tuple[str, str]) -> str:
    body = "".join(TOOL.format(name=name, description=text) for name, text in tools)
    return "version: 1\ntools:" + body


READ = _contract(("read_file", "Read a file."))
STAT = _contract(("stat", "File metadata."))


def _env(tmp_path: Path, wheelhouse: Path) -> dict[str, str]:
    env = {**os.environ, **GIT_ENV, **offline_pip(wheelhouse)}
    env["PRE_COMMIT_HOME"] = str(tmp_path / "pre-commit-store")  # never the user's store
    env.pop("VIRTUAL_ENV", None)
    return env


def _push(repo: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "push", "-q", "origin", "main"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


@pytest.fixture
def pushed(tmp_path: Path, hook_repo: Path, wheelhouse: Path) -> tuple[Path, dict[str, str]]:
    """A repository whose first commit (two tools) is on its bare remote, with the
    pre-push hook installed from this checkout."""
    remote, repo = tmp_path / "remote.git", tmp_path / "repo"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(remote))
    (repo / "contracts").mkdir(parents=True)
    (repo / "contracts" / "tools.yaml").write_text(READ, "utf-8")
    (repo / "contracts" / "stat.yaml").write_text(STAT, "utf-8")
    (repo / "pyproject.toml").write_text("[tool.toolcanon]\nstrict = true\n", "utf-8")
    rev = git(hook_repo, "rev-parse", "HEAD").strip()
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hook_repo}\n    rev: {rev}\n    hooks:\n"
        "      - id: toolcanon-diff\n",
        "utf-8",
    )
    git(tmp_path, "init", "-q", "-b", "main", str(repo))
    git(repo, "remote", "add", "origin", str(remote))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "two tools")
    env = _env(tmp_path, wheelhouse)
    subprocess.run(
        [str(PRE_COMMIT), "install", "--hook-type", "pre-push"],
        cwd=repo,
        env=env,
        check=True,
        capture_output=True,
    )
    first = _push(repo, env)  # nothing upstream yet: nothing to compare, let through
    assert first.returncode == 0, first.stdout + first.stderr
    return repo, env


def test_a_pushed_tool_removal_is_refused_though_the_tree_holds_it(
    pushed: tuple[Path, dict[str, str]],
) -> None:
    repo, env = pushed
    git(repo, "rm", "-q", "contracts/stat.yaml")
    git(repo, "commit", "-q", "-m", "drop stat")
    (repo / "contracts" / "stat.yaml").write_text(STAT, "utf-8")  # back, uncommitted
    before = git(repo.parent / "remote.git", "rev-parse", "main")
    result = _push(repo, env)
    assert result.returncode != 0
    removed = "  breaking[tool-removed]: tool 'stat' was removed (it was at "
    assert [line for line in result.stdout.splitlines() if line.startswith(removed)] == [
        f"{removed}{before.strip()}:contracts/stat.yaml:3)"
    ]
    assert git(repo.parent / "remote.git", "rev-parse", "main") == before


def test_a_clean_push_passes_though_the_tree_has_a_breaking_edit(
    pushed: tuple[Path, dict[str, str]],
) -> None:
    repo, env = pushed
    contract = repo / "contracts" / "tools.yaml"
    contract.write_text(READ + TOOL.format(name="list_dir", description="List a folder."), "utf-8")
    git(repo, "commit", "-q", "-am", "add list_dir")
    (repo / "contracts" / "stat.yaml").unlink()  # a removal, not committed
    contract.write_text(_contract(("list_dir", "List a folder.")), "utf-8")  # not committed
    result = _push(repo, env)
    assert result.returncode == 0, result.stdout + result.stderr
    head = git(repo, "rev-parse", "HEAD")
    assert git(repo.parent / "remote.git", "rev-parse", "main") == head


def test_diff_between_two_revisions_reads_neither_from_the_tree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.cli import main

    repo = tmp_path / "repo"
    (repo / "contracts").mkdir(parents=True)
    (repo / "contracts" / "tools.yaml").write_text(READ, "utf-8")
    (repo / "contracts" / "stat.yaml").write_text(STAT, "utf-8")
    git(tmp_path, "init", "-q", "-b", "main", str(repo))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "two tools")
    git(repo, "rm", "-q", "contracts/stat.yaml")
    git(repo, "commit", "-q", "-m", "drop stat")
    (repo / "contracts" / "stat.yaml").write_text(STAT, "utf-8")  # the tree still has it
    (repo / "contracts" / "tools.yaml").write_text("not: [a contract", "utf-8")  # nor this
    monkeypatch.chdir(repo)
    capsys.readouterr()
    assert main(["diff", "--against", "HEAD~1", "--to", "HEAD"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "tool 'stat'"
    assert out[1] == (
        "  breaking[tool-removed]: tool 'stat' was removed (it was at "
        "HEAD~1:contracts/stat.yaml:3)"
    )
    assert out[2:] == [
        "toolcanon diff against HEAD~1 → HEAD: 1 breaking",
        "suggested version bump: major",
    ]
    assert main(["diff", "--from-ref", "HEAD", "--to-ref", "HEAD"]) == 0
