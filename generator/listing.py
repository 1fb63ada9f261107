"""``toolcanon list``: a plain-text table of resolved tools."""

from __future__ import annotations

from generator.model import Toolset
from generator.report import printable

COLUMNS = ("name", "kind", "category", "risk", "read-only", "plan mode")


def plan_mode_label(available: bool, approval: bool) -> str:
    """Plan Mode in one word: allowed, approval (asks first) or denied."""
    if available:
        return "allowed"
    return "approval" if approval else "denied"


def tool_table(toolset: Toolset) -> str:
    """One row per tool, columns padded to their widest cell; contract text is shown
    with control characters escaped, so it cannot drive the terminal."""
    rows = [COLUMNS] + [
        (
            printable(t.name),
            printable(t.kind),
            printable(t.category),
            t.risk_level,
            "yes" if t.is_read_only else "no",
            plan_mode_label(t.available_in_plan_mode, t.requires_plan_approval),
        )
        for t in toolset
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    return "\n".join(lines) + "\n"
