"""The host kit's table (``ir/dispatch.PROVIDERS`` and ``FAILURES``) as the TypeScript
package renders it.

``host.js`` reads the rows as data: where a call keeps its name, arguments and id, and
result shapes whose ``{"$slot": …}`` members are filled per call. ``host.d.ts`` gets each
provider's call and result types from the same rows, so the types never describe a shape
the code does not build.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from generator.emit.mcp import result_fields, servers
from generator.emit.typescript.text import ts_property_key, ts_string
from generator.ir import dispatch, policy
from generator.ir.dispatch import CallShape, ProviderShapes
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions

# What each slot holds, in TypeScript.
_SLOT_TYPES: Final = {
    "call_id": "string",
    "name": "string",
    "text": "string",
    "structured": "{ [key: string]: unknown }",
    "value": "{ [key: string]: unknown } | string",
}


@dataclass(frozen=True, slots=True)
class ProviderTypes:
    """One provider's ``ProviderCalls`` and ``ProviderResults`` members in host.d.ts."""

    provider: str
    call: str
    result: str


def shape_type(shape: Any, indent: str = "") -> str:
    """The TypeScript type of the object host.js fills from ``shape`` (``shape_json``'s
    data): a constant is its literal type, a slot its value's type (an optional slot an
    optional member), arrays mutable (the SDKs' request types take mutable arrays)."""
    if isinstance(shape, bool):
        return "true" if shape else "false"
    if isinstance(shape, str):
        return ts_string(shape)
    if isinstance(shape, Sequence):
        members = " | ".join(dict.fromkeys(shape_type(item, indent) for item in shape))
        return f"({members})[]" if len(shape) > 1 else f"{members}[]"
    if "$slot" in shape:
        return _SLOT_TYPES[shape["$slot"]]
    inner = indent + "  "
    lines = []
    for key, value in shape.items():
        optional = isinstance(value, Mapping) and value.get("optional") is True
        head = f"{inner}{ts_property_key(key)}{'?' if optional else ''}"
        lines.append(f"{head}: {shape_type(value, inner)};")
    return "{\n" + "\n".join(lines) + f"\n{indent}}}"


def call_type(call: CallShape) -> str:
    """The members of a call that dispatch reads, every one optional (an SDK's own type
    may leave them optional: Gemini's ``FunctionCall``); arguments are text when the
    provider encodes them."""
    leaves: dict[tuple[str, ...], str] = {}
    if call.call_id is not None:
        leaves[call.call_id] = "string"
    leaves[call.name] = "string"
    leaves[call.arguments] = "string" if call.encoded else "unknown"
    return _nested(leaves, "  ")


def _nested(leaves: Mapping[tuple[str, ...], str], indent: str) -> str:
    inner = indent + "  "
    lines = []
    for head in dict.fromkeys(path[0] for path in leaves):
        below = {path[1:]: leaf for path, leaf in leaves.items() if path[0] == head}
        text = below[()] if () in below else _nested(below, inner)
        lines.append(f"{inner}readonly {ts_property_key(head)}?: {text} | undefined;")
    return "{\n" + "\n".join(lines) + f"\n{indent}}}"


def _types(row: ProviderShapes) -> ProviderTypes:
    shapes = (dispatch.shape_json(row.success), dispatch.shape_json(row.error))
    result = " | ".join(dict.fromkeys(shape_type(shape, "  ") for shape in shapes))
    return ProviderTypes(row.provider, call_type(row.call), result)


def _row(row: ProviderShapes) -> dict[str, Any]:
    """One provider's row as host.js reads it."""
    call = row.call
    return {
        "arguments": row.arguments,
        "names": row.names,
        "name": list(call.name),
        "args": list(call.arguments),
        "id": None if call.call_id is None else list(call.call_id),
        "argumentsOptional": call.arguments_optional,
        "success": dispatch.shape_json(row.success),
        "error": dispatch.shape_json(row.error),
    }


def host_context(
    toolset: Toolset, options: EmitOptions, providers: Sequence[str]
) -> dict[str, Any]:
    """What host.js.j2 and host.d.ts.j2 read: the rows of the ``providers`` the package
    parses arguments of (the enabled provider targets), the failures' messages, each
    mode's meaning (the denied message quotes it), the types of those rows, and each
    MCP server's ``tools/list`` result fields besides its tools."""
    rows = [row for row in dispatch.PROVIDERS if row.arguments in providers]
    return {
        "host": {
            "shapes": {row.provider: _row(row) for row in rows},
            "failures": {f.kind: f.message for f in dispatch.FAILURES},
            "meanings": {rules.mode: rules.meaning for rules in policy.DECISION_RULES},
            "problem": dispatch.PROBLEM,
            "near": dispatch.NEAR,
            "near_count": dispatch.NEAR_COUNT,
            "near_cutoff": dispatch.NEAR_CUTOFF,
            "builtin_server": options.builtin_server,
            "mcp_results": {
                server: result_fields(server, options) for server in servers(toolset, options)
            },
            "types": tuple(_types(row) for row in rows),
        }
    }
