"""What an import reports after writing: counts, guesses to review, OpenAI strict mode."""

from __future__ import annotations

from collections.abc import Sequence

from generator.core.diagnostics import Diagnostic, Severity, format_path
from generator.core.report import counted, printable
from generator.importers.draft import Draft, DraftTool
from generator.importers.trust import SUGGESTED
from generator.profiles.openai import to_strict

PROBLEMS_SHOWN = 3


def summary(
    draft: Draft, display: str, diagnostics: Sequence[Diagnostic], skipped: Sequence[str] = ()
) -> str:
    """A few lines for a person: what was imported, what was left out (--skip-invalid),
    and what still needs a look."""
    tools = draft.tools
    read_only = sum(tool.get("isReadOnly") is True for tool in tools)
    high = sum(tool.get("riskLevel") in ("high", None) for tool in tools)  # None: the default
    reviews = sum(
        (field.review is not None) + len(field.inner) for tool in tools for field in tool.fields
    )
    reviews += draft.server is not None and draft.server.review is not None
    warnings = sum(d.severity is Severity.WARNING for d in diagnostics)
    lines = [
        f"imported {counted(len(tools), 'tool')} from {draft.origin} " f"into {display}",
        f"  {read_only} read-only · {len(tools) - read_only} may write ({high} high risk) · "
        f"{reviews} guess{'es' if reviews != 1 else ''} marked '# review:' · "
        f"{counted(warnings, 'warning')}",
    ]
    unreviewed = sum(tool.field(SUGGESTED) is not None for tool in tools)
    if unreviewed:
        lines.append(
            f"  {counted(unreviewed, 'tool')} to review: a suggested: block holds what the "
            "source claims; until you write the fields on the tool, it keeps the safe "
            "defaults and validate --strict fails (TC303)"
        )
    unread = sum(d.severity is Severity.ERROR for d in draft.diagnostics)
    if skipped or unread:
        lines.append(_skipped_line(skipped, unread))
    lines += strict_report(tools)
    return "".join(printable(line) + "\n" for line in lines)  # names from the source


def strict_report(tools: Sequence[DraftTool]) -> list[str]:
    """Which tools OpenAI strict mode would refuse, and why (the OpenAI profile decides)."""
    failing = [(tool, to_strict(tool.get("inputSchema")).problems) for tool in tools]
    failing = [(tool, problems) for tool, problems in failing if problems]
    if not failing:
        every = "the tool" if len(tools) == 1 else f"all {len(tools)} tools"
        return [f"  OpenAI strict mode: {every} can use it"]
    lines = [f"  OpenAI strict mode: {len(failing)} of {counted(len(tools), 'tool')} would fail:"]
    for tool, problems in failing:
        for problem in problems[:PROBLEMS_SHOWN]:
            lines.append(f"    {tool.name}: {format_path(problem.path)}: {problem.message}")
        if len(problems) > PROBLEMS_SHOWN:
            lines.append(f"    {tool.name}: … and {len(problems) - PROBLEMS_SHOWN} more")
    return lines


def _skipped_line(skipped: Sequence[str], unread: int) -> str:
    """What --skip-invalid left out: tools with errors, and entries the reader refused."""
    shown = ", ".join(skipped[:PROBLEMS_SHOWN]) + (", …" if len(skipped) > PROBLEMS_SHOWN else "")
    line = f"  skipped {len(skipped)} with errors (--skip-invalid)"
    line += f": {shown}" if skipped else ""
    if unread:
        line += f"; {unread} entr{'ies' if unread != 1 else 'y'} could not be read"
    return line
