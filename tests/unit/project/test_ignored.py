"""A cache folder inside a git work tree must be one git ignores: git itself answers,
so every kind of ignore rule counts, and nothing is written until it does."""

from __future__ import annotations

import subprocess

import pytest

from tests.conftest import MINIMAL, Project, disk_state


@pytest.fixture
def repository(project: Project) -> Project:
    project.write("contracts/a.yaml", MINIMAL)
    subprocess.run(["git", "init", "-q", str(project.root)], check=True)
    project.write("toolcanon.yaml", "# where entries go\ncache: build/cache\n")
    return project


def test_a_cache_git_does_not_ignore_is_refused(repository: Project) -> None:
    before = disk_state(repository.root.parent)
    for command in ("generate", "check", "validate"):
        result = repository.run(command)
        assert result.code == 2
        assert result.diagnostics == [
            'toolcanon.yaml:2:1: error[TC056]: cache = "build/cache": git does not ignore '
            "'build/cache', so its entries would be committed (add '/build/cache/' to "
            ".gitignore, or leave 'cache' out (the user's cache folder))"
        ]
    assert disk_state(repository.root.parent) == before


@pytest.mark.parametrize("rule", [".gitignore", ".git/info/exclude"])
def test_an_ignored_cache_is_used(repository: Project, rule: str) -> None:
    (repository.root / rule).write_text("/build/\n")
    assert repository.run("generate").code == 0
    assert any(path.is_file() for path in (repository.root / "build" / "cache").rglob("*"))
    assert repository.run("check").code == 0


def test_a_rule_that_unignores_the_folder_counts(repository: Project) -> None:
    repository.write(".gitignore", "/build/*\n!/build/cache/\n")
    result = repository.run("validate")
    assert result.code == 2
    assert 'error[TC056]: cache = "build/cache": git does not ignore' in result.err
    assert not (repository.root / "build").exists()


def test_git_variables_of_an_outer_command_do_not_answer(
    repository: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A GIT_DIR pointing at another repository (a hook's, say) must not decide what
    this project ignores."""
    other = repository.root.parent / "other"
    subprocess.run(["git", "init", "-q", str(other)], check=True)
    (other / ".git" / "info" / "exclude").write_text("/build/\n")
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    result = repository.run("validate")
    assert result.code == 2
    assert "error[TC056]" in result.err
