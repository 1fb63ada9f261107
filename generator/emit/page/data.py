"""What the try-it page knows, as one JSON value: every tool's canonical descriptor, the
lists the enabled provider targets write (with how each provider sends a call back and
the name it calls each tool by), each schema a provider receives that is not the
contract's (OpenAI strict mode's), the arguments inverses and the permission modes.

Everything comes from the tables the other targets use — ``fields`` (descriptors),
``emit/lists.collect`` (the lists, whatever provider targets exist), ``profiles/inverse``
(what a provider's transform changes in arguments), ``policy`` (modes) — so the page
shows the same facts as the files beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.core.targets import enabled
from generator.emit.common import Inputs
from generator.emit.lists import Call, ProviderList, collect
from generator.ir import policy
from generator.ir.fields import descriptor_json
from generator.ir.model import ToolDescriptor, Toolset, thaw
from generator.ir.options import EmitOptions
from generator.profiles.base import without_dialect
from generator.profiles.inverse import provider_inverses

FORMAT = 1


TRANSFORMS: dict[str, str] = {
    "openai": "OpenAI strict mode: every property is required, and one the call leaves out"
    " is sent as null",
    "anthropic": "Claude strict tool use: every object is closed, and constraints it does"
    " not enforce move into the description",
    "bedrock": "Claude strict tool use on Bedrock: every object is closed, and constraints it"
    " does not enforce move into the description",
    "gemini": "Gemini's copy of the JSON Schema",
    "gemini-openapi": "Gemini's OpenAPI 3.0 subset: one type a schema (null as nullable),"
    " local $ref inlined, keywords it cannot take left out",
}
"""What each adapter's own copy of a schema means for a call, shown under the call of a
tool whose schema that adapter changed (and only there)."""


def page_data(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> dict[str, Any]:
    """The page's data; key order is fixed and tools come in canonical order."""
    found = collect(toolset, options, inputs)
    lists, calls = _lists(found)
    providers = [target for target in enabled(options.targets) if target.provider]
    return {
        "format": FORMAT,
        "modes": list(policy.MODES),
        "decisions": list(policy.DECISIONS),
        "riskLevels": list(policy.RISK_LEVELS),
        "builtinServer": options.builtin_server,
        "lists": lists,
        "schemas": _provider_schemas(toolset, found, inputs),
        "transforms": {a: TRANSFORMS[a] for a in sorted({i.adapter for i in found if i.adapter})},
        "inverses": provider_inverses((tool.name for tool in toolset), providers, inputs.adapted),
        "tools": [_tool(tool, options, calls.get(tool.name, [])) for tool in toolset],
    }


def _tool(tool: ToolDescriptor, options: EmitOptions, calls: list[Any]) -> dict[str, Any]:
    """The canonical descriptor (``parameters`` left out: it is ``inputSchema``), the
    server whose listing holds the tool, [list index, name it is called by] pairs, and
    the fields a policy floor set (field → policy)."""
    descriptor = {k: v for k, v in descriptor_json(tool).items() if k != "parameters"}
    server = options.builtin_server if tool.server is None else tool.server
    return {"descriptor": descriptor, "server": server, "calls": calls, "floors": dict(tool.floors)}


def _lists(found: Sequence[ProviderList]) -> tuple[list[dict[str, Any]], dict[str, list[Any]]]:
    """One entry per exported list (an MCP list written per server is one list), in
    target order, and per tool the lists it is in."""
    lists: list[dict[str, Any]] = []
    index: dict[tuple[str, str], int] = {}
    calls: dict[str, list[Any]] = {}
    for item in found:
        key = (item.target, item.export)
        if key not in index:
            index[key] = len(lists)
            lists.append(
                {
                    "id": item.export,
                    "title": item.title,
                    "target": item.target,
                    "adapter": item.adapter,
                    "call": None if item.call is None else call_json(item.call),
                }
            )
        for tool, name in zip(item.tools, item.names, strict=True):
            calls.setdefault(tool, []).append([index[key], name])
    return lists, calls


def _provider_schemas(
    toolset: Toolset, found: Sequence[ProviderList], inputs: Inputs
) -> dict[str, dict[str, Any]]:
    """Adapter → tool → the schema that adapter's provider receives, where it is not the
    contract's (without ``$schema``): the page walks it to show what that provider's model
    sends (strict mode requires every property, so an absent one is sent as null)."""
    adapters = sorted({item.adapter for item in found if item.adapter is not None})
    schemas: dict[str, dict[str, Any]] = {}
    for adapter in adapters:
        schemas[adapter] = {}
        for tool in toolset:
            sent = inputs.adapted[adapter][tool.name].schema
            if sent is not None and thaw(sent) != without_dialect(tool.input_schema):
                schemas[adapter][tool.name] = thaw(sent)
    return schemas


def call_json(call: Call) -> dict[str, Any]:
    """A call description as the page reads it (key paths as lists)."""
    return {
        "title": call.title,
        "constants": [[list(path), value] for path, value in call.constants],
        "name": list(call.name),
        "arguments": list(call.arguments),
        "encoded": call.encoded,
    }
