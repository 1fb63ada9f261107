"""The TypeScript target: descriptor types, per-tool input types, const descriptors, decide().

The package is TypeScript source (ES modules, ``.js`` import specifiers as tsc expects)
with ``types`` and ``exports`` pointing at ``index.ts``: a downstream project compiles it
with its own tsc or bundler. The descriptor values come from
:func:`generator.emit.canonical.descriptor_json`, so the TS view is the canonical JSON.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, Final, get_args

from generator import policy
from generator.config import EmitOptions
from generator.emit.canonical import descriptor_json
from generator.emit.common import GENERATED_NOTE, NO_INPUTS, Inputs, Rendered
from generator.emit.ts_text import (
    camel_name,
    jsdoc,
    line_comment,
    ts_property_key,
    ts_string,
    ts_value,
    type_name,
)
from generator.emit.ts_types import schema_to_ts
from generator.model import ToolDescriptor, Toolset
from generator.templating import render

PACKAGE_DIR: Final = PurePosixPath("typescript")
MODULES: Final = ("descriptor.ts", "inputs.ts", "tools.ts", "decide.ts", "index.ts", "package.json")
# Names the fixed modules declare; no tool's input type may take one of them.
RESERVED_TYPES: Final = frozenset(
    {
        "CanonicalToolDescriptor",
        "Decision",
        "DecisionFields",
        "JsonObject",
        "JsonSchema",
        "JsonValue",
        "PermissionMode",
        "RiskLevel",
        "Telemetry",
        "ToolAnnotations",
        "ToolCall",
        "ToolInputs",
        "ToolName",
    }
)
_DECLARED_RE: Final = re.compile(r"^export type (\w+) =", re.M)
_SCHEMA_KEYS: Final = frozenset({"inputSchema", "parameters"})


@dataclass(frozen=True, slots=True)
class Field:
    """One property of ``CanonicalToolDescriptor``: its TS type and documentation."""

    key: str
    ts_type: str
    doc: str
    optional: bool = False


DESCRIPTOR_FIELDS: Final = (
    Field("name", "string", "Canonical name: the contract's name, `<server>::<tool>` for MCP."),
    Field("title", "string", "Human-readable title."),
    Field("description", "string", "What the tool does, for the model and for people."),
    Field("kind", "string", "builtin, mcp, skill, computer-use, …"),
    Field("source", "string", "Where the tool comes from: contract, mcp:<server>, …"),
    Field("category", "string", "A free grouping for UIs and telemetry."),
    Field("server", "string | null", "The MCP server that owns the tool, or null."),
    Field("toolName", "string", "The tool's name inside its server."),
    Field("providerName", "string", "The name sent to OpenAI and Claude."),
    Field("inputSchema", "JsonSchema", "JSON Schema of the tool's arguments."),
    Field("parameters", "JsonSchema", "The same object as inputSchema."),
    Field("outputSchema", "JsonSchema", "JSON Schema of the result, when declared.", True),
    Field("isReadOnly", "boolean", "The tool never changes anything outside the agent."),
    Field("riskLevel", "RiskLevel", "How dangerous a call is."),
    Field("permissions", "JsonObject", "Host-specific permission data, passed through."),
    Field("telemetry", "Telemetry", "What telemetry may record."),
    Field("availableInPlanMode", "boolean", "The tool may run in Plan Mode without approval."),
    Field("requiresPlanApproval", "boolean", "In Plan Mode, the tool needs the user's approval."),
    Field("requiresConfirmation", "boolean", "Outside Plan Mode, every call asks the user first."),
    Field("approvalFlow", "string", "Name of the host's approval flow."),
    Field("strict", "boolean", "OpenAI strict mode."),
    Field("annotations", "ToolAnnotations", "MCP tool annotations."),
)


@dataclass(frozen=True, slots=True)
class TsTool:
    """What the templates need of one tool; every text is already valid TypeScript."""

    name: str
    title: str
    input_type: str
    schema_const: str
    schema_value: str
    declared: tuple[str, ...]
    types: str
    fields: tuple[tuple[str, str], ...]


def _filters() -> dict[str, Callable[..., Any]]:
    return {
        "ts_doc": jsdoc,
        "ts_key": ts_property_key,
        "ts_line_comment": line_comment,
        "ts_string": ts_string,
    }


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    """Every file of the TypeScript package, under ``typescript/``."""
    tools = ts_tools(toolset)
    context = {
        "note": GENERATED_NOTE,
        "package_name": options.typescript_package,
        "version": options.package_version,
        "fields": DESCRIPTOR_FIELDS,
        "risk_levels": policy.RISK_LEVELS,
        "modes": policy.MODES,
        "decisions": get_args(policy.Decision),
        "tools": tools,
    }
    return {
        PACKAGE_DIR / module: render(f"typescript/{module}.j2", _filters(), **context)
        for module in MODULES
    }


def ts_tools(toolset: Toolset) -> tuple[TsTool, ...]:
    """Each tool's input types and descriptor expressions; type names unique across tools.

    Tools are taken in canonical order and a tool whose names collide with an earlier
    tool's (or a fixed name) gets the next free number: ``ReadFileInput``,
    ``ReadFile2Input``, … — deterministic for the same toolset.
    """
    taken: set[str] = set(RESERVED_TYPES)
    result = []
    for tool in toolset:
        data = descriptor_json(tool)
        schema = data["inputSchema"]
        root, types, declared = _input_types(tool.name, schema, taken)
        taken.update(declared)
        const = camel_name(root) + "Schema"
        result.append(
            TsTool(
                name=tool.name,
                title=tool.title,
                input_type=root,
                schema_const=const,
                schema_value=ts_value(schema),
                declared=declared,
                types=types,
                fields=_field_expressions(tool, data, const),
            )
        )
    return tuple(result)


def _input_types(
    name: str, schema: Mapping[str, Any], taken: set[str]
) -> tuple[str, str, tuple[str, ...]]:
    """The first root type name whose declarations are all free, with its source."""
    base = type_name(name)
    for counter in itertools.count(1):
        root = f"{base}{counter if counter > 1 else ''}Input"
        if root in taken:
            continue
        types = schema_to_ts(schema, name=root)
        declared = tuple(_DECLARED_RE.findall(types))
        if taken.isdisjoint(declared):
            return root, types, declared
    raise AssertionError("unreachable")  # pragma: no cover


def _field_expressions(
    tool: ToolDescriptor, data: Mapping[str, Any], schema_const: str
) -> tuple[tuple[str, str], ...]:
    """``(key, TS expression)`` for every canonical field; both schemas name one const."""
    expected = [f.key for f in DESCRIPTOR_FIELDS if not f.optional or f.key in data]
    if list(data) != expected:
        raise RuntimeError(
            f"canonical fields of {tool.name!r} ({list(data)}) differ from the TypeScript "
            f"interface ({expected}): update DESCRIPTOR_FIELDS"
        )
    return tuple(
        (key, schema_const if key in _SCHEMA_KEYS else ts_value(value, "    "))
        for key, value in data.items()
    )
