"""The only module that writes to disk: compare a Plan with generated/, swap it in whole,
and keep the cache entries a run computed.

``write`` builds the complete new tree beside the output folder (unchanged files
and files we never generated are hard-linked, so their bytes and mtimes stay), then
exchanges the two folders in one step. A failure at any point leaves the old tree
exactly as it was; a concurrent run waits for the lock on the parent folder.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import difflib
import fcntl
import json
import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from generator.cache import (
    FOLDER_NAME,
    KEY_BYTES,
    Entry,
    generator_folder,
    key_path,
    read_key,
    signed,
)

MANIFEST = PurePosixPath("manifest.json")


class WriteError(Exception):
    """The output folder cannot be updated; nothing was changed."""


Same = Callable[[bytes, bytes], bool]


@dataclass(frozen=True, slots=True)
class Plan:
    """The whole output tree as bytes, manifest included. ``same`` names files whose
    bytes may differ without the output differing (the manifest's note of who wrote
    it): such a file counts as current, and is not rewritten for that alone."""

    files: Mapping[PurePosixPath, bytes]
    same: Mapping[PurePosixPath, Same] = field(default_factory=dict)

    def current(self, rel: PurePosixPath, on_disk: bytes) -> bool:
        """True when ``on_disk`` is what the plan holds for ``rel``."""
        planned = self.files[rel]
        if on_disk == planned:
            return True
        same = self.same.get(rel)
        return same is not None and same(on_disk, planned)


@dataclass(frozen=True, slots=True)
class Drift:
    """One way in which the output folder differs from the plan."""

    path: PurePosixPath
    kind: str  # "changed" | "missing" | "orphaned"
    diff: str = ""


@dataclass(frozen=True, slots=True)
class Comparison:
    drift: tuple[Drift, ...]
    foreign: tuple[PurePosixPath, ...]  # files in the folder that toolcanon never generated


def encode_text(text: str) -> bytes:
    """Text as generated files store it: LF endings, one final newline, UTF-8."""
    text = text.replace("\r\n", "\n")
    if not text.endswith("\n"):
        text += "\n"
    return text.encode("utf-8")


def read_manifest(out: Path) -> dict[str, object] | None:
    """The manifest in ``out``, or None when it is missing or unreadable."""
    try:
        data = json.loads((out / MANIFEST).read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def previously_generated(out: Path) -> set[PurePosixPath]:
    """Files the last run generated, by its manifest (manifest included)."""
    manifest = read_manifest(out)
    files = manifest.get("files") if manifest else None
    listed = {PurePosixPath(p) for p in files} if isinstance(files, dict) else set()
    return listed | ({MANIFEST} if manifest else set())


def untracked(out: Path) -> list[PurePosixPath]:
    """Files in ``out`` that the manifest does not list: someone else's files."""
    ours = previously_generated(out)
    return [rel for rel in _disk_files(out) if rel not in ours] if out.is_dir() else []


def _disk_files(out: Path) -> Iterator[PurePosixPath]:
    for directory, dirs, names in os.walk(out):
        dirs.sort()
        base = Path(directory)
        for name in sorted(names + [d for d in dirs if (base / d).is_symlink()]):
            yield PurePosixPath((base / name).relative_to(out).as_posix())


def _read(path: Path) -> bytes | None:
    if path.is_symlink() or not path.is_file():
        return None
    try:
        return path.read_bytes()
    except OSError:
        return None


def compare(plan: Plan, out: Path, *, diffs: bool = True) -> Comparison:
    """Every difference between ``plan`` and the folder ``out`` (with unified diffs: ``diffs``)."""
    drift: list[Drift] = []
    for rel, data in sorted(plan.files.items()):
        current = _read(out / rel)
        if current is None:
            drift.append(Drift(rel, "missing"))
        elif not plan.current(rel, current):
            drift.append(Drift(rel, "changed", _unified(rel, current, data) if diffs else ""))
    ours = previously_generated(out)
    foreign: list[PurePosixPath] = []
    if out.is_dir():
        for rel in _disk_files(out):
            if rel in plan.files:
                continue
            if rel in ours:
                drift.append(Drift(rel, "orphaned"))
            else:
                foreign.append(rel)
    return Comparison(tuple(drift), tuple(foreign))


def _unified(rel: PurePosixPath, old: bytes, new: bytes, limit: int = 40) -> str:
    old_lines = old.decode("utf-8", "replace").splitlines(keepends=True)
    new_lines = new.decode("utf-8", "replace").splitlines(keepends=True)
    lines = list(
        difflib.unified_diff(old_lines, new_lines, f"{rel} (on disk)", f"{rel} (generated)", n=2)
    )
    if len(lines) > limit:
        lines = [*lines[:limit], f"... {len(lines) - limit} more diff lines\n"]
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` (a directory) while generating into it."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def write(plan: Plan, out: Path) -> Comparison:
    """Make ``out`` hold exactly the plan (plus files we never generated). Atomic."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with locked(out.parent):
            comparison = compare(plan, out, diffs=False)  # only check shows diffs
            if comparison.drift:
                _replace(plan, out, comparison)
            return comparison
    except OSError as exc:
        raise WriteError(f"cannot update {out.name}/: {exc.strerror or exc}") from exc


def _replace(plan: Plan, out: Path, comparison: Comparison) -> None:
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
    try:
        staging.chmod(_folder_mode(out))
        _stage(plan, out, staging, comparison)
        _swap(staging, out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _folder_mode(out: Path) -> int:
    """Keep the output folder's mode; a new one gets the usual 0o777 less the umask."""
    if out.is_dir():
        return out.stat().st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o777 & ~umask


def _stage(plan: Plan, out: Path, staging: Path, comparison: Comparison) -> None:
    changed = {d.path for d in comparison.drift}
    planned_dirs = {parent for rel in plan.files for parent in rel.parents}
    for rel, data in plan.files.items():
        target = staging / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if rel in changed:
            target.write_bytes(data)
        else:
            os.link(out / rel, target, follow_symlinks=False)
    for rel in comparison.foreign:
        if rel in planned_dirs:
            raise WriteError(
                f"{out.name}/{rel} is not a folder toolcanon may write into "
                "(a file or link it did not generate): move it away"
            )
        _keep(out / rel, staging / rel)


def _keep(source: Path, target: Path) -> None:
    """Carry a file we never generated into the new tree, unchanged (links stay links)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_symlink():
        os.symlink(os.readlink(source), target)
    else:
        os.link(source, target, follow_symlinks=False)


def _swap(staging: Path, out: Path) -> None:
    if not out.exists():
        os.rename(staging, out)
        return
    if _exchange(staging, out):
        return
    backup = staging.with_name(staging.name + ".old")
    os.rename(out, backup)
    try:
        os.rename(staging, out)
    except OSError:
        os.rename(backup, out)
        raise
    os.rename(backup, staging)  # removed by the caller


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically with renameat2(RENAME_EXCHANGE) where Linux has it."""
    libc_name = ctypes.util.find_library("c")
    if not libc_name:
        return False
    libc = ctypes.CDLL(libc_name, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return bool(result == 0)


def store_entries(root: Path | None, entries: Iterable[Entry]) -> None:
    """Keep cache entries under ``root`` (None: no cache). Best effort: a cache that
    cannot be written is simply not written, and folders of other generators (entries
    no run of this generator can find) are removed once new entries go in."""
    entries = list(entries)
    if root is None or not entries:
        return
    key = _user_key()
    if key is None:
        return
    folder = generator_folder(root)
    _prune_other_generators(root, folder)
    for entry in entries:
        _store(folder / entry.namespace, entry.key, signed(key, entry))


def _user_key() -> bytes | None:
    """This user's signing key, made on first use (0600, created exclusively so two
    runs never sign with different keys); None when it cannot be kept."""
    found = read_key()
    path = key_path()
    if found is not None or path is None:
        return found
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as stream:
            stream.write(secrets.token_bytes(KEY_BYTES))
    except FileExistsError:
        pass  # another run made it first: use theirs
    except OSError:
        return None
    return read_key()


def _store(folder: Path, name: str, data: bytes) -> None:
    temp: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        os.replace(temp, folder / name)
    except OSError:
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)


def _prune_other_generators(root: Path, keep: Path) -> None:
    with contextlib.suppress(OSError):
        for entry in root.iterdir():
            if entry != keep and _is_generator_folder(entry):
                shutil.rmtree(entry, ignore_errors=True)


def _is_generator_folder(path: Path) -> bool:
    name = path.name
    return (
        len(name) == FOLDER_NAME
        and all(c in "0123456789abcdef" for c in name)
        and (path.is_dir() and not path.is_symlink())
    )


def create_files(files: Mapping[Path, bytes]) -> None:
    """Create new files, all or none: an existing file is never overwritten.

    Used by ``init``; raises WriteError naming the first file that already exists.
    """
    for path in files:
        if path.exists() or path.is_symlink():
            raise WriteError(f"{path.name} already exists; not overwritten")
    made: list[Path] = []
    try:
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("xb") as handle:
                made.append(path)
                handle.write(data)
    except OSError as exc:
        for path in made:
            path.unlink(missing_ok=True)
        raise WriteError(f"cannot create {path.name}: {exc.strerror or exc}") from exc


def replace_file(path: Path, data: bytes) -> None:
    """Replace the content of an existing file atomically, keeping its mode."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temp, path.stat().st_mode & 0o7777)
        os.replace(temp, path)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise WriteError(f"cannot update {path.name}: {exc.strerror or exc}") from exc
