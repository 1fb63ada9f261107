"""The MCP target: one ``tools/list`` result per server, ``mcp/<server>.json``.

Each entry is an MCP ``Tool``: the bare ``name`` inside its server, ``title``,
``description``, the contract's ``inputSchema`` exactly as written (``$schema`` included:
MCP takes JSON Schema 2020-12 and allows it), ``outputSchema`` when the contract has one,
``annotations`` (the hints, plus ``title`` for clients older than the top-level title)
and the canonical permission fields under one ``_meta`` key of this project. Tools that
belong to no server are listed under the configured builtin server.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import groupby
from pathlib import PurePosixPath
from typing import Any

from generator.config import EmitOptions
from generator.emit.common import NO_INPUTS, Inputs, Rendered, dump_json
from generator.emit.lists import ProviderList
from generator.fields import hints, mcp_meta
from generator.model import ToolDescriptor, Toolset, thaw

# Reverse-DNS prefix of this project (its second label is neither "mcp" nor
# "modelcontextprotocol", which the spec reserves) and a name for the payload.
META_KEY = "dev.toolcanon/permissions"


def server_of(tool: ToolDescriptor, options: EmitOptions) -> str:
    """The server whose listing holds ``tool``."""
    return options.builtin_server if tool.server is None else tool.server


def mcp_tool(tool: ToolDescriptor) -> dict[str, Any]:
    """One entry of a ``tools/list`` result."""
    entry: dict[str, Any] = {
        "name": tool.tool_name,
        "title": tool.title,
        "description": tool.description,
        "inputSchema": thaw(tool.input_schema),
    }
    if tool.output_schema is not None:
        entry["outputSchema"] = thaw(tool.output_schema)
    entry["annotations"] = {"title": tool.title, **hints(tool)}
    entry["_meta"] = {META_KEY: mcp_meta(tool)}
    return entry


def lists(
    toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS
) -> tuple[ProviderList, ...]:
    """One ``tools/list`` result's ``tools`` per server, servers sorted by name."""
    ordered: Iterable[ToolDescriptor] = sorted(toolset, key=lambda t: server_of(t, options))
    return tuple(
        _server_list(server, tuple(tools))
        for server, tools in groupby(ordered, key=lambda t: server_of(t, options))
    )


def _server_list(server: str, tools: tuple[ToolDescriptor, ...]) -> ProviderList:
    entries = tuple(mcp_tool(tool) for tool in tools)
    canonical = tuple(tool.name for tool in tools)
    names = tuple(tool.tool_name for tool in tools)
    file = PurePosixPath("mcp", f"{server}.json")
    return ProviderList(
        "mcp",
        "mcpTools",
        "McpTool",
        "Each MCP server's `tools/list` result `tools`",
        "`Tool[]` of `@modelcontextprotocol/sdk`",
        file,
        entries,
        canonical,
        names,
        server=server,
    )


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return {
        found.file: dump_json({"tools": list(found.entries)}) for found in lists(toolset, options)
    }
