"""Which files in the output folder toolcanon made, read without following any link.

Two witnesses say what toolcanon wrote: the signed record of this machine's last
``generate`` (``freshness.recorded_files``) and the ``manifest.json`` in the folder.
Each names files with their sha256. A file may be removed only when a witness names
it and it still holds exactly the bytes named; a folder may be swapped whole only
when everything in it is named by a witness (see :func:`owned`). Paths from either
witness are checked like contract paths: relative, POSIX, no ``..``, no backslash.
Nothing here writes.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

MANIFEST = PurePosixPath("manifest.json")
Hashes = Mapping[PurePosixPath, str]  # file → sha256 of the bytes toolcanon wrote
NO_HASHES: Hashes = {}
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_PART = re.compile(r"^[^/\\\x00-\x1f\x7f]+$")
_MAX_PATH = 1024
MAX_MANIFEST_BYTES = 64 * 1024 * 1024  # a manifest larger than this is not read


def safe_relative(text: object) -> PurePosixPath | None:
    """``text`` as a path inside a folder, or None when it could lead anywhere else
    (absolute, ``..``, ``.``, empty parts, backslashes, drive letters, controls)."""
    if not isinstance(text, str) or not text or len(text) > _MAX_PATH:
        return None
    parts = text.split("/")
    for part in parts:
        if part in ("", ".", "..") or not _PART.match(part) or ":" in part:
            return None
    return PurePosixPath(text)


def checked_hashes(files: object) -> dict[PurePosixPath, str]:
    """The ``{path: sha256}`` entries of a witness that are safe paths with real hashes."""
    found: dict[PurePosixPath, str] = {}
    if isinstance(files, Mapping):
        for key, digest in files.items():
            rel = safe_relative(key)
            if rel is not None and isinstance(digest, str) and _SHA256.match(digest):
                found[rel] = digest
    return found


def manifest_hashes(out: Path) -> dict[PurePosixPath, str]:
    """Files the manifest in ``out`` lists, with their hashes, the manifest itself
    included; empty when ``manifest.json`` is not toolcanon's (another tool's manifest
    in a shared folder is never taken for ours). A manifest that is not valid JSON —
    merge conflict markers, say — still names the files of its ``files`` blocks."""
    data = read_file(out, MANIFEST, limit=MAX_MANIFEST_BYTES)
    if data is None:
        return {}
    try:
        document = json.loads(data)
    except (ValueError, RecursionError):
        document = None
    if isinstance(document, dict):
        block = document.get("generator")
        if not isinstance(block, dict) or block.get("name") != "toolcanon":
            return {}
        found = checked_hashes(document.get("files"))
    elif document is None and _OURS.search(data):
        found = checked_hashes(_listed_pairs(data))
    else:
        return {}
    found[MANIFEST] = hashlib.sha256(data).hexdigest()
    return found


_OURS = re.compile(rb'"generator"\s*:\s*\{\s*"name"\s*:\s*"toolcanon"')
_FILES_BLOCK = re.compile(rb'"files"\s*:\s*\{([^{}]*)\}')
_PAIR = re.compile(rb'"([^"\\\x00-\x1f]{1,1024})"\s*:\s*"([0-9a-f]{64})"')


def _listed_pairs(data: bytes) -> dict[str, str]:
    """``path: sha256`` pairs in every ``"files": {…}`` block of a manifest's text."""
    pairs: dict[str, str] = {}
    for block in _FILES_BLOCK.finditer(data):
        for match in _PAIR.finditer(block.group(1)):
            pairs.setdefault(match.group(1).decode("utf-8", "replace"), match.group(2).decode())
    return pairs


def read_file(out: Path, rel: PurePosixPath, *, limit: int | None = None) -> bytes | None:
    """The bytes of the regular file ``out/rel``, reached without following a link
    (in ``rel``'s folders or the file itself); None when it is not such a file."""
    try:
        fd = _open_nofollow(out, rel)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(os.dup(fd), "rb") as stream:
            data = stream.read(limit + 1 if limit is not None else -1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return None if limit is not None and len(data) > limit else data


def _open_nofollow(out: Path, rel: PurePosixPath) -> int:
    """A file descriptor for ``out/rel``, every step refusing a link (O_NOFOLLOW)."""
    folder = os.open(out, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        for part in rel.parts[:-1]:
            inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=folder)
            os.close(folder)
            folder = inner
        return os.open(rel.parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
    finally:
        os.close(folder)


def sha256_of(out: Path, rel: PurePosixPath) -> str | None:
    data = read_file(out, rel)
    return None if data is None else hashlib.sha256(data).hexdigest()


@dataclass(frozen=True, slots=True)
class Witnesses:
    """What toolcanon is known to have written into one output folder."""

    recorded: Hashes  # this machine's signed record
    listed: Hashes  # the manifest on disk

    def names(self, rel: PurePosixPath) -> bool:
        return rel in self.recorded or rel in self.listed

    def prunable(self, out: Path, rel: PurePosixPath) -> bool:
        """True when a witness names ``rel`` and it still holds exactly those bytes."""
        expected = {self.recorded.get(rel), self.listed.get(rel)} - {None}
        return bool(expected) and sha256_of(out, rel) in expected


def witnesses(out: Path, recorded: Hashes) -> Witnesses:
    return Witnesses(recorded, manifest_hashes(out))


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing in the output folder, as ``lstat`` sees it."""

    rel: PurePosixPath
    kind: str  # "file" · "folder" · "link" · "other"
    empty: bool = False  # a folder with nothing in it


def entries(out: Path) -> Iterator[Entry]:
    """Everything under ``out`` (not ``out`` itself), never following a link."""
    stack = [PurePosixPath()]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(out / folder) as found:
                items = sorted(found, key=lambda e: e.name)
        except OSError:
            yield Entry(folder, "other")  # unreadable: nothing in it can be vouched for
            continue
        for item in items:
            rel = folder / item.name
            if item.is_symlink():
                yield Entry(rel, "link")
            elif item.is_dir(follow_symlinks=False):
                yield Entry(rel, "folder", empty=_empty(item.path))
                stack.append(rel)
            elif item.is_file(follow_symlinks=False):
                yield Entry(rel, "file")
            else:
                yield Entry(rel, "other")


def _empty(folder: str) -> bool:
    try:
        with os.scandir(folder) as found:
            return next(found, None) is None
    except OSError:
        return False  # unreadable: reported when it is walked


def owned(out: Path, known: Witnesses) -> bool:
    """True when toolcanon may swap ``out`` for a new tree: it does not exist, or it
    is a plain folder on the same file system as its parent holding at least one file
    and nothing but files a witness names (no links, no empty folders, nothing else).
    Anything else is written file by file, so nothing of anyone else's is touched."""
    try:
        info, parent = os.lstat(out), os.stat(out.parent)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode) or info.st_dev != parent.st_dev:
        return False
    files = 0
    for entry in entries(out):
        if entry.kind == "file" and known.names(entry.rel):
            files += 1
        elif entry.kind != "folder" or entry.empty:
            return False
    return files > 0
