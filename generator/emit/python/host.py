"""What the Python package's host kit (``host.py``, ``_dispatch.py``, ``_mcp.py``) reads:
each tool's handler type, the providers it can answer, and the dispatch table as data.

The shapes come from ``ir/dispatch.PROVIDERS`` (the same rows the TypeScript package
renders); a provider is offered only when its target is enabled, because routing and
``parse_arguments`` need that target's names and inverse.
"""

from __future__ import annotations

from typing import Any

from generator.emit.common import Inputs
from generator.emit.mcp import result_fields, servers
from generator.emit.python.arguments import validator_of
from generator.ir.dispatch import (
    FAILURES,
    NEAR,
    NEAR_COUNT,
    NEAR_CUTOFF,
    PROBLEM,
    PROVIDERS,
    attribute,
    shape_json,
)
from generator.ir.model import ToolDescriptor, Toolset, thaw
from generator.ir.options import EmitOptions
from generator.ir.policy import DECISION_RULES
from generator.models.formatting import LINE_LENGTH
from generator.profiles.inverse import enabled_inverses

TEXT_RESULT = "str"
STRUCTURED_RESULT = "JsonObject"
"""What a handler of a tool with an ``outputSchema`` may return besides its output model:
JSON it already has (from a subprocess, an HTTP API), checked as exactly as the model's."""


def handler_types(toolset: Toolset, inputs: Inputs) -> list[dict[str, Any]]:
    """Per tool: its canonical name, input model class, output model class and result type
    (None and text without an ``outputSchema``) and output schema's validator."""
    classes = dict(inputs.models.classes) if inputs.models is not None else {}
    outputs = dict(inputs.outputs.classes) if inputs.outputs is not None else {}
    return [_handler(tool, classes[tool.name], outputs.get(tool.name)) for tool in toolset]


def _handler(tool: ToolDescriptor, model: str, output: str | None) -> dict[str, Any]:
    if tool.output_schema is None:
        text = {"output_model": None, "registers": registers(model, TEXT_RESULT), "output": None}
        return {"name": tool.name, "model": model, **text}
    if output is None:
        raise RuntimeError(f"no output model for {tool.name!r}: the model stage made none")
    return {
        "name": tool.name,
        "model": model,
        "output_model": output,
        "registers": registers(model, f"{output} | {STRUCTURED_RESULT}"),
        "output": validator_of(thaw(tool.output_schema)),
    }


def registers(model: str, result: str) -> str:
    """A handler overload's return type, laid out as black lays it out (the template is
    not formatted): one line when it fits, else one type argument a line."""
    line = f"Registers[{model}, {result}]"
    if len(f"    ) -> {line}: ...") <= LINE_LENGTH:
        return line
    return f"Registers[\n        {model},\n        {result},\n    ]"


def provider_rows(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> list[dict[str, Any]]:
    """The dispatch table's rows whose ``parse_arguments`` provider is enabled, as data:
    the call's key paths with the attribute names a Python SDK object uses."""
    enabled = enabled_inverses((tool.name for tool in toolset), options.targets, inputs.adapted)
    rows = []
    for row in PROVIDERS:
        if row.arguments not in enabled:
            continue
        call = row.call
        rows.append(
            {
                "provider": row.provider,
                "names": row.names,
                "arguments": row.arguments,
                "title": row.call.title,
                "name": _path(call.name),
                "input": _path(call.arguments),
                "id": None if call.call_id is None else _path(call.call_id),
                "encoded": call.encoded,
                "id_optional": call.id_optional,
                "arguments_optional": call.arguments_optional,
                "success": shape_json(row.success),
                "error": shape_json(row.error),
            }
        )
    return rows


def _path(keys: tuple[str, ...]) -> list[list[str]]:
    return [[key, attribute(key)] for key in keys]


def host_context(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> dict[str, Any]:
    """The template context of the host kit's modules."""
    handlers = handler_types(toolset, inputs)
    return {
        "handlers": handlers,
        "host_providers": provider_rows(toolset, options, inputs),
        "failures": {f.kind: f.message for f in FAILURES},
        "problem_line": PROBLEM,
        "near": NEAR,
        "near_count": NEAR_COUNT,
        "near_cutoff": NEAR_CUTOFF,
        "meanings": {rules.mode: rules.meaning for rules in DECISION_RULES},
        "output_jsonschema": any(h["output"] == "jsonschema" for h in handlers),
        "mcp_enabled": "mcp" in options.targets,
        "mcp_results": {
            server: result_fields(server, options) for server in servers(toolset, options)
        },
    }
