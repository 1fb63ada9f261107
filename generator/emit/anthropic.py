"""The Claude target: the ``tools`` list of the Anthropic Messages API.

``input_schema`` is the contract's inputSchema without ``$schema``; nothing else changes.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from generator.config import EmitOptions
from generator.emit.common import NO_INPUTS, Inputs, Rendered
from generator.emit.lists import Call, Export, Layout, ToolList, render_lists
from generator.model import ToolDescriptor, Toolset
from generator.profiles.base import without_dialect

TOOLS = PurePosixPath("anthropic/tools.json")


def claude_tool(tool: ToolDescriptor) -> dict[str, Any]:
    """One ``ToolParam``: name, description, input_schema."""
    return {
        "name": tool.provider_name,
        "description": tool.description,
        "input_schema": without_dialect(tool.input_schema),
    }


LISTS = (
    ToolList(
        "anthropic",
        "anthropic",
        lambda tool, inputs: claude_tool(tool),
        Layout(("name",), ("description",), ("input_schema",)),
        TOOLS,
        called=lambda tool: tool.provider_name,
        export=Export(
            "claudeTools",
            "ClaudeTool",
            "Claude Messages API `tools`",
            "`Tool[]` of `@anthropic-ai/sdk`",
        ),
        target="anthropic",
        call=Call(
            "Messages API `tool_use` content block",
            ((("type",), "tool_use"),),
            ("name",),
            ("input",),
        ),
    ),
)


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return render_lists(toolset, options, inputs, LISTS)
