"""Token budgets: limits per tool and per listing for each target, checked as pure values.

A tool or listing passes while its count is at or below the limit; only a count above it
is a finding (a limit of 500 allows 500 tokens). The count compared is the target's
primary measure — exact for OpenAI and MCP, the labelled estimate for Claude — without
the provider's fixed tool-use overhead, which no contract can change. A finding names
the largest contributors: a tool's parts (description, name, each property, the rest) or
a listing's largest tools. Findings become warnings at the tool's contract line; the
caller turns them into errors under ``--strict``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from generator.core.diagnostics import Diagnostic, Position, Severity
from generator.emit.common import Inputs
from generator.ir.model import ToolDescriptor
from generator.tokens.contributors import contributors
from generator.tokens.measure import ListingTokens, Measure, TokenReport, ToolTokens
from generator.tokens.targets import TARGETS, Target, target

TOOL_OVER_BUDGET = "TC520"
LISTING_OVER_BUDGET = "TC521"


@dataclass(frozen=True, slots=True)
class Limit:
    """One target's budgets; None is no limit. ``origin`` is where the config sets them."""

    per_tool: int | None = None
    per_listing: int | None = None
    origin: Position | None = None


@dataclass(frozen=True, slots=True)
class Share:
    """A contributor named in a finding: a part of a tool, or a tool of a listing."""

    label: str
    tokens: int


@dataclass(frozen=True, slots=True)
class Finding:
    """A tool or listing over its budget in one target."""

    scope: Literal["tool", "listing"]
    target: str
    subject: str  # the tool's canonical name, or the listing's file
    measured: Measure
    limit: int
    largest: tuple[Share, ...]  # largest first
    position: Position
    tool: str | None  # the tool a diagnostic belongs to (None for a listing)

    @property
    def over(self) -> int:
        return self.measured.tokens - self.limit


def exceeds(tokens: int, limit: int) -> bool:
    """Above the limit; at the limit passes."""
    return tokens > limit


def evaluate(
    tools: Iterable[ToolDescriptor],
    report: TokenReport,
    budgets: Mapping[str, Limit],
    inputs: Inputs | None = None,
    *,
    targets: Sequence[Target] = TARGETS,
    top: int = 3,
) -> tuple[Finding, ...]:
    """Every tool and listing of ``report`` over a budget, in report order.

    ``budgets`` maps target keys to limits; a target without an entry has no budget.
    ``tools`` are the descriptors ``report`` was measured from (for origins and parts).
    """
    by_name = {tool.name: tool for tool in tools}
    found: list[Finding] = []
    for row in report.tools:
        per_tool = budgets.get(row.target, Limit()).per_tool
        if per_tool is not None and exceeds(row.primary.tokens, per_tool):
            tool = by_name[row.tool]
            found.append(_tool_finding(row, per_tool, (tool, inputs), targets, report, top))
    for listing in report.listings:
        limit = budgets.get(listing.target, Limit())
        if limit.per_listing is not None and exceeds(listing.primary.tokens, limit.per_listing):
            found.append(_listing_finding(listing, limit, limit.per_listing, by_name, report, top))
    return tuple(found)


def _tool_finding(
    row: ToolTokens,
    limit: int,
    measured: tuple[ToolDescriptor, Inputs | None],
    targets: Sequence[Target],
    report: TokenReport,
    top: int,
) -> Finding:
    tool, inputs = measured
    parts = contributors(tool, target(row.target, tuple(targets)), inputs, report.encoding)
    largest = tuple(Share(part.label, part.tokens) for part in parts[:top])
    return Finding(
        "tool", row.target, row.tool, row.primary, limit, largest, tool.origin, tool.name
    )


def _listing_finding(
    listing: ListingTokens,
    limit: Limit,
    per_listing: int,
    by_name: Mapping[str, ToolDescriptor],
    report: TokenReport,
    top: int,
) -> Finding:
    counts = {row.tool: row.primary.tokens for row in report.tools if row.target == listing.target}
    ranked = sorted(listing.tools, key=lambda name: -counts[name])
    largest = tuple(Share(name, counts[name]) for name in ranked[:top])
    position = limit.origin if limit.origin is not None else by_name[ranked[0]].origin
    return Finding(
        "listing",
        listing.target,
        listing.file,
        listing.primary,
        per_listing,
        largest,
        position,
        None,
    )


def budget_diagnostics(findings: Iterable[Finding]) -> tuple[Diagnostic, ...]:
    """One warning per finding, at the tool's contract line (a listing's: its budget's line,
    or its largest tool's)."""
    return tuple(_diagnostic(finding) for finding in findings)


def _diagnostic(finding: Finding) -> Diagnostic:
    largest = ", ".join(f"{share.label} {share.tokens:,}" for share in finding.largest)
    measured = finding.measured
    amount = f"{measured.tokens:,} tokens ({measured.kind})"
    if finding.scope == "tool":
        message = (
            f"{finding.target}: {amount} is over the per-tool budget of {finding.limit:,} "
            f"by {finding.over:,}; largest: {largest}"
        )
        hint = "shorten the largest parts, or raise the per-tool budget"
        code = TOOL_OVER_BUDGET
    else:
        message = (
            f"listing {finding.subject} ({finding.target}): {amount} is over the per-listing "
            f"budget of {finding.limit:,} by {finding.over:,}; largest tools: {largest}"
        )
        hint = "shorten the largest tools, split the listing, or raise the per-listing budget"
        code = LISTING_OVER_BUDGET
    return Diagnostic(
        finding.position, message, code, Severity.WARNING, tool=finding.tool, hint=hint
    )
