"""Unified diffs of stale files, bounded in time: check shows them, never waits on them.

``difflib`` can take minutes on large files that differ in many places (a stale
1,000-tool listing). Lines both versions share at the start and the end are cut
first (cheap, and usually all but a few lines); when what is left is still larger
than :data:`MAX_LINES` lines on a side, or more than :data:`MAX_FILES` files were
diffed already, the diff says so instead of being computed.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from generator.core.report import printable

SHOWN = 40  # diff lines shown per file
MAX_LINES = 2_000  # changed lines per side that are still diffed
MAX_FILES = 20  # files diffed per run; the others are only named
CONTEXT = 2
_INSTEAD = "run generate, then git diff"


@dataclass(slots=True)
class Budget:
    """How many more files this run may diff."""

    files: int = MAX_FILES
    skipped: list[PurePosixPath] = field(default_factory=list)


def unified(rel: PurePosixPath, old: bytes, new: bytes, budget: Budget) -> str:
    """A unified diff of ``rel`` (at most :data:`SHOWN` lines, terminal-safe), or a
    line saying why it is not shown."""
    old_lines = old.decode("utf-8", "replace").splitlines()
    new_lines = new.decode("utf-8", "replace").splitlines()
    head = _common_head(old_lines, new_lines)
    tail = _common_tail(old_lines[head:], new_lines[head:])
    start = max(0, head - CONTEXT)
    old_mid = old_lines[start : len(old_lines) - max(0, tail - CONTEXT)]
    new_mid = new_lines[start : len(new_lines) - max(0, tail - CONTEXT)]
    if budget.files <= 0:
        budget.skipped.append(rel)
        return ""
    if max(len(old_mid), len(new_mid)) > MAX_LINES:
        changed = max(len(old_mid), len(new_mid))
        return f"  (about {changed:,} lines differ: too many to diff here; {_INSTEAD})\n"
    budget.files -= 1
    lines = list(
        difflib.unified_diff(
            old_mid,
            new_mid,
            f"{rel} (on disk)",
            f"{rel} (generated)",
            n=CONTEXT,
            lineterm="",
        )
    )
    lines = _renumbered(lines, start)
    if len(lines) > SHOWN:
        lines = [*lines[:SHOWN], f"... {len(lines) - SHOWN} more diff lines"]
    return "".join(printable(line) + "\n" for line in lines)


def _common_head(a: list[str], b: list[str]) -> int:
    count = 0
    for left, right in zip(a, b, strict=False):
        if left != right:
            break
        count += 1
    return count


def _common_tail(a: list[str], b: list[str]) -> int:
    count = 0
    for left, right in zip(reversed(a), reversed(b), strict=False):
        if left != right:
            break
        count += 1
    return count


def _renumbered(lines: list[str], offset: int) -> list[str]:
    """Hunk headers of a diff of lines cut at ``offset``, numbered as in the whole file."""
    if offset == 0:
        return lines
    return [_shift(line, offset) if line.startswith("@@ ") else line for line in lines]


def _shift(header: str, offset: int) -> str:
    parts = header.split(" ")  # "@@ -a,b +c,d @@"
    for index in (1, 2):
        sign, numbers = parts[index][0], parts[index][1:]
        first, _, count = numbers.partition(",")
        parts[index] = f"{sign}{int(first) + offset}" + ("," + count if count else "")
    return " ".join(parts)
