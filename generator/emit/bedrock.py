"""The Amazon Bedrock target: the ``toolConfig`` of a Converse (or ConverseStream) request.

``bedrock/tool-config.json`` is ``{"tools": [{"toolSpec": {...}}]}``: every tool the
contract does not leave out of ``bedrock``, in canonical order, ready to pass as
``toolConfig=``. ``inputSchema.json`` is what the Bedrock profile decided: the contract's
inputSchema without ``$schema``, or for a strict tool its strict form (with ``strict: true``).
Converse refuses an empty ``tools`` list, so a project without tools gets a file a host
must not send.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from generator.emit.common import NO_INPUTS, Inputs, Rendered
from generator.emit.lists import Call, Export, Layout, Request, ToolList, render_lists
from generator.ir.model import Toolset, thaw
from generator.ir.options import EmitOptions
from generator.profiles.bedrock import tool_entry

TOOL_CONFIG = PurePosixPath("bedrock/tool-config.json")
TARGET = ADAPTER = "bedrock"

LISTS = (
    ToolList(
        "bedrock",
        "anthropic",  # Converse serves many models; Claude's counting rules stand in
        lambda tool, inputs: tool_entry(
            tool.provider_name,
            tool.description,
            thaw(inputs.adapted[ADAPTER][tool.name].schema),
            strict=tool.strict,
        ),
        Layout(
            ("toolSpec", "name"), ("toolSpec", "description"), ("toolSpec", "inputSchema", "json")
        ),
        TOOL_CONFIG,
        called=lambda tool: tool.provider_name,
        export=Export(
            "bedrockTools",
            "BedrockTool",
            "Amazon Bedrock Converse `toolConfig.tools`",
            "`Tool[]` of `@aws-sdk/client-bedrock-runtime`",
        ),
        target=TARGET,
        wrap="tools",
        adapter=ADAPTER,
        call=Call(
            "Converse `toolUse` content block", (), ("toolUse", "name"), ("toolUse", "input")
        ),
        request=Request("tool-config", "BedrockRequest"),
    ),
)


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return render_lists(toolset, options, inputs, LISTS)
