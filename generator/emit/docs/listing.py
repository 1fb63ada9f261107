"""``toolcanon list``: a plain-text table of resolved tools."""

from __future__ import annotations

from generator.core.diagnostics import Diagnostic, usage
from generator.core.report import printable
from generator.ir.model import Toolset

COLUMNS = ("name", "kind", "category", "risk", "read-only", "plan mode", "skill")


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
            "-" if t.skill is None else printable(t.skill["name"]),
        )
        for t in toolset
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    return "\n".join(lines) + "\n"


def selected(toolset: Toolset, *, kind: str | None, host: str | None) -> Toolset | Diagnostic:
    """The tools ``list`` shows: a host's view (``--host``), of one kind (``--kind``);
    a usage diagnostic for a host the config does not have."""
    tools = toolset.tools
    if host is not None:
        views = {view.name: view for view in toolset.hosts}
        if host not in views:
            known = ", ".join(views) or "none: set 'hosts' in the config"
            return usage(f"unknown host '{host}'", f"hosts: {known}")
        tools = views[host].tools
    if kind is not None:
        tools = tuple(tool for tool in tools if tool.kind == kind)
    return Toolset(tools, toolset.sources)
