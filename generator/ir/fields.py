"""The descriptor field table: every canonical field once, with its type in each language.

``canonical/tools.json``, the Python ``ToolDescriptor`` TypedDict, the TypeScript
``CanonicalToolDescriptor`` interface and the MCP listing's ``_meta`` payload are all
rendered from :data:`FIELDS` (and the MCP hints from :data:`ANNOTATIONS`), so adding a
field is one entry here (plus its attribute on the IR and its default in the policy).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from generator.ir.model import ToolDescriptor, thaw
from generator.ir.policy import FIELDS_READ


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One canonical descriptor field.

    ``attr`` is the IR attribute that holds it (None for a field computed from
    others); ``optional`` fields are left out when the contract has none
    (``outputSchema``); ``py_type`` and ``ts_type`` are its type in the generated
    packages; ``doc`` is what every rendering says it means.
    """

    key: str
    attr: str | None
    py_type: str
    ts_type: str
    doc: str
    optional: bool = False

    def value(self, tool: ToolDescriptor) -> Any:
        """The field of ``tool`` as plain JSON data."""
        if self.attr is None:
            return _COMPUTED[self.key](tool)
        return thaw(getattr(tool, self.attr))


@dataclass(frozen=True, slots=True)
class AnnotationSpec:
    """One MCP tool annotation (hint) as toolcanon resolves it."""

    key: str
    attr: str
    doc: str


ANNOTATIONS: tuple[AnnotationSpec, ...] = (
    AnnotationSpec("readOnlyHint", "is_read_only", "The same as isReadOnly."),
    AnnotationSpec("destructiveHint", "destructive_hint", "A call may destroy data."),
    AnnotationSpec("idempotentHint", "idempotent_hint", "Repeating a call changes nothing more."),
    AnnotationSpec("openWorldHint", "open_world_hint", "The tool reaches outside the host."),
)


def hints(tool: ToolDescriptor) -> dict[str, bool]:
    """The resolved MCP hints of a tool, in the documented order."""
    return {spec.key: bool(getattr(tool, spec.attr)) for spec in ANNOTATIONS}


FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec(
        "name",
        "name",
        "str",
        "string",
        "Canonical name: the contract's name, `<server>::<tool>` for MCP.",
    ),
    FieldSpec("title", "title", "str", "string", "Human-readable title."),
    FieldSpec(
        "description",
        "description",
        "str",
        "string",
        "What the tool does, for the model and for people.",
    ),
    FieldSpec("kind", "kind", "str", "string", "builtin, mcp, skill, computer-use, …"),
    FieldSpec(
        "source",
        "source",
        "str",
        "string",
        "Where the tool comes from: contract, mcp:<server>, …",
    ),
    FieldSpec("category", "category", "str", "string", "A free grouping for UIs and telemetry."),
    FieldSpec(
        "server",
        "server",
        "str | None",
        "string | null",
        "The MCP server that owns the tool, or null.",
    ),
    FieldSpec("toolName", "tool_name", "str", "string", "The tool's name inside its server."),
    FieldSpec(
        "providerName",
        "provider_name",
        "str",
        "string",
        "The name every provider target sends (OpenAI, Claude, Bedrock, Gemini).",
    ),
    FieldSpec(
        "inputSchema",
        "input_schema",
        "dict[str, Any]",
        "JsonSchema",
        "JSON Schema of the tool's arguments.",
    ),
    FieldSpec(
        "parameters",
        "input_schema",
        "dict[str, Any]",
        "JsonSchema",
        "The same object as inputSchema.",
    ),
    FieldSpec(
        "outputSchema",
        "output_schema",
        "dict[str, Any]",
        "JsonSchema",
        "JSON Schema of the result, when declared.",
        optional=True,
    ),
    FieldSpec(
        "isReadOnly",
        "is_read_only",
        "bool",
        "boolean",
        "The tool never changes anything outside the agent.",
    ),
    FieldSpec(
        "riskLevel",
        "risk_level",
        'Literal["low", "medium", "high"]',
        "RiskLevel",
        "How dangerous a call is.",
    ),
    FieldSpec(
        "permissions",
        "permissions",
        "dict[str, Any]",
        "JsonObject",
        "Host-specific permission data, passed through.",
    ),
    FieldSpec(
        "telemetry",
        "telemetry",
        "dict[str, Any]",
        "Telemetry",
        "What telemetry may record.",
    ),
    FieldSpec(
        "availableInPlanMode",
        "available_in_plan_mode",
        "bool",
        "boolean",
        "The tool may run in Plan Mode without approval.",
    ),
    FieldSpec(
        "requiresPlanApproval",
        "requires_plan_approval",
        "bool",
        "boolean",
        "In Plan Mode, the tool needs the user's approval.",
    ),
    FieldSpec(
        "requiresConfirmation",
        "requires_confirmation",
        "bool",
        "boolean",
        "Outside Plan Mode, every call asks the user first.",
    ),
    FieldSpec(
        "approvalFlow",
        "approval_flow",
        "str",
        "string",
        "Name of the host's approval flow.",
    ),
    FieldSpec(
        "skill",
        "skill",
        "dict[str, str] | None",
        "{ readonly name: string; readonly version?: string; readonly path?: string } | null",
        "The skill the tool runs ({name, version?, path?}), or null.",
    ),
    FieldSpec("strict", "strict", "bool", "boolean", "Strict mode (OpenAI, Claude, Bedrock)."),
    FieldSpec(
        "examples",
        "examples",
        "list[dict[str, Any]]",
        "readonly JsonObject[]",
        "Example arguments, each valid against inputSchema (Claude's input_examples).",
    ),
    FieldSpec(
        "icons",
        "icons",
        "list[dict[str, Any]]",
        (
            "readonly { readonly src: string; readonly mimeType?: string;"
            ' readonly sizes?: readonly string[]; readonly theme?: "light" | "dark" }[]'
        ),
        "Icons an MCP client may show ({src, mimeType?, sizes?, theme?}); MCP's Tool.icons.",
    ),
    FieldSpec(
        "submission",
        "submission",
        "dict[str, Any]",
        (
            "{ readonly openWorldHint?: boolean; readonly readOnlyJustification?: string;"
            " readonly openWorldJustification?: string;"
            " readonly destructiveJustification?: string; readonly prompts?: readonly string[] }"
        ),
        "What a ChatGPT app submission says of the tool: OpenAI's openWorldHint (changes"
        " publicly visible internet state), a justification per hint, a prompt per example.",
        optional=True,
    ),
    FieldSpec(
        "targets",
        "targets",
        "dict[str, list[str]]",
        "{ readonly exclude: readonly string[] }",
        "Provider targets whose files leave the tool out (`exclude`).",
    ),
    FieldSpec("annotations", None, "Annotations", "ToolAnnotations", "MCP tool annotations."),
    FieldSpec(
        "deferLoading",
        "defer_loading",
        "bool",
        "boolean",
        "Loaded only when tool search finds it (OpenAI Responses, Claude defer_loading).",
        optional=True,
    ),
    FieldSpec(
        "allowedCallers",
        "allowed_callers",
        "list[str]",
        "readonly string[]",
        "Who may call the tool: the model directly, or code the model runs"
        " (OpenAI's and Claude's allowed_callers).",
        optional=True,
    ),
    FieldSpec(
        "namespace",
        "namespace",
        "dict[str, str]",
        "{ readonly name: string; readonly description: string }",
        "The OpenAI Responses namespace the tool is listed in ({name, description}).",
        optional=True,
    ),
)
BY_KEY = {spec.key: spec for spec in FIELDS}
OPTIONAL: dict[str, str] = {
    spec.key: spec.attr for spec in FIELDS if spec.optional and spec.attr is not None
}
"""Canonical key → IR attribute of the fields a contract may leave out with no default:
None in the IR, absent from every output (the provider's own default)."""
_COMPUTED: dict[str, Callable[[ToolDescriptor], Any]] = {"annotations": hints}

ATTRS: dict[str, str] = {
    **{spec.key: spec.attr for spec in FIELDS if spec.attr is not None},
    **{spec.key: spec.attr for spec in ANNOTATIONS},
}
"""Canonical key (or hint) → the IR attribute holding it, for resolve."""

MCP_META: tuple[str, ...] = (
    "riskLevel",
    "availableInPlanMode",
    "requiresPlanApproval",
    "requiresConfirmation",
    "approvalFlow",
    "category",
    "kind",
)
"""The canonical fields an MCP listing carries in ``_meta`` (a host's permission rules
need them; MCP has no field of its own for them), in this order."""


def descriptor_json(tool: ToolDescriptor) -> Mapping[str, Any]:
    """The canonical descriptor of one tool as plain JSON data, in table order.

    Built once per descriptor and shared by every caller (canonical files, host views,
    packages, manifest, diff): read it, never change it. A caller that needs to change
    it makes its own copy (``dict(...)`` for the top level, ``thaw`` for all of it).
    """
    memo = tool.canonical_memo
    if memo is None:
        memo = _build(tool)
        object.__setattr__(tool, "canonical_memo", memo)  # a cache, not a field: frozen stays
    return memo


def _build(tool: ToolDescriptor) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for spec in FIELDS:
        value = spec.value(tool)
        if value is not None or not spec.optional:
            data[spec.key] = value
    data["parameters"] = data["inputSchema"]  # one object, as every target shows it
    return data


def decision_fields(tool: ToolDescriptor) -> dict[str, Any]:
    """The fields ``policy.decide`` reads, from the IR."""
    return {key: BY_KEY[key].value(tool) for key in FIELDS_READ}


def mcp_meta(tool: ToolDescriptor) -> dict[str, Any]:
    """The canonical fields a host needs to apply its permission rules to an MCP tool."""
    return {key: BY_KEY[key].value(tool) for key in MCP_META}
