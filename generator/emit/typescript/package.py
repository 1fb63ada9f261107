"""The TypeScript target: an npm package of ES modules and their declarations.

toolcanon writes the JavaScript and the ``.d.ts`` files itself, so ``generate`` needs
no TypeScript compiler and ``node`` runs the package as it is: descriptor types and
values, per-tool input types, ``decide``, the lists of every enabled provider target
(``emit/lists.py``: the same entries as their JSON files) and Zod v4 validators of
each ``inputSchema`` (``zod/module.py``), each built on its first use. Every value is
deep-frozen when the package loads; schemas the package holds more than once are one
object (``values.py``). Two entry points: the root, and ``descriptors``, whose modules
and declarations never name Zod (what needs no validator loads without it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, Final

from generator.core.templating import render
from generator.emit import decisions
from generator.emit.common import (
    GENERATED_NOTE,
    NO_INPUTS,
    Inputs,
    Rendered,
    content_version,
)
from generator.emit.lists import collect
from generator.emit.mcp import DIGEST_KEY, META_KEY
from generator.emit.typescript.arguments import arguments_data
from generator.emit.typescript.host import host_context
from generator.emit.typescript.lists import ts_lists
from generator.emit.typescript.text import jsdoc, line_comment, ts_property_key, ts_string, ts_value
from generator.emit.typescript.tools import TsTool, ts_tools
from generator.emit.typescript.values import Shared, js_value, literal_type, object_key, share
from generator.emit.typescript.views import views_context
from generator.emit.typescript.zod.module import RUNTIME_FILE, runtime_module, zod_module
from generator.ir import policy
from generator.ir.fields import ANNOTATIONS, FIELDS, MCP_META
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions
from generator.profiles import tool_fields

PACKAGE_DIR: Final = PurePosixPath("typescript")
PACKAGE_JSON: Final = PACKAGE_DIR / "package.json"
"""The one file that spells the version: rendered again once the content hash is known."""
JS_MODULES: Final = (
    "_freeze",
    "_schemas",
    "_undo",
    "descriptor",
    "tools",
    "decide",
    "providers",
    "arguments",
    "hosts",
    "_lists",
    "modes",
    "host",
    "mcp",
    "descriptors",
    "index",
)
DTS_MODULES: Final = (
    "descriptor",
    "inputs",
    "outputs",
    "tools",
    "decide",
    "providers",
    "zod",
    "arguments",
    "hosts",
    "modes",
    "host",
    "mcp",
    "descriptors",
    "index",
)
ZOD_MODULE: Final = "zod.js"
OUTPUTS_MODULE: Final = "outputs.js"
ZOD_RANGE: Final = "^4.3.0"
"""The Zod versions the validators need (the converter's output uses 4.3's API)."""
MCP_SDK_RANGE: Final = "^1.32.0"
"""The MCP SDK versions ``mcpServer`` is tested with (an optional peer: only it loads one)."""
_SCHEMA_FIELDS: Final = {"inputSchema": "InputSchema", "parameters": "InputSchema"}
_OUTPUT_FIELD: Final = "outputSchema"


def _filters() -> dict[str, Callable[..., Any]]:
    return {
        "js_key": object_key,
        "ts_doc": jsdoc,
        "ts_key": ts_property_key,
        "ts_line_comment": line_comment,
        "ts_string": ts_string,
        "ts_value": ts_value,
        **decisions.FILTERS,
    }


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    """Every file of the package, under ``typescript/``."""
    context = _context(toolset, options, inputs)
    files = {
        PACKAGE_DIR / f"{module}.js": render(f"typescript/{module}.js.j2", _filters(), **context)
        for module in JS_MODULES
    }
    for module in DTS_MODULES:
        files[PACKAGE_DIR / f"{module}.d.ts"] = render(
            f"typescript/{module}.d.ts.j2", _filters(), **context
        )
    files[PACKAGE_DIR / ZOD_MODULE] = _noted(zod_module(_input_schemas(context["tools"])))
    files[PACKAGE_DIR / OUTPUTS_MODULE] = _noted(_outputs_module(context["tools"]))
    files[PACKAGE_DIR / RUNTIME_FILE] = _noted(runtime_module())
    files[PACKAGE_JSON] = render("typescript/package.json.j2", {}, **context)
    version = content_version(options.package_version, files)  # npm compares versions only
    files[PACKAGE_JSON] = render(
        "typescript/package.json.j2", {}, **{**context, "version": version}
    )
    return dict(sorted(files.items()))


def _context(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> dict[str, Any]:
    """What the templates read: the tools, their descriptors and shared schemas, the
    provider lists and what parseArguments needs of them."""
    found = collect(toolset, options, inputs)
    elements = tuple(dict.fromkeys(found_list.element for found_list in found))
    tools = ts_tools(toolset, reserved=frozenset(elements))
    shared = share(_named(tools), found, {tool.name: tool.prefix for tool in tools})
    lists = ts_lists(found, lambda entry, indent: js_value(entry, shared, indent))
    arguments = arguments_data(toolset, options, inputs, found)
    return {
        "note": GENERATED_NOTE,
        "package_name": options.typescript_package,
        "version": options.package_version,
        "zod_range": ZOD_RANGE,
        "mcp_sdk_range": MCP_SDK_RANGE,
        "fields": FIELDS,
        "annotations": ANNOTATIONS,
        "mcp_meta_key": META_KEY,
        "mcp_digest_key": DIGEST_KEY,
        "mcp_meta": MCP_META,
        "risk_levels": policy.RISK_LEVELS,
        "modes": policy.MODES,
        "tools": tools,
        "descriptors": [_descriptor(tool, shared) for tool in tools],
        "shared": shared,
        "lists": lists,
        "elements": elements,
        "responses_namespaced": any(tool.namespace is not None for tool in toolset),
        "callers": {  # each list's allowed_callers values, as a TypeScript union
            "responses": _union(tool_fields.RESPONSES.callers),
            "claude": _union(tool_fields.CLAUDE.callers),
        },
        "exports": tuple(dict.fromkeys(found_list.export for found_list in found)),
        "arguments": arguments,
        **views_context(toolset, options, inputs, shared),
        **decisions.context(),
        **host_context(toolset, options, arguments.providers),
    }


def _union(values: frozenset[str]) -> str:
    return " | ".join(ts_string(value) for value in sorted(values))


def _noted(text: str) -> str:
    return f"{line_comment(GENERATED_NOTE)}\n{text}"


def _named(tools: Sequence[TsTool]) -> list[tuple[str, Any]]:
    """Each tool's schemas under the names the descriptors use."""
    named: list[tuple[str, Any]] = []
    for tool in tools:
        named.append((f"{tool.prefix}InputSchema", tool.data["inputSchema"]))
        if _OUTPUT_FIELD in tool.data:
            named.append((f"{tool.prefix}OutputSchema", tool.data[_OUTPUT_FIELD]))
    return named


def _input_schemas(tools: Sequence[TsTool]) -> list[tuple[str, Any]]:
    return [(tool.name, tool.data["inputSchema"]) for tool in tools]


def _outputs_module(tools: Sequence[TsTool]) -> str:
    """The validators of every ``outputSchema``: the host kit checks results with them."""
    schemas = [(tool.name, tool.data[_OUTPUT_FIELD]) for tool in tools if tool.output_type]
    return zod_module(schemas, export="outputSchemas", field=_OUTPUT_FIELD)


@dataclass(frozen=True, slots=True)
class TsDescriptor:
    """One tool in tools.js and tools.d.ts: each field's JavaScript value and literal type,
    and the constants that type its schemas."""

    name: str
    values: tuple[tuple[str, str], ...]
    types: tuple[tuple[str, str], ...]
    schema_types: tuple[tuple[str, str], ...]


def _descriptor(tool: TsTool, shared: Shared) -> TsDescriptor:
    """Schemas are shared objects (always: ``_named`` names them), typed by constants."""
    consts = {**_SCHEMA_FIELDS, _OUTPUT_FIELD: "OutputSchema"}
    values: list[tuple[str, str]] = []
    types: list[tuple[str, str]] = []
    schema_types: dict[str, str] = {}
    for key, value in tool.data.items():
        if key in consts:
            const = f"{tool.prefix}{consts[key]}"
            values.append((key, shared.ref(value) or ts_value(value, "    ")))
            types.append((key, f"typeof {const}"))
            schema_types.setdefault(const, literal_type(value))
        else:
            values.append((key, ts_value(value, "    ")))
            types.append((key, literal_type(value, "    ")))
    return TsDescriptor(tool.name, tuple(values), tuple(types), tuple(schema_types.items()))
