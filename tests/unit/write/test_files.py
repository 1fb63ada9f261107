"""write/files: new files all or none, and atomic replacement of one file.

Failures are real where the system can make them (a file where a folder must be, a
missing file); where it cannot for root (a full disk, a read-only folder), the rename
is made to fail, which is the step that would.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from generator.write.files import create_files, replace_file, write_atomic
from generator.write.plan import WriteError
from tests.conftest import disk_state


def failing_replace(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(_source: object, _target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)


def test_create_files_makes_every_file_and_its_folders(tmp_path: Path) -> None:
    create_files({tmp_path / "a.yaml": b"a\n", tmp_path / "contracts/b.yaml": b"b\n"})
    assert (tmp_path / "a.yaml").read_bytes() == b"a\n"
    assert (tmp_path / "contracts/b.yaml").read_bytes() == b"b\n"


def test_create_files_writes_nothing_when_one_exists(tmp_path: Path) -> None:
    (tmp_path / "b.yaml").write_bytes(b"mine")
    before = disk_state(tmp_path)
    with pytest.raises(WriteError) as raised:
        create_files({tmp_path / "a.yaml": b"a", tmp_path / "b.yaml": b"new"})
    assert str(raised.value) == "b.yaml already exists; not overwritten"
    assert disk_state(tmp_path) == before


def test_create_files_never_writes_through_a_dangling_link(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").symlink_to(tmp_path / "nowhere")
    before = disk_state(tmp_path)
    with pytest.raises(WriteError, match=r"^a\.yaml already exists; not overwritten$"):
        create_files({tmp_path / "a.yaml": b"a"})
    assert disk_state(tmp_path) == before
    assert not (tmp_path / "nowhere").exists()


def test_create_files_removes_what_it_made_when_a_later_file_fails(tmp_path: Path) -> None:
    (tmp_path / "blocker").write_bytes(b"a file where a folder must be")
    with pytest.raises(WriteError, match=r"^cannot create .*: File exists$"):
        create_files({tmp_path / "a.yaml": b"a", tmp_path / "blocker/b.yaml": b"b"})
    assert not (tmp_path / "a.yaml").exists()
    assert (tmp_path / "blocker").read_bytes() == b"a file where a folder must be"


def test_create_files_names_the_file_that_could_not_be_made(tmp_path: Path) -> None:
    (tmp_path / "blocker").write_bytes(b"a file where a folder must be")
    with pytest.raises(WriteError) as raised:
        create_files({tmp_path / "a.yaml": b"a", tmp_path / "blocker/b.yaml": b"b"})
    assert str(raised.value) == "cannot create b.yaml: File exists"


def test_write_atomic_gives_the_mode_asked_whatever_the_umask(tmp_path: Path) -> None:
    target = tmp_path / "deep/pin.json"
    saved = os.umask(0o077)
    try:
        write_atomic(target, b"pinned", mode=0o644)
    finally:
        os.umask(saved)
    assert target.read_bytes() == b"pinned"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert sorted(p.name for p in target.parent.iterdir()) == ["pin.json"]


def test_write_atomic_replaces_by_a_rename(tmp_path: Path) -> None:
    target = tmp_path / "pin.json"
    target.write_bytes(b"old")
    before = target.stat().st_ino
    write_atomic(target, b"new", mode=0o600)
    assert target.read_bytes() == b"new"
    assert target.stat().st_ino != before


def test_write_atomic_failure_keeps_the_old_file_and_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "pin.json"
    target.write_bytes(b"old")
    before = disk_state(tmp_path)
    failing_replace(monkeypatch)
    with pytest.raises(OSError, match="No space left on device"):
        write_atomic(target, b"new", mode=0o644)
    assert disk_state(tmp_path) == before


def test_replace_file_keeps_the_files_mode(tmp_path: Path) -> None:
    target = tmp_path / "tool.yaml"
    target.write_bytes(b"old")
    target.chmod(0o751)
    replace_file(target, b"new")
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o751


def test_replace_file_of_a_missing_file_is_a_write_error(tmp_path: Path) -> None:
    with pytest.raises(WriteError) as raised:
        replace_file(tmp_path / "tool.yaml", b"new")
    assert str(raised.value) == "cannot update tool.yaml: No such file or directory"
    assert list(tmp_path.iterdir()) == []


def test_replace_file_failure_is_a_write_error_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "tool.yaml"
    target.write_bytes(b"old")
    before = disk_state(tmp_path)
    failing_replace(monkeypatch)
    with pytest.raises(WriteError) as raised:
        replace_file(target, b"new")
    assert str(raised.value) == "cannot update tool.yaml: No space left on device"
    assert disk_state(tmp_path) == before
