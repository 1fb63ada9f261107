"""generate into a folder it cannot swap whole (a mount point, a folder holding someone's
file) when the disk fills or the run is killed: the folder is as it was, or check says
which files are stale and the next generate finishes."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.write import inplace
from generator.write.plan import TEMP_SUFFIX
from tests.conftest import MINIMAL, Project, disk_state, tree_snapshot

DISK = "512k"  # holds MINIMAL's output (about 300 KiB in 4 KiB pages), not 50 KB more per file
LONG = "Read a file. " + "Every word of this description lands in each output file. " * 900


@pytest.fixture
def small_disk(project: Project) -> Iterator[Path]:
    """generated/ as a tmpfs of its own: a mount point, so generate writes it in place."""
    if os.geteuid() != 0:
        pytest.skip("the disk-full case mounts a small tmpfs, which needs root")
    mount = shutil.which("mount")
    if mount is None:
        pytest.skip("the disk-full case needs mount(8) to make a small tmpfs")
    project.generated.mkdir()
    options = f"size={DISK},mode=0755"
    made = subprocess.run(
        [mount, "-t", "tmpfs", "-o", options, "tmpfs", str(project.generated)],
        capture_output=True,
        text=True,
    )
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.strip()}")
    try:
        yield project.generated
    finally:
        subprocess.run(["umount", str(project.generated)], check=True)


def test_a_full_disk_leaves_a_mounted_output_folder_as_it_was(
    project: Project, small_disk: Path
) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    assert project.run("generate").code == 0
    before = disk_state(small_disk)
    project.write("contracts/a.yaml", MINIMAL.replace("Read a file.", LONG))
    result = project.run("generate")
    assert result.code == 2
    assert result.err.splitlines()[-1] == (
        "toolcanon: cannot update generated/: No space left on device"
    )
    assert disk_state(small_disk) == before  # every byte, mode and inode; no temporary file
    checked = project.run("check")
    assert checked.code == 1
    assert checked.err.splitlines()[-1].endswith(
        "files in generated/ are stale; run 'toolcanon generate'"
    )
    project.write("contracts/a.yaml", MINIMAL)
    assert project.run("check").code == 0  # the old output is whole: current for the old contract


class _Killed(BaseException):
    """The process ending between two renames: nothing after it runs."""


SERVER = MINIMAL.replace("version: 1", "version: 1\nserver: files").replace("read_file", "stat")


def test_check_names_every_file_a_killed_generate_left_old(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.generated.mkdir()
    (project.generated / "keep").mkdir()  # someone's empty folder: written in place
    assert project.run("generate").code == 0
    project.write("contracts/b.yaml", SERVER)
    real_replace, renamed = os.replace, []

    def replace(source: str, target: Path) -> None:
        real_replace(source, target)
        renamed.append(target)
        if len(renamed) == 5:
            raise _Killed

    monkeypatch.setattr(inplace.os, "replace", replace)
    with pytest.raises(_Killed):
        project.run("generate")
    monkeypatch.setattr(inplace.os, "replace", real_replace)
    killed = tree_snapshot(project.generated)
    checked = project.run("check")
    assert checked.code == 1
    assert project.run("generate").code == 0
    finished = tree_snapshot(project.generated)
    assert not [p for p in finished if p.endswith(TEMP_SUFFIX)]
    left_old = {p for p in finished if killed.get(p) != finished[p]}
    assert len(left_old) > 1
    expected = {f"generated/{p}: {'changed' if p in killed else 'missing'}" for p in left_old}
    assert {line for line in checked.err.splitlines() if line.startswith("generated/")} == expected
    assert project.run("check").code == 0
