"""write/inplace: updating an output folder toolcanon does not own, file by file.

Everything toolcanon did not write stays as it is; each generated file is replaced by a
rename of a temporary file beside it (named with TEMP_SUFFIX), keeping an existing
file's mode; a link or a foreign file in the way is refused before the first write.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Any

import pytest

from generator.write import inplace
from generator.write.compare import compare, compare_with
from generator.write.inplace import write_in_place
from generator.write.output import write
from generator.write.ownership import NO_HASHES, Witnesses
from generator.write.plan import TEMP_SUFFIX, Drift, Plan, WriteError, default_mode
from tests.conftest import disk_state

P = PurePosixPath


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def put(out: Path, rel: str, data: bytes) -> Path:
    path = out / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def run(out: Path, files: dict[str, bytes], recorded: dict[str, bytes]) -> None:
    """Write ``files`` into ``out`` the way the writer does, with ``recorded`` (path →
    bytes) as this machine's record of what toolcanon wrote there before."""
    plan = Plan({P(rel): data for rel, data in files.items()})
    known = Witnesses({P(rel): sha(data) for rel, data in recorded.items()}, NO_HASHES)
    write_in_place(plan, out, compare_with(plan, out, known, diffs=False), known)


@pytest.fixture
def out(tmp_path: Path) -> Path:
    folder = tmp_path / "generated"
    folder.mkdir()
    return folder


def test_others_files_are_kept_and_old_output_is_pruned(out: Path) -> None:
    put(out, "notes.txt", b"mine")
    put(out, "a.json", b"old a")
    put(out, "old/gone.json", b"old")
    put(out, "old/theirs.txt", b"theirs")
    put(out, "stale/gone.json", b"old")
    (out / "keep").mkdir()
    run(
        out,
        {"a.json": b"new a", "b/c.json": b"c"},
        {"a.json": b"old a", "old/gone.json": b"old", "stale/gone.json": b"old"},
    )
    assert (out / "notes.txt").read_bytes() == b"mine"
    assert (out / "old/theirs.txt").read_bytes() == b"theirs"
    assert (out / "a.json").read_bytes() == b"new a"
    assert (out / "b/c.json").read_bytes() == b"c"
    assert not (out / "old/gone.json").exists()
    assert not (out / "stale").exists()  # held only what was pruned
    assert (out / "keep").is_dir()  # empty before: not toolcanon's to remove


def test_an_edited_old_file_is_not_pruned(out: Path) -> None:
    put(out, "gone.json", b"edited since")
    put(out, "theirs.txt", b"x")
    run(out, {"a.json": b"a"}, {"gone.json": b"as generated"})
    assert (out / "gone.json").read_bytes() == b"edited since"


def test_an_old_file_edited_after_the_comparison_is_not_pruned(out: Path) -> None:
    put(out, "gone.json", b"as generated")
    put(out, "theirs.txt", b"x")
    plan = Plan({P("a.json"): b"a"})
    known = Witnesses({P("gone.json"): sha(b"as generated")}, NO_HASHES)
    comparison = compare_with(plan, out, known, diffs=False)
    assert [d.path for d in comparison.drift if d.kind == "orphaned"] == [P("gone.json")]
    put(out, "gone.json", b"edited meanwhile")
    write_in_place(plan, out, comparison, known)
    assert (out / "gone.json").read_bytes() == b"edited meanwhile"


def test_each_file_is_replaced_by_a_rename_and_keeps_its_mode(out: Path) -> None:
    target = put(out, "a.json", b"old")
    put(out, "theirs.txt", b"x")
    target.chmod(0o640)
    before = target.stat().st_ino
    run(out, {"a.json": b"new", "fresh.json": b"f"}, {"a.json": b"old"})
    info = target.stat()
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(info.st_mode) == 0o640
    assert info.st_ino != before  # a new file renamed over it, not rewritten in place
    assert stat.S_IMODE((out / "fresh.json").stat().st_mode) == default_mode(False)


def test_the_output_folder_keeps_its_inode_and_mode(out: Path) -> None:
    put(out, "theirs.txt", b"x")
    out.chmod(0o750)
    before = out.stat()
    run(out, {"a.json": b"a"}, {})
    after = out.stat()
    assert (after.st_ino, stat.S_IMODE(after.st_mode)) == (before.st_ino, 0o750)


def test_a_missing_output_folder_is_made(tmp_path: Path) -> None:
    run(tmp_path / "generated", {"x/a.json": b"a"}, {})
    assert (tmp_path / "generated/x/a.json").read_bytes() == b"a"


def refused(tmp_path: Path, out: Path, files: dict[str, bytes], recorded: dict[str, bytes]) -> str:
    """The WriteError's message, after checking that nothing on disk changed."""
    before = disk_state(tmp_path)
    with pytest.raises(WriteError) as raised:
        run(out, files, recorded)
    assert disk_state(tmp_path) == before
    return str(raised.value)


def test_a_link_where_a_file_goes_is_refused_and_nothing_changes(tmp_path: Path, out: Path) -> None:
    outside = put(tmp_path, "outside.txt", b"not yours")
    put(out, "a.json", b"old")
    (out / "z.json").symlink_to(outside)
    message = refused(tmp_path, out, {"a.json": b"new", "z.json": b"z"}, {"a.json": b"old"})
    assert message == "generated/z.json is a symbolic link; toolcanon never writes through links"


def test_a_link_where_a_folder_goes_is_refused(tmp_path: Path, out: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (out / "python").symlink_to(tmp_path / "elsewhere")
    message = refused(tmp_path, out, {"python/a.py": b"a"}, {})
    assert message == (
        "generated/python is not a folder toolcanon may write into "
        "(a link it did not generate): move it away"
    )


def test_a_file_where_a_folder_goes_is_refused(tmp_path: Path, out: Path) -> None:
    put(out, "python", b"a file")
    message = refused(tmp_path, out, {"python/a.py": b"a"}, {})
    assert message == (
        "generated/python is not a folder toolcanon may write into "
        "(a file it did not generate): move it away"
    )


def test_a_foreign_file_in_the_way_is_refused(tmp_path: Path, out: Path) -> None:
    put(out, "a.json", b"someone's")
    message = refused(tmp_path, out, {"a.json": b"new"}, {})
    assert message == (
        "generated/a.json exists and toolcanon did not write it (neither the manifest nor "
        "this machine's record names it): move it away, or delete it if it is old output"
    )


def test_a_special_file_in_the_way_is_refused(tmp_path: Path, out: Path) -> None:
    os.mkfifo(out / "a.json")
    message = refused(tmp_path, out, {"a.json": b"new"}, {})
    assert message == "generated/a.json is a special file, not a file toolcanon wrote: move it away"


def _spy_replace(
    monkeypatch: pytest.MonkeyPatch, then: Callable[[str, str], None]
) -> list[tuple[str, str]]:
    calls: list[tuple[str, str]] = []

    def spy(source: str, target: str) -> None:
        calls.append((str(source), str(target)))
        then(source, target)

    monkeypatch.setattr(os, "replace", spy)
    return calls


def test_the_temporary_file_sits_beside_the_target_named_with_the_suffix(
    out: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _spy_replace(monkeypatch, os.replace)
    run(out, {"sub/a.json": b"a"}, {})
    [(source, target)] = calls
    temp = Path(source)
    assert target == str(out / "sub/a.json")
    assert temp.parent == out / "sub"
    assert temp.name.startswith(".a.json.") and temp.name.endswith(TEMP_SUFFIX)
    assert not temp.exists()


def test_a_failed_rename_leaves_no_temporary_file(
    out: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    put(out, "a.json", b"old")

    def fail(_source: str, _target: str) -> None:
        raise OSError(28, "No space left on device")

    _spy_replace(monkeypatch, fail)
    with pytest.raises(WriteError, match=r"part updated \(0 of 1 files replaced\)"):
        run(out, {"a.json": b"new"}, {"a.json": b"old"})
    assert sorted(p.name for p in out.iterdir()) == ["a.json"]
    assert (out / "a.json").read_bytes() == b"old"


OLD = {"a": "old a\n", "sub/b": "old b\n", "z": "old z\n"}
NEW = {"a": "new a\n", "sub/b": "new b\n", "fresh/deep/c": "c\n", "fresh/d": "d\n", "z": "new z\n"}


def _plan(files: dict[str, str]) -> Plan:
    """A plan with a toolcanon manifest naming its files, as generate makes it."""
    data = {PurePosixPath(rel): text.encode() for rel, text in files.items()}
    listed = {rel.as_posix(): hashlib.sha256(v).hexdigest() for rel, v in data.items()}
    manifest = {"generator": {"name": "toolcanon"}, "files": listed}
    data[PurePosixPath("manifest.json")] = json.dumps(manifest).encode()
    return Plan(data)


def _in_place_folder(tmp_path: Path) -> Path:
    """An output folder holding someone's file beside OLD, so it is written in place."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("someone's\n")
    write(_plan(OLD), out)
    return out


def _temp_files(out: Path) -> list[Path]:
    return [p for p in out.rglob("*") if p.name.endswith(TEMP_SUFFIX)]


@pytest.mark.parametrize("failing", [1, 3, 6])  # the first, a middle and the last file
def test_a_full_disk_on_any_file_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: int
) -> None:
    out = _in_place_folder(tmp_path)
    before = disk_state(out)
    real_fdopen, calls = os.fdopen, {"n": 0}

    def fdopen(fd: int, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if mode == "wb":  # a file written aside: its temporary file already exists
            calls["n"] += 1
            if calls["n"] == failing:
                os.close(fd)
                raise OSError(errno.ENOSPC, "No space left on device")
        return real_fdopen(fd, mode, *args, **kwargs)

    monkeypatch.setattr(inplace.os, "fdopen", fdopen)
    with pytest.raises(WriteError, match=r"^cannot update out/: No space left on device$"):
        write(_plan(NEW), out)
    assert calls["n"] == failing  # phase 1 stopped at that file
    assert disk_state(out) == before  # no new folder, no temporary file, same inodes


def test_a_failed_flush_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where there is no syncfs, each file is fsynced: a full disk seen by the last one
    (delayed allocation, NFS) still comes before any rename."""
    out = _in_place_folder(tmp_path)
    before = disk_state(out)
    synced: list[int] = []

    def fsync(fd: int) -> None:
        synced.append(fd)
        if len(synced) == len(NEW) + 1:  # the last file written aside (manifest included)
            raise OSError(errno.EDQUOT, "Disk quota exceeded")

    monkeypatch.setattr(inplace, "_syncfs", lambda fd: False)
    monkeypatch.setattr(inplace.os, "fsync", fsync)
    with pytest.raises(WriteError, match=r"^cannot update out/: Disk quota exceeded$"):
        write(_plan(NEW), out)
    assert disk_state(out) == before


def test_a_failed_rename_says_the_folder_is_part_updated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _in_place_folder(tmp_path)
    real_replace, calls = os.replace, {"n": 0}

    def replace(source: str, target: Path) -> None:
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError(errno.EIO, "Input/output error")
        real_replace(source, target)

    monkeypatch.setattr(inplace.os, "replace", replace)
    with pytest.raises(WriteError) as raised:
        write(_plan(NEW), out)
    assert str(raised.value) == (
        "out/ is part updated (2 of 6 files replaced): cannot rename into out/fresh/d: "
        "Input/output error; run generate again to finish"
    )
    assert _temp_files(out) == []


class _Killed(BaseException):
    """The process ending between two renames: nothing after it runs."""


def test_a_run_killed_between_renames_is_seen_and_finished_without_a_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The manifest goes in first, so a file the plan adds is named by it even when the
    kill comes right after that file (``fresh/deep/c`` sorts before the manifest)."""
    out = _in_place_folder(tmp_path)
    real_replace = os.replace

    def replace(source: str, target: Path) -> None:
        real_replace(source, target)
        if target == out / "fresh" / "deep" / "c":
            raise _Killed

    monkeypatch.setattr(inplace.os, "replace", replace)
    with pytest.raises(_Killed):
        write(_plan(NEW), out)
    monkeypatch.setattr(inplace.os, "replace", real_replace)
    stale = list(compare(_plan(NEW), out, diffs=False).drift)
    assert stale == [
        Drift(PurePosixPath("sub/b"), "changed"),
        Drift(PurePosixPath("z"), "changed"),
    ]
    write(_plan(NEW), out)  # no record of this machine: the manifest alone is the witness
    assert compare(_plan(NEW), out).drift == ()
    assert _temp_files(out) == []
    assert (out / "keep.txt").read_text() == "someone's\n"
