"""Before/after pairs for ``toolcanon diff``: one or more per rule ID.

A contract is written as JSON (valid YAML 1.2), built from BASE by dotted-path edits.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

DELETE = object()

BASE: dict[str, Any] = {
    "name": "edit",
    "title": "Edit",
    "description": "Edit a file.",
    "category": "files",
    "riskLevel": "medium",
    "requiresConfirmation": True,
    "permissions": {"network": False, "paths": ["src"]},
    "annotations": {"destructiveHint": True},
    "inputSchema": {
        "type": "object",
        "properties": {
            "path": {"type": "string", "minLength": 1, "maxLength": 100, "pattern": "^[a-z]+$"},
            "mode": {"type": "string", "enum": ["a", "b"], "description": "How."},
            "count": {"type": "integer", "minimum": 0, "maximum": 10, "multipleOf": 2},
            "note": {"type": ["string", "null"]},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 5},
        },
        "required": ["path", "mode"],
    },
    "outputSchema": {
        "type": "object",
        "properties": {"ok": {"type": "boolean"}, "bytes": {"type": "integer"}},
    },
}
OTHER: dict[str, Any] = {
    "name": "other",
    "description": "Another tool.",
    "riskLevel": "low",
    "inputSchema": {"type": "object", "properties": {"q": {"type": "integer"}}},
}


def edited(*edits: tuple[str, Any]) -> dict[str, Any]:
    """BASE with ``("a.b.c", value)`` edits applied (DELETE removes the key)."""
    tool = copy.deepcopy(BASE)
    for dotted, value in edits:
        *parents, last = dotted.split(".")
        node = tool
        for part in parents:
            node = node[part]
        if value is DELETE:
            del node[last]
        else:
            node[last] = value
    return tool


def contract(*tools: dict[str, Any]) -> str:
    return json.dumps({"version": 1, "tools": list(tools)}, indent=1) + "\n"


@dataclass(frozen=True)
class Case:
    id: str
    rule: str
    category: str
    path: str
    before: list[dict[str, Any]]
    after: list[dict[str, Any]]
    also: frozenset[str] = field(default_factory=frozenset)  # other rules the edit triggers
    tool: str = "edit"


def case(
    id: str,
    rule: str,
    category: str,
    path: str,
    *after: tuple[str, Any],
    before: tuple[tuple[str, Any], ...] = (),
    also: tuple[str, ...] = (),
) -> Case:
    return Case(id, rule, category, path, [edited(*before)], [edited(*after)], frozenset(also))


P = "$.inputSchema.properties"
# fmt: off
CASES: list[Case] = [
    # breaking
    Case("tool-removed", "tool-removed", "breaking", "$", [BASE, OTHER], [BASE], tool="other"),
    Case(
        "tool-renamed",
        "tool-renamed",
        "breaking",
        "$.name",
        [BASE],
        [edited(("name", "modify"), ("title", "Edit"))],
        tool="modify",
    ),
    case("provider-name", "provider-name-changed", "breaking", "$.providerName",
         ("providerName", "edit_v2")),
    case("required-added", "required-property-added", "breaking", f"{P}.force",
         ("inputSchema.properties.force", {"type": "boolean"}),
         ("inputSchema.required", ["path", "mode", "force"])),
    case("property-removed", "property-removed", "breaking", f"{P}.count",
         ("inputSchema.properties.count", DELETE)),
    case("became-required", "property-became-required", "breaking", f"{P}.count",
         ("inputSchema.required", ["path", "mode", "count"])),
    case("type-changed", "type-changed", "breaking", f"{P}.count.type",
         ("inputSchema.properties.count.type", "string")),
    case("type-narrowed", "type-changed", "breaking", f"{P}.note.type",
         ("inputSchema.properties.note.type", "string")),
    case("type-added", "type-changed", "breaking", f"{P}.any.type",
         ("inputSchema.properties.any", {"type": "string"}),
         before=(("inputSchema.properties.any", {}),)),
    case("enum-value-removed", "enum-value-removed", "breaking", f"{P}.mode.enum",
         ("inputSchema.properties.mode.enum", ["a"])),
    case("closed", "additional-properties-closed", "breaking", "$.inputSchema.additionalProperties",
         ("inputSchema.additionalProperties", False)),
    case("minimum-up", "constraint-tightened", "breaking", f"{P}.count.minimum",
         ("inputSchema.properties.count.minimum", 2)),
    case("maximum-down", "constraint-tightened", "breaking", f"{P}.count.maximum",
         ("inputSchema.properties.count.maximum", 8)),
    case("exclusive-minimum-added", "constraint-tightened", "breaking",
         f"{P}.count.exclusiveMinimum", ("inputSchema.properties.count.exclusiveMinimum", 0)),
    case("multiple-of-stricter", "constraint-tightened", "breaking", f"{P}.count.multipleOf",
         ("inputSchema.properties.count.multipleOf", 4)),
    case("min-length-up", "constraint-tightened", "breaking", f"{P}.path.minLength",
         ("inputSchema.properties.path.minLength", 3)),
    case("max-length-down", "constraint-tightened", "breaking", f"{P}.path.maxLength",
         ("inputSchema.properties.path.maxLength", 50)),
    case("pattern-changed", "constraint-tightened", "breaking", f"{P}.path.pattern",
         ("inputSchema.properties.path.pattern", "^[a-z0-9]+$")),
    case("format-added", "constraint-tightened", "breaking", f"{P}.path.format",
         ("inputSchema.properties.path.format", "uri")),
    case("min-items-up", "constraint-tightened", "breaking", f"{P}.tags.minItems",
         ("inputSchema.properties.tags.minItems", 2)),
    case("max-items-down", "constraint-tightened", "breaking", f"{P}.tags.maxItems",
         ("inputSchema.properties.tags.maxItems", 3)),
    case("items-narrowed", "constraint-tightened", "breaking", f"{P}.tags.items.maxLength",
         ("inputSchema.properties.tags.items.maxLength", 8)),
    case("enum-introduced", "constraint-tightened", "breaking", f"{P}.path.enum",
         ("inputSchema.properties.path.enum", ["src"])),
    case("unknown-keyword", "schema-changed", "breaking", "$.inputSchema.dependentRequired",
         ("inputSchema.dependentRequired", {"count": ["tags"]})),
    case("output-removed", "output-schema-removed", "breaking", "$.outputSchema",
         ("outputSchema", DELETE)),
    case("output-property-removed", "output-property-removed", "breaking",
         "$.outputSchema.properties.bytes", ("outputSchema.properties.bytes", DELETE)),
    case("output-type", "output-type-changed", "breaking", "$.outputSchema.properties.bytes.type",
         ("outputSchema.properties.bytes.type", "string")),
    # security
    case("risk-lowered", "risk-level-lowered", "security", "$.riskLevel", ("riskLevel", "low")),
    case("read-only", "read-only-enabled", "security", "$.isReadOnly", ("isReadOnly", True),
         ("annotations", {}), also=("destructive-hint-dropped",)),
    case("plan-mode", "plan-mode-enabled", "security", "$.availableInPlanMode",
         ("availableInPlanMode", True), ("planModeWrites", True),
         also=("plan-approval-dropped",)),
    case("plan-approval", "plan-approval-dropped", "security", "$.requiresPlanApproval",
         ("requiresPlanApproval", False)),
    case("confirmation", "confirmation-dropped", "security", "$.requiresConfirmation",
         ("requiresConfirmation", DELETE)),
    case("approval-flow", "approval-flow-changed", "security", "$.approvalFlow",
         ("approvalFlow", "auto-approve")),
    case("destructive-hint", "destructive-hint-dropped", "security",
         "$.annotations.destructiveHint", ("annotations.destructiveHint", False)),
    case("permission-flag", "permissions-widened", "security", "$.permissions.network",
         ("permissions.network", True)),
    case("permission-key", "permissions-widened", "security", "$.permissions.shell",
         ("permissions.shell", "bash")),
    case("permission-list", "permissions-widened", "security", "$.permissions.paths",
         ("permissions.paths", ["src", "tests"])),
    case("permission-other", "permissions-changed", "security", "$.permissions.paths",
         ("permissions.paths", "*")),
    case("permission-removed", "permissions-changed", "security", "$.permissions.network",
         ("permissions.network", DELETE)),
    # safe
    Case("tool-added", "tool-added", "safe", "$", [BASE], [BASE, OTHER], tool="other"),
    case("optional-added", "optional-property-added", "safe", f"{P}.force",
         ("inputSchema.properties.force", {"type": "boolean"})),
    case("enum-value-added", "enum-value-added", "safe", f"{P}.mode.enum",
         ("inputSchema.properties.mode.enum", ["a", "b", "c"])),
    case("output-added", "output-schema-added", "safe", "$.outputSchema",
         before=(("outputSchema", DELETE),)),
    case("output-property-added", "output-property-added", "safe",
         "$.outputSchema.properties.path", ("outputSchema.properties.path", {"type": "string"})),
    case("type-widened", "type-widened", "safe", f"{P}.count.type",
         ("inputSchema.properties.count.type", "number")),
    case("maximum-up", "constraint-relaxed", "safe", f"{P}.count.maximum",
         ("inputSchema.properties.count.maximum", 20)),
    case("pattern-dropped", "constraint-relaxed", "safe", f"{P}.path.pattern",
         ("inputSchema.properties.path.pattern", DELETE)),
    case("opened", "constraint-relaxed", "safe", "$.inputSchema.additionalProperties",
         ("inputSchema.additionalProperties", True),
         before=(("inputSchema.additionalProperties", False),)),
    case("became-optional", "property-became-optional", "safe", f"{P}.mode",
         ("inputSchema.required", ["path"])),
    case("description", "description-changed", "safe", "$.description",
         ("description", "Edit one file.")),
    case("title", "title-changed", "safe", "$.title", ("title", "Edit a file")),
    # Run with diff.token-threshold = 20 (test_diff_rules); every other case with a threshold
    # no edit reaches, so a case shows its own rule only.
    case("tokens", "tokens-grew", "safe", "$", ("description", "Edit a file. " * 20),
         also={"description-changed"}),
    case("schema-doc", "schema-doc-changed", "safe", f"{P}.mode.description",
         ("inputSchema.properties.mode.description", "How to edit.")),
    case("risk-raised", "permission-tightened", "safe", "$.riskLevel", ("riskLevel", "high")),
    case("metadata", "metadata-changed", "safe", "$.category", ("category", "filesystem")),
    case("callers", "metadata-changed", "safe", "$.allowedCallers",
         ("allowedCallers", ["direct", "programmatic"])),
    case("deferred", "metadata-changed", "safe", "$.deferLoading", ("deferLoading", True)),
    case("namespaced", "metadata-changed", "safe", "$.namespace",
         ("namespace", {"name": "files", "description": "File tools."})),
    # what only some providers receive
    case("target-excluded", "target-excluded", "breaking", "$.targets.exclude",
         ("targets", {"exclude": ["gemini"]})),
    case("target-included", "target-included", "safe", "$.targets.exclude",
         before=(("targets", {"exclude": ["gemini"]}),)),
    case("input-examples", "input-examples-changed", "safe", "$.examples",
         ("examples", [{"path": "abc", "mode": "a"}])),
]
# fmt: on
