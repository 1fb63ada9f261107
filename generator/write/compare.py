"""Compare a Plan with the output folder: what changed, what is missing, what toolcanon
wrote before and may prune, and what is someone else's. Reads only; writes nothing."""

from __future__ import annotations

import os
import stat
from pathlib import Path, PurePosixPath

from generator.write import ownership
from generator.write.manifest import parse
from generator.write.ownership import NO_HASHES, Hashes, Witnesses, witnesses
from generator.write.plan import MANIFEST, Comparison, Drift, Plan
from generator.write.textdiff import Budget, unified


def read_manifest(out: Path) -> dict[str, object] | None:
    """The manifest in ``out``, or None when it is missing or unreadable."""
    data = ownership.read_file(out, MANIFEST, limit=ownership.MAX_MANIFEST_BYTES)
    return parse(data) if data is not None else None


def untracked(out: Path, recorded: Hashes = NO_HASHES) -> list[PurePosixPath]:
    """Things in ``out`` that no witness names: someone else's files (and links)."""
    if not real_folder(out):
        return []
    known = witnesses(out, recorded)
    return [e.rel for e in ownership.entries(out) if e.kind != "folder" and not known.names(e.rel)]


def real_folder(out: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(out).st_mode)
    except OSError:
        return False


def compare(
    plan: Plan, out: Path, *, recorded: Hashes = NO_HASHES, diffs: bool = True
) -> Comparison:
    """Every difference between ``plan`` and the folder ``out`` (with unified diffs:
    ``diffs``, bounded in time). ``recorded`` is this machine's record of what it wrote."""
    return compare_with(plan, out, witnesses(out, recorded), diffs=diffs)


def compare_with(plan: Plan, out: Path, known: Witnesses, *, diffs: bool) -> Comparison:
    drift: list[Drift] = []
    budget = Budget()
    for rel in sorted(plan.files):  # one file's bytes at a time: a plan may keep them packed
        current = ownership.read_file(out, rel)
        if current is None:
            drift.append(Drift(rel, "missing"))
        elif not plan.current(rel, current):
            shown = unified(rel, current, plan.files[rel], budget) if diffs else ""
            drift.append(Drift(rel, "changed", shown))
    foreign: list[PurePosixPath] = []
    if real_folder(out):
        for entry in ownership.entries(out):
            if entry.kind == "folder" or entry.rel in plan.files:
                continue
            if entry.kind == "file" and known.prunable(out, entry.rel):
                drift.append(Drift(entry.rel, "orphaned"))
            else:
                foreign.append(entry.rel)
    return Comparison(tuple(drift), tuple(foreign), tuple(budget.skipped))
