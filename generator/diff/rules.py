"""Every rule of ``toolcanon diff``: a stable ID, its category, and what it means.

IDs are part of the public interface (suppressions name them, CI logs grep them):
never rename one; retire it and add a new one instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from generator.core.diagnostics import JsonPath, Position

Category = Literal["breaking", "security", "safe"]
CATEGORIES: tuple[Category, ...] = ("breaking", "security", "safe")
Bump = Literal["major", "minor", "patch", "none"]


@dataclass(frozen=True, slots=True)
class Rule:
    """A kind of change. ``adds`` marks additions, which call for a minor version."""

    id: str
    category: Category
    summary: str
    adds: bool = False


_TABLE: tuple[Rule, ...] = (
    # breaking: arguments callers send today stop being valid or meaningful
    Rule("tool-removed", "breaking", "a tool was removed"),
    Rule("tool-renamed", "breaking", "a tool's canonical name changed (same inputSchema)"),
    Rule("provider-name-changed", "breaking", "the name OpenAI and Claude see changed"),
    Rule("required-property-added", "breaking", "a new property is required"),
    Rule("property-removed", "breaking", "a property was removed"),
    Rule("property-became-required", "breaking", "an optional property became required"),
    Rule("type-changed", "breaking", "a type changed or was narrowed"),
    Rule("enum-value-removed", "breaking", "an enum value was removed"),
    Rule("additional-properties-closed", "breaking", "additionalProperties became false"),
    Rule("constraint-tightened", "breaking", "a constraint accepts fewer values"),
    Rule("schema-changed", "breaking", "a schema keyword changed in a way not proven safe"),
    Rule("output-schema-removed", "breaking", "the tool no longer declares its output"),
    Rule("output-property-removed", "breaking", "outputSchema lost a property"),
    Rule("output-type-changed", "breaking", "a type in outputSchema changed"),
    Rule("target-excluded", "breaking", "a provider target no longer gets the tool"),
    Rule("host-removed", "breaking", "a host's overlay was removed: its tools lists are gone"),
    # security: permission semantics loosened
    Rule("risk-level-lowered", "security", "riskLevel went down"),
    Rule("read-only-enabled", "security", "isReadOnly went from false to true"),
    Rule("plan-mode-enabled", "security", "availableInPlanMode went from false to true"),
    Rule("plan-approval-dropped", "security", "requiresPlanApproval went from true to false"),
    Rule("confirmation-dropped", "security", "requiresConfirmation went from true to false"),
    Rule("approval-flow-changed", "security", "approvalFlow changed"),
    Rule("destructive-hint-dropped", "security", "annotations.destructiveHint went to false"),
    Rule("permissions-widened", "security", "permissions grant more (key added, false → true…)"),
    Rule("permissions-changed", "security", "permissions changed in another way"),
    # safe: callers keep working
    Rule("tool-added", "safe", "a tool was added", adds=True),
    Rule("host-added", "safe", "a host overlay was added", adds=True),
    Rule("optional-property-added", "safe", "an optional property was added", adds=True),
    Rule("enum-value-added", "safe", "an enum value was added", adds=True),
    Rule("output-schema-added", "safe", "the tool now declares its output", adds=True),
    Rule("output-property-added", "safe", "outputSchema gained a property", adds=True),
    Rule("target-included", "safe", "a provider target now gets the tool", adds=True),
    Rule("type-widened", "safe", "a type accepts more values"),
    Rule("constraint-relaxed", "safe", "a constraint accepts more values"),
    Rule("property-became-optional", "safe", "a required property became optional"),
    Rule("description-changed", "safe", "the tool description changed (prompt-visible)"),
    Rule("title-changed", "safe", "the tool title changed (prompt-visible)"),
    Rule("schema-doc-changed", "safe", "a schema description/title/default/examples changed"),
    Rule("permission-tightened", "safe", "a permission field became stricter"),
    Rule(
        "metadata-changed",
        "safe",
        "kind, source, category, telemetry, skill, strict, deferLoading, allowedCallers,"
        " namespace or a hint",
    ),
    Rule("tokens-grew", "safe", "a tool or a listing costs diff.token-threshold tokens more"),
    Rule("input-examples-changed", "safe", "the tool's examples changed (Claude's input_examples)"),
)

RULES: dict[str, Rule] = {rule.id: rule for rule in _TABLE}


@dataclass(frozen=True, slots=True)
class Change:
    """One difference inside a tool, before it is placed in a file.

    ``path`` is the JSON path in the canonical descriptor that a reader is shown;
    ``source`` is where the change lives in the new contract (after following a
    ``$ref``, the definition it points to).
    """

    rule: str
    path: JsonPath
    message: str
    source: JsonPath
    target: str | None = None  # the one provider target the change reaches, if only one


@dataclass(frozen=True, slots=True)
class Finding:
    """A classified change: the unit every output format reports."""

    rule: Rule
    tool: str
    path: JsonPath
    message: str
    position: Position | None
    suppressed: str | None = None  # the reason given in config, when suppressed
    target: str | None = None  # the one provider target the change reaches, if only one

    def sort_key(self) -> tuple[str, int, str, str, str]:
        category = CATEGORIES.index(self.rule.category)
        return (self.tool, category, self.rule.id, str(self.path), self.message)


def change(
    rule: str,
    path: JsonPath,
    message: str,
    source: JsonPath | None = None,
    *,
    target: str | None = None,
) -> Change:
    """A Change whose rule must exist (a typo here is a bug, caught by every test)."""
    if rule not in RULES:
        raise KeyError(f"unknown diff rule {rule!r}")
    return Change(rule, path, message, path if source is None else source, target)


def suggested_bump(findings: tuple[Finding, ...]) -> Bump:
    """Semantic version bump: major for breaking, minor for additions, patch otherwise.

    Suppressed findings count: accepting a change does not make it compatible.
    """
    if not findings:
        return "none"
    if any(f.rule.category == "breaking" for f in findings):
        return "major"
    if any(f.rule.adds for f in findings):
        return "minor"
    return "patch"
