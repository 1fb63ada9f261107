"""Updating an output folder toolcanon does not own, one file at a time.

Used when the folder holds anything no witness names (someone's file, an empty
folder, a link): the folder keeps its inode and mode, and everything in it that
toolcanon did not write stays exactly as it is. Every problem is found before the
first write (a link or a foreign file where a generated file or folder must go), so
a refusal changes nothing; each file is then replaced atomically (a temporary file
beside it and one rename), and files a witness names that are no longer generated
are removed when they still hold the bytes it names. No step follows a link.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path, PurePosixPath

from generator.write.ownership import Witnesses
from generator.write.plan import TEMP_SUFFIX, Comparison, Plan, WriteError, default_mode


def write_in_place(plan: Plan, out: Path, comparison: Comparison, known: Witnesses) -> None:
    """Write the drifted files of ``plan`` into ``out`` and prune what may be pruned."""
    writes = [d.path for d in comparison.drift if d.kind != "orphaned"]
    problem = _first_problem(plan, out, writes, known)
    if problem is not None:
        raise WriteError(problem)
    _make_folder(out)
    for rel in writes:
        _write_file(out, rel, plan.files[rel])
    pruned = [d.path for d in comparison.drift if d.kind == "orphaned"]
    for rel in pruned:
        if known.prunable(out, rel):  # checked again just before: still the same bytes
            os.unlink(out / rel)
    _remove_emptied(out, pruned, plan.folders())


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


def _make_folder(path: Path) -> None:
    if _kind(path) == "missing":
        os.mkdir(path, default_mode(True))


def _write_file(out: Path, rel: PurePosixPath, data: bytes) -> None:
    """Replace ``out/rel`` with ``data`` atomically, keeping an existing file's mode."""
    folder = out
    for part in rel.parts[:-1]:
        folder = folder / part
        _make_folder(folder)
    target = out / rel
    mode = target.lstat().st_mode & 0o7777 if _kind(target) == "file" else default_mode(False)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


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
