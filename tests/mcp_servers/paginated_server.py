"""A small MCP server (official SDK, low-level API) whose tools/list takes three pages.

Run as ``python paginated_server.py``; the import tests use it to prove that
``nextCursor`` is followed to the end.
"""

from __future__ import annotations

from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

PAGES = 3
PER_PAGE = 2


def _tool(index: int) -> types.Tool:
    return types.Tool(
        name=f"step_{index}",
        description=f"Step {index} of a paginated listing.",
        input_schema={"type": "object", "properties": {"n": {"type": "integer"}}},
        annotations=types.ToolAnnotations(read_only_hint=index % 2 == 0),
    )


async def list_tools(_context: Any, params: types.PaginatedRequestParams | None) -> Any:
    page = int(params.cursor) if params is not None and params.cursor else 0
    tools = [_tool(page * PER_PAGE + i) for i in range(PER_PAGE)]
    cursor = str(page + 1) if page + 1 < PAGES else None
    return types.ListToolsResult(tools=tools, next_cursor=cursor)


async def main() -> None:
    server: Server[Any] = Server("paginated", on_list_tools=list_tools)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
