"""Where generate may write, and what it may touch there.

Every case asserts the exit code, the message, and that nothing outside the output
folder changed: the whole disk state (files, empty folders, modes, inodes, links) of
the project and of the folder around it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from generator.project.placement import within
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

    from generator.project.placement import output_problems
    from generator.project.settings import Config

    root = tmp_path / "root"
    base = Config(root=root, contracts=root / "contracts", output=tmp_path / "out")
    config = replace(base, config_file=tmp_path / "out" / "toolcanon.yaml", allow_outside=True)
    (problem,) = output_problems(config)
    assert "holds the config file (toolcanon.yaml)" in problem.message
    assert output_problems(replace(config, config_file=None)) == []
    assert os.path.basename(str(config.output)) == "out"


# One rule for every path setting and flag: the cache, hosts and contracts folders of
# the config file, --contracts, --output, import's --out and verify's --pin.

CACHE_HINT = (
    "(leave 'cache' out (the user's cache folder), or name a git-ignored folder of its own "
    'inside the project, e.g. cache = ".toolcanon-cache")'
)
SHELL_HINT = "(name it as it is on disk, relative to the project, without ~, $ or a leading -)"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("/", "error[TC052]: cache = \"/\" ('/') holds the whole project " + CACHE_HINT),
        (".", 'error[TC052]: cache = "." is the project folder itself ' + CACHE_HINT),
        ("contracts", 'error[TC052]: cache = "contracts" holds the contracts folder '),
        ("contracts/c", 'error[TC052]: cache = "contracts/c" is inside the contracts folder'),
        ("generated/c", 'error[TC052]: cache = "generated/c" overlaps the output folder '),
        ("../sibling", 'error[TC052]: cache = "../sibling" is outside the project (\''),
        ("~", "error[TC055]: cache = \"~\": a shell reads '~' as a home folder"),
    ],
)
def test_a_cache_folder_is_held_to_the_rule(world: Project, value: str, message: str) -> None:
    world.write("toolcanon.yaml", f"strict: false\ncache: {json.dumps(value)}\n")
    before = around(world)
    result = world.run("generate")
    assert result.code == 2, result.err
    (line,) = result.diagnostics
    assert line.startswith("toolcanon.yaml:2:1: " + message), line
    assert around(world) == before


def test_a_cache_outside_is_used_when_asked(world: Project) -> None:
    world.write("toolcanon.yaml", 'cache: "../sibling/cache"\n')
    result = world.run("generate", "--allow-outside")
    assert result.code == 0, result.err
    assert any((world.root.parent / "sibling" / "cache").rglob("*"))


def test_the_default_user_cache_stays_allowed(world: Project) -> None:
    """The user's own cache folder lies outside every project: as the default it needs
    no flag (a config that names it explicitly does)."""
    from generator.core.cache import user_cache_root

    folder = user_cache_root()
    assert folder is not None and not within(folder, world.root)
    assert world.run("generate").code == 0
    world.write("toolcanon.yaml", f"cache: {json.dumps(str(folder))}\n")
    result = world.run("check")
    assert result.code == 2
    assert f"toolcanon.yaml:1:1: error[TC052]: cache = {json.dumps(str(folder))} is outside" in (
        result.err
    )


def test_a_config_cannot_allow_itself_outside(world: Project) -> None:
    world.write("toolcanon.yaml", 'allow-outside: true\noutput: "../sibling"\n')
    before = around(world)
    result = world.run("generate")
    assert result.code == 2
    assert result.diagnostics[0].startswith(
        "toolcanon.yaml:1:1: error[TC050]: unknown config key 'allow-outside'"
    )
    assert around(world) == before


BAD = "version: 1\ntools:\n  - name: leaked\n    description: SECRET from outside\n"


def test_hosts_outside_are_not_read(world: Project) -> None:
    """An overlay outside the project is neither read nor printed: the one diagnostic
    names the config line."""
    (world.root.parent / "sibling" / "desktop.yaml").write_text(BAD)
    world.write("toolcanon.yaml", 'hosts: "../sibling"\n')
    before = around(world)
    for command in ("validate", "generate", "check", "list"):
        result = world.run(command)
        assert result.code == 2, (command, result.err)
        assert result.diagnostics == [
            'toolcanon.yaml:1:1: error[TC052]: hosts = "../sibling" is outside the project '
            f"('{world.root.as_posix()}') (name a path inside the project, or pass "
            "--allow-outside to read there on purpose)"
        ]
    assert around(world) == before


@pytest.mark.parametrize("how", ["config", "flag"])
def test_contracts_outside_are_not_read(world: Project, how: str) -> None:
    (world.root.parent / "sibling" / "leak.yaml").write_text(BAD)
    if how == "config":
        world.write("toolcanon.yaml", 'contracts: "../sibling"\n')
        args: tuple[str, ...] = ()
        where = 'toolcanon.yaml:1:1: error[TC052]: contracts = "../sibling"'
    else:
        args = ("--contracts", "../sibling")
        where = "<command line>:1:1: error[TC052]: --contracts ../sibling"
    before = around(world)
    result = world.run("validate", *args)
    assert result.code == 2
    assert result.diagnostics == [
        f"{where} is outside the project ('{world.root.as_posix()}') (name a path inside the "
        "project, or pass --allow-outside to read there on purpose)"
    ]
    assert around(world) == before
    asked = world.run("validate", *args, "--allow-outside")  # read, on purpose
    assert "leak.yaml:3:5: error[TC102]: tool 'leaked'" in asked.err


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("~", "a shell reads '~' as a home folder"),
        ("~root/out", "a shell reads '~root' as a home folder"),
        ("$HOME/out", "a shell expands '$HOME'"),
        ("out/`id`", "a shell expands '`id`'"),
        ("-rf", "'-rf' reads as an option to shell commands"),
        ("build/-n", "'-n' reads as an option to shell commands"),
    ],
)
def test_an_output_a_shell_would_expand_is_refused(world: Project, value: str, why: str) -> None:
    world.write("toolcanon.yaml", f"# the output\noutput: {json.dumps(value)}\n")
    before = around(world)
    result = world.run("generate")
    assert result.code == 2
    assert result.diagnostics == [
        f"toolcanon.yaml:2:1: error[TC055]: output = {json.dumps(value)}: {why}, but "
        f"toolcanon would take the name literally {SHELL_HINT}"
    ]
    assert around(world) == before
    world.write("toolcanon.yaml", "strict: false\n")
    before = around(world)
    flagged = world.run("generate", f"--output={value}", "--allow-outside")
    assert flagged.diagnostics == [
        f"<command line>:1:1: error[TC055]: --output {value}: {why}, but toolcanon would "
        f"take the name literally {SHELL_HINT}"
    ]
    assert around(world) == before


TOOLS = '[{"name": "a", "description": "A.", "input_schema": {"type": "object"}}]'


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("../sibling", "--out ../sibling is outside the project ('"),
        (".", "--out . is the project folder itself (omit --out (the contracts folder)"),
        ("generated", "--out generated overlaps the output folder ('generated')"),
        (".git/x", "--out .git/x is inside a version-control folder"),
        ("~", "--out ~: a shell reads '~' as a home folder"),
    ],
)
def test_import_out_is_held_to_the_rule(world: Project, out: str, message: str) -> None:
    (world.root.parent / "tools.json").write_text(TOOLS)
    before = around(world)
    result = world.run("import", "../tools.json", "--out", out)
    assert result.code == 2
    (line,) = result.diagnostics
    assert line.startswith("<command line>:1:1: error[TC05"), line
    assert message in line
    assert around(world) == before


def test_import_out_outside_is_written_when_asked(world: Project) -> None:
    (world.root.parent / "tools.json").write_text(TOOLS)
    result = world.run("import", "../tools.json", "--out", "../sibling", "--allow-outside")
    assert result.code == 0, result.err
    assert (world.root.parent / "sibling" / "tools.yaml").is_file()


@pytest.mark.parametrize(
    ("pin", "message"),
    [
        ("../pin.json", "error[TC052]: --pin ../pin.json is outside the project ('"),
        ("toolcanon.yaml", "error[TC052]: --pin toolcanon.yaml is the config file"),
        ("contracts/pin.yaml", "error[TC052]: --pin contracts/pin.yaml is inside the contracts"),
        ("-pin.json", "error[TC055]: --pin -pin.json: '-pin.json' reads as an option"),
        ("linked/pin.json", "error[TC053]: --pin linked/pin.json: 'linked' is a symbolic link"),
    ],
)
def test_a_pin_is_placed_before_any_server_starts(world: Project, pin: str, message: str) -> None:
    world.write("toolcanon.yaml", "strict: false\n")
    (world.root / "linked").symlink_to(world.root.parent / "sibling", target_is_directory=True)
    script = f"open({str(world.root.parent / 'STARTED')!r}, 'w')"
    server = shlex.join([sys.executable, "-c", script])
    before = around(world)
    result = world.run("verify", "--server", "s", "--mcp-stdio", server, f"--pin={pin}")
    assert result.code == 2
    (line,) = result.diagnostics
    assert line.startswith("<command line>:1:1: " + message), line
    assert around(world) == before  # no STARTED: the server never ran
