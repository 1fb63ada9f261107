"""The canonical target: every descriptor with every field, ``parameters`` mirrored."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from generator.config import EmitOptions
from generator.emit.common import GENERATED_NOTE, NO_INPUTS, Inputs, Rendered, dump_json
from generator.model import ToolDescriptor, Toolset, thaw

CANONICAL_FORMAT = 1


def descriptor_json(tool: ToolDescriptor) -> dict[str, Any]:
    """The canonical descriptor of one tool as plain JSON data, in the documented field order."""
    schema = thaw(tool.input_schema)
    data: dict[str, Any] = {
        "name": tool.name,
        "title": tool.title,
        "description": tool.description,
        "kind": tool.kind,
        "source": tool.source,
        "category": tool.category,
        "server": tool.server,
        "toolName": tool.tool_name,
        "providerName": tool.provider_name,
        "inputSchema": schema,
        "parameters": schema,
    }
    if tool.output_schema is not None:
        data["outputSchema"] = thaw(tool.output_schema)
    data.update(
        {
            "isReadOnly": tool.is_read_only,
            "riskLevel": tool.risk_level,
            "permissions": thaw(tool.permissions),
            "telemetry": thaw(tool.telemetry),
            "availableInPlanMode": tool.available_in_plan_mode,
            "requiresPlanApproval": tool.requires_plan_approval,
            "requiresConfirmation": tool.requires_confirmation,
            "approvalFlow": tool.approval_flow,
            "strict": tool.strict,
            "annotations": {
                "readOnlyHint": tool.is_read_only,
                "destructiveHint": tool.destructive_hint,
                "idempotentHint": tool.idempotent_hint,
                "openWorldHint": tool.open_world_hint,
            },
        }
    )
    return data


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    document = {
        "$comment": GENERATED_NOTE,
        "format": CANONICAL_FORMAT,
        "tools": [descriptor_json(tool) for tool in toolset],
    }
    return {PurePosixPath("canonical/tools.json"): dump_json(document)}
