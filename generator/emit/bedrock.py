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

from generator.config import EmitOptions
from generator.emit.common import NO_INPUTS, Inputs, Rendered, dump_json, sent
from generator.model import Toolset, thaw
from generator.profiles.bedrock import tool_config, tool_entry

TOOL_CONFIG = PurePosixPath("bedrock/tool-config.json")
TARGET = ADAPTER = "bedrock"


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    entries = [
        tool_entry(tool.provider_name, tool.description, thaw(schema), strict=tool.strict)
        for tool, schema in sent(toolset, inputs, TARGET, ADAPTER)
    ]
    return {TOOL_CONFIG: dump_json(tool_config(entries))}
