"""The TypeScript target: descriptor types, per-tool input types, const descriptors, decide().

The package is TypeScript source (ES modules, ``.js`` import specifiers as tsc expects)
with ``types`` and ``exports`` pointing at ``index.ts``: a downstream project compiles it
with its own tsc or bundler. The descriptor values come from
:func:`generator.fields.descriptor_json`, so the TS view is the canonical JSON.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, Final

from generator import policy
from generator.config import EmitOptions
from generator.emit import decisions
from generator.emit.common import GENERATED_NOTE, NO_INPUTS, Inputs, Rendered
from generator.emit.ts_text import (
    camel_name,
    jsdoc,
    line_comment,
    ts_property_key,
    ts_string,
    ts_value,
    type_name,
    value_key,
)
from generator.emit.ts_types import schema_to_ts
from generator.fields import FIELDS, descriptor_json
from generator.jsonschema.walk import json_depth
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
        "ts_value_key": value_key,
        "ts_line_comment": line_comment,
        "ts_string": ts_string,
        **decisions.FILTERS,
    }


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    """Every file of the TypeScript package, under ``typescript/``."""
    tools = ts_tools(toolset)
    context = {
        "note": GENERATED_NOTE,
        "package_name": options.typescript_package,
        "version": options.package_version,
        "fields": FIELDS,
        "risk_levels": policy.RISK_LEVELS,
        "modes": policy.MODES,
        "tools": tools,
        **decisions.context(),
    }
    return {
        PACKAGE_DIR / module: render(f"typescript/{module}.j2", _filters(), **context)
        for module in MODULES
    }


MAX_LITERAL_DEPTH = 32  # JSON levels; tsc gives up comparing near 50 (24 object levels)


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
                schema_value=_typed(ts_value(schema), schema, "inputSchema"),
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
    return tuple(
        (key, schema_const if key in _SCHEMA_KEYS else _typed(ts_value(value, "    "), value, key))
        for key, value in data.items()
    )


def _typed(expression: str, value: Any, key: str) -> str:
    """``expression`` as a const literal; one nested deeper than tsc can compare with
    the descriptor's types (TS2321, about 24 object levels) is given that field's type
    instead of its literal one."""
    if json_depth(value) <= MAX_LITERAL_DEPTH:
        return expression + " as const" if key in _SCHEMA_KEYS else expression
    field = f"CanonicalToolDescriptor[{ts_string(key)}]"  # an optional field's: without undefined
    return f"({expression} as unknown as Exclude<{field}, undefined>)"
