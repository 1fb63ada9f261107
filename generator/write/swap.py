"""Replacing an output folder toolcanon owns, whole and atomically (part of the writer).

The complete new tree is built beside the folder: changed files written, unchanged ones
hard-linked (their bytes and mtimes stay), sub-folders with the modes they had, and
anything a witness names but that may not be removed carried over as it is. Then the
two folders are exchanged in one step (``renameat2(RENAME_EXCHANGE)`` on Linux, else
two renames that put the old tree back on failure), so a failure at any point leaves
the old tree exactly as it was. Only ``writer.write`` calls this, with the lock held,
and only for a folder ``ownership.owned`` accepts.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import tempfile
from pathlib import Path

from generator.write.plan import STAGING_INFIX, Comparison, Plan, WriteError, default_mode


def replace_whole(plan: Plan, out: Path, comparison: Comparison) -> None:
    """Make ``out`` hold the plan by building a new tree and exchanging the two."""
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}{STAGING_INFIX}", dir=out.parent))
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
    return default_mode(True)


def _stage(plan: Plan, out: Path, staging: Path, comparison: Comparison) -> None:
    changed = {d.path for d in comparison.drift}
    for folder in sorted(plan.folders(), key=lambda p: len(p.parts)):
        old = out / folder
        mode = old.stat().st_mode & 0o7777 if old.is_dir() else default_mode(True)
        (staging / folder).mkdir()
        (staging / folder).chmod(mode)
    for rel, data in plan.files.items():
        target = staging / rel
        if rel in changed:
            target.write_bytes(data)
            old = out / rel
            if old.is_file() and not old.is_symlink():
                target.chmod(old.stat().st_mode & 0o7777)
        else:
            os.link(out / rel, target, follow_symlinks=False)
    planned = plan.folders()
    for rel in comparison.foreign:
        if rel in planned:
            raise WriteError(
                f"{out.name}/{rel} is not a folder toolcanon may write into "
                "(a file or link it did not generate): move it away"
            )
        _keep(out / rel, staging / rel)


def _keep(source: Path, target: Path) -> None:
    """Carry a file we may not remove into the new tree, unchanged (links stay links)."""
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
