"""A git revision's side of a diff is resolved with the config that revision had: a
policy floor removed in the working tree shows as the loosening it is."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import MINIMAL, Project, disk_state
from tests.unit.diff.test_sources import git

CONFIG = '[tool.toolcanon]\ncontracts = "contracts"\n'
FLOOR = """
[[tool.toolcanon.policies]]
name = "confirm-reads"
when = { isReadOnly = true }
require = { requiresConfirmation = true }
"""


def findings(project: Project, *argv: str) -> tuple[int, list[dict[str, Any]]]:
    result = project.run("diff", *argv, "--format", "json")
    return result.code, json.loads(result.out)["findings"]


@pytest.fixture
def floored(project: Project) -> Project:
    """One commit whose config holds a policy floor that sets the tool's confirmation."""
    git(project.root, "init", "-q")
    project.write("pyproject.toml", CONFIG + FLOOR)
    project.write("contracts/a.yaml", MINIMAL)
    git(project.root, "add", "-A")
    git(project.root, "commit", "-q", "-m", "floor")
    return project


def test_a_floor_removed_from_the_config_is_a_change(floored: Project) -> None:
    floored.write("pyproject.toml", CONFIG)  # the contract is untouched
    code, found = findings(floored, "--against", "HEAD")
    assert code == 1
    assert [(f["rule"], f["category"], f["message"], f["line"]) for f in found] == [
        ("confirmation-dropped", "security", "true → false", 3)
    ]


def test_the_same_config_at_both_sides_is_no_change(floored: Project) -> None:
    assert findings(floored, "--against", "HEAD") == (0, [])


def test_a_revision_without_a_config_file_had_the_defaults(project: Project) -> None:
    git(project.root, "init", "-q")
    project.write("contracts/a.yaml", MINIMAL)
    git(project.root, "add", "-A")
    git(project.root, "commit", "-q", "-m", "no config")
    project.write("pyproject.toml", CONFIG + FLOOR)  # the floor is new: a tightening
    code, found = findings(project, "--against", "HEAD")
    assert (code, [(f["path"], f["message"]) for f in found]) == (
        0,
        [("$.requiresConfirmation", "false → true")],
    )


def test_a_broken_config_at_the_revision_is_reported_there(project: Project) -> None:
    git(project.root, "init", "-q")
    project.write("pyproject.toml", CONFIG + 'colour = "red"\n')
    project.write("contracts/a.yaml", MINIMAL)
    git(project.root, "add", "-A")
    git(project.root, "commit", "-q", "-m", "broken")
    project.write("pyproject.toml", CONFIG)
    before = disk_state(project.root)
    result = project.run("diff", "--against", "HEAD")
    assert result.code == 2
    assert result.err.startswith("HEAD:pyproject.toml:3:"), result.err
    assert disk_state(project.root) == before
