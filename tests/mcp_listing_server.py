"""A minimal MCP server (official SDK, low-level API, stdio) serving one generated listing.

Run as ``python tests/mcp_listing_server.py generated/mcp/<server>.json``: every
``tools/list`` request gets that file's ``{"tools": [...]}``, parsed by the SDK's own
``ListToolsResult`` and nothing else.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server


def make_server(listing: dict[str, Any]) -> Server[Any]:
    async def list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> Any:
        return types.ListToolsResult.model_validate(listing)

    return Server("toolcanon-listing", on_list_tools=list_tools)


async def serve(path: Path) -> None:
    server = make_server(json.loads(path.read_text("utf-8")))
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(serve, Path(sys.argv[1]))
