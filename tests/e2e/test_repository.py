"""What every tracked file of this repository must not hold: a merge left half done
(conflict markers), or a reference to a design note that lives outside the repository
(the project explains itself: README.md, ARCHITECTURE.md)."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.conftest import REPO

CONFLICT = re.compile(rb"^(<{7} |={7}$|>{7} )", re.MULTILINE)
OUTSIDE_NOTES = re.compile(rb"\b(DESIGN|STYLE)\.md\b")


def tracked() -> list[str]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [name for name in listed.decode("utf-8").split("\0") if name]


def test_no_file_holds_conflict_markers() -> None:
    found = [
        name
        for name in tracked()
        if (REPO / name).is_file() and CONFLICT.search((REPO / name).read_bytes())
    ]
    assert found == []


def test_no_file_cites_a_design_note_outside_the_repository() -> None:
    found = [
        name
        for name in tracked()
        if (REPO / name).is_file() and OUTSIDE_NOTES.search((REPO / name).read_bytes())
    ]
    assert found == []
