"""The MCP target: one ``tools/list`` result per server, ``mcp/<server>.json``.

Each entry is an MCP ``Tool``: the bare ``name`` inside its server, ``title``,
``description``, the contract's ``inputSchema`` exactly as written (``$schema`` included:
MCP takes JSON Schema 2020-12 and allows it), ``outputSchema`` when the contract has one,
``annotations`` (the hints, plus ``title`` for clients older than the top-level title),
the canonical permission fields under one ``_meta`` key of this project and, under
another, the entry's digest (:func:`entry_digest`). Tools that belong to no server are
listed under the configured builtin server.

A file is a complete ``ListToolsResult`` of MCP 2026-07-28: the tools in canonical
order (the same order on every listing, which client caches and prompt caches need),
then ``ttlMs`` and ``cacheScope`` from the server's ``mcp-servers`` entry (or the
policy's conservative defaults) and ``resultType``. A client of that revision drops a
server whose listing lacks the cache fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any

from generator.core.fingerprint import json_sha256
from generator.emit.common import NO_INPUTS, Inputs, Rendered
from generator.emit.lists import Call, Export, Layout, Request, ToolList, render_lists
from generator.ir.fields import hints, mcp_meta
from generator.ir.model import ToolDescriptor, Toolset, thaw
from generator.ir.options import EmitOptions
from generator.ir.policy import MCP_RESULT_TYPE

# Reverse-DNS prefix of this project (its second label is neither "mcp" nor
# "modelcontextprotocol", which the spec reserves) and a name for the payload.
META_KEY = "dev.toolcanon/permissions"
DIGEST_KEY = "dev.toolcanon/digest"
DIGEST_PREFIX = "sha256:"


def entry_digest(entry: Mapping[str, Any]) -> str:
    """``sha256:<hex>`` of a ``tools/list`` entry: the sha256 of its canonical JSON
    (``fingerprint.json_sha256``: keys sorted, no spaces, UTF-8, non-ASCII kept) with its
    own ``_meta`` digest key left out (the rest of ``_meta`` stays, even when empty).
    A host pins the tools a person approved by these; ``verify`` compares them first."""
    meta = entry.get("_meta")
    if isinstance(meta, Mapping) and DIGEST_KEY in meta:
        entry = {**entry, "_meta": {k: v for k, v in meta.items() if k != DIGEST_KEY}}
    return DIGEST_PREFIX + json_sha256(entry)


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
    if tool.icons:
        entry["icons"] = thaw(tool.icons)
    entry["annotations"] = {"title": tool.title, **hints(tool)}
    entry["_meta"] = {META_KEY: mcp_meta(tool)}
    entry["_meta"][DIGEST_KEY] = entry_digest(entry)
    return entry


def listing_file(tool: ToolDescriptor, options: EmitOptions) -> PurePosixPath:
    """``mcp/<server>.json``: the tools/list result of the tool's server."""
    return PurePosixPath("mcp", f"{server_of(tool, options)}.json")


def listing_result(path: PurePosixPath, options: EmitOptions) -> dict[str, Any]:
    """What a server's ``tools/list`` result says besides its tools (``mcp/<server>.json``)."""
    return result_fields(path.stem, options)


def result_fields(server: str, options: EmitOptions) -> dict[str, Any]:
    """``server``'s ``tools/list`` result besides its tools: how long a client may keep
    the list, who may share a cached copy, and that the list is complete."""
    cache = options.cache_of(server)
    return {"ttlMs": cache.ttl_ms, "cacheScope": cache.cache_scope, "resultType": MCP_RESULT_TYPE}


def servers(toolset: Toolset, options: EmitOptions) -> list[str]:
    """Every server a listing is written for, sorted (none when the target is off)."""
    if "mcp" not in options.targets:
        return []
    return list(toolset.listed_servers(options.builtin_server))


LISTS = (
    ToolList(
        "mcp",
        "mcp",
        lambda tool, inputs: mcp_tool(tool),
        Layout(("name",), ("description",), ("inputSchema",)),
        listing_file,
        called=lambda tool: tool.tool_name,
        export=Export(
            "mcpTools",
            "McpTool",
            "Each MCP server's `tools/list` result `tools`",
            "`Tool[]` of `@modelcontextprotocol/sdk`",
        ),
        target="mcp",
        wrap="tools",
        per_server=True,
        call=Call("`tools/call` request `params`", (), ("name",), ("arguments",)),
        result=listing_result,
        request=Request("tools", "McpRequest"),
    ),
)


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return render_lists(toolset, options, inputs, LISTS)
