"""Where generate may write, and what it may touch there.

Every case asserts the exit code, the message, and that nothing outside the output
folder changed: the whole disk state (files, empty folders, modes, inodes, links) of
the project and of the folder around it.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import MINIMAL, DiskState, Project, disk_state

OTHER = MINIMAL.replace("read_file", "read_other")


@pytest.fixture
def world(project: Project) -> Project:
    """A project with one contract, a sibling project beside it holding an empty
    folder, and a file in the folder around both."""
    project.write("contracts/a.yaml", MINIMAL)
    sibling = project.root.parent / "sibling"
    (sibling / "empty").mkdir(parents=True)
    (sibling / "notes.txt").write_text("mine\n")
    (project.root.parent / "top.txt").write_text("top\n")
    return project


def around(project: Project, output: Path | None = None) -> DiskState:
    """The state of the project's parent folder, the output folder left out."""
    return disk_state(project.root.parent, skip=output)


@pytest.mark.parametrize(
    ("flag", "message"),
    [
        (".", "error[TC052]: --output . is the project folder itself"),
        ("..", "error[TC052]: --output .. ('"),
        ("contracts", "error[TC052]: --output contracts holds the contracts folder"),
        ("contracts/out", "--output contracts/out is inside the contracts folder"),
        ("../sibling", "error[TC052]: --output ../sibling is outside the project"),
        (".git/out", "error[TC052]: --output .git/out is inside a version-control folder"),
        ("afile", "error[TC052]: --output afile ('afile') is a file, not a folder"),
    ],
)
def test_refused_outputs_change_nothing(world: Project, flag: str, message: str) -> None:
    world.root.chmod(0o700)
    (world.root / ".git").mkdir()
    (world.root / "afile").write_text("mine\n")
    before = around(world)
    result = world.run("generate", "--output", flag)
    assert result.code == 2, result.err
    assert message in result.err
    assert around(world) == before


def test_output_dot_in_the_config_names_the_line(world: Project) -> None:
    world.write("pyproject.toml", '[tool.toolcanon]\ncontracts = "contracts"\noutput = "."\n')
    before = around(world)
    result = world.run("generate")
    assert result.code == 2
    assert 'pyproject.toml:3:1: error[TC052]: output = "." is the project folder itself' in (
        result.err
    )
    assert around(world) == before
    assert world.run("check").code == 2


def test_a_manifest_listing_a_user_file_removes_nothing_outside(world: Project) -> None:
    """A forged manifest may name files anywhere: paths that leave the output folder,
    and files that do not hold the bytes it names, are never removed."""
    assert world.run("generate").code == 0
    manifest = world.generated / "manifest.json"
    document = json.loads(manifest.read_text("utf-8"))
    readme = world.write("README.md", "my notes\n")
    mine = world.write("generated/mine.txt", "mine\n")
    digest = hashlib.sha256(readme.read_bytes()).hexdigest()
    document["files"]["../README.md"] = digest
    document["files"]["mine.txt"] = "0" * 64
    manifest.write_text(json.dumps(document), "utf-8")
    world.write("contracts/b.yaml", OTHER)
    before = around(world, world.generated)
    result = world.run("generate")
    assert result.code == 0, result.err
    assert around(world, world.generated) == before
    assert mine.read_text() == "mine\n"


def test_outside_is_allowed_when_asked(world: Project) -> None:
    target = world.root.parent / "sibling"
    before = around(world, target)
    empty = disk_state(target / "empty")
    notes = disk_state(target / "notes.txt")
    result = world.run("generate", "--output", "../sibling", "--allow-outside")
    assert result.code == 0, result.err
    assert around(world, target) == before
    assert (target / "canonical" / "tools.json").is_file()
    assert disk_state(target / "empty") == empty  # written file by file: its things stay
    assert disk_state(target / "notes.txt") == notes
    assert world.run("check", "--output", "../sibling", "--allow-outside").code == 0


def test_output_that_is_a_link_is_refused(world: Project) -> None:
    elsewhere = world.root.parent / "sibling"
    world.generated.symlink_to(elsewhere, target_is_directory=True)
    before = around(world)
    result = world.run("generate")
    assert result.code == 2
    assert (
        "error[TC053]: the default output folder 'generated': 'generated' is a symbolic link"
        in result.err
    )
    assert around(world) == before
    assert world.run("check").code == 2


def test_output_below_a_linked_folder_is_refused(world: Project) -> None:
    (world.root / "build").symlink_to(world.root.parent / "sibling", target_is_directory=True)
    before = around(world)
    result = world.run("generate", "--output", "build/out")
    assert result.code == 2
    assert "--output build/out: 'build' is a symbolic link" in result.err
    assert around(world) == before


def test_a_folder_with_foreign_things_keeps_them(world: Project) -> None:
    """An output folder holding a file and an empty folder of someone else's is updated
    file by file: its inode, mode, the file and the empty folder stay."""
    assert world.run("generate").code == 0
    (world.generated / "keep").mkdir()
    (world.generated / "NOTES.txt").write_text("mine\n")
    world.generated.chmod(0o700)
    info = world.generated.stat()
    world.write("contracts/b.yaml", OTHER)
    before = around(world, world.generated)
    result = world.run("generate")
    assert result.code == 0, result.err
    assert around(world, world.generated) == before
    after = world.generated.stat()
    assert (after.st_ino, after.st_mode) == (info.st_ino, info.st_mode)
    assert (world.generated / "keep").is_dir()
    assert (world.generated / "NOTES.txt").read_text() == "mine\n"
    assert "read_other" in (world.generated / "canonical" / "tools.json").read_text()
    assert world.run("check").code == 0


GONE = MINIMAL.replace("version: 1", "version: 1\nserver: gone")


@pytest.mark.parametrize("foreign", [False, True], ids=["swapped", "in-place"])
def test_only_unchanged_files_toolcanon_wrote_are_removed(world: Project, foreign: bool) -> None:
    world.write("contracts/b.yaml", GONE)
    assert world.run("generate").code == 0
    if foreign:  # someone's empty folder: the folder is then written file by file
        (world.generated / "keep").mkdir()
    listing = world.generated / "mcp" / "gone.json"
    (world.contracts / "b.yaml").unlink()
    assert world.run("generate").code == 0
    assert not listing.exists()  # named by the manifest, bytes unchanged: removed

    world.write("contracts/b.yaml", GONE)
    assert world.run("generate").code == 0
    listing.write_text("edited by hand\n")
    (world.contracts / "b.yaml").unlink()
    assert world.run("generate").code == 0
    assert listing.read_text() == "edited by hand\n"  # not what toolcanon wrote: kept
    assert (world.generated / "keep").is_dir() == foreign
    check = world.run("check")
    assert check.code == 0
    assert "generated/mcp/gone.json was not generated by toolcanon, or was edited since" in (
        check.err
    )


def test_a_link_inside_the_output_is_never_written_through(world: Project) -> None:
    assert world.run("generate").code == 0
    outside = world.root.parent / "top.txt"
    names = world.generated / "canonical" / "tools.json"
    names.unlink()
    names.symlink_to(outside)
    before = around(world, world.generated)
    result = world.run("generate")
    assert result.code == 2
    assert "generated/canonical/tools.json is a symbolic link" in result.err
    assert around(world, world.generated) == before
    assert outside.read_text() == "top\n"


def test_leftovers_of_a_killed_run_are_removed(world: Project) -> None:
    assert world.run("generate").code == 0
    staging = world.root / ".generated.new-abc123"
    (staging / "canonical").mkdir(parents=True)
    (staging / "canonical" / "tools.json").write_text("half\n")
    half = world.generated / "canonical" / ".tools.json.k2j4h1x9.toolcanon-new"
    half.write_text("half\n")
    result = world.run("generate")  # nothing changed: the fast path tidies too
    assert result.code == 0
    assert not staging.exists()
    assert not half.exists()


def test_a_kill_between_the_two_renames_leaves_the_old_tree(world: Project) -> None:
    """Without renameat2 a swap is two renames; killed between them, the old tree is
    only in the backup: the next run puts it back before anything else."""
    assert world.run("generate").code == 0
    backup = world.root / ".generated.new-abc123.old"
    world.generated.rename(backup)
    (world.root / ".generated.new-abc123").mkdir()
    world.write("contracts/b.yaml", OTHER)
    assert world.run("generate").code == 0
    assert sorted(p.name for p in world.root.iterdir()) == ["contracts", "generated"]
    assert world.run("check").code == 0


def test_a_held_lock_is_waited_for_then_given_up(world: Project) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl, os, sys, time\n"
            "fd = os.open(sys.argv[1], os.O_RDONLY)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\n"
            "print('locked', flush=True)\n"
            "time.sleep(120)\n",
            str(world.root),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        before = around(world)
        result = world.run("generate", "--lock-timeout", "1.5")
    finally:
        holder.kill()
        holder.wait()
    assert result.code == 2
    assert "waiting for another toolcanon" in result.err
    assert "gave up after 1.5 s waiting for the lock on proj/" in result.err
    if sys.platform == "linux":
        assert f"held by pid {holder.pid}" in result.err
    assert around(world) == before


@pytest.mark.parametrize("value", ["-1", "nan", "soon"])
def test_lock_timeout_must_be_seconds(world: Project, value: str) -> None:
    with pytest.raises(SystemExit) as exit_info:
        world.run("generate", "--lock-timeout", value)
    assert exit_info.value.code == 2


def test_contracts_folder_through_a_link_is_refused(world: Project) -> None:
    real = world.root.parent / "sibling"
    (real / "a.yaml").write_text(MINIMAL)
    (world.root / "linked").symlink_to(real, target_is_directory=True)
    world.write("toolcanon.yaml", "contracts: linked\n")
    before = around(world)
    for command in ("validate", "generate", "check"):
        result = world.run(command)
        assert result.code == 2
        assert (
            "toolcanon.yaml:1:1: error[TC053]: contracts = \"linked\": 'linked' is a symbolic"
            in (result.err)
        )
    assert around(world) == before


def test_held_output_placement_rules_for_the_config_file(tmp_path: Path) -> None:
    """An output folder holding the config file (which only a crafted Config reaches:
    the project root is the config's folder) is refused too."""
    from dataclasses import replace

    from generator.project.outputs import output_problems
    from generator.project.settings import Config

    root = tmp_path / "root"
    base = Config(root=root, contracts=root / "contracts", output=tmp_path / "out")
    config = replace(base, config_file=tmp_path / "out" / "toolcanon.yaml", allow_outside=True)
    (problem,) = output_problems(config)
    assert "holds the config file (toolcanon.yaml)" in problem.message
    assert output_problems(replace(config, config_file=None)) == []
    assert os.path.basename(str(config.output)) == "out"
