"""The Amazon Bedrock profile: Converse ``toolConfig`` entries.

Shapes from botocore's bedrock-runtime service model (2023-09-30): a ``Tool`` is a union
whose ``toolSpec`` holds ``name`` (``[a-zA-Z0-9_-]+``, 1 to 64), ``description`` (at least one
character, optional), ``inputSchema: {json: <schema>}`` ("The top level schema type must be
object") and ``strict`` (structured outputs). An empty description is left out rather than
refused. ``strict`` is written only when true: SDK releases older than the member refuse it.

Strict tool use on Bedrock validates against the JSON Schema subset of the model's provider;
for Claude, the one ``anthropic.to_claude_strict`` produces, so a strict tool gets that.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from generator.core.diagnostics import Severity
from generator.ir.model import ToolDescriptor
from generator.profiles.anthropic import to_claude_strict
from generator.profiles.base import (
    INEXPRESSIBLE,
    Finding,
    NameRule,
    Transformed,
    finish,
    without_dialect,
)

__all__ = ["NAME", "adapt", "to_bedrock", "tool_config", "tool_entry"]

NAME: Final = NameRule(
    "Amazon Bedrock",
    re.compile(r"[a-zA-Z0-9_-]{1,64}"),
    "1 to 64 letters, digits, '_' or '-'",
)


def to_bedrock(schema: Mapping[str, Any], *, strict: bool) -> Transformed:
    """``inputSchema.json`` for a tool: the schema without ``$schema``, or its strict form."""
    if strict:
        return to_claude_strict(schema)
    findings = [
        Finding(
            (key,),
            Severity.ERROR,
            INEXPRESSIBLE,
            f"Bedrock refuses '{key}' at the root of inputSchema.json (its Claude models "
            "check tool schemas as Claude does)",
            "move the alternatives into a property",
        )
        for key in ("anyOf", "oneOf", "allOf")
        if key in schema
    ]
    if schema.get("type") != "object":
        findings.append(
            Finding(
                (),
                Severity.ERROR,
                INEXPRESSIBLE,
                "Bedrock's inputSchema must be type: object at the top level",
                "write type: object",
            )
        )
    return finish(without_dialect(schema), findings)


def adapt(tool: ToolDescriptor) -> Transformed:
    """What Bedrock receives for ``tool`` (the profile stage calls this): its
    ``inputSchema.json``, or None when the schema cannot be sent.

    The name needs no check here: a provider name already keeps Bedrock's rule (the
    contract schema's pattern, TC140 for the length), so ``NAME`` would only repeat TC140.
    """
    return to_bedrock(tool.input_schema, strict=tool.strict)


def tool_entry(
    name: str, description: str, schema: dict[str, Any], *, strict: bool
) -> dict[str, Any]:
    """One ``Tool`` union member: ``{"toolSpec": {...}}``."""
    spec: dict[str, Any] = {"name": name}
    if description:
        spec["description"] = description
    spec["inputSchema"] = {"json": schema}
    if strict:
        spec["strict"] = True
    return {"toolSpec": spec}


def tool_config(entries: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The ``toolConfig`` of a Converse request (the API wants at least one tool)."""
    return {"tools": list(entries)}
