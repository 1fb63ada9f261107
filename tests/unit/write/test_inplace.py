"""The two-phase in-place writer: a failure while files are written aside changes
nothing, and a run killed between two renames leaves a state the next run finishes."""

from __future__ import annotations

import errno
import hashlib
import json
import os
from pathlib import Path, PurePosixPath
from typing import Any

import pytest

from generator.write import inplace
from generator.write.compare import compare
from generator.write.output import write
from generator.write.plan import TEMP_SUFFIX, Drift, Plan, WriteError
from tests.conftest import disk_state

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
