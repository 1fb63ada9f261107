"""Token reports and budget findings as plain JSON data, for ``--format json`` and dashboards.

Every measure carries its ``kind`` (``exact`` or ``estimate``) and how it was obtained,
and every fixed overhead its source page and the day it was read, so a dashboard shows
what each number is without knowing this package.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from generator.tokens.budgets import Finding
from generator.tokens.measure import Measure, TokenReport
from generator.tokens.providers import PROVIDERS, ToolUseOverhead

FORMAT = 1


def report_json(report: TokenReport) -> dict[str, Any]:
    """The whole report: tools, then listings, in the report's order."""
    return {
        "format": FORMAT,
        "encoding": report.encoding,
        "tools": [
            {"tool": row.tool, "target": row.target, "measures": _measures(row.measures)}
            for row in report.tools
        ],
        "listings": [
            {
                "target": row.target,
                "file": row.file,
                "tools": list(row.tools),
                "measures": _measures(row.measures),
                "overhead": _overhead(row.overhead),
            }
            for row in report.listings
        ],
        "providers": {
            key: {
                "kind": provider.kind,
                "calibration": str(provider.calibration),
                "note": provider.calibration_note,
            }
            for key, provider in sorted(PROVIDERS.items())
        },
    }


def findings_json(findings: Iterable[Finding]) -> list[dict[str, Any]]:
    """Each finding with its measured value (and kind), limit and largest contributors."""
    return [
        {
            "scope": finding.scope,
            "target": finding.target,
            "subject": finding.subject,
            "measured": _measure(finding.measured),
            "limit": finding.limit,
            "over": finding.over,
            "largest": [
                {"label": share.label, "tokens": share.tokens} for share in finding.largest
            ],
            "file": finding.position.file,
            "line": finding.position.line,
            "column": finding.position.column,
        }
        for finding in findings
    ]


def _measures(measures: Iterable[Measure]) -> list[dict[str, Any]]:
    return [_measure(measure) for measure in measures]


def _measure(measure: Measure) -> dict[str, Any]:
    return {
        "method": measure.method,
        "kind": measure.kind,
        "tokens": measure.tokens,
        "note": measure.note,
    }


def _overhead(overhead: ToolUseOverhead | None) -> dict[str, Any] | None:
    if overhead is None:
        return None
    return {
        "model": overhead.model,
        "toolChoice": list(overhead.tool_choices),
        "tokens": overhead.tokens,
        "source": overhead.source.url,
        "retrieved": overhead.source.retrieved,
    }
