"""The Claude target: the ``tools`` list of the Anthropic Messages API.

Every tool the contract does not leave out of ``anthropic``, in canonical order.
``input_schema`` is what the Claude profile decided: the contract's inputSchema without
``$schema``, or for a strict tool its strict tool use form, sent with ``strict: true``
(written only when true: Claude's default is not strict). A tool with ``examples`` sends
them as ``input_examples``; ``deferLoading`` and ``allowedCallers`` go out as
``defer_loading`` and ``allowed_callers`` when the contract sets them.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from generator.emit.common import NO_INPUTS, Inputs, Rendered
from generator.emit.lists import Call, Export, Layout, Request, ToolList, render_lists
from generator.ir.model import FrozenJson, ToolDescriptor, Toolset, thaw
from generator.ir.options import EmitOptions
from generator.profiles import tool_fields

TOOLS = PurePosixPath("anthropic/tools.json")
TARGET = ADAPTER = "anthropic"


def claude_tool(tool: ToolDescriptor, input_schema: FrozenJson) -> dict[str, Any]:
    """One ``ToolParam``: name, description, input_schema, then strict, input_examples,
    defer_loading and allowed_callers (the values Claude accepts), each when set."""
    entry: dict[str, Any] = {
        "name": tool.provider_name,
        "description": tool.description,
        "input_schema": thaw(input_schema),
    }
    if tool.strict:
        entry["strict"] = True
    if tool.examples:
        entry["input_examples"] = thaw(tool.examples)
    if tool.defer_loading is not None:
        entry["defer_loading"] = tool.defer_loading
    allowed = tool_fields.callers(tool, tool_fields.CLAUDE)
    if allowed is not None:
        entry["allowed_callers"] = allowed
    return entry


LISTS = (
    ToolList(
        "anthropic",
        "anthropic",
        lambda tool, inputs: claude_tool(tool, inputs.adapted[ADAPTER][tool.name].schema),
        Layout(("name",), ("description",), ("input_schema",)),
        TOOLS,
        called=lambda tool: tool.provider_name,
        export=Export(
            "claudeTools",
            "ClaudeTool",
            "Claude Messages API `tools`",
            "`Tool[]` of `@anthropic-ai/sdk`",
        ),
        target=TARGET,
        adapter=ADAPTER,
        call=Call(
            "Messages API `tool_use` content block",
            ((("type",), "tool_use"),),
            ("name",),
            ("input",),
        ),
        request=Request("tools", "ClaudeRequest"),
    ),
)


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return render_lists(toolset, options, inputs, LISTS)
