"""Updating an output folder toolcanon does not own, in two phases.

Used when the folder cannot be swapped whole: it holds anything no witness names
(someone's file, an empty folder, a link), or it is a mount point. The folder keeps
its inode and mode, and everything in it that toolcanon did not write stays exactly
as it is. Every problem is found before the first write (a link or a foreign file
where a generated file or folder must go), so a refusal changes nothing.

Phase 1 writes every new file beside its target (``.<name>.XXXX.toolcanon-new``)
and flushes them all to the disk, where a full disk or a quota shows up; any failure
removes every file and folder phase 1 made and raises, with nothing changed. Phase 2
only then renames them into place, the manifest first, then prunes. Renames need no
space, but they are not one step: a kill between two of them leaves the folder part
new, part old. That state is never hidden: ``check`` compares every file's bytes (the
signed record of the last good run names the old hashes, so its fast path does not
apply) and reports each old one, and the next ``generate`` finishes the job — the new
manifest went in first, so it names every file the plan adds, and the leftover temporary
files are removed under the lock (``output.remove_leftovers``). A rename that fails
without a kill (an I/O error) removes the files not yet renamed and says the folder is
part updated. Files a witness names that are no longer generated are removed when they
still hold the bytes it names. No step follows a link.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.write.ownership import Witnesses
from generator.write.plan import (
    MANIFEST,
    TEMP_SUFFIX,
    Comparison,
    Plan,
    WriteError,
    default_mode,
)


@dataclass(frozen=True, slots=True)
class _Staged:
    """A new file written beside the one it replaces."""

    temp: Path
    target: Path


def write_in_place(plan: Plan, out: Path, comparison: Comparison, known: Witnesses) -> None:
    """Write the drifted files of ``plan`` into ``out`` and prune what may be pruned."""
    writes = [d.path for d in comparison.drift if d.kind != "orphaned"]
    problem = _first_problem(plan, out, writes, known)
    if problem is not None:
        raise WriteError(problem)
    writes.sort(key=lambda rel: rel != MANIFEST)  # the witness goes in before what it names
    _put_in_place(out, _stage_all(plan, out, writes))
    pruned = [d.path for d in comparison.drift if d.kind == "orphaned"]
    for rel in pruned:
        if known.prunable(out, rel):  # checked again just before: still the same bytes
            os.unlink(out / rel)
    _remove_emptied(out, pruned, plan.folders())


def _stage_all(plan: Plan, out: Path, writes: list[PurePosixPath]) -> list[_Staged]:
    """Phase 1: every file written beside its target and on the disk; on any failure,
    nothing left of it."""
    made: list[Path] = []  # folders phase 1 created, outermost first
    staged: list[_Staged] = []
    try:
        _make_folder(out, made)
        folder = os.open(out, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        try:
            for rel in writes:
                staged.append(_stage(out, rel, plan.files[rel], made))
            _flush(folder, staged)
        finally:
            os.close(folder)
    except BaseException:
        _discard(staged)
        for made_folder in reversed(made):
            with contextlib.suppress(OSError):
                os.rmdir(made_folder)
        raise
    return staged


def _stage(out: Path, rel: PurePosixPath, data: bytes, made: list[Path]) -> _Staged:
    """``data`` in a temporary file beside ``out/rel``, with the mode it will have
    (an existing file's, else the default)."""
    folder = out
    for part in rel.parts[:-1]:
        folder = folder / part
        _make_folder(folder, made)
    target = out / rel
    mode = target.lstat().st_mode & 0o7777 if _kind(target) == "file" else default_mode(False)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        os.chmod(temp, mode)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return _Staged(Path(temp), target)


def _flush(folder: int, staged: list[_Staged]) -> None:
    """Every staged file's bytes on the disk, where a full disk or a quota may show up
    only now (delayed allocation, NFS): one ``syncfs`` of the output's file system
    (Linux; it reports a write-back error of any file since ``folder`` was opened),
    else one fsync per file — about 5 ms each on an ext4 disk, syncfs far less."""
    if _syncfs(folder):
        return
    for item in staged:
        fd = os.open(item.temp, os.O_RDONLY | os.O_NOFOLLOW)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _syncfs(fd: int) -> bool:
    """syncfs(2) on the file system of ``fd``; False where the C library has none."""
    libc_name = ctypes.util.find_library("c")
    syncfs = getattr(ctypes.CDLL(libc_name, use_errno=True), "syncfs", None) if libc_name else None
    if syncfs is None:
        return False
    if syncfs(fd) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))
    return True


def _put_in_place(out: Path, staged: list[_Staged]) -> None:
    """Phase 2: one rename per file, then synced so the renames last."""
    for index, item in enumerate(staged):
        try:
            os.replace(item.temp, item.target)
        except OSError as exc:
            _discard(staged[index:])
            raise WriteError(
                f"{out.name}/ is part updated ({index} of {len(staged)} files replaced): "
                f"cannot rename into {out.name}/{item.target.relative_to(out).as_posix()}: "
                f"{exc.strerror or exc}; run generate again to finish"
            ) from exc
    _sync_renames(out, {item.target.parent for item in staged})


def _discard(staged: list[_Staged]) -> None:
    for item in staged:
        with contextlib.suppress(OSError):
            os.unlink(item.temp)


def _sync_renames(out: Path, folders: set[Path]) -> None:
    """The renames on the disk too (one syncfs, else each folder fsynced). Best effort:
    they are done, and a file system that cannot sync a folder keeps them anyway."""
    with contextlib.suppress(OSError):
        fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        try:
            if _syncfs(fd):
                return
        finally:
            os.close(fd)
        for folder in sorted(folders):
            fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)


def _first_problem(
    plan: Plan, out: Path, writes: list[PurePosixPath], known: Witnesses
) -> str | None:
    """Why the writes cannot all be done without touching something of someone else."""
    name = out.name
    for folder in sorted(plan.folders()):
        kind = _kind(out / folder)
        if kind not in ("missing", "folder"):
            return (
                f"{name}/{folder} is not a folder toolcanon may write into "
                f"(a {kind} it did not generate): move it away"
            )
    for rel in writes:
        kind = _kind(out / rel)
        if kind == "link":
            return f"{name}/{rel} is a symbolic link; toolcanon never writes through links"
        if kind not in ("missing", "file"):
            return f"{name}/{rel} is a {kind}, not a file toolcanon wrote: move it away"
        if kind == "file" and not known.names(rel):
            return (
                f"{name}/{rel} exists and toolcanon did not write it (neither the manifest "
                "nor this machine's record names it): move it away, or delete it if it is "
                "old output"
            )
    return None


def _kind(path: Path) -> str:
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return "missing"
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "folder"
    return "file" if stat.S_ISREG(mode) else "special file"


def _make_folder(path: Path, made: list[Path]) -> None:
    if _kind(path) == "missing":
        os.mkdir(path, default_mode(True))
        made.append(path)


def _remove_emptied(out: Path, pruned: list[PurePosixPath], planned: set[PurePosixPath]) -> None:
    """Remove folders that held only files just pruned (never one that was empty
    before, never one the plan uses, never the output folder)."""
    candidates = {p for rel in pruned for p in rel.parents if p != PurePosixPath()}
    for folder in sorted(candidates, key=lambda p: -len(p.parts)):
        if folder in planned or _kind(out / folder) != "folder":
            continue
        try:
            os.rmdir(out / folder)  # fails, and so keeps it, unless it is empty
        except OSError:
            continue
