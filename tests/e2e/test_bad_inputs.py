"""The bad-input catalogue: every case exits 2 with exact diagnostics and leaves generated/ alone.

A case is a folder in tests/bad_inputs/: its *.yaml files (or its contracts/ folder)
become the project's contracts; an optional make.py's ``make(contracts)`` writes
inputs too large or too odd to commit; an optional ``flags`` file holds command-line
flags for every run (``--strict`` for warnings), an optional toolcanon.yaml becomes the
project's config; expected.txt holds the exact
diagnostic lines (refresh with ``pytest --update-goldens`` and review the diff).
"""

from __future__ import annotations

import runpy
import shutil
from pathlib import Path

import pytest

from tests.conftest import MINIMAL, Project, disk_state, generate_in, golden_written, tree_snapshot

CASES_DIR = Path(__file__).parents[1] / "bad_inputs"
CASES = sorted(p for p in CASES_DIR.iterdir() if p.is_dir())
CONFIG = "toolcanon.yaml"  # a case's config: copied to the project, not among its contracts


@pytest.fixture(scope="module")
def good_output(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated/ tree from a valid contract, made once and copied into every case."""
    from generator.cli import main

    root = tmp_path_factory.mktemp("good")
    (root / "contracts").mkdir()
    (root / "contracts" / "ok.yaml").write_text(MINIMAL.lstrip(), encoding="utf-8")
    assert main(["generate", "--config", str(root / "none.toml")]) == 2  # no such config file
    assert generate_in(root) == 0
    return root / "generated"


def _install_case(case: Path, contracts: Path) -> None:
    source = case / "contracts"
    if source.is_dir():
        shutil.copytree(source, contracts, dirs_exist_ok=True)
    for path in case.glob("*.yaml"):
        if path.name != CONFIG:
            shutil.copy(path, contracts / path.name)
    if (case / CONFIG).exists():
        shutil.copy(case / CONFIG, contracts.parent / CONFIG)
    if (case / "make.py").exists():
        runpy.run_path(str(case / "make.py"))["make"](contracts)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input(case: Path, project: Project, good_output: Path, update_goldens: bool) -> None:
    shutil.copytree(good_output, project.generated)
    before = tree_snapshot(project.generated)
    _install_case(case, project.contracts)
    flags_file = case / "flags"
    flags = flags_file.read_text("utf-8").split() if flags_file.exists() else []
    everything = disk_state(project.root.parent)  # the project and the folder around it

    result = project.run("generate", *flags)
    expected_file = case / "expected.txt"
    if update_goldens:
        expected_file.write_text("\n".join(result.diagnostics) + "\n", encoding="utf-8")
        golden_written(expected_file)
    assert result.code == 2, result.err
    assert result.diagnostics == expected_file.read_text(encoding="utf-8").splitlines()
    assert tree_snapshot(project.generated) == before
    assert project.run("check", *flags).code == 2
    assert project.run("validate", *flags).code == 2
    assert disk_state(project.root.parent) == everything
