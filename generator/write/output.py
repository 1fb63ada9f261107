"""The writer: makes the output folder hold the plan.

A folder toolcanon owns (``ownership.owned``: nothing in it but files its manifest or
this machine's record names) is updated whole: the complete new tree is built beside
it (unchanged files hard-linked, so their bytes and mtimes stay) and the two folders
are exchanged in one step, so a failure at any point leaves the old tree exactly as it
was (``swap``). Any other folder is updated file by file (``inplace``), each file
atomically, and everything of anyone else's in it stays as it is. Files are removed
only when a witness names them and they still hold the bytes it names. A concurrent
run waits for the lock on the parent folder, for a bounded time.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

from generator.write import ownership
from generator.write.compare import compare_with, real_folder
from generator.write.inplace import write_in_place
from generator.write.lock import DEFAULT_TIMEOUT, LockTimeout, locked, try_locked
from generator.write.ownership import NO_HASHES, Hashes, Witnesses, witnesses
from generator.write.plan import STAGING_INFIX, TEMP_SUFFIX, Comparison, Plan, WriteError
from generator.write.swap import replace_whole


def write(
    plan: Plan,
    out: Path,
    *,
    recorded: Hashes = NO_HASHES,
    lock_timeout: float = DEFAULT_TIMEOUT,
    on_wait: Callable[[str], None] | None = None,
) -> Comparison:
    """Make ``out`` hold the plan; keep everything toolcanon did not write. Raises
    WriteError (nothing changed) when that cannot be done."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with locked(out.parent, timeout=lock_timeout, on_wait=on_wait):
            remove_leftovers(out)
            known = witnesses(out, recorded)
            comparison = compare_with(plan, out, known, diffs=False)  # only check shows diffs
            if comparison.drift:
                _update(plan, out, comparison, known)
            return comparison
    except LockTimeout as exc:
        raise WriteError(str(exc)) from None
    except OSError as exc:
        raise WriteError(f"cannot update {out.name}/: {exc.strerror or exc}") from exc


def _update(plan: Plan, out: Path, comparison: Comparison, known: Witnesses) -> None:
    if ownership.owned(out, known):
        replace_whole(plan, out, comparison)
    else:
        write_in_place(plan, out, comparison, known)


def tidy(out: Path) -> None:
    """Remove what a killed run left beside and inside ``out``, when no run holds the
    lock right now (never waits: ``generate`` on current output calls this)."""
    with contextlib.suppress(OSError), try_locked(out.parent) as free:
        if free:
            remove_leftovers(out)


_LEFTOVER_FILE = re.compile(r"^\..+\.[A-Za-z0-9_]+" + re.escape(TEMP_SUFFIX) + "$")


def remove_leftovers(out: Path) -> None:
    """Staging folders (``.<out>.new-*``) and half-written files of runs that were
    killed; call with the lock held, so no live run owns them. When a kill came
    between the two renames of a swap without ``renameat2``, the old tree is put back."""
    prefix = f".{out.name}{STAGING_INFIX}"
    with os.scandir(out.parent) as found:
        staged = sorted(e.name for e in found if e.name.startswith(prefix))
    for name in staged:
        path = out.parent / name
        if not stat.S_ISDIR(os.lstat(path).st_mode):
            continue
        if name.endswith(".old") and not os.path.lexists(out):
            os.rename(path, out)  # the old tree, never replaced: it is the output again
            continue
        shutil.rmtree(path)
    if real_folder(out):
        for entry in ownership.entries(out):
            if entry.kind == "file" and _LEFTOVER_FILE.match(entry.rel.name):
                os.unlink(out / entry.rel)
