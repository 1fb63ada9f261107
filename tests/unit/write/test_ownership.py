"""write/ownership: what toolcanon may prune or swap, read without following links.

A file is prunable only when a witness names it with the bytes it still holds; a path
a witness gives is used only when it stays inside the folder; every read refuses a
link (the file's own or a folder's on the way) and anything that is not a regular file.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path, PurePosixPath

import pytest

from generator.write import ownership
from generator.write.ownership import (
    MANIFEST,
    NO_HASHES,
    Entry,
    Witnesses,
    checked_hashes,
    entries,
    manifest_hashes,
    owned,
    read_file,
    safe_relative,
    sha256_of,
    witnesses,
)

P = PurePosixPath


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def put(out: Path, rel: str, data: bytes) -> Path:
    path = out / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def manifest(files: dict[str, str], name: str = "toolcanon") -> bytes:
    return json.dumps({"generator": {"name": name, "version": "1"}, "files": files}).encode()


@pytest.fixture
def out(tmp_path: Path) -> Path:
    folder = tmp_path / "generated"
    folder.mkdir()
    return folder


@pytest.mark.parametrize(
    "text",
    [
        "../x.json",
        "a/../../x.json",
        "a/..",
        "/etc/passwd",
        "",
        ".",
        "a/./b",
        "a//b",
        "a/",
        "a\\..\\b",
        "C:/x",
        "c:x",
        "a/\x00b",
        "a/\nb",
        "a/\x7f",
        "x" * 1025,
        None,
        7,
        ["a"],
    ],
)
def test_safe_relative_refuses_what_could_leave_the_folder(text: object) -> None:
    assert safe_relative(text) is None


@pytest.mark.parametrize("text", ["a.json", "python/pkg/__init__.py", "..a/b..", "é/ü.md"])
def test_safe_relative_keeps_paths_inside_the_folder(text: str) -> None:
    assert safe_relative(text) == P(text)


def test_checked_hashes_keeps_only_safe_paths_with_real_sha256() -> None:
    good = "a" * 64
    found = checked_hashes(
        {"ok.json": good, "../up.json": good, "short.json": "abc", "upper.json": "A" * 64, 3: good}
    )
    assert found == {P("ok.json"): good}
    assert checked_hashes(["ok.json", good]) == {}


def test_manifest_hashes_lists_its_files_and_itself(out: Path) -> None:
    data = manifest({"a.json": sha(b"a"), "../escape": sha(b"x")})
    put(out, "manifest.json", data)
    assert manifest_hashes(out) == {P("a.json"): sha(b"a"), MANIFEST: sha(data)}


def test_another_tools_manifest_is_never_taken_for_ours(out: Path) -> None:
    put(out, "manifest.json", manifest({"a.json": sha(b"a")}, name="webpack"))
    assert manifest_hashes(out) == {}
    put(out, "manifest.json", b'{"files": {"a.json": "%s"}}' % sha(b"a").encode())
    assert manifest_hashes(out) == {}


def test_a_conflicted_manifest_still_names_the_files_of_its_files_blocks(out: Path) -> None:
    a, b = sha(b"a"), sha(b"b")
    text = (
        '{"generator": {"name": "toolcanon"},\n<<<<<<< HEAD\n'
        f'"files": {{"a.json": "{a}"}}\n=======\n'
        f'"files": {{"b.json": "{b}", "../c": "{a}"}}\n>>>>>>> other\n}}\n'
    ).encode()
    put(out, "manifest.json", text)
    assert manifest_hashes(out) == {P("a.json"): a, P("b.json"): b, MANIFEST: sha(text)}


def test_a_manifest_over_the_size_limit_is_not_read(
    out: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = manifest({"a.json": sha(b"a")})
    put(out, "manifest.json", data)
    monkeypatch.setattr(ownership, "MAX_MANIFEST_BYTES", len(data) - 1)
    assert manifest_hashes(out) == {}
    monkeypatch.setattr(ownership, "MAX_MANIFEST_BYTES", len(data))
    assert P("a.json") in manifest_hashes(out)


def test_a_linked_manifest_is_not_read(out: Path, tmp_path: Path) -> None:
    real = put(tmp_path, "elsewhere.json", manifest({"a.json": sha(b"a")}))
    (out / "manifest.json").symlink_to(real)
    assert manifest_hashes(out) == {}


def test_read_file_reads_a_regular_file(out: Path) -> None:
    put(out, "a/b.json", b"bytes\n")
    assert read_file(out, P("a/b.json")) == b"bytes\n"
    assert sha256_of(out, P("a/b.json")) == sha(b"bytes\n")


def test_read_file_refuses_a_linked_file(out: Path, tmp_path: Path) -> None:
    (out / "a.json").symlink_to(put(tmp_path, "secret", b"secret"))
    assert read_file(out, P("a.json")) is None
    assert sha256_of(out, P("a.json")) is None


def test_read_file_refuses_a_linked_folder_on_the_way(out: Path, tmp_path: Path) -> None:
    put(tmp_path, "elsewhere/a.json", b"secret")
    (out / "sub").symlink_to(tmp_path / "elsewhere")
    assert read_file(out, P("sub/a.json")) is None


def test_read_file_refuses_an_output_folder_that_is_a_link(out: Path, tmp_path: Path) -> None:
    put(out, "a.json", b"data")
    (tmp_path / "alias").symlink_to(out)
    assert read_file(tmp_path / "alias", P("a.json")) is None


def test_read_file_refuses_what_is_not_a_regular_file(out: Path) -> None:
    os.mkfifo(out / "pipe")  # opened without blocking, then refused
    (out / "folder").mkdir()
    assert read_file(out, P("pipe")) is None
    assert read_file(out, P("folder")) is None
    assert read_file(out, P("missing")) is None


def test_read_file_limit_allows_exactly_the_limit(out: Path) -> None:
    put(out, "a.json", b"12345")
    assert read_file(out, P("a.json"), limit=5) == b"12345"
    assert read_file(out, P("a.json"), limit=4) is None


def test_prunable_only_with_the_bytes_a_witness_names(out: Path) -> None:
    put(out, "listed.json", b"old")
    put(out, "recorded.json", b"old")
    put(out, "edited.json", b"edited by a person")
    put(out, "theirs.json", b"old")
    known = Witnesses(
        recorded={P("recorded.json"): sha(b"old")},
        listed={P("listed.json"): sha(b"old"), P("edited.json"): sha(b"old")},
    )
    assert known.prunable(out, P("listed.json"))
    assert known.prunable(out, P("recorded.json"))
    assert not known.prunable(out, P("edited.json"))
    assert not known.prunable(out, P("theirs.json"))
    assert not known.prunable(out, P("gone.json"))
    assert known.names(P("edited.json")) and not known.names(P("theirs.json"))


def test_either_witness_digest_makes_a_file_prunable(out: Path) -> None:
    put(out, "a.json", b"new")
    known = Witnesses(recorded={P("a.json"): sha(b"new")}, listed={P("a.json"): sha(b"old")})
    assert known.prunable(out, P("a.json"))


def test_a_link_to_the_named_bytes_is_not_prunable(out: Path, tmp_path: Path) -> None:
    (out / "a.json").symlink_to(put(tmp_path, "target", b"old"))
    known = Witnesses(recorded={P("a.json"): sha(b"old")}, listed=NO_HASHES)
    assert not known.prunable(out, P("a.json"))


def test_witnesses_read_the_manifest_beside_the_record(out: Path) -> None:
    put(out, "manifest.json", manifest({"a.json": sha(b"a")}))
    known = witnesses(out, {P("b.json"): sha(b"b")})
    assert known.names(P("a.json")) and known.names(P("b.json"))
    assert known.names(MANIFEST)


def test_entries_never_follow_links(out: Path, tmp_path: Path) -> None:
    put(tmp_path, "elsewhere/inside.json", b"x")
    put(out, "a/b.json", b"x")
    (out / "empty").mkdir()
    (out / "link").symlink_to(tmp_path / "elsewhere")
    os.mkfifo(out / "pipe")
    assert sorted(entries(out), key=lambda e: e.rel) == [
        Entry(P("a"), "folder"),
        Entry(P("a/b.json"), "file"),
        Entry(P("empty"), "folder", empty=True),
        Entry(P("link"), "link"),
        Entry(P("pipe"), "other"),
    ]


def test_owned_when_missing_or_only_named_files(out: Path, tmp_path: Path) -> None:
    known = Witnesses(recorded={P("a/b.json"): sha(b"x")}, listed=NO_HASHES)
    assert owned(tmp_path / "missing", known)
    assert not owned(out, known)  # an empty folder: nothing in it is ours
    put(out, "a/b.json", b"edited")  # named, whatever its bytes: may be swapped whole
    assert owned(out, known)


@pytest.mark.parametrize("extra", ["theirs.txt", "empty/", "link"])
def test_not_owned_with_anything_no_witness_names(out: Path, extra: str) -> None:
    put(out, "a.json", b"x")
    known = Witnesses(recorded={P("a.json"): sha(b"x")}, listed=NO_HASHES)
    assert owned(out, known)
    if extra.endswith("/"):
        (out / extra).mkdir()
    elif extra == "link":
        (out / extra).symlink_to(out / "a.json")
    else:
        put(out, extra, b"theirs")
    assert not owned(out, known)


def test_an_output_folder_that_is_a_link_is_not_owned(out: Path, tmp_path: Path) -> None:
    put(out, "a.json", b"x")
    (tmp_path / "alias").symlink_to(out)
    known = Witnesses(recorded={P("a.json"): sha(b"x")}, listed=NO_HASHES)
    assert not owned(tmp_path / "alias", known)
