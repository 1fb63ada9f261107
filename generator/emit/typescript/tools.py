"""Each tool as the TypeScript package names it: input types, type names, descriptor data.

Type names are unique across tools and never one the package declares itself: tools
are taken in canonical order, and a tool whose names collide with an earlier tool's
(or a fixed name) gets the next free number — ``ReadFileInput``, ``ReadFile2Input`` —
the same for the same toolset.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from generator.emit.typescript.text import camel_name, type_name
from generator.emit.typescript.typemap import schema_to_ts
from generator.ir.fields import descriptor_json
from generator.ir.model import Toolset

# Names the fixed modules declare; no tool's input type may take one of them.
RESERVED_TYPES: Final = frozenset(
    {
        "CanonicalToolDescriptor",
        "ConfirmRequest",
        "DispatchOptions",
        "DispatchProvider",
        "ProviderCalls",
        "ProviderResults",
        "TextBlock",
        "TextResult",
        "ToolContext",
        "ToolHandler",
        "ToolHandlers",
        "ToolHost",
        "ToolHostOptions",
        "ToolOutputs",
        "ToolResults",
        "Decision",
        "DecisionFields",
        "HostName",
        "HostToolDescriptors",
        "JsonObject",
        "JsonSchema",
        "JsonValue",
        "ListName",
        "PermissionMode",
        "ProviderJson",
        "ProviderJsonObject",
        "ProviderSchema",
        "RiskLevel",
        "Telemetry",
        "ToolAnnotations",
        "ToolCall",
        "ToolInputs",
        "ToolLists",
        "ToolName",
    }
)
_DECLARED_RE: Final = re.compile(r"^export type (\w+) =", re.M)
_INPUT: Final = "Input"
_OUTPUT: Final = "Output"


@dataclass(frozen=True, slots=True)
class TsTool:
    """What the templates need of one tool; every text is already valid TypeScript.

    ``prefix`` starts the names of its values (``readFile2`` → ``readFile2InputSchema``);
    ``data`` is its canonical descriptor as JSON data. ``output_type`` names the type of
    its ``outputSchema`` (None when the contract has none), declared by ``output_types``.
    """

    name: str
    title: str
    prefix: str
    input_type: str
    declared: tuple[str, ...]
    types: str
    data: Mapping[str, Any]
    output_type: str | None = None
    output_declared: tuple[str, ...] = ()
    output_types: str = ""


def ts_tools(toolset: Toolset, *, reserved: frozenset[str] = frozenset()) -> tuple[TsTool, ...]:
    """Every tool's input types and data; ``reserved`` names (besides the fixed ones) stay free."""
    taken: set[str] = set(RESERVED_TYPES | reserved)
    result = []
    for tool in toolset:
        data = descriptor_json(tool)
        root, types, declared = _free_types(tool.name, data["inputSchema"], taken, _INPUT)
        taken.update(declared)
        output: tuple[str | None, str, tuple[str, ...]] = (None, "", ())
        if "outputSchema" in data:
            output = _free_types(tool.name, data["outputSchema"], taken, _OUTPUT)
            taken.update(output[2])
        result.append(
            TsTool(
                name=tool.name,
                title=tool.title,
                prefix=camel_name(root.removesuffix(_INPUT)),
                input_type=root,
                declared=declared,
                types=types,
                data=data,
                output_type=output[0],
                output_types=output[1],
                output_declared=output[2],
            )
        )
    return tuple(result)


def _free_types(
    name: str, schema: Mapping[str, Any], taken: set[str], suffix: str
) -> tuple[str, str, tuple[str, ...]]:
    """The first root type name (``ReadFileInput``, ``ReadFileOutput``) whose
    declarations are all free, with its source."""
    base = type_name(name)
    for counter in itertools.count(1):
        root = f"{base}{counter if counter > 1 else ''}{suffix}"
        if root in taken:
            continue
        types = schema_to_ts(schema, name=root)
        declared = tuple(_DECLARED_RE.findall(types))
        if taken.isdisjoint(declared):
            return root, types, declared
    raise AssertionError("unreachable")  # pragma: no cover
