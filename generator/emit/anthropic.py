"""The Claude target: the ``tools`` list of the Anthropic Messages API.

``input_schema`` is the contract's inputSchema without ``$schema``; nothing else changes.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from generator.config import EmitOptions
from generator.emit.common import NO_INPUTS, Inputs, Rendered, dump_json
from generator.emit.lists import ProviderList
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


def lists(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> tuple[ProviderList, ...]:
    """The Messages API ``tools``, as written and as exported."""
    entries = tuple(claude_tool(tool) for tool in toolset)
    tools = tuple(tool.name for tool in toolset)
    names = tuple(tool.provider_name for tool in toolset)
    return (
        ProviderList(
            "anthropic",
            "claudeTools",
            "ClaudeTool",
            "Claude Messages API `tools`",
            "`Tool[]` of `@anthropic-ai/sdk`",
            TOOLS,
            entries,
            tools,
            names,
        ),
    )


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return {found.file: dump_json(list(found.entries)) for found in lists(toolset, options, inputs)}
