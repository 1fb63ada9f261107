"""From a source (a JSON file or a live server) to a Draft, with every diagnostic."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from generator.core.diagnostics import ContractError, Diagnostic, JsonPath, Position
from generator.core.report import counted
from generator.importers.common import sanitize_name
from generator.importers.draft import SOURCE_UNREADABLE, Draft, DraftTool, Field, Notes, at_start
from generator.importers.legacy import legacy_tools
from generator.importers.mcp import mcp_tools
from generator.importers.providers import (
    anthropic_tools,
    openai_chat_tools,
    openai_responses_tools,
)
from generator.importers.source import detect, read_json, tool_list
from generator.ir.names import is_tool_name
from generator.live.stdio import ServerError, list_tools

Reader = Callable[[Sequence[Any], Notes, JsonPath], tuple[DraftTool, ...]]
READERS: dict[str, Reader] = {
    "openai-chat": openai_chat_tools,
    "openai-responses": openai_responses_tools,
    "anthropic": anthropic_tools,
    "mcp": mcp_tools,
    "legacy": legacy_tools,
}
SHAPES = "a list of tools, an object with a 'tools' list, or a JSON-RPC response to tools/list"


def draft_from_file(
    path: Path, display: str, *, source_format: str | None, server: str | None
) -> Draft:
    """Read a JSON tools file in ``source_format`` (detected when None)."""
    data, locate = read_json(path, display)
    found = tool_list(data)
    if found is None:
        raise ContractError([_at(display, f"no tools found: expected {SHAPES}")])
    items, base = found
    fmt = source_format or detect(data)
    if fmt is None:
        raise ContractError([_at(display, "no function tools in the list: nothing to import")])
    notes = Notes(locate)
    tools = READERS[fmt](items, notes, base)
    stem = sanitize_name(path.stem)
    origin = f"{path.name} (format {fmt})"
    if fmt == "mcp" and server is None:
        review = f"server name taken from the file name {path.name!r}; choose with --server"
        server_field: Field | None = Field("server", stem, review)
    else:
        server_field = None if server is None else Field("server", server)
    if server_field is not None:
        stem = str(server_field.value)
    return Draft(fmt, origin, stem, server_field, tools, notes.all(), locate)


def draft_from_server(
    command: Sequence[str],
    env: Mapping[str, str],
    *,
    server: str | None,
    timeout: float,
) -> Draft:
    """List a live MCP server's tools over stdio and read them as MCP tools."""
    display = f"<mcp-stdio {command[0] if command else ''}>"
    try:
        listing = list_tools(command, env, timeout=timeout)
    except ServerError as error:
        raise ContractError([_at(display, f"MCP server: {error}")]) from None
    locate = at_start(display)
    notes = Notes(locate)
    tools = mcp_tools(listing.tools, notes, ("tools",))
    if server is None:
        name = sanitize_name(listing.name or Path(command[0]).name)
        review = (
            f"server name taken from the server's own name {listing.name!r}; choose with --server"
        )
        server_field = Field("server", name, review)
    else:
        server_field = Field("server", server)
    pages = counted(listing.pages, "page")
    version = f" {listing.version}" if listing.version else ""
    origin = f"MCP server {listing.name!r}{version} over stdio ({pages} of tools/list)"
    return Draft("mcp", origin, str(server_field.value), server_field, tools, notes.all(), locate)


def check_server_name(name: str) -> None:
    """ContractError when ``--server`` is not a valid server name."""
    if not is_tool_name(name):
        raise ContractError(
            [
                _at(
                    "<command line>",
                    f"--server {name!r} is not a valid server name",
                    hint="use letters, digits, '_', '.' and '-' (at most 64)",
                )
            ]
        )


def _at(display: str, message: str, *, hint: str | None = None) -> Diagnostic:
    return Diagnostic(Position(display, 1, 1), message, SOURCE_UNREADABLE, hint=hint)
