"""Render a diff: text grouped by tool (default), JSON (format 1), or GitHub annotations."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from generator.core.diagnostics import format_path
from generator.core.report import Line, format_github, format_text, printable
from generator.diff.rules import CATEGORIES, Bump, Category, Finding, suggested_bump
from generator.diff.suppressions import Suppression

DIFF_FORMAT = 1


@dataclass(frozen=True, slots=True)
class DiffResult:
    """Everything a diff found, and what makes it fail."""

    against: str
    findings: tuple[Finding, ...]
    fail_on: frozenset[Category]
    unused: tuple[Suppression, ...] = ()
    command: str = "diff"  # verify reports through the same renderer

    def failing(self, finding: Finding) -> bool:
        return finding.suppressed is None and finding.rule.category in self.fail_on

    @property
    def failed(self) -> bool:
        return any(self.failing(f) for f in self.findings)

    @property
    def bump(self) -> Bump:
        return suggested_bump(self.findings)

    def counts(self) -> dict[str, int]:
        counts: dict[str, int] = {
            c: sum(f.rule.category == c for f in self.findings) for c in CATEGORIES
        }
        return {**counts, "suppressed": sum(f.suppressed is not None for f in self.findings)}


def render(result: DiffResult, fmt: str) -> str:
    """The whole report in one format."""
    if fmt == "json":
        return json.dumps(as_json(result), indent=2, ensure_ascii=False) + "\n"
    lines = list(_github(result) if fmt == "github" else _text(result))
    return "".join(line + "\n" for line in [*lines, *_closing(result)])


def report_line(finding: Finding) -> Line:
    """A finding as the reporter's Line (a suppression's reason follows the message)."""
    note = f" (suppressed: {finding.suppressed})" if finding.suppressed else ""
    if finding.target is not None:
        note = f" [{finding.target} only]{note}"
    rule = finding.rule
    return Line(
        finding.position, rule.category, rule.id, finding.message + note, finding.tool, finding.path
    )


def _text(result: DiffResult) -> Iterator[str]:
    for tool, findings in groupby(result.findings, key=lambda f: f.tool):
        yield f"tool '{printable(tool)}'"
        yield from (f"  {format_text(report_line(f), with_tool=False)}" for f in findings)


def _github(result: DiffResult) -> Iterator[str]:
    for finding in result.findings:
        if result.failing(finding):
            level = "error"
        elif finding.rule.category != "safe" and finding.suppressed is None:
            level = "warning"
        else:
            level = "notice"
        title = f"toolcanon {result.command} {finding.rule.id}"
        yield format_github(report_line(finding), level, title, keep_label=True)


def _closing(result: DiffResult) -> Iterator[str]:
    for entry in result.unused:
        where = entry.position
        yield (
            f"{printable(where.file)}:{where.line}: note: suppression of '{entry.rule}' on "
            f"'{printable(entry.tool)}' matched nothing (remove it?)"
        )
    counts = result.counts()
    summary = ", ".join(f"{counts[c]} {c}" for c in CATEGORIES if counts[c])
    if counts["suppressed"]:
        summary += f" ({counts['suppressed']} suppressed)"
    yield f"toolcanon {result.command} against {result.against}: {summary or 'no changes'}"
    if result.command == "diff":  # a bump is about contracts; verify compares a server
        yield f"suggested version bump: {result.bump}"


def as_json(result: DiffResult) -> dict[str, Any]:
    """The documented JSON report (README: "toolcanon diff")."""
    return {
        "format": DIFF_FORMAT,
        "against": result.against,
        "failOn": [c for c in CATEGORIES if c in result.fail_on],
        "failed": result.failed,
        "bump": result.bump,
        "counts": result.counts(),
        "findings": [_finding_json(f) for f in result.findings],
        "unusedSuppressions": [
            {"rule": s.rule, "tool": s.tool, "file": s.position.file, "line": s.position.line}
            for s in result.unused
        ],
    }


def _finding_json(finding: Finding) -> dict[str, Any]:
    where = finding.position
    return {
        "rule": finding.rule.id,
        "category": finding.rule.category,
        "tool": finding.tool,
        "path": format_path(finding.path),
        "message": finding.message,
        "file": where.file if where else None,
        "line": where.line if where else None,
        "column": where.column if where else None,
        "suppressed": finding.suppressed is not None,
        "reason": finding.suppressed,
        "target": finding.target,
    }
