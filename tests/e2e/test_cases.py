"""Output goldens: each folder in tests/cases/ is a small project and what it generates.

A case holds ``contracts/`` and a ``toolcanon.yaml`` (which targets, which options) and
``expected/``: every file ``toolcanon generate`` writes, except the manifest (it holds
hashes of everything else). Refresh with ``pytest --update-goldens`` and review the
diff; a new target adds a case here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import Project, golden_written

CASES_DIR = Path(__file__).parents[1] / "cases"
CASES = sorted(p for p in CASES_DIR.iterdir() if p.is_dir())
SKIPPED = {"manifest.json"}


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.relative_to(folder).as_posix() not in SKIPPED
    }


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case_generates_its_golden(case: Path, project: Project, update_goldens: bool) -> None:
    shutil.rmtree(project.contracts)
    shutil.copytree(case / "contracts", project.contracts)
    shutil.copy(case / "toolcanon.yaml", project.root / "toolcanon.yaml")
    result = project.run("generate", "--no-cache")
    assert result.code == 0, result.err
    got = _files(project.generated)
    expected_dir = case / "expected"
    if update_goldens:
        shutil.rmtree(expected_dir, ignore_errors=True)
        for name, data in got.items():
            (expected_dir / name).parent.mkdir(parents=True, exist_ok=True)
            (expected_dir / name).write_bytes(data)
        golden_written(expected_dir)
    expected = _files(expected_dir)
    assert sorted(got) == sorted(expected)
    for name, data in expected.items():
        assert got[name].decode("utf-8") == data.decode("utf-8"), name
